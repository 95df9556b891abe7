package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// BenchmarkDecide measures durable decisions next to raw sequential bbolt Update transactions on the
// same disk, in one run so the numbers compare. "update" is Update by id and ply (a replay inside the
// transaction, re-encode, indexes and fsync); "live" is the bot's path, ActiveLive then UpdateLive on
// the game just read, then NoteMessage: decodes/op (replays), kept/op (reads that took the game the
// last write kept) and commits/op show what each decision costs.
//
//	go test -run '^$' -bench Decide -benchtime 3s ./store/
func BenchmarkDecide(b *testing.B) {
	b.Run("raw-sequential-update", func(b *testing.B) {
		db, err := bolt.Open(filepath.Join(b.TempDir(), "raw.db"), 0o600, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		value := make([]byte, 96)
		lat := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			start := time.Now()
			err := db.Update(func(tx *bolt.Tx) error {
				bk, err := tx.CreateBucketIfNotExists([]byte("raw"))
				if err != nil {
					return err
				}
				return bk.Put(u64(uint64(i%64)), value)
			})
			if err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(start))
		}
		report(b, lat, "tx/s")
	})
	for _, path := range []struct {
		name   string
		decide func(b *testing.B, s *DB, w int, next *atomic.Int64) []time.Duration
	}{{"update", decide}, {"read+update+setmessage", decideTwice}, {"live", decideLive}} {
		for _, n := range []int{1, 32} {
			b.Run(fmt.Sprintf("%s/games=%d", path.name, n), func(b *testing.B) {
				s, _, _ := openTest(b)
				var next atomic.Int64
				lats := make([][]time.Duration, n)
				var wg sync.WaitGroup
				before := s.Stats()
				b.ResetTimer()
				for w := 0; w < n; w++ {
					wg.Add(1)
					go func(w int) {
						defer wg.Done()
						lats[w] = path.decide(b, s, w, &next)
					}(w)
				}
				wg.Wait()
				after := s.Stats()
				made := float64(len(slices.Concat(lats...)))
				report(b, slices.Concat(lats...), "decisions/s")
				if made > 0 {
					b.ReportMetric(float64(after.Decodes-before.Decodes)/made, "decodes/op")
					b.ReportMetric(float64(after.Kept-before.Kept)/made, "kept/op")
					b.ReportMetric(float64(after.Commits-before.Commits)/made, "commits/op")
				}
			})
		}
	}
}

// decideTwice is the bot's path before ActiveLive and notes: ActiveGame, Game, Update by ply, then
// SetMessage with a commit of its own.
func decideTwice(b *testing.B, s *DB, w int, next *atomic.Int64) []time.Duration {
	var lat []time.Duration
	channel, me := fmt.Sprint("c", w%4), fmt.Sprint("p", w)
	newGame(b, s, channel, "ouri", person(me), bot("hard"))
	for next.Add(1) <= int64(b.N) {
		start := time.Now()
		a, err := s.ActiveGame(channel, "ouri", me)
		if errors.Is(err, ErrNotFound) {
			a, err = newGame(b, s, channel, "ouri", person(me), bot("hard")), nil
		}
		if err != nil {
			b.Error(err)
			return lat
		}
		rec, _, err := s.Game(a.ID)
		if err == nil {
			rec, _, err = s.Update(rec.ID, rec.Ply, func(r *Game, g games.Game) error {
				r.Deadline = r.LastMove.Add(72 * time.Hour)
				legal := g.Legal()
				return g.Play(legal[(r.Ply*7+w)%len(legal)])
			})
		}
		if err == nil {
			err = s.SetMessage(rec.ID, fmt.Sprint("m", rec.Ply))
		}
		if err != nil {
			b.Error(err)
			return lat
		}
		lat = append(lat, time.Since(start))
	}
	return lat
}

