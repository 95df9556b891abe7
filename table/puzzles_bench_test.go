package table

import (
	"fmt"
	"log/slog"
	"testing"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// BenchmarkNextPuzzle serves puzzles from a set of 300 on a real file: "resumed" reads the attempt
// under way (a second click, a restart); "picked" chooses among the unseen ones of a solver who
// saw 200 and starts the attempt (one commit; settling it is not timed).
func BenchmarkNextPuzzle(b *testing.B) {
	st, err := store.Open(b.TempDir()+"/bench.db", store.Options{Decode: catalog.Decode})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	tab := New(st, &heard{}, Config{Log: slog.New(slog.DiscardHandler), AI: testAI})
	puzzles := make([]PuzzleCandidate, 300)
	for i := range puzzles {
		puzzles[i] = PuzzleCandidate{ID: fmt.Sprintf("ouri-%04d", i), Rating: 1000 + float64(i)*3}
	}
	settle := func(b *testing.B, user string, p PuzzlePick, solved bool) {
		if _, err := tab.SettlePuzzle(user, "ouri", p.Attempt.Puzzle, p.Rating.Rating, solved); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("resumed", func(b *testing.B) {
		if _, err := tab.NextPuzzle("alice", "ouri", puzzles); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if p, err := tab.NextPuzzle("alice", "ouri", puzzles); err != nil || !p.Resumed {
				b.Fatal(p, err)
			}
		}
	})
	b.Run("picked", func(b *testing.B) {
		n := 0
		for b.Loop() {
			b.StopTimer()
			user := fmt.Sprintf("u%d", n/100)
			if n%100 == 0 {
				for i := range 200 {
					p, err := tab.NextPuzzle(user, "ouri", puzzles)
					if err != nil {
						b.Fatal(err)
					}
					settle(b, user, p, i%2 == 0)
				}
			}
			n++
			b.StartTimer()
			p, err := tab.NextPuzzle(user, "ouri", puzzles)
			if err != nil || p.Resumed {
				b.Fatal(p, err)
			}
			b.StopTimer()
			settle(b, user, p, n%2 == 0)
			b.StartTimer()
		}
	})
}
