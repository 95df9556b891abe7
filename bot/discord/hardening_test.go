package discord

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/say"
)

// endless is a request body of n bytes that costs nothing to hold; it counts what was read.
type endless struct {
	left int64
	read *atomic.Int64
}

func (b *endless) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, io.EOF
	}
	n := min(int64(len(p)), b.left)
	for i := range p[:n] {
		p[i] = 'a'
	}
	b.left -= n
	b.read.Add(n)
	return int(n), nil
}

func (b *endless) Close() error { return nil }

// Whatever its body, a request whose signature headers cannot be Discord's is refused before a
// byte of the body is read.
func TestEndpointChecksHeadersBeforeTheBody(t *testing.T) {
	e, _, _ := testEndpoint(t, handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		t.Error("the bot was asked")
		return bot.Reply{}
	}))
	fresh := strconv.FormatInt(now.Unix(), 10)
	goodSig := strings.Repeat("ab", 64)
	for _, c := range []struct {
		name   string
		sig    string
		ts     string
		length int64
		code   int
	}{
		{"a request without headers", "", "", MaxBody, 401},
		{"a request without a timestamp", goodSig, "", MaxBody, 401},
		{"a signature one byte short", goodSig[:126], fresh, MaxBody, 401},
		{"a signature one byte long", goodSig + "ab", fresh, MaxBody, 401},
		{"a signature of the right length that is not hex", strings.Repeat("zz", 64), fresh, MaxBody, 401},
		{"a timestamp that is not a number", goodSig, "12:00", MaxBody, 401},
		{"a timestamp of a thousand digits", goodSig, strings.Repeat("9", 1000), MaxBody, 401},
		{"a timestamp from yesterday", goodSig, strconv.FormatInt(now.Add(-24*time.Hour).Unix(), 10), MaxBody, 401},
		{"a well-formed request announcing more than MaxBody", goodSig, fresh, MaxBody + 1, 413},
	} {
		t.Run(c.name+" is refused unread", func(t *testing.T) {
			var read atomic.Int64
			r := httptest.NewRequest("POST", "/interactions", nil)
			r.Body, r.ContentLength = &endless{left: c.length, read: &read}, c.length
			if c.sig != "" {
				r.Header.Set("X-Signature-Ed25519", c.sig)
			}
			if c.ts != "" {
				r.Header.Set("X-Signature-Timestamp", c.ts)
			}
			w := serveHTTP(e, r)
			if w.Code != c.code {
				t.Fatalf("status %d, want %d (%s)", w.Code, c.code, w.Body)
			}
			if n := read.Load(); n != 0 {
				t.Errorf("%d bytes of the body were read", n)
			}
		})
	}
	t.Run("a body longer than announced stops at MaxBody", func(t *testing.T) {
		var read atomic.Int64
		r := httptest.NewRequest("POST", "/interactions", nil)
		r.Body, r.ContentLength = &endless{left: 10 * MaxBody, read: &read}, -1
		r.Header.Set("X-Signature-Ed25519", goodSig)
		r.Header.Set("X-Signature-Timestamp", fresh)
		if w := serveHTTP(e, r); w.Code != 413 {
			t.Fatalf("status %d, want 413", w.Code)
		}
		if n := read.Load(); n > MaxBody+64<<10 {
			t.Errorf("%d bytes were read", n)
		}
	})
}

// heapAfterGC is the live heap once garbage is collected.
func heapAfterGC() (heap, total uint64) {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc, m.TotalAlloc
}

