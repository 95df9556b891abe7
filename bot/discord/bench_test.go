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
func (r httpReply) enabledSows() []string {
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
func (tb *table) newBoard(channel, a, b string) (string, httpReply, error) {
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

// playGames runs one goroutine per game against the endpoint over a real connection, b.N moves in
// all, and reports the moves' latencies. move plays game i's next move: it returns the latency to
// record, or ok=false for a step that is not a move (starting the next game).
func playGames(b *testing.B, tb *table, games int, move func(i int) (lat time.Duration, ok bool, err error)) {
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
			for len(lat[i]) < n {
				d, ok, err := move(i)
				if err != nil {
					failed.Do(func() { failure = fmt.Errorf("game %d: %w", i, err) })
					return
				}
				if ok {
					lat[i] = append(lat[i], d)
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

// serveOverHTTP puts the endpoint behind a real HTTP server for the benchmarks.
func serveOverHTTP(b *testing.B) *table {
	tb := newTable(b)
	srv := httptest.NewServer(tb.e)
	b.Cleanup(srv.Close)
	tb.url = srv.URL
	return tb
}

func benchmarkHTTPClick(b *testing.B, games int) {
	tb := serveOverHTTP(b)
	type board struct {
		channel, a, c, msg string
		last               httpReply
	}
	boards := make([]board, games)
	for i := range boards {
		boards[i] = board{channel: fmt.Sprint(1000 + i), a: fmt.Sprint(2000 + 2*i), c: fmt.Sprint(2001 + 2*i)}
	}
	playGames(b, tb, games, func(i int) (time.Duration, bool, error) {
		p := &boards[i]
		sows := p.last.enabledSows()
		if len(sows) == 0 { // no board yet, or the game is over: the next one
			var err error
			p.msg, p.last, err = tb.newBoard(p.channel, p.a, p.c)
			return 0, false, err
		}
		// Whoever is to move clicks; the other player's click would be refused privately.
		for _, mover := range []string{p.a, p.c} {
			t0 := time.Now()
			r, _, err := tb.post(click(mover, p.channel, sows[0], p.msg))
			if err != nil || r.private() {
				if err != nil {
					return 0, false, err
				}
				continue
			}
			p.last = r
			return time.Since(t0), true, nil
		}
		return 0, false, fmt.Errorf("neither player may click %s", sows[0])
	})
}

// benchmarkHTTPMove moves by /ouri move with the first move autocomplete offers. Autocomplete
// requests are part of the loop but not of a move's latency; moves/s counts the whole loop, so it
// is a lower bound.
func benchmarkHTTPMove(b *testing.B, games int) {
	tb := serveOverHTTP(b)
	type pair struct{ channel, mover, waiter string }
	pairs := make([]pair, games)
	for i := range pairs {
		ch := fmt.Sprint(1000 + i)
		m, w := tb.startGame(ch, fmt.Sprint(2000+2*i), fmt.Sprint(2001+2*i))
		pairs[i] = pair{ch, m, w}
	}
	playGames(b, tb, games, func(i int) (time.Duration, bool, error) {
		p := &pairs[i]
		r, _, err := tb.post(typing(p.mover, p.channel, "ouri", ""))
		if err != nil {
			return 0, false, err
		}
		if len(r.Data.Choices) == 0 { // the game is over: the next one
			if _, err := tb.restart(p.channel, p.mover, p.waiter); err != nil {
				return 0, false, err
			}
			if r, _, _ := tb.post(typing(p.mover, p.channel, "ouri", "")); len(r.Data.Choices) == 0 {
				p.mover, p.waiter = p.waiter, p.mover
			}
			return 0, false, nil
		}
		t0 := time.Now()
		r, _, err = tb.post(command(p.mover, p.channel, "ouri", "move", opt{"play", 3, r.Data.Choices[0].Value}))
		d := time.Since(t0)
		if err != nil || r.private() {
			return 0, false, fmt.Errorf("move refused: %v %s", err, r.Data.Content)
		}
		p.mover, p.waiter = p.waiter, p.mover
		return d, true, nil
	})
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