// decideLive is decide as the bot's table does it: one read (ActiveLive), the decision on the game
// that read returned (UpdateLive), then the id of the board message it posted (NoteMessage). The
// games it starts count in commits/op, as in decide.
func decideLive(b *testing.B, s *DB, w int, next *atomic.Int64) []time.Duration {
	var lat []time.Duration
	channel, me := fmt.Sprint("c", w%4), fmt.Sprint("p", w)
	newGame(b, s, channel, "ouri", person(me), bot("hard"))
	for next.Add(1) <= int64(b.N) {
		start := time.Now()
		rec, live, err := s.ActiveLive(channel, "ouri", me)
		if errors.Is(err, ErrNotFound) {
			newGame(b, s, channel, "ouri", person(me), bot("hard"))
			rec, live, err = s.ActiveLive(channel, "ouri", me)
		}
		if err != nil {
			b.Error(err)
			return lat
		}
		rec, _, err = s.UpdateLive(rec, live, func(r *Game, g games.Game) error {
			r.Deadline = r.LastMove.Add(72 * time.Hour)
			legal := g.Legal()
			return g.Play(legal[(r.Ply*7+w)%len(legal)])
		})
		if err != nil {
			b.Error(err)
			return lat
		}
		s.NoteMessage(rec.ID, fmt.Sprint("m", rec.Ply))
		lat = append(lat, time.Since(start))
	}
	return lat
}

// decide plays decisions on one game of its own until b.N decisions were made in all, starting a new
// game whenever one ends, and returns the latency of each decision.
func decide(b *testing.B, s *DB, w int, next *atomic.Int64) []time.Duration {
	var lat []time.Duration
	channel, me := fmt.Sprint("c", w%4), fmt.Sprint("p", w)
	rec := newGame(b, s, channel, "ouri", person(me), bot("hard"))
	for next.Add(1) <= int64(b.N) {
		if rec.State != Active {
			rec = newGame(b, s, channel, "ouri", person(me), bot("hard"))
		}
		start := time.Now()
		var err error
		rec, _, err = s.Update(rec.ID, rec.Ply, func(r *Game, g games.Game) error {
			r.Deadline = r.LastMove.Add(72 * time.Hour)
			legal := g.Legal()
			return g.Play(legal[(r.Ply*7+w)%len(legal)])
		})
		if err != nil {
			b.Error(err)
			return lat
		}
		lat = append(lat, time.Since(start))
	}
	return lat
}

// report adds the rate and the median and 99th percentile latencies.
func report(b *testing.B, lat []time.Duration, unit string) {
	b.StopTimer()
	b.ReportMetric(float64(len(lat))/b.Elapsed().Seconds(), unit)
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	ms := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))]) / 1e6 }
	b.ReportMetric(ms(0.50), "p50-ms")
	b.ReportMetric(ms(0.99), "p99-ms")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkOpen measures opening a file of many games: the check of every page before bbolt maps
// it, next to bbolt's own open (which walks every page too, to rebuild its freelist).
//
//	go test -run '^$' -bench Open -benchtime 20x ./store/
func BenchmarkOpen(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.db")
	s, err := Open(path, Options{Decode: catalog.Decode})
	if err != nil {
		b.Fatal(err)
	}
	const n = 20000
	encoded := fresh(b, "ouri", 30)
	// Many games per transaction: this is set-up, not what is measured.
	for i := 0; i < n; i += 500 {
		err := s.File().db.Update(func(tx *bolt.Tx) error {
			for j := i; j < i+500; j++ {
				g := Game{ID: uint64(j + 1), Guild: "g", Channel: fmt.Sprint("c", j%50), Kind: "ouri",
					Seats: [2]Player{person(fmt.Sprint("p", j)), bot("easy")}, Encoded: encoded,
					State: Finished, LastMove: time.Unix(int64(j), 0)}
				if err := putGame(rawTx(tx), nil, g); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	s.Close()
	info, _ := os.Stat(path)
	b.Run("check", func(b *testing.B) {
		for range b.N {
			if err := checkFile(path); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(info.Size())/1e6, "MB")
	})
	b.Run("bbolt-open", func(b *testing.B) {
		for range b.N {
			db, err := bolt.Open(path, 0o600, &bolt.Options{NoFreelistSync: true, FreelistType: bolt.FreelistMapType})
			if err != nil {
				b.Fatal(err)
			}
			db.Close()
		}
	})
	b.Run("store-open", func(b *testing.B) {
		for range b.N {
			s, err := Open(path, Options{Decode: catalog.Decode})
			if err != nil {
				b.Fatal(err)
			}
			s.Close()
		}
	})
}
