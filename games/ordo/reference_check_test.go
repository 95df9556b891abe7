package ordo

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tabuleiro/games"
)

func TestBitboardsAgreeWithReference(t *testing.T) {
	t.Run("perft from the start agrees to depth 3", func(t *testing.T) {
		g := newGame(t)
		ref := refFromGame(g)
		for d := 1; d <= 3; d++ {
			if got, want := g.Perft(d), ref.perft(d, []string{ref.key()}); got != want {
				t.Errorf("perft(%d) = %d, reference %d", d, got, want)
			}
		}
	})
	t.Run("move sets agree at every ply of random playouts, disconnected positions included", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		positions, disconnected, games_ := 0, 0, 60
		if testing.Short() {
			games_ = 15
		}
		for i := 0; i < games_; i++ {
			g := newGame(t)
			playout(g, rng, 300, func(g *Game) {
				if g.Outcome().Over() {
					return
				}
				positions++
				if g.Disconnected(g.ToMove()) {
					disconnected++
				}
				got := games.Names(g, g.Legal())
				want, _ := refFromGame(g).moves()
				if !slices.Equal(got, want) {
					t.Fatalf("after %v\n%s\nmoves %v\nreference %v", games.Names(g, g.Log()), refFromGame(g), got, want)
				}
				if n := g.pos.CountMoves(); n != len(got) {
					t.Fatalf("CountMoves %d, generated %d", n, len(got))
				}
			})
		}
		t.Logf("%d positions, %d with the side to move disconnected", positions, disconnected)
		if disconnected == 0 {
			t.Errorf("no disconnected position was reached")
		}
	})
	t.Run("perft from random positions agrees to depth 2, and 3 for some", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(5, 8))
		for i := 0; i < 40; i++ {
			g := newGame(t)
			var keys []string
			playout(g, rng, rng.IntN(120), func(g *Game) { keys = append(keys, refFromGame(g).key()) })
			if g.Outcome().Over() {
				continue
			}
			ref := refFromGame(g)
			depth := 2
			if i%20 == 0 && !testing.Short() {
				depth = 3
			}
			for d := 1; d <= depth; d++ {
				if got, want := g.Perft(d), ref.perft(d, keys); got != want {
					t.Fatalf("after %v: perft(%d) = %d, reference %d", games.Names(g, g.Log()), d, got, want)
				}
			}
		}
	})
}
