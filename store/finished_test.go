package store

import (
	"slices"
	"testing"

	"tabuleiro/games"
)

func TestEveryFinishedWalksTheFinishedGamesOnly(t *testing.T) {
	defer func(n int) { finishedBatch = n }(finishedBatch)
	finishedBatch = 3 // several reads
	s, _, _ := openTest(t)
	resign := func(rec *Game, g games.Game) error { return g.End(games.Resignation, 0) }
	var finished []uint64
	for i := range 8 {
		g := newGame(t, s, "c1", "ordo", person("p"+itoa(uint64(i))), person("q"+itoa(uint64(i))))
		if i%3 == 1 {
			continue // still being played
		}
		if _, _, err := s.Update(g.ID, 0, playFirst); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Update(g.ID, 1, resign); err != nil {
			t.Fatal(err)
		}
		finished = append(finished, g.ID)
	}
	t.Run("every finished game is met once, in the order of its id, with its decisions", func(t *testing.T) {
		var met []uint64
		err := s.EveryFinished(func(rec Game, g games.Game) bool {
			if !g.Outcome().Over() || g.Ply() != 1 || rec.State != Finished {
				t.Errorf("game %d: over %v at ply %d, %s", rec.ID, g.Outcome().Over(), g.Ply(), rec.State)
			}
			met = append(met, rec.ID)
			return true
		})
		if err != nil || !slices.Equal(met, finished) {
			t.Fatalf("met %v (%v), want %v", met, err, finished)
		}
	})
	t.Run("the walk stops when told", func(t *testing.T) {
		var met []uint64
		err := s.EveryFinished(func(rec Game, g games.Game) bool {
			met = append(met, rec.ID)
			return len(met) < 4
		})
		if err != nil || !slices.Equal(met, finished[:4]) {
			t.Fatalf("met %v (%v), want %v", met, err, finished[:4])
		}
	})
}
