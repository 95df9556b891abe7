package oolongai

import (
	"context"
	"testing"
	"time"

	"tabuleiro/ai/prove"
	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// TestSearchKeepsToWhatIsProven: hard takes a forced win within 3 decisions when there is one, and
// never a decision after which the opponent forces a win within 2 when another avoids it, however
// little its search sees (here one ply, which misses some: the prover alone decides).
func TestSearchKeepsToWhatIsProven(t *testing.T) {
	pr := prove.NewProver()
	sr := NewSearcher()
	wins, saves, missed := 0, 0, 0
	positions(t, 12, func(g *oolong.Game, p *oolong.Position, legal []games.Move) {
		if g.Ply() < 40 || len(legal) > 200 {
			return
		}
		proof, err := prove.Oolong(context.Background(), *p, 3)
		if err != nil {
			t.Fatal(err)
		}
		var losing, safe int
		for _, m := range legal {
			if lost, _ := pr.OolongLosesWithin(context.Background(), *p, m, 2); lost {
				losing++
			} else {
				safe++
			}
		}
		if !proof.Win && (losing == 0 || safe == 0) {
			return
		}
		m, _ := sr.proven(context.Background(), p, legal, time.Now(), time.Now().Add(2*time.Second), 1, rng(uint64(g.Ply())))
		plain, _ := sr.search(context.Background(), p, legal, time.Time{}, 1, rng(uint64(g.Ply())))
		if proof.Win {
			wins++
			if !contains(proof.Moves, plain) {
				missed++
			}
			if !contains(proof.Moves, m) {
				t.Errorf("after %v: played %s, not one of the forced wins", g.Log(), oolong.FormatMove(m))
			}
			return
		}
		saves++
		if lost, _ := pr.OolongLosesWithin(context.Background(), *p, plain, 2); lost {
			missed++
		}
		if lost, _ := pr.OolongLosesWithin(context.Background(), *p, m, 2); lost {
			t.Errorf("after %v: played %s, which loses by force within 2 (%d of %d decisions do not)", g.Log(), oolong.FormatMove(m), safe, safe+losing)
		}
	})
	if wins < 2 || saves < 2 || missed == 0 {
		t.Errorf("only %d positions with a forced win and %d with a forced loss to avoid, %d of them missed by the search alone", wins, saves, missed)
	}
}
