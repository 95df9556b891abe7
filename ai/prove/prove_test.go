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
