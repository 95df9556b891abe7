package web

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// Watchers in two languages share a room: each hears every move in their own language.
func TestWatchersHearEachMoveInTheirOwnLanguage(t *testing.T) {
	s := newSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	en, pt := s.client(t, "en-US").stream(ctx, s.people), s.client(t, "pt-BR").stream(ctx, s.people)
	next(t, en)
	next(t, pt)
	if _, _, err := s.b.Table().Move(table.Actor{User: "111", Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}, "a3-a4"); err != nil {
		t.Fatal(err)
	}
	if st := next(t, en); st.Last == nil || st.Last.Said != "Alice (White) played a3-a4." {
		t.Errorf("the English watcher heard %+v", st.Last)
	}
	if st := next(t, pt); st.Last == nil || st.Last.Said != "Alice (Brancas) jogou a3-a4." {
		t.Errorf("the Portuguese watcher heard %+v", st.Last)
	}
	if n := len(s.rooms()); n != 1 {
		t.Errorf("two watchers of one game make %d rooms", n)
	}
	cancel()
}

// A watcher that has not taken a state gets the newer one in its place, and offering never waits.
func TestASlowWatcherGetsTheNewestStateOnly(t *testing.T) {
	w := &seatless{c: make(chan []byte, 1)}
	for _, b := range []string{"ply 1", "ply 2", "ply 3"} {
		w.offer([]byte(b))
	}
	if got := string(<-w.c); !strings.HasSuffix(got, "3") {
		t.Errorf("the slow watcher got %q, want the newest", got)
	}
	select {
	case b := <-w.c:
		t.Errorf("the slow watcher holds a second state %q", b)
	default:
	}
}

// flushOnly is a ResponseWriter that streams but does not hand its connection over, as a
// middleware's may not.
type flushOnly struct{ http.ResponseWriter }

func (w flushOnly) Flush() { w.ResponseWriter.(http.Flusher).Flush() }

// Whether the room holds the watchers' connections (HTTP/1.1) or their requests stream them
// (HTTP/2, a ResponseWriter that does not hand its connection over), many watchers of a game hear
// its state at once, then each move once, in their language; a watcher that goes is taken out of
// the room, and the server's shutdown ends the others' streams (their pages reconnect).
func TestWatchersStreamWhetherTheirConnectionsAreHeldOrNot(t *testing.T) {
	for _, tt := range []struct {
		name  string
		serve func(s *site) *httptest.Server
		held  bool
	}{
		{"over HTTP/1.1 the room holds them", func(s *site) *httptest.Server { return s.srv }, true},
		{"over HTTP/2 the requests stream", func(s *site) *httptest.Server {
			srv := httptest.NewUnstartedServer(s.web)
			srv.EnableHTTP2 = true
			srv.StartTLS()
			return srv
		}, false},
		{"through a writer that keeps its connection the requests stream", func(s *site) *httptest.Server {
			return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				s.web.ServeHTTP(flushOnly{w}, r)
			}))
		}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t)
			srv := tt.serve(s)
			defer srv.Close()
			const n = 6
			langs := []string{say.English, say.Portuguese}
			var streams []<-chan State
			var leave []context.CancelFunc
			for i := range n {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				st, res := streamAt(t, ctx, srv.Client(), srv.URL+s.path(s.people)+"/events", langs[i%2])
				if ct, csp := res.Header.Get("Content-Type"), res.Header.Get("Content-Security-Policy"); ct != "text/event-stream" || csp == "" {
					t.Errorf("the stream came as %q, with the policy %q", ct, csp)
				}
				if got := next(t, st); got.Ply != 0 {
					t.Fatalf("watcher %d began at ply %d", i, got.Ply)
				}
				streams, leave = append(streams, st), append(leave, cancel)
			}
			held := 0
			if tt.held {
				held = n
			}
			s.waitWatchers(t, s.people, n, held)
			// A change that changes nothing is sent to nobody: the next state is the move's.
			s.web.fanOut(s.people.ID, s.rooms()[0])
			if _, _, err := s.b.Table().Move(table.Actor{User: "111", Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}, "a3-a4"); err != nil {
				t.Fatal(err)
			}
			for i, st := range streams {
				if got, want := next(t, st), said(t, s, s.people, langs[i%2]); got.Ply != 1 || got.Last == nil || got.Last.Said != want {
					t.Errorf("watcher %d heard ply %d, %+v; want ply 1, %q", i, got.Ply, got.Last, want)
				}
			}
			leave[0]()
			s.waitWatchers(t, s.people, n-1, held*(n-1)/n)
			s.web.EndStreams()
			for i, st := range streams[1:] {
				if ended(st) {
					continue
				}
				t.Errorf("watcher %d's stream goes on after the shutdown", i+1)
			}
			s.waitWatchers(t, s.people, 0, 0)
		})
	}
}

// said is what the last decision of game rec says to a watcher in lang.
func said(t *testing.T, s *site, rec store.Game, lang string) string {
	l, err := s.b.Live(rec.ID, say.For(lang))
	if err != nil {
		t.Fatal(err)
	}
	return state(l, games.NoSeat).Last.Said
}

// ended reports whether a stream ends within a second (whatever states come before).
func ended(st <-chan State) bool {
	deadline := time.After(time.Second)
	for {
		select {
		case _, ok := <-st:
			if !ok {
				return true
			}
		case <-deadline:
			return false
		}
	}
}

