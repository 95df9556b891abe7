package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"tabuleiro/games"
)

// TestRacingDecisionsLandOncePerPly has many goroutines deciding on the same games and on different
// games at once. Each reads the game, picks a legal decision and applies it at the ply it read: for
// every ply exactly one decision lands, the others are told the game moved on, and the final log is
// exactly the decisions that landed.
func TestRacingDecisionsLandOncePerPly(t *testing.T) {
	s, _, _ := openTest(t)
	const gamesN, perGame = 6, 6
	type landed struct {
		ply  int
		move games.Move
	}
	var (
		mu      sync.Mutex
		won     = map[uint64][]landed{}
		movedOn atomic.Int64
	)
	var ids []uint64
	for i := 0; i < gamesN; i++ {
		kind := []string{"ouri", "oolong"}[i%2]
		ids = append(ids, newGame(t, s, fmt.Sprintf("c%d", i%3), kind, person(fmt.Sprint("a", i)),
			person(fmt.Sprint("b", i))).ID)
	}
	var wg sync.WaitGroup
	errs := make(chan error, gamesN*perGame)
	for gi, id := range ids {
		for w := 0; w < perGame; w++ {
			wg.Add(1)
			go func(id uint64, rng *rand.Rand) {
				defer wg.Done()
				for steps := 0; steps < 400; steps++ {
					rec, g, err := s.Game(id)
					if err != nil {
						errs <- err
						return
					}
					if rec.State == Finished {
						return
					}
					legal := g.Legal()
					m := legal[rng.IntN(len(legal))]
					after, _, err := s.Update(id, rec.Ply, func(rec *Game, g games.Game) error { return g.Play(m) })
					switch {
					case errors.Is(err, ErrMovedOn):
						movedOn.Add(1)
					case err != nil:
						errs <- fmt.Errorf("game %d ply %d: %w", id, rec.Ply, err)
						return
					default:
						if after.Ply != rec.Ply+1 {
							errs <- fmt.Errorf("game %d: ply %d after a decision at ply %d", id, after.Ply, rec.Ply)
						}
						mu.Lock()
						won[id] = append(won[id], landed{rec.Ply + 1, m})
						mu.Unlock()
					}
				}
			}(id, rand.New(rand.NewPCG(uint64(gi), uint64(w))))
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, id := range ids {
		rec, g, err := s.Game(id)
		if err != nil {
			t.Fatal(err)
		}
		log := g.Log()
		if len(won[id]) != rec.Ply || len(log) != rec.Ply {
			t.Errorf("game %d: %d decisions landed, the game has ply %d and a log of %d", id, len(won[id]),
				rec.Ply, len(log))
		}
		seen := map[int]bool{}
		for _, l := range won[id] {
			if seen[l.ply] {
				t.Errorf("game %d: two decisions landed at ply %d", id, l.ply)
			}
			seen[l.ply] = true
			if l.ply > len(log) || log[l.ply-1] != l.move {
				t.Errorf("game %d: the decision that landed at ply %d is not in the log", id, l.ply)
			}
		}
	}
	t.Logf("%d games, %d goroutines each: %d decisions landed, %d told the game moved on",
		gamesN, perGame, total(won), movedOn.Load())
}

func total[K comparable, V any](m map[K][]V) int {
	n := 0
	for _, v := range m {
		n += len(v)
	}
	return n
}