// 500 requests of 1 MiB each over real connections: unsigned ones cost the server next to nothing,
// and forged ones (headers that look right, a wrong signature) leave nothing behind.
func TestBigRequestsDoNotGrowMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("sends 1 GB")
	}
	e, _, _ := testEndpoint(t, handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		t.Error("the bot was asked")
		return bot.Reply{}
	}))
	srv := httptest.NewServer(e)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	defer client.CloseIdleConnections()
	send := func(signed bool) int {
		var read atomic.Int64
		req, _ := http.NewRequest("POST", srv.URL+"/interactions", &endless{left: MaxBody, read: &read})
		req.ContentLength = MaxBody
		if signed {
			req.Header.Set("X-Signature-Ed25519", strings.Repeat("ab", 64))
			req.Header.Set("X-Signature-Timestamp", strconv.FormatInt(now.Unix(), 10))
		}
		resp, err := client.Do(req)
		if err != nil {
			// The server may close the connection on a body it will not read; that is a refusal too.
			return 0
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, c := range []struct {
		name   string
		signed bool
		code   int
		// bound on the allocations of all 500, server and client: unsigned bodies are never read;
		// forged ones are, one MaxBody each.
		alloc uint64
	}{
		{"unsigned", false, 401, 64 << 20},
		{"forged", true, 401, 700 << 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			send(c.signed) // warm up the connection pool
			heap0, total0 := heapAfterGC()
			var wg sync.WaitGroup
			var codes sync.Map
			var left atomic.Int64
			left.Store(500)
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for left.Add(-1) >= 0 {
						code := send(c.signed)
						n, _ := codes.LoadOrStore(code, new(atomic.Int64))
						n.(*atomic.Int64).Add(1)
					}
				}()
			}
			wg.Wait()
			heap1, total1 := heapAfterGC()
			var summary []string
			codes.Range(func(k, v any) bool {
				summary = append(summary, fmt.Sprintf("%v×%d", k, v.(*atomic.Int64).Load()))
				if k != c.code && k != 0 {
					t.Errorf("status %v", k)
				}
				return true
			})
			grew := int64(heap1) - int64(heap0)
			t.Logf("%s: 500 requests of 1 MiB: answers %v; live heap %d KiB → %d KiB (%+d KiB); allocated in all %d KiB",
				c.name, summary, heap0>>10, heap1>>10, grew>>10, (total1-total0)>>10)
			if grew > 8<<20 {
				t.Errorf("the live heap grew by %d KiB", grew>>10)
			}
			if total1-total0 > c.alloc {
				t.Errorf("allocated %d MiB, more than %d MiB", (total1-total0)>>20, c.alloc>>20)
			}
		})
	}
}

// A captured request replayed while its timestamp is still accepted is refused, however many
// interactions came in between; the ids are forgotten once no replay could pass the clock.
func TestReplayIsRefusedWithinTheWindow(t *testing.T) {
	clock := newClock()
	clock.now = now
	var handled atomic.Int64
	s := newSigner(t)
	work := NewWork(context.Background(), quietLog())
	e := NewEndpoint(NewInteractions(handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		handled.Add(1)
		return bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Plain("ok")}}
	}), nil), s.pub, work, EndpointOptions{Now: clock.Now, Log: quietLog()})
	cmd := func(id string) string {
		return `{"id":"` + id + `","type":2,"token":"t","guild_id":"1","channel_id":"2","data":{"name":"ouri"}}`
	}
	captured := cmd("captured")
	signedAt := clock.Now().Add(MaxSkew) // as far ahead as is accepted: the longest-lived replay
	if w := serveHTTP(e, s.request(captured, signedAt)); w.Code != 200 {
		t.Fatalf("first delivery: status %d (%s)", w.Code, w.Body)
	}
	// 10,000 others, spread over the window as Discord would send them (~14 a second).
	const others = 10_000
	step := (2*MaxSkew - time.Second) / others
	for i := range others {
		clock.Advance(step)
		if w := serveHTTP(e, s.request(cmd(strconv.Itoa(i)), clock.Now())); w.Code != 200 {
			t.Fatalf("request %d: status %d (%s)", i, w.Code, w.Body)
		}
	}
	w := serveHTTP(e, s.request(captured, signedAt))
	if w.Code != http.StatusConflict {
		t.Fatalf("a replay %v after the first delivery, %d requests later: status %d, want 409", clock.Now().Sub(now), others, w.Code)
	}
	if n := handled.Load(); n != others+1 {
		t.Errorf("handled %d, want %d", n, others+1)
	}
	t.Logf("remembered ids after %d requests in %v: %d", others+1, clock.Now().Sub(now), e.p.seen.size())
	clock.Advance(replayWindow)
	if w := serveHTTP(e, s.request(captured, signedAt)); w.Code != http.StatusUnauthorized {
		t.Errorf("the replay once its signature is stale: status %d, want 401", w.Code)
	}
	if w := serveHTTP(e, s.request(cmd("late"), clock.Now())); w.Code != 200 {
		t.Fatalf("a new request: status %d", w.Code)
	}
	if n := e.p.seen.size(); n != 1 {
		t.Errorf("%d ids remembered after the window passed, want 1", n)
	}
}

