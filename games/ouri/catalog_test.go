package ouri_test

import (
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/ouri"
)

func TestCatalogRoundTrip(t *testing.T) {
	cases := []struct {
		name  string
		opts  games.Options
		moves []games.Move
		end   games.Method
	}{
		{"a fresh default game decodes to the same game", nil, nil, games.NotOver},
		{"an abapa misere game in progress decodes with its log", games.Options{"rules": "abapa", "misere": "true"},
			[]games.Move{3, 2, 5, 0}, games.NotOver},
		{"a resigned game keeps its ending", games.Options{"rules": "ouri"}, []games.Move{3, 2}, games.Resignation},
		{"an agreed game keeps its collected stores", nil, []games.Move{0, 1, 2}, games.Agreement},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := ouri.New(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range c.moves {
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			if c.end != games.NotOver {
				if err := g.End(c.end, 1); err != nil {
					t.Fatal(err)
				}
			}
			d, err := catalog.Decode(games.Encode(g))
			if err != nil {
				t.Fatal(err)
			}
			h, ok := d.(*ouri.Game)
			if !ok {
				t.Fatalf("decoded a %T", d)
			}
			if h.Hash() != g.Hash() || h.Outcome() != g.Outcome() || h.Stores() != g.Stores() ||
				h.Options().String() != g.Options().String() || h.Ply() != g.Ply() {
				t.Fatalf("decoded %v %v, want %v %v", h.Outcome(), h.Stores(), g.Outcome(), g.Stores())
			}
		})
	}
}
