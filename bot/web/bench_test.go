package web

import (
	"bufio"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/table"
)

// A thousand watchers of one game hear of each move: the time from the decision to the last of
// them reading it (p99), and the memory a watcher takes, client and server side together.
//
//	go test ./bot/web/ -run '^$' -bench Thousand -benchtime 10x
func BenchmarkAThousandWatchersHearOfAMove(b *testing.B) {
	const n = 1000
	s := newSite(b)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n, MaxConnsPerHost: 0}}
	var mu sync.Mutex
	heard := map[int][]time.Time{} // ply -> when each watcher read it
	ready := make(chan struct{}, n)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		res, err := client.Get(s.srv.URL + s.path(s.people) + "/events")
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { res.Body.Close() })
		go func() {
			sc := bufio.NewScanner(res.Body)
			sc.Buffer(make([]byte, 0, 4<<10), 1<<20)
			first := true
			for sc.Scan() {
				line := sc.Text()
				if !strings.HasPrefix(line, "data: ") {
					continue
				}
				at := time.Now()
				if first {
					first = false
					ready <- struct{}{}
					continue
				}
				// "ply" follows "kind" and "title" near the start of the state.
				i := strings.Index(line, `"ply":`)
				j := strings.IndexByte(line[i+6:], ',')
				ply := atoi(line[i+6 : i+6+j])
				mu.Lock()
				heard[ply] = append(heard[ply], at)
				mu.Unlock()
			}
		}()
	}
	for range n {
		<-ready
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	perWatcher := float64(after.HeapInuse+after.StackInuse-before.HeapInuse-before.StackInuse) / n

	var lags []time.Duration
	players := [2]string{"111", "222"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, live, err := s.st.Game(s.people.ID)
		if err != nil || live.Outcome().Over() {
			b.Fatalf("the game cannot go on: %v", err)
		}
		play := games.Names(live, live.Legal())[0]
		start := time.Now()
		if _, _, err := s.b.Table().Move(table.Actor{User: players[live.ToMove()], Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}, play); err != nil {
			b.Fatal(err)
		}
		ply := live.Ply() + 1
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			mu.Lock()
			got := len(heard[ply])
			mu.Unlock()
			if got == n {
				break
			}
			if time.Now().After(deadline) {
				b.Fatalf("after 10s %d of %d watchers heard of ply %d", got, n, ply)
			}
		}
		mu.Lock()
		for _, at := range heard[ply] {
			lags = append(lags, at.Sub(start))
		}
		mu.Unlock()
	}
	b.StopTimer()
	slices.Sort(lags)
	b.ReportMetric(float64(lags[len(lags)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(lags[len(lags)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(perWatcher, "B/watcher")
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
