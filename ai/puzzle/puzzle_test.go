package puzzle

import "testing"

// TestAPuzzleServedAgainIsItsGameAnew: the game a puzzle replays to is kept, and every serving
// gets its own copy, which the moves of another solver do not touch.
func TestAPuzzleServedAgainIsItsGameAnew(t *testing.T) {
	for _, name := range Sets() {
		t.Run(name, func(t *testing.T) {
			ps, err := Load(name)
			if err != nil {
				t.Fatal(err)
			}
			p := ps[len(ps)/2]
			replayed, err := p.replay()
			if err != nil {
				t.Fatal(err)
			}
			for serving := 1; serving <= 3; serving++ {
				g, err := p.Game()
				if err != nil {
					t.Fatal(err)
				}
				if g.Hash() != replayed.Hash() || g.Ply() != len(p.Log) {
					t.Fatalf("%s served %d times is at ply %d (hash %x), not %d (%x)", p.ID, serving, g.Ply(), g.Hash(), len(p.Log), replayed.Hash())
				}
				if err := g.Play(g.Legal()[0]); err != nil { // a solver's move, on this copy only
					t.Fatal(err)
				}
			}
		})
	}
}
