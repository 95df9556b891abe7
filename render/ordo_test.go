package render

import (
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// homeRowGame is a random game in which Black's a6-f1 reaches White's home row.
var homeRowGame = strings.Fields(`b3-a4 h8-j8 a4-j4 c7-c5 j4-g4 c5-e5 e2-d3 b6-c6 h2-h4 j6-j5 g4-b4 c6-b6
	g2-g3 e5:e6-d5 f2-e2 j5-e5 i3-i4 b7-c6 e3-g5 c8-c7 d3-b3 d7-f5 e2-e3 i6-g4 h1-g2 f5-f4 d1-e1 j7-i6
	g5-h5 e7-e6 b4-a4 j8-h8 c1-d1 g4xf3 e1-f2 g7xg3 g1-h1 f3xf2 h5-f3 i7-g5 a4-c4 h8-i7 h1-h2 i6-g4
	c4xf4 a6-f1`)

func TestOrdoGolden(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
		check func(*ordo.Game) bool
	}{
		{"ordo_start", nil, func(g *ordo.Game) bool { return g.Ply() == 0 }},
		{"ordo_midgame", homeRowGame[:14], func(g *ordo.Game) bool { return !g.Outcome().Over() }},
		// Black's capture on h4 cuts White's g1–j3 wing off from the rest.
		{"ordo_disconnected", strings.Fields("g2-g4 g7-g5 f2-h4 h7xh4"), func(g *ordo.Game) bool { return g.Disconnected(0) }},
		{"ordo_finished", homeRowGame, func(g *ordo.Game) bool {
			return g.Outcome() == games.Outcome{Winner: 1, Method: games.HomeRow}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ordo.New(nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.moves {
				m, err := g.Parse(s)
				if err != nil {
					t.Fatalf("%s: %v", s, err)
				}
				if err := g.Play(m); err != nil {
					t.Fatalf("%s: %v", s, err)
				}
			}
			if !tc.check(g) {
				t.Fatalf("the moves do not reach the intended position: %v", g.Outcome())
			}
			goldens(t, tc.name, g)
		})
	}
}
