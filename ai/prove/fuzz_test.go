package prove

import (
	"context"
	"testing"
)

// FuzzAgreesWithMinimax: on any position of a random game, within 1 to 4 plies, the prover answers
// as minimax does.
func FuzzAgreesWithMinimax(f *testing.F) {
	f.Add(false, uint64(1), uint8(2), uint8(3))
	f.Add(true, uint64(2), uint8(1), uint8(4))
	f.Fuzz(func(t *testing.T, oolong bool, seed uint64, back, plies uint8) {
		kind := "ordo"
		if oolong {
			kind = "oolong"
		}
		g := nearEnd(kind, seed, 1+int(back)%10)
		if g.Outcome().Over() {
			return
		}
		d := 1 + int(plies)%4
		p, err := Game(context.Background(), g, d)
		if err != nil {
			t.Fatal(err)
		}
		if want := minimax(g, g.ToMove(), d); p.Win != want {
			t.Fatalf("%s seed %d back %d within %d: prover %v, minimax %v", kind, seed, back, d, p.Win, want)
		}
	})
}

// BenchmarkProveFivePlies proves each recorded position within 5 plies on a kept table.
func BenchmarkProveFivePlies(b *testing.B) {
	for _, kind := range []string{"ordo", "oolong"} {
		b.Run(kind, func(b *testing.B) {
			var cs []knownCase
			for _, c := range readKnown(b) {
				if c.kind == kind {
					cs = append(cs, c)
				}
			}
			pr := NewProver()
			var nodes uint64
			for i := 0; i < b.N; i++ {
				c := cs[i%len(cs)]
				g := c.game(b)
				b.StartTimer()
				p, err := proveWith(pr, g, 5)
				b.StopTimer()
				if err != nil {
					b.Fatal(err)
				}
				nodes += p.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
