package store

import (
	"fmt"
	"testing"
	"time"

	"tabuleiro/games"
)

// BenchmarkSweepDayPaced is the store's part of the sweep over 100,000 stored day-paced games: the
// games due now (one seek of the deadline index, not a scan) and the loss on time of each, 100 an
// op. The games are written in large transactions so that the setup takes seconds.
//
//	go test -run '^$' -bench SweepDayPaced -benchtime 20x ./store/
func BenchmarkSweepDayPaced(b *testing.B) {
	const stored, duePerOp = 100000, 100
	s, clock, _ := openTest(b)
	base := clock.Now()
	enc := fresh(b, "ordo", 0)
	for from := 0; from < stored; from += 5000 {
		if err := s.commit(func(tx Tx) error {
			for i := from; i < from+5000; i++ {
				id, err := tx.Bucket(bGames).NextSequence()
				if err != nil {
					return err
				}
				g := Game{ID: id, Guild: fmt.Sprint("g", i%100), Channel: fmt.Sprint("c", i), Kind: "ordo",
					Seats: [2]Player{person(fmt.Sprint("u", i)), person(fmt.Sprint("v", i))}, Encoded: enc,
					Created: base, LastMove: base, Deadline: base.Add(time.Duration(i+1) * time.Second), Pace: 2}
				if err := putGame(tx, nil, g); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("nothing-due", func(b *testing.B) {
		for b.Loop() {
			if due, err := s.GamesDue(base); err != nil || len(due) != 0 {
				b.Fatalf("%d due, %v", len(due), err)
			}
		}
	})
	b.Run("100-due", func(b *testing.B) {
		op := 0
		for b.Loop() {
			if (op+1)*duePerOp > stored {
				b.Fatal("ran out of games: use -benchtime 20x")
			}
			now := base.Add(time.Duration((op+1)*duePerOp) * time.Second)
			op++
			due, err := s.GamesDue(now)
			if err != nil || len(due) != duePerOp {
				b.Fatalf("%d due, %v", len(due), err)
			}
			for _, rec := range due {
				if _, _, err := s.Update(rec.ID, rec.Ply, func(r *Game, g games.Game) error {
					r.Deadline = time.Time{}
					return g.End(games.Time, g.ToMove())
				}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
