package ouri

import (
	"strings"
	"testing"

	"tabuleiro/games"
)

// board builds a position from South a–f, North a–f, the stores and the side to move.
func board(rules Rules, south, north [6]int, stores [2]int, toMove int) Position {
	p := Position{Rules: rules, ToMove: uint8(toMove), Stores: [2]uint8{uint8(stores[0]), uint8(stores[1])}}
	for i := 0; i < 6; i++ {
		p.Houses[i] = uint8(south[i])
		p.Houses[6+i] = uint8(north[i])
	}
	return p
}

func fromPosition(t *testing.T, p Position, misere bool) *Game {
	t.Helper()
	g, err := FromPosition(p, misere)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func newGame(t *testing.T, opts games.Options) *Game {
	t.Helper()
	g, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func legalNames(g *Game) string { return strings.Join(games.Names(g, g.Legal()), " ") }

func play(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := g.Parse(s)
		if err != nil {
			t.Fatalf("move %q: %v", s, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("move %q: %v", s, err)
		}
	}
}

func split(h [12]int) (south, north [6]int) {
	copy(south[:], h[:6])
	copy(north[:], h[6:])
	return
}

// Section 6 of rules/ouri.md, one test per vector.
func TestRuleVectors(t *testing.T) {
	t.Run("from the start South may sow a to f and d leaves 4,4,4,0,5,5 / 5,5,4,4,4,4", func(t *testing.T) {
		g := newGame(t, nil)
		if got := legalNames(g); got != "a b c d e f" {
			t.Fatalf("legal %q", got)
		}
		play(t, g, "d")
		s, n := split(g.Houses())
		if s != [6]int{4, 4, 4, 0, 5, 5} || n != [6]int{5, 5, 4, 4, 4, 4} || g.Stores() != [2]int{0, 0} {
			t.Fatalf("got %v / %v stores %v", s, n, g.Stores())
		}
		if g.ToMove() != 1 {
			t.Fatal("North should move next")
		}
	})

	laps := []struct {
		name         string
		seeds        int
		south, north [6]int
		store        int
	}{
		{"11 seeds from South f go once round and capture nothing", 11,
			[6]int{1, 1, 1, 1, 1, 0}, [6]int{1, 1, 1, 1, 1, 1}, 0},
		{"12 seeds from South f skip the origin and capture 2 at North a", 12,
			[6]int{1, 1, 1, 1, 1, 0}, [6]int{0, 1, 1, 1, 1, 1}, 2},
		{"13 seeds from South f capture North a and b, 4 seeds", 13,
			[6]int{1, 1, 1, 1, 1, 0}, [6]int{0, 0, 1, 1, 1, 1}, 4},
	}
	for _, r := range []Rules{RulesOuri, RulesAbapa} {
		for _, c := range laps {
			t.Run(c.name+" under "+r.String(), func(t *testing.T) {
				p := board(r, [6]int{0, 0, 0, 0, 0, c.seeds}, [6]int{}, [2]int{(48 - c.seeds) / 2, 48 - c.seeds - (48-c.seeds)/2}, 0)
				g := fromPosition(t, p, false)
				play(t, g, "f")
				s, n := split(g.Houses())
				if s != c.south || n != c.north || g.Stores()[0] != (48-c.seeds)/2+c.store {
					t.Fatalf("got %v / %v stores %v", s, n, g.Stores())
				}
			})
		}
	}

	slam := board(RulesOuri, [6]int{3, 0, 4, 0, 0, 2}, [6]int{1, 2, 0, 0, 0, 0}, [2]int{18, 18}, 0)
	t.Run("an Ouri grand slam captures 5 and South moves again, feeding with c only", func(t *testing.T) {
		g := fromPosition(t, slam, false)
		play(t, g, "f")
		s, n := split(g.Houses())
		if g.Stores() != [2]int{23, 18} || n != [6]int{} || s != [6]int{3, 0, 4, 0, 0, 0} {
			t.Fatalf("got %v / %v stores %v", s, n, g.Stores())
		}
		if g.ToMove() != 0 || legalNames(g) != "c" {
			t.Fatalf("to move %v, legal %q", g.ToMove(), legalNames(g))
		}
		if l := g.LastSowing(); !l.GrandSlam || l.Captured != 5 {
			t.Fatalf("last sowing %+v", l)
		}
	})
	t.Run("an Abapa grand slam captures nothing and North moves", func(t *testing.T) {
		p := slam
		p.Rules = RulesAbapa
		g := fromPosition(t, p, false)
		play(t, g, "f")
		s, n := split(g.Houses())
		if g.Stores() != [2]int{18, 18} || n != [6]int{2, 3, 0, 0, 0, 0} || s != [6]int{3, 0, 4, 0, 0, 0} {
			t.Fatalf("got %v / %v stores %v", s, n, g.Stores())
		}
		if g.ToMove() != 1 {
			t.Fatal("North should move next")
		}
	})

	single := board(RulesOuri, [6]int{1, 3, 0, 0, 1, 0}, [6]int{2, 0, 0, 0, 0, 0}, [2]int{20, 21}, 0)
	t.Run("the singleton rule leaves Ouri only b", func(t *testing.T) {
		if got := legalNames(fromPosition(t, single, false)); got != "b" {
			t.Fatalf("legal %q", got)
		}
	})
	t.Run("without the singleton rule Abapa allows a, b and e", func(t *testing.T) {
		p := single
		p.Rules = RulesAbapa
		if got := legalNames(fromPosition(t, p, false)); got != "a b e" {
			t.Fatalf("legal %q", got)
		}
	})
	t.Run("the duty to feed beats the singleton rule", func(t *testing.T) {
		for _, r := range []Rules{RulesOuri, RulesAbapa} {
			p := board(r, [6]int{2, 0, 0, 0, 0, 1}, [6]int{}, [2]int{22, 23}, 0)
			if got := legalNames(fromPosition(t, p, false)); got != "f" {
				t.Fatalf("%s: legal %q", r, got)
			}
		}
	})
}
