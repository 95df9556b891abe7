package web

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/table"
)

// A thousand watchers of one game hear of each move: the time from the decision to the last of
// them reading it (p99, p50), and the memory the server takes a watcher (B/watcher: its heap in
// use and goroutine stacks after a collection, before and after the watchers came, divided by
// them). The watchers are in another process (TestWatchersProcess), so that this process's memory
// is the server's alone.
//
//	go test ./bot/web/ -run '^$' -bench Thousand -benchtime 10x
func BenchmarkAThousandWatchersHearOfAMove(b *testing.B) {
	const n = 1000
	s := newSite(b)
	before := serverMemory()
	heard := watchersElsewhere(b, s.srv.URL+s.path(s.people)+"/events", n)
	perWatcher := float64(serverMemory()-before) / n

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
		select {
		case h := <-heard:
			if h.ply != live.Ply()+1 {
				b.Fatalf("the watchers heard of ply %d, want %d", h.ply, live.Ply()+1)
			}
			for _, at := range h.at {
				lags = append(lags, at.Sub(start))
			}
		case <-time.After(10 * time.Second):
			b.Fatalf("after 10s not every watcher had heard of ply %d", live.Ply()+1)
		}
	}
	b.StopTimer()
	slices.Sort(lags)
	b.ReportMetric(float64(lags[len(lags)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(lags[len(lags)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(perWatcher, "B/watcher")
}

// serverMemory is this process's heap in use and goroutine stacks, once what it starts or ends
// has settled and the collector has run.
func serverMemory() uint64 {
	for last, still := runtime.NumGoroutine(), 0; still < 5; still++ {
		time.Sleep(20 * time.Millisecond)
		if n := runtime.NumGoroutine(); n != last {
			last, still = n, 0
		}
	}
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}

// heardAll is when each watcher read a ply.
type heardAll struct {
	ply int
	at  []time.Time
}

// watchersElsewhere starts n watchers of the event stream at url in another process and gives,
// once every one has its first state, each later ply when all of them have read it.
func watchersElsewhere(b *testing.B, url string, n int) <-chan heardAll {
	cmd := exec.Command(os.Args[0], "-test.run=^TestWatchersProcess$")
	cmd.Env = append(os.Environ(), "TABULEIRO_WATCHERS_URL="+url, "TABULEIRO_WATCHERS="+strconv.Itoa(n))
	cmd.Stderr = os.Stderr
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	lines := bufio.NewScanner(out)
	lines.Buffer(nil, 1<<20)
	if !lines.Scan() || lines.Text() != "ready" {
		b.Fatalf("the watchers' process did not get ready: %q %v", lines.Text(), lines.Err())
	}
	heard := make(chan heardAll)
	go func() {
		for lines.Scan() {
			f := strings.Fields(lines.Text())
			h := heardAll{ply: atoi(f[0])}
			for _, ns := range f[1:] {
				t, _ := strconv.ParseInt(ns, 10, 64)
				h.at = append(h.at, time.Unix(0, t))
			}
			heard <- h
		}
	}()
	return heard
}

// TestWatchersProcess is not a test: run by watchersElsewhere with TABULEIRO_WATCHERS_URL, it
// opens TABULEIRO_WATCHERS event streams there, prints "ready" once each has its first state,
// then a line a ply when every stream has read it: the ply and when each read it (Unix ns). It
// runs until its input closes.
func TestWatchersProcess(t *testing.T) {
	url := os.Getenv("TABULEIRO_WATCHERS_URL")
	if url == "" {
		t.Skip("the benchmark's watchers, run as a process of their own")
	}
	n, _ := strconv.Atoi(os.Getenv("TABULEIRO_WATCHERS"))
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n, DisableCompression: true}}
	var mu sync.Mutex
	heard := map[int][]int64{}
	ready := make(chan struct{}, n)
	for range n {
		res, err := client.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		go func() {
			sc := bufio.NewScanner(res.Body)
			sc.Buffer(make([]byte, 0, 4<<10), 1<<20)
			first := true
			for sc.Scan() {
				line := sc.Text()
				if !strings.HasPrefix(line, "data: ") {
					continue
				}
				at := time.Now().UnixNano()
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
				if len(heard[ply]) == n {
					fmt.Printf("%d %s\n", ply, strings.Trim(fmt.Sprint(heard[ply]), "[]"))
				}
				mu.Unlock()
			}
		}()
	}
	for range n {
		<-ready
	}
	fmt.Println("ready")
	io.Copy(io.Discard, os.Stdin)
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
