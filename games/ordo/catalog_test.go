package ordo_test

import (
	"math/rand/v2"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/ordo"
)

func TestEncodeDecodeThroughCatalog(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 12))
	for i := 0; i < 10; i++ {
		g, _ := ordo.New(nil)
		for j := 0; j < 150 && !g.Outcome().Over(); j++ {
			legal := g.Legal()
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if i%2 == 1 && !g.Outcome().Over() {
			_ = g.End(games.Agreement, games.NoSeat)
		}
		back, err := catalog.Decode(games.Encode(g))
		if err != nil {
			t.Fatal(err)
		}
		if back.Hash() != g.Hash() || back.Outcome() != g.Outcome() || back.Ply() != g.Ply() || back.Kind() != "ordo" {
			t.Errorf("game %d decodes to %x %v, want %x %v", i, back.Hash(), back.Outcome(), g.Hash(), g.Outcome())
		}
	}
}
