package rest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// quick keeps the retry tests fast: the waits they check are the ones Discord asks for.
var quick = Retry{Attempts: 4, Backoff: time.Millisecond, MaxBackoff: 4 * time.Millisecond, MaxRateLimit: time.Second}

// discord is a stand-in for Discord's REST API answering each "METHOD /path" with its script in
// order (then 200 {}), and recording the calls.
type discord struct {
	mu     sync.Mutex
	script map[string][]func(w http.ResponseWriter)
	calls  []string
	srv    *httptest.Server
}

func newDiscord(t *testing.T) *discord {
	d := &discord{script: map[string][]func(http.ResponseWriter){}}
	d.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		k := r.Method + " " + r.URL.Path
		d.mu.Lock()
		d.calls = append(d.calls, k)
		var answer func(http.ResponseWriter)
		if q := d.script[k]; len(q) > 0 {
			answer, d.script[k] = q[0], q[1:]
		}
		d.mu.Unlock()
		if answer != nil {
			answer(w)
			return
		}
		io.WriteString(w, `{}`)
	}))
	t.Cleanup(d.srv.Close)
	return d
}

func (d *discord) on(key string, answers ...func(http.ResponseWriter)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.script[key] = append(d.script[key], answers...)
}

func (d *discord) count(key string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for _, c := range d.calls {
		if c == key {
			n++
		}
	}
	return n
}

func status(code int, body string) func(http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		w.WriteHeader(code)
		io.WriteString(w, body)
	}
}

func (d *discord) client() *http.Client {
	base, _ := url.Parse(d.srv.URL)
	return &http.Client{Transport: &Transport{Base: base, Retry: quick}}
}

func do(t *testing.T, c *http.Client, method, path string) int {
	t.Helper()
	req, _ := http.NewRequest(method, "https://discord.com/api/v9"+path, strings.NewReader(`{"content":"x"}`))
	resp, err := c.Do(req)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestTransportRetries(t *testing.T) {
	for _, tt := range []struct {
		name    string
		method  string
		answers []func(http.ResponseWriter)
		status  int
		sent    int
	}{
		{"a 429 is retried after the wait Discord asks for", "POST",
			[]func(http.ResponseWriter){status(429, `{"retry_after":0.01,"global":false}`)}, 200, 2},
		{"a 5xx edit is retried", "PATCH", []func(http.ResponseWriter){status(502, `{}`), status(503, `{}`)}, 200, 3},
		{"a 5xx POST is not sent again: it may have created its message", "POST",
			[]func(http.ResponseWriter){status(502, `{}`)}, 502, 1},
		{"the retries are bounded", "PATCH", []func(http.ResponseWriter){status(500, ``), status(500, ``), status(500, ``),
			status(500, ``), status(500, ``)}, 500, 4},
		{"a 429 asking too long a wait is returned as is", "PATCH",
			[]func(http.ResponseWriter){status(429, `{"retry_after":3600}`)}, 429, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := newDiscord(t)
			d.on(tt.method+" /api/v10/channels/5/messages", tt.answers...)
			if got := do(t, d.client(), tt.method, "/channels/5/messages"); got != tt.status {
				t.Errorf("status %d, want %d", got, tt.status)
			}
			if n := d.count(tt.method + " /api/v10/channels/5/messages"); n != tt.sent {
				t.Errorf("sent %d times, want %d", n, tt.sent)
			}
		})
	}
}

// A global 429 pauses every route for its retry_after, not just the one that met it.
func TestAGlobalRateLimitPausesEveryRoute(t *testing.T) {
	d := newDiscord(t)
	d.on("POST /api/v10/channels/1/messages", status(429, `{"retry_after":0.2,"global":true}`))
	c := d.client()
	start := time.Now()
	if got := do(t, c, "POST", "/channels/1/messages"); got != 200 {
		t.Fatalf("status %d", got)
	}
	if got := do(t, c, "PATCH", "/channels/2/messages/3"); got != 200 || time.Since(start) < 200*time.Millisecond {
		t.Errorf("another route went out %v after a global limit of 200ms (status %d)", time.Since(start), got)
	}
}

func TestTransportKeepsAPathPrefixOfTheBase(t *testing.T) {
	base, _ := url.Parse("https://proxy.example/discord")
	tr := &Transport{Base: base}
	in, _ := url.Parse("https://discord.com/api/v9/channels/1/messages?x=1")
	got := tr.rewrite(in).String()
	if want := "https://proxy.example/discord/api/v10/channels/1/messages?x=1"; got != want {
		t.Errorf("rewrite = %s, want %s", got, want)
	}
	cdn, _ := url.Parse("https://cdn.discordapp.com/avatars/1/a.png")
	if got := tr.rewrite(cdn).String(); got != cdn.String() {
		t.Errorf("the CDN was rewritten to %s", got)
	}
}
