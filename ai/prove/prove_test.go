package prove

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"tabuleiro/games"
)

func TestAgreesWithMinimaxOnRandomPlayouts(t *testing.T) {
	for _, kind := range []string{"ordo", "oolong"} {
		for _, plies := range []int{1, 2, 3} {
			t.Run(fmt.Sprintf("%s within %d plies: the prover and minimax give the same answer and the same moves", kind, plies), func(t *testing.T) {
				wins := 0
				for seed := uint64(0); seed < 60; seed++ {
					g := nearEnd(kind, seed, 1+int(seed)%8)
					if g.Outcome().Over() {
						continue
					}
					p, err := Game(context.Background(), g, plies)
					if err != nil {
						t.Fatal(err)
					}
					want := minimax(g, g.ToMove(), plies)
					if p.Win != want {
						t.Fatalf("seed %d: prover says win=%v, minimax %v", seed, p.Win, want)
					}
					if !want {
						continue
					}
					wins++
					if got, want := names(g, p.Moves), names(g, minimaxMoves(g, plies)); !slices.Equal(got, want) {
						t.Fatalf("seed %d: winning moves %v, minimax %v", seed, got, want)
					}
				}
				t.Logf("%d wins", wins)
			})
		}
	}
}

func names(g games.Game, ms []games.Move) []string {
	var s []string
	for _, m := range ms {
		s = append(s, g.Format(m))
	}
	return s
}

// TestWithinAgreesWithMinimax: the guard hard uses (a forced win of its own, a forced loss after
// each of its moves) answers as minimax does, up to the horizon it reports decided.
func TestWithinAgreesWithMinimax(t *testing.T) {
	pr := NewProver()
	for _, kind := range []string{"ordo", "oolong"} {
		t.Run(kind+": wins and losses within 3 plies are those minimax finds", func(t *testing.T) {
			for seed := uint64(200); seed < 240; seed++ {
				g := nearEnd(kind, seed, 1+int(seed)%7)
				if g.Outcome().Over() {
					continue
				}
				me := g.ToMove()
				win, m, h := within(pr, g, 3)
				if h != 3 && !win {
					t.Fatalf("seed %d: decided only %d plies without a clock", seed, h)
				}
				if want := minimax(g, me, h); win != want {
					t.Fatalf("seed %d: win %v within %d, minimax %v", seed, win, h, want)
				}
				if win {
					c := g.Clone()
					c.Play(m)
					if !minimax(c, me, h-1) {
						t.Fatalf("seed %d: %s does not win within %d", seed, g.Format(m), h)
					}
				}
				for _, m := range g.Legal() {
					lost, k := loses(pr, g, m, 2)
					c := g.Clone()
					c.Play(m)
					if want := minimax(c, me.Other(), k); lost != want || !lost && k != 2 {
						t.Fatalf("seed %d, %s: lost %v within %d, minimax %v", seed, g.Format(m), lost, k, want)
					}
				}
			}
		})
	}
}