// waitWatchers waits a second for game rec to have all watchers, held of them by its room.
func (s *site) waitWatchers(t *testing.T, rec store.Game, all, held int) {
	t.Helper()
	var a, h int
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if a, h = s.watchers(rec); a == all && h == held {
			return
		}
	}
	t.Fatalf("game %d has %d watchers, %d held by its room; want %d, %d held", rec.ID, a, h, all, held)
}

// watchers counts game rec's watchers, and those whose connections its room holds.
func (s *site) watchers(rec store.Game) (all, held int) {
	s.web.rooms.mu.Lock()
	defer s.web.rooms.mu.Unlock()
	r := s.web.rooms.m[rec.ID]
	if r == nil {
		return 0, 0
	}
	for w := range r.watchers {
		w.mu.Lock()
		if w.conn != nil {
			held++
		}
		w.mu.Unlock()
	}
	return len(r.watchers), held
}

// A held stream is a plain HTTP/1.1 response that runs until its connection closes: it says it
// is alive every heartbeat, and the server closes it when its context ends.
func TestAHeldStreamSaysItIsAliveUntilTheServerEndsIt(t *testing.T) {
	s := newSite(t)
	s.web.cfg.Heartbeat = 20 * time.Millisecond
	conn, err := net.Dial("tcp", s.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := conn.Write([]byte("GET " + s.path(s.people) + "/events HTTP/1.1\r\nHost: board\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || !res.Close || res.ContentLength != -1 || len(res.TransferEncoding) != 0 {
		t.Errorf("the stream came as %s, closed at its end %v, length %d, %v", res.Status, res.Close, res.ContentLength, res.TransferEncoding)
	}
	lines := bufio.NewScanner(res.Body)
	var got []string
	for lines.Scan() && !strings.HasPrefix(lines.Text(), ": alive") {
		got = append(got, lines.Text())
	}
	if len(got) < 3 || !strings.HasPrefix(got[2], "data: {") {
		t.Fatalf("the stream began %q, then %v, want the state then a heartbeat", got, lines.Err())
	}
	s.waitWatchers(t, s.people, 1, 1)
	s.stop()
	conn.SetDeadline(time.Now().Add(time.Second))
	for lines.Scan() {
	}
	if err := lines.Err(); err != nil {
		t.Errorf("the stream did not end with the server's context: %v", err)
	}
	s.waitWatchers(t, s.people, 0, 0)
}

// A held watcher that takes nothing holds up no other: the room writes to the others meanwhile,
// and closes its connection once it has waited writeWait.
func TestAStalledWatcherHoldsUpNoOther(t *testing.T) {
	const n = 3 * writers
	ws := make([]*seatless, n)
	heard := make(chan time.Duration, n) // after the room began
	var stalled net.Conn
	start := time.Now()
	for i := range ws {
		server, client := net.Pipe()
		defer client.Close()
		ws[i] = &seatless{conn: server}
		if i == 0 {
			stalled = client // never read: a pipe takes nothing unread
			continue
		}
		go func() {
			b := make([]byte, 64)
			if n, err := client.Read(b); err == nil && strings.Contains(string(b[:n]), "data: ply 1") {
				heard <- time.Since(start)
			}
		}()
	}
	deliver(ws, []byte("ply 1"), event([]byte("ply 1")))
	if took := time.Since(start); took < writeWait || took > writeWait+time.Second {
		t.Errorf("the room wrote for %v, want the stalled watcher's %v", took, writeWait)
	}
	for i := range n - 1 {
		select {
		case after := <-heard:
			if after > writeWait/2 {
				t.Errorf("a watcher heard of ply 1 after %v, waiting on the stalled one", after)
			}
		case <-time.After(time.Second):
			t.Fatalf("%d of %d watchers heard of ply 1 beside a stalled one", i, n-1)
		}
	}
	stalled.SetReadDeadline(time.Now().Add(time.Second))
	if _, err := stalled.Read(make([]byte, 1)); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("the stalled watcher's connection is still open: %v", err)
	}
}

// A state the room offered a watcher while its stream began is written once its connection is
// held, if it is not the first state again.
func TestAStateOfferedBeforeTheHandOverIsSentIfNew(t *testing.T) {
	for _, tt := range []struct{ name, offered, want string }{
		{"a newer state is sent", "ply 2", string(event([]byte("ply 2")))},
		{"the first state again is not", "ply 1", string(alive)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t)
			w, leave := s.web.enter(s.people.ID, say.English)
			w.offer([]byte(tt.offered))
			server, client := net.Pipe()
			read := make(chan string, 4)
			go func() {
				b := make([]byte, 64)
				for {
					n, err := client.Read(b)
					if err != nil {
						return
					}
					read <- string(b[:n])
				}
			}()
			s.web.hold(w, server, []byte("ply 1"), leave)
			w.send(nil, alive)
			select {
			case got := <-read:
				if !strings.HasSuffix(got, tt.want) {
					t.Errorf("the held stream went on with %q, want %q", got, tt.want)
				}
			case <-time.After(time.Second):
				t.Fatal("nothing was written to the held connection")
			}
			client.Close()
			s.waitWatchers(t, s.people, 0, 0)
		})
	}
}
