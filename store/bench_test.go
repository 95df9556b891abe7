package store

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games"
)

// BenchmarkDecide measures durable decisions (Update with its ply check, replay, re-encode, indexes
// and fsync) next to raw sequential bbolt Update transactions on the same disk, in one run so the
// numbers compare:
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
	for _, n := range []int{1, 32} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			s, _, _ := openTest(b)
			var next atomic.Int64
			lats := make([][]time.Duration, n)
			var wg sync.WaitGroup
			b.ResetTimer()
			for w := 0; w < n; w++ {
				wg.Add(1)
				go func(w int) {
					defer wg.Done()
					lats[w] = decide(b, s, w, &next)
				}(w)
			}
			wg.Wait()
			report(b, slices.Concat(lats...), "decisions/s")
		})
	}
}

// decide plays decisions on one game of its own until b.N decisions were made in all, starting a new
// game whenever one ends, and returns the latency of each decision.
func decide(b *testing.B, s *Store, w int, next *atomic.Int64) []time.Duration {
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
