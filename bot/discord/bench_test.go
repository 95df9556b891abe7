package discord

import (
	"encoding/binary"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
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
//
// Two ways to move: "command" is /ouri move (a new public board, whose message id After fetches and
// stores, and whose predecessor After edits), "button" is a click on a house of the live board (the
// board is updated in place: one transaction, no REST follow-up) — how most moves are made.
func BenchmarkHTTPMove(b *testing.B) {
	for _, games := range []int{1, 32} {
		b.Run(fmt.Sprintf("command/games=%d", games), func(b *testing.B) { benchmarkHTTPMove(b, games) })
		b.Run(fmt.Sprintf("button/games=%d", games), func(b *testing.B) { benchmarkHTTPClick(b, games) })
	}
}

// enabledSows lists the custom ids of the enabled house buttons of a board.
func (r response) enabledSows() []string {
	var ids []string
	r.eachComponent(func(c map[string]any) {
		if id, ok := c["custom_id"].(string); ok && strings.Contains(id, "/sow/") && c["disabled"] != true {
			ids = append(ids, id)
		}
	})
	slices.Sort(ids)
	return ids
}

// newBoard challenges and accepts in channel, from any goroutine, and returns the board's message
// id and the accepting answer (the first board).
func (tb *table) newBoard(channel, a, b string) (string, response, error) {
	r, token, err := tb.post(command(a, channel, "ouri", "challenge", opt{"opponent", 6, b}))
	if err != nil || r.private() {
		return "", r, fmt.Errorf("challenge: %v %s", err, r.Data.Content)
	}
	msg := "orig-" + token
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/accept") {
			r, _, err = tb.post(click(b, channel, id, msg))
			if err != nil || r.private() {
				return "", r, fmt.Errorf("accept: %v %s", err, r.Data.Content)
			}
			return msg, r, nil
		}
	}
	return "", r, fmt.Errorf("no Accept button in %v", r.customIDs())
}

func benchmarkHTTPClick(b *testing.B, games int) {
	tb := newTable(b)
	srv := httptest.NewServer(tb.e)
	defer srv.Close()
	tb.url = srv.URL

	lat := make([][]time.Duration, games)
	var failed sync.Once
	var failure error
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < games; i++ {
		n := b.N / games
		if i < b.N%games {
			n++
		}
		wg.Add(1)
		go func(i, n int) {
			defer wg.Done()
			fail := func(err error) { failed.Do(func() { failure = fmt.Errorf("game %d: %w", i, err) }) }
			ch, a, c := fmt.Sprint(1000+i), fmt.Sprint(2000+2*i), fmt.Sprint(2001+2*i)
			var msg string
			var board response
			for done := 0; done < n; {
				sows := board.enabledSows()
				if len(sows) == 0 { // no board yet, or the game is over: the next one
					var err error
					if msg, board, err = tb.newBoard(ch, a, c); err != nil {
						fail(err)
						return
					}
					continue
				}
				// Whoever is to move clicks; the other player's click would be refused privately.
				for _, mover := range []string{a, c} {
					t0 := time.Now()
					r, _, err := tb.post(click(mover, ch, sows[0], msg))
					if err != nil {
						fail(err)
						return
					}
					if r.private() {
						continue
					}
					lat[i] = append(lat[i], time.Since(t0))
					board = r
					done++
					break
				}
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

	reportMoves(b, slices.Concat(lat...), elapsed)
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

	// Autocomplete requests are part of the loop but not of a move's latency; moves/s counts the
	// whole loop, so it is a lower bound.
	reportMoves(b, slices.Concat(lat...), elapsed)
}

// reportMoves reports the moves' p50 and p99, moves/s, and sequential bbolt Update/s measured now
// on the same disk, for scale.
func reportMoves(b *testing.B, lat []time.Duration, elapsed time.Duration) {
	movesPerSec := float64(len(lat)) / elapsed.Seconds()
	raw, rawLat := rawUpdates(b, filepath.Join(b.TempDir(), "raw.db"))
	b.ReportMetric(quantile(lat, 0.50), "p50-ms")
	b.ReportMetric(quantile(lat, 0.99), "p99-ms")
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