func TestRecentForgetsByTime(t *testing.T) {
	clock := newClock()
	r := newRecent(time.Minute, clock.Now)
	for i := range 5000 {
		if !r.first(strconv.Itoa(i)) {
			t.Fatalf("%d seen before", i)
		}
		clock.Advance(time.Second / 50) // 50 a second: 3,000 in the window
	}
	if r.first("4000") || r.first("2001") {
		t.Error("an id seen within the minute was taken as new")
	}
	if !r.first("1999") {
		t.Error("an id seen more than a minute ago is still remembered")
	}
	if n := r.size(); n > 3001 {
		t.Errorf("%d ids remembered, want at most a minute's 3,000", n)
	}
	for range 2 { // an id-less interaction is never taken for a replay, however often it comes
		if !r.first("") {
			t.Error("an interaction without id was refused")
		}
	}
}

// When MaxInFlight requests are being answered, one more is told to come back later, and is
// served once one finishes.
func TestEndpointLimitsRequestsInFlight(t *testing.T) {
	release := make(chan struct{})
	var inHandler atomic.Int32
	s := newSigner(t)
	work := NewWork(context.Background(), quietLog())
	e := NewEndpoint(NewInteractions(handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		inHandler.Add(1)
		if in.ID != "free" {
			<-release
		}
		return bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Plain("ok")}}
	}), nil), s.pub, work, EndpointOptions{Now: func() time.Time { return now }, Log: quietLog(), MaxInFlight: 2})
	cmd := func(id string) *http.Request {
		return s.request(`{"id":"`+id+`","type":2,"token":"t","guild_id":"1","channel_id":"2","data":{"name":"ouri"}}`, now)
	}
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = serveHTTP(e, cmd(fmt.Sprint("slow", i))).Code
		}()
	}
	for inHandler.Load() < 2 {
		time.Sleep(time.Millisecond)
	}
	w := serveHTTP(e, cmd("free"))
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
		t.Errorf("a third request with two in flight: status %d, Retry-After %q; want 503 with Retry-After", w.Code, w.Header().Get("Retry-After"))
	}
	if w := serveHTTP(e, httptest.NewRequest("GET", "/healthz", nil)); w.Code != 200 {
		t.Errorf("/healthz while full: %d", w.Code)
	}
	close(release)
	wg.Wait()
	if codes[0] != 200 || codes[1] != 200 {
		t.Errorf("the slow requests: %v", codes)
	}
	if w := serveHTTP(e, cmd("free")); w.Code != 200 {
		t.Errorf("once they finished: status %d", w.Code)
	}
}

// A flood of refused requests writes one log line a second, not one each.
func TestRefusalsAreLoggedSparingly(t *testing.T) {
	clock := newClock()
	var logs logBuffer
	s := newSigner(t)
	e := NewEndpoint(NewInteractions(handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply { return bot.Reply{} }), nil), s.pub,
		NewWork(context.Background(), quietLog()), EndpointOptions{Now: clock.Now, Log: slog.New(slog.NewTextHandler(&logs, nil))})
	for range 500 {
		serveHTTP(e, httptest.NewRequest("POST", "/interactions", strings.NewReader(ping)))
	}
	clock.Advance(time.Second)
	serveHTTP(e, httptest.NewRequest("POST", "/interactions", strings.NewReader(ping)))
	out := logs.String()
	if n := strings.Count(out, "refused unsigned interaction"); n != 2 {
		t.Errorf("%d lines for 501 refusals over a second, want 2:\n%s", n, out)
	}
	if !strings.Contains(out, "more_not_logged=499") {
		t.Errorf("the second line does not count the 499 left out:\n%s", out)
	}
}
