package ordoai

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"tabuleiro/ai/prove"
	"tabuleiro/games/ordo"
)

// nearEnd is a random game replayed up to back moves before its end.
func nearEnd(t testing.TB, seed uint64, back int) *ordo.Game {
	rng := rand.New(rand.NewPCG(seed, 3))
	full, _ := ordo.New(nil)
	for full.Ply() < 600 && !full.Outcome().Over() {
		legal := full.Legal()
		full.Play(legal[rng.IntN(len(legal))])
	}
	log := full.Log()
	g, _ := ordo.New(nil)
	for _, m := range log[:max(0, len(log)-back)] {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestBestKeepsToWhatIsProven: hard plays a forced win within 3 plies when there is one, and never
// a move after which the opponent forces a win within 2 when another move avoids it, however
// little its search sees (here one ply, which misses both: the prover alone decides).
func TestBestKeepsToWhatIsProven(t *testing.T) {
	pr := prove.NewProver()
	s := NewSearch()
	wins, saves, missed := 0, 0, 0
	for seed := uint64(0); seed < 60 && (wins < 4 || saves < 4 || missed < 2); seed++ {
		g := nearEnd(t, seed, 2+int(seed)%5)
		if g.Outcome().Over() {
			continue
		}
		p, hist := g.Position(), History(g.Log())
		proof, err := prove.Ordo(context.Background(), p, hist, 3)
		if err != nil {
			t.Fatal(err)
		}
		var losing, safe int
		for _, m := range g.Legal() {
			if lost, _ := pr.LosesWithin(context.Background(), p, hist, m, 2); lost {
				losing++
			} else {
				safe++
			}
		}
		if !proof.Win && (losing == 0 || safe == 0) {
			continue
		}
		res := s.proven(context.Background(), p, hist, time.Now(), 2*time.Second, 1, rand.New(rand.NewPCG(seed, 1)))
		plain := s.best(context.Background(), p, hist, time.Time{}, 1, rand.New(rand.NewPCG(seed, 1)))
		if proof.Win {
			wins++
			missed += b2i(!contains(proof.Moves, plain.Move))
			if !contains(proof.Moves, res.Move) {
				t.Errorf("seed %d: played %s, not one of the forced wins %v", seed, ordo.Format(res.Move), formats(proof.Moves))
			}
			continue
		}
		saves++
		if lost, _ := pr.LosesWithin(context.Background(), p, hist, plain.Move, 2); lost {
			missed++
		}
		if lost, _ := pr.LosesWithin(context.Background(), p, hist, res.Move, 2); lost {
			t.Errorf("seed %d: played %s, which loses by force within 2 plies (%d of %d moves do not)", seed, ordo.Format(res.Move), safe, safe+losing)
		}
	}
	if wins < 2 || saves < 2 || missed == 0 {
		t.Errorf("only %d positions with a forced win and %d with a forced loss to avoid, %d of them missed by the search alone", wins, saves, missed)
	}
}

func contains[T comparable](s []T, x T) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
