package discord

import (
	"encoding/binary"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// BenchmarkHTTPMove measures a move through the HTTP endpoint over a real connection: signed
// request, verification, the bot's store transaction, the inline answer; the After steps (REST
// follow-ups to a fake Discord) run in the background as in production. 32 games are played at
// once, each by its own pair of players in its own channel; a finished game is followed by a new
// one. Reported: p50 and p99 of a move's latency, moves/s, and, for scale, sequential bbolt
// Update/s on the same disk in the same run (one move is at least one fsynced bbolt transaction).
func BenchmarkHTTPMove(b *testing.B) {
	for _, games := range []int{1, 32} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) { benchmarkHTTPMove(b, games) })
	}
}

func benchmarkHTTPMove(b *testing.B, games int) {
	tb := newTable(b)
	srv := httptest.NewServer(tb.e)
	defer srv.Close()
	tb.url = srv.URL

	type pair struct{ channel, mover, waiter string }
	pairs := make([]pair, games)
	for i := range pairs {
		ch := fmt.Sprint(1000 + i)
		m, w := tb.startGame(ch, fmt.Sprint(2000+2*i), fmt.Sprint(2001+2*i))
		pairs[i] = pair{ch, m, w}
	}

	lat := make([][]time.Duration, games)
	var failed sync.Once
	var failure error
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for i := range pairs {
		n := b.N / games
		if i < b.N%games {
			n++
		}
		wg.Add(1)
		go func(i, n int) {
			defer wg.Done()
			p := &pairs[i]
			fail := func(err error) { failed.Do(func() { failure = fmt.Errorf("game %d: %w", i, err) }) }
			for done := 0; done < n; {
				r, _, err := tb.post(typing(p.mover, p.channel, "ouri", ""))
				if err != nil {
					fail(err)
					return
				}
				if len(r.Data.Choices) == 0 { // the game is over: the next one
					if _, err := tb.restart(p.channel, p.mover, p.waiter); err != nil {
						fail(err)
						return
					}
					if r, _, _ := tb.post(typing(p.mover, p.channel, "ouri", "")); len(r.Data.Choices) == 0 {
						p.mover, p.waiter = p.waiter, p.mover
					}
					continue
				}
				t0 := time.Now()
				r, _, err = tb.post(command(p.mover, p.channel, "ouri", "move", opt{"play", 3, r.Data.Choices[0].Value}))
				lat[i] = append(lat[i], time.Since(t0))
				if err != nil || r.private() {
					fail(fmt.Errorf("move refused: %v %s", err, r.Data.Content))
					return
				}
				p.mover, p.waiter = p.waiter, p.mover
				done++
			}
		}(i, n)
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if failure != nil {
		b.Fatal(failure)
	}
	tb.settle()

	all := slices.Concat(lat...)
	// Autocomplete requests are part of the loop but not of a move's latency; moves/s counts the
	// whole loop, so it is a lower bound.
	movesPerSec := float64(len(all)) / elapsed.Seconds()
	raw, rawLat := rawUpdates(b, filepath.Join(b.TempDir(), "raw.db"))
	b.ReportMetric(quantile(all, 0.50), "p50-ms")
	b.ReportMetric(quantile(all, 0.99), "p99-ms")
	b.ReportMetric(movesPerSec, "moves/s")
	b.ReportMetric(raw, "bbolt-updates/s")
	b.ReportMetric(quantile(rawLat, 0.99), "bbolt-p99-ms")
	b.ReportMetric(movesPerSec/raw, "ratio")
}

// quantile of latencies, in milliseconds; it sorts them.
func quantile(d []time.Duration, q float64) float64 {
	slices.Sort(d)
	return float64(d[min(len(d)-1, int(q*float64(len(d))))].Microseconds()) / 1000
}

// rawUpdates is sequential bbolt Update/s: one small put per fsynced transaction, for about half
// a second.
func rawUpdates(b *testing.B, path string) (float64, []time.Duration) {
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	val := make([]byte, 200)
	start := time.Now()
	n := 0
	var lat []time.Duration
	for ; n < 20 || time.Since(start) < 500*time.Millisecond; n++ {
		t0 := time.Now()
		err := db.Update(func(tx *bolt.Tx) error {
			bk, err := tx.CreateBucketIfNotExists([]byte("games"))
			if err != nil {
				return err
			}
			k := binary.BigEndian.AppendUint64(nil, uint64(n%64))
			return bk.Put(k, val)
		})
		lat = append(lat, time.Since(t0))
		if err != nil {
			b.Fatal(err)
		}
	}
	return float64(n) / time.Since(start).Seconds(), lat
}
