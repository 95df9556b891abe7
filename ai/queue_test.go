package ai

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/ai/ouriai"
	"tabuleiro/games"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// midgame is an Ouri game a few plies in, past the opening book, where hard has something to
// think about.
func midgame(t testing.TB) games.Game {
	g, err := ouri.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"d", "c", "e", "a", "b"} {
		mv, err := g.Parse(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := ouriai.Opening(ouri.RulesOuri)[g.Position()]; ok {
		t.Fatal("the midgame is in the opening book, which answers at once")
	}
	return g
}

func TestHardSearchesQueue(t *testing.T) {
	t.Run("no more than MaxSearches run at once, and every caller gets its move", func(t *testing.T) {
		p := New(Config{EndgameSeeds: testSeeds, MaxSearches: 2})
		g := midgame(t)
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m, err := p.Choose(context.Background(), g.Clone(), Settings{Level: Hard, MoveTime: 20 * time.Millisecond, Seed: uint64(i)})
				if err == nil {
					err = g.Clone().Play(m)
				}
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Error(err)
			}
		}
		if peak := p.peak.Load(); peak > 2 || peak < 1 {
			t.Errorf("%d searches ran at once, want at most 2", peak)
		}
		if n := p.Searching(); n != 0 {
			t.Errorf("%d searches still counted as running", n)
		}
		if n := len(ouriOf(p).searches.items); n > 2 {
			t.Errorf("%d searchers kept, want at most 2", n)
		}
	})

	for _, kind := range []string{"ouri", "ordo"} {
		t.Run("a cancelled "+kind+" search returns ctx.Err() at once, waiting or searching", func(t *testing.T) {
			p := New(Config{EndgameSeeds: testSeeds, MaxSearches: 1})
			var g games.Game = midgame(t)
			if kind == "ordo" {
				g, _ = ordo.New(nil)
			}
			first, stopFirst := context.WithCancel(context.Background())
			firstDone := make(chan error, 1)
			go func() {
				_, err := p.Choose(first, g.Clone(), Settings{Level: Hard, MoveTime: time.Minute})
				firstDone <- err
			}()
			for p.Searching() == 0 {
				time.Sleep(time.Millisecond)
			}

			second, stopSecond := context.WithCancel(context.Background())
			secondDone := make(chan error, 1)
			go func() {
				_, err := p.Choose(second, g.Clone(), Settings{Level: Hard, MoveTime: time.Minute})
				secondDone <- err
			}()
			time.Sleep(20 * time.Millisecond) // it waits in the queue behind the first
			waitReturn(t, "waiting", stopSecond, secondDone)
			waitReturn(t, "searching", stopFirst, firstDone)

			// The queue is free again.
			if _, err := p.Choose(context.Background(), g.Clone(), Settings{Level: Hard, MoveTime: 10 * time.Millisecond}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func waitReturn(t *testing.T, what string, cancel context.CancelFunc, done chan error) {
	t.Helper()
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		el := time.Since(start)
		t.Logf("a search cancelled while %s returned after %v", what, el)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("a search cancelled while %s returned %v, want context.Canceled", what, err)
		}
	case <-time.After(30 * time.Second):
		// Its budget is a minute: half of it means the cancellation was not heard. (About 50 ms on
		// a quiet machine; how fast is the budget benchmarks' business, not a unit test's.)
		t.Fatalf("a search cancelled while %s had not returned after 30 s", what)
	}
}

// TestHardSearchesMemory runs 200 Ouri searches at once and reports the memory they take: with the
// queue, as much as MaxSearches searches, not 200.
func TestHardSearchesMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("200 searches")
	}
	const calls = 200
	p := New(Config{EndgameSeeds: testSeeds})
	g := midgame(t)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	stop := make(chan struct{})
	peakHeap := make(chan uint64)
	go func() {
		var most uint64
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			most = max(most, ms.HeapInuse)
			select {
			case <-stop:
				peakHeap <- most
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	var failed sync.Once
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := p.Choose(context.Background(), g.Clone(), Settings{Level: Hard, MoveTime: 10 * time.Millisecond, Seed: uint64(i)}); err != nil {
				failed.Do(func() { t.Error(err) })
			}
		}()
	}
	wg.Wait()
	close(stop)
	heap := <-peakHeap
	const mib = 1 << 20
	grew := int64(heap) - int64(before.HeapInuse)
	t.Logf("%d concurrent Ouri searches, MaxSearches %d: heap in use peaked at %.1f MiB (%+.1f MiB), process peak RSS %s",
		calls, p.cfg.MaxSearches, float64(heap)/mib, float64(grew)/mib, peakRSS())
	// Each search's table is 16 MiB; allow the running ones and some slack, far below 200 tables.
	if limit := int64(p.cfg.MaxSearches+2) * 20 * mib; grew > limit {
		t.Errorf("the heap grew by %d MiB, want at most %d MiB", grew/mib, limit/mib)
	}
}

// peakRSS is the process's peak resident set (VmHWM) where /proc has it.
func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// BenchmarkCancelledSearch measures how soon a hard Ouri search returns once its ctx is cancelled
// (the issue asks for 50 ms at most).
func BenchmarkCancelledSearch(b *testing.B) {
	p := New(Config{EndgameSeeds: testSeeds, MaxSearches: 1})
	g := midgame(b)
	var worst time.Duration
	for range b.N {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time)
		go func() {
			p.Choose(ctx, g.Clone(), Settings{Level: Hard, MoveTime: time.Minute})
			done <- time.Now()
		}()
		time.Sleep(5 * time.Millisecond)
		start := time.Now()
		cancel()
		worst = max(worst, (<-done).Sub(start))
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
}
