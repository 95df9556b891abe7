package oolong

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/say"
)

func describedChoices(g *Game) map[string]string {
	out := map[string]string{}
	p := g.Panel()
	for _, gr := range p.Groups {
		for _, c := range gr.Choices {
			out[c.Notation] = c.Description.Word(say.For(say.English))
		}
	}
	if p.Skip != nil {
		out[p.Skip.Notation] = p.Skip.Description.Word(say.For(say.English))
	}
	return out
}

func TestSpecialChoicesSayWhatTheyDo(t *testing.T) {
	for _, tc := range []struct {
		name string
		sc   scene
		want map[string]string
	}{
		{"a Rotate names its table, its steps and where seat n goes",
			scene{tables: map[Dir]string{NE: "bbbbooooo"}, waiter: [2]Dir{C, C}, toMove: 0,
				pending: []Special{{Marker: RO, Table: NE, Actor: 0}}, placed: 0, used: []Dir{NE}},
			map[string]string{
				"rotate 1": "turn table ne 1 step clockwise (the tea on n goes to ne)",
				"rotate 3": "turn table ne 3 steps clockwise (the tea on n goes to se)",
				"skip":     "let the Rotate marker of table ne pass; it stays used",
			}},
		{"a Move Waiter keeps the seat and names the next table",
			scene{tables: map[Dir]string{E: "gggggoooo"}, waiter: [2]Dir{C, SW}, toMove: 1,
				pending: []Special{{Marker: GW, Table: E, Actor: 1}}, placed: 1, used: []Dir{E}},
			map[string]string{"waiter n": "move the waiter to n.sw: the next tea is served at table n"}},
		{"a Move Waiter to a table with no open seat says the next tea goes elsewhere",
			scene{tables: map[Dir]string{E: "gggggoooo", N: "bbbbgbgbo"}, waiter: [2]Dir{C, SE}, toMove: 1,
				pending: []Special{{Marker: GW, Table: E, Actor: 1}}, placed: 1, used: []Dir{E}},
			map[string]string{"waiter n": "move the waiter to n.se: table n has no open seat, the next tea goes elsewhere"}},
		{"a Swap Unclaimed says the markers stay",
			scene{tables: map[Dir]string{SE: "bbbbooooo"}, waiter: [2]Dir{C, C}, toMove: 0,
				pending: []Special{{Marker: SU, Table: SE, Actor: 0}}, placed: 0, used: []Dir{SE}},
			map[string]string{"swap n se": "swap the teas of tables n and se (markers stay)"}},
		{"a Swap Claimed names the claimed table first",
			scene{tables: map[Dir]string{W: "ggggggooo", E: "bbbbbbooo"}, waiter: [2]Dir{C, C}, toMove: 1,
				pending: []Special{{Marker: SC, Table: W, Actor: 1}}, placed: 1, used: []Dir{W}},
			map[string]string{"swap e n": "swap the teas of claimed table e and unclaimed table n (markers stay)"}},
		{"a Move Tea names the colour and both seats",
			scene{tables: map[Dir]string{N: "bbboooooo"}, waiter: [2]Dir{NE, N}, toMove: 0,
				pending: []Special{{Marker: BM, Table: N, Actor: 0}}, placed: 0, used: []Dir{N}},
			map[string]string{"move n.nw e.n": "move a Black tea from n.nw to e.n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := describedChoices(build(t, tc.sc))
			for n, want := range tc.want {
				if got[n] != want {
					t.Errorf("%s: %q, want %q", n, got[n], want)
				}
			}
		})
	}
}

func TestEverySpecialChoiceIsDescribedBriefly(t *testing.T) {
	specials := 0
	for seed := uint64(0); seed < 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		opts := games.Options{"layout": RandomLayout(rng).String(), "trigger": []string{"any", "owner"}[seed%2]}
		g := mustNew(t, opts)
		for !g.Outcome().Over() {
			if len(g.Pending()) > 0 {
				specials++
				seen := map[string]string{}
				for n, d := range describedChoices(g) {
					if d == "" || utf8.RuneCountInString(d) > 100 || strings.Contains(d, "\n") {
						t.Fatalf("%s: description %q", n, d)
					}
					if other, dup := seen[d]; dup {
						t.Fatalf("%s and %s are both described as %q", n, other, d)
					}
					seen[d] = n
				}
			} else {
				for _, d := range describedChoices(g) {
					if d != "" {
						t.Fatalf("a placement has a description %q", d)
					}
				}
			}
			legal := g.Legal()
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if specials < 30 {
		t.Errorf("only %d specials met", specials)
	}
}
