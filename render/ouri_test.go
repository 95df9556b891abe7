package render

import (
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

func ouriGame(t *testing.T, g *ouri.Game, err error, moves ...string) *ouri.Game {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := g.Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func ouriPosition(south, north [6]uint8, stores [2]uint8, rules ouri.Rules) ouri.Position {
	p := ouri.Position{Stores: stores, Rules: rules}
	copy(p.Houses[:6], south[:])
	copy(p.Houses[6:], north[:])
	return p
}

func TestOuriGolden(t *testing.T) {
	t.Run("the start shows four seeds everywhere and South to move", func(t *testing.T) {
		g, err := ouri.New(nil)
		goldens(t, "ouri_start", ouriGame(t, g, err))
	})
	t.Run("a mid-game board shows the stores, the rule set and the last sowing", func(t *testing.T) {
		g, err := ouri.New(games.Options{"rules": "abapa"})
		goldens(t, "ouri_mid", ouriGame(t, g, err, "d", "c", "f", "a", "e", "d", "a", "f", "b", "b", "c", "e", "f", "c"))
	})
	t.Run("a grand slam says what it took and that South moves again", func(t *testing.T) {
		g, err := ouri.FromPosition(ouriPosition([6]uint8{3, 0, 4, 0, 0, 2}, [6]uint8{1, 2}, [2]uint8{18, 18}, ouri.RulesOuri), false)
		goldens(t, "ouri_grand_slam", ouriGame(t, g, err, "f"))
	})
	t.Run("a finished game shows the result with both stores", func(t *testing.T) {
		g, err := ouri.FromPosition(ouriPosition([6]uint8{0, 0, 0, 0, 0, 2}, [6]uint8{1, 1, 1}, [2]uint8{23, 20}, ouri.RulesOuri), false)
		goldens(t, "ouri_finished", ouriGame(t, g, err, "f"))
	})
	t.Run("a misere draw by agreement names the rules", func(t *testing.T) {
		g, err := ouri.FromPosition(ouriPosition([6]uint8{0, 0, 0, 0, 0, 1}, [6]uint8{1}, [2]uint8{23, 23}, ouri.RulesOuri), true)
		g = ouriGame(t, g, err)
		if err := g.End(games.Agreement, games.NoSeat); err != nil {
			t.Fatal(err)
		}
		goldens(t, "ouri_agreed_draw", g)
	})
}
