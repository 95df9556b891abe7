package catalog

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"tabuleiro/games"
)

// The oracle: how the bot made its buttons from the legal notations before Panel (bot/message.go at
// commit 1973f52: ouriRows, oolongRows, oneTable, placementTables, seatGrid, groupOf).

var compass = [3][3]string{{"nw", "n", "ne"}, {"w", "c", "e"}, {"sw", "s", "se"}}

func oneTable(legal []string) (string, bool) {
	table := ""
	for _, n := range legal {
		t, _, ok := strings.Cut(n, ".")
		if !ok || strings.Contains(n, " ") || (table != "" && t != table) {
			return "", false
		}
		table = t
	}
	return table, table != ""
}

func placementTables(legal []string) (map[string]int, bool) {
	tables := map[string]int{}
	for _, n := range legal {
		t, _, ok := strings.Cut(n, ".")
		if !ok || strings.Contains(n, " ") {
			return nil, false
		}
		tables[t]++
	}
	return tables, len(tables) > 0
}

func groupOf(n string) string {
	if i := strings.LastIndexByte(n, ' '); i > 0 {
		return n[:i]
	}
	if t, _, ok := strings.Cut(n, "."); ok {
		return t
	}
	return n
}

// button is one control as the oracle and the panel both describe it.
type button struct {
	Group, Label, Value string
	Keypad, Enabled     bool
}

// oracleButtons are the controls the bot drew from the legal notations: keypads cell by cell, menu
// choices (every choice of every group, in order), and skip.
func oracleButtons(kind string, legal []string) (buttons []button, skip bool) {
	ok := map[string]bool{}
	for _, n := range legal {
		ok[n] = true
	}
	grid := func(table string) {
		for _, line := range compass {
			for _, seat := range line {
				buttons = append(buttons, button{table, seat, table + "." + seat, true, ok[table+"."+seat]})
			}
		}
	}
	switch kind {
	case "ouri":
		for h := 'a'; h <= 'f'; h++ {
			buttons = append(buttons, button{"", string(h), string(h), true, ok[string(h)]})
		}
		return buttons, false
	}
	if table, one := oneTable(legal); one {
		grid(table)
		return buttons, false
	}
	if tables, free := placementTables(legal); free {
		for _, line := range compass {
			for _, t := range line {
				if tables[t] > 0 {
					grid(t)
				}
			}
		}
		return buttons, false
	}
	var choices, groups []string
	for _, n := range legal {
		if n == "skip" {
			skip = true
			continue
		}
		choices = append(choices, n)
	}
	seen := map[string]bool{}
	for _, n := range choices {
		if g := groupOf(n); !seen[g] {
			seen[g] = true
			groups = append(groups, g)
		}
	}
	for _, g := range groups {
		for _, n := range choices {
			if groupOf(n) == g {
				buttons = append(buttons, button{g, n, n, false, true})
			}
		}
	}
	return buttons, skip
}

func panelButtons(t *testing.T, g games.Game, p games.Panel) (buttons []button, skip bool) {
	t.Helper()
	for _, gr := range p.Groups {
		if gr.Keypad && len(gr.Choices)%3 != 0 {
			t.Fatalf("keypad %q of %d cells is not rows of 3", gr.Name, len(gr.Choices))
		}
		for _, c := range gr.Choices {
			if g.Format(c.Move) != c.Notation {
				t.Fatalf("choice %q formats as %q", c.Notation, g.Format(c.Move))
			}
			if c.Legal {
				if m, err := g.Parse(c.Notation); err != nil || m != c.Move {
					t.Fatalf("choice %q parses as %v, %v", c.Notation, m, err)
				}
			}
			buttons = append(buttons, button{gr.Name, c.Label, c.Notation, gr.Keypad, c.Legal})
		}
	}
	if p.Skip != nil {
		if p.Skip.Notation != "skip" || g.Format(p.Skip.Move) != "skip" || !p.Skip.Legal {
			t.Fatalf("skip is %+v", *p.Skip)
		}
	}
	return buttons, p.Skip != nil
}

func TestPanelsGiveTheButtonsTheBotDrewFromNotation(t *testing.T) {
	plays, positions, kinds := 60, 0, map[string]int{}
	if testing.Short() {
		plays = 6
	}
	for _, v := range []struct {
		kind string
		opts games.Options
	}{
		{"oolong", nil}, {"oolong", games.Options{"trigger": "owner"}},
		{"ouri", nil}, {"ouri", games.Options{"rules": "abapa"}}, {"ouri", games.Options{"misere": "true"}},
	} {
		for i := 0; i < plays; i++ {
			rng := rand.New(rand.NewPCG(uint64(i), 23))
			g, err := NewDealt(v.kind, v.opts, rng)
			if err != nil {
				t.Fatal(err)
			}
			for {
				p := g.(games.Paneled).Panel()
				if g.Outcome().Over() {
					if len(p.Groups) != 0 || p.Skip != nil {
						t.Fatalf("a finished game has a panel: %+v", p)
					}
					break
				}
				want, wantSkip := oracleButtons(v.kind, games.Names(g, g.Legal()))
				got, gotSkip := panelButtons(t, g, p)
				if !reflect.DeepEqual(got, want) || gotSkip != wantSkip {
					t.Fatalf("%s ply %d, legal %v:\npanel  %v skip %v\noracle %v skip %v", v.kind, g.Ply(),
						games.Names(g, g.Legal()), got, gotSkip, want, wantSkip)
				}
				// The menus, group after group, still list the choices in Legal's order.
				if len(p.Groups) > 0 && !p.Groups[0].Keypad {
					var flat, inLegal []string
					for _, gr := range p.Groups {
						for _, c := range gr.Choices {
							flat = append(flat, c.Notation)
						}
					}
					for _, n := range games.Names(g, g.Legal()) {
						if n != "skip" {
							inLegal = append(inLegal, n)
						}
					}
					if !reflect.DeepEqual(flat, inLegal) {
						t.Fatalf("the groups reorder the choices: %v, Legal %v", flat, inLegal)
					}
				}
				positions++
				kinds[fmt.Sprintf("%s %d groups keypad %v", v.kind, min(len(p.Groups), 2), len(p.Groups) > 0 && p.Groups[0].Keypad)]++
				legal := g.Legal()
				if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d positions: %v", positions, kinds)
	for _, shape := range []string{"oolong 1 groups keypad true", "oolong 2 groups keypad true", "oolong 2 groups keypad false", "ouri 1 groups keypad true"} {
		if kinds[shape] == 0 && !testing.Short() {
			t.Errorf("no position had a panel of %s", shape)
		}
	}
}

func TestOnlyOuriAndOolongHavePanels(t *testing.T) {
	for _, d := range All() {
		g, _ := d.New(nil, nil)
		_, ok := g.(games.Paneled)
		if ok != (d.Kind != "ordo") {
			t.Errorf("%s: Paneled = %v", d.Kind, ok)
		}
	}
}
