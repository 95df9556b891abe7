package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/say"
)

// now is the fixed clock of the endpoint tests.
var now = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// signer signs requests as Discord does, with a key generated for the test.
type signer struct {
	pub  ed25519.PublicKey
	priv ed25519.PrivateKey
}

func newSigner(t testing.TB) signer {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	return signer{pub, priv}
}

// request builds a POST /interactions signed at time at.
func (s signer) request(body string, at time.Time) *http.Request {
	r := httptest.NewRequest("POST", "/interactions", strings.NewReader(body))
	r.Header = s.header([]byte(body), at)
	return r
}

// header is the signed headers Discord sends with body at time at.
func (s signer) header(body []byte, at time.Time) http.Header {
	ts := strconv.FormatInt(at.Unix(), 10)
	return http.Header{
		"X-Signature-Timestamp": {ts},
		"X-Signature-Ed25519":   {hex.EncodeToString(ed25519.Sign(s.priv, append([]byte(ts), body...)))},
		"Content-Type":          {"application/json"},
	}
}

// handlerFunc adapts a function to Handler.
type handlerFunc func(ctx context.Context, in *bot.Interaction) bot.Reply

func (f handlerFunc) Handle(ctx context.Context, in *bot.Interaction) bot.Reply {
	return f(ctx, in)
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func testEndpoint(t testing.TB, h Handler) (*Endpoint, signer, *Work) {
	s := newSigner(t)
	work := NewWork(context.Background(), quietLog())
	e := NewEndpoint(NewInteractions(h, nil), s.pub, work, EndpointOptions{Now: func() time.Time { return now }, Log: quietLog()})
	return e, s, work
}

func serveHTTP(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

const ping = `{"id":"1","application_id":"424242","type":1,"token":"t","version":1}`

func TestEndpointVerifiesSignatures(t *testing.T) {
	var handled atomic.Int32
	e, s, _ := testEndpoint(t, handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		handled.Add(1)
		return bot.Reply{}
	}))
	other := newSigner(t)
	cmd := `{"id":"2","type":2,"token":"t","guild_id":"1","channel_id":"2","data":{"name":"ouri"}}`

	tests := []struct {
		name string
		req  func() *http.Request
		code int
		body string
	}{
		{"a signed PING gets a PONG", func() *http.Request { return s.request(ping, now) }, 200, `{"type":1}`},
		{"a request without a signature is refused", func() *http.Request {
			return httptest.NewRequest("POST", "/interactions", strings.NewReader(ping))
		}, 401, ""},
		{"a request signed by another key is refused", func() *http.Request { return other.request(ping, now) }, 401, ""},
		{"a body changed after signing is refused", func() *http.Request {
			r := s.request(ping, now)
			r.Body = io.NopCloser(strings.NewReader(strings.Replace(ping, `"type":1`, `"type":2`, 1)))
			return r
		}, 401, ""},
		{"a signature that is not hex is refused", func() *http.Request {
			r := s.request(ping, now)
			r.Header.Set("X-Signature-Ed25519", "zz")
			return r
		}, 401, ""},
		{"a request signed six minutes ago is refused", func() *http.Request { return s.request(ping, now.Add(-6*time.Minute)) }, 401, ""},
		{"a request signed six minutes ahead is refused", func() *http.Request { return s.request(ping, now.Add(6*time.Minute)) }, 401, ""},
		{"a request signed four minutes ago is accepted", func() *http.Request { return s.request(ping, now.Add(-4*time.Minute)) }, 200, `{"type":1}`},
		{"a signed body that is not JSON is a bad request", func() *http.Request { return s.request(`{"type":`, now) }, 400, ""},
		{"a body over the limit is refused", func() *http.Request {
			return s.request(`{"type":1,"x":"`+strings.Repeat("a", MaxBody)+`"}`, now)
		}, 413, ""},
		{"GET is not an interaction", func() *http.Request { return httptest.NewRequest("GET", "/interactions", nil) }, 405, ""},
		{"a refused command never reaches the bot", func() *http.Request { return other.request(cmd, now) }, 401, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serveHTTP(e, tt.req())
			if w.Code != tt.code {
				t.Fatalf("status %d, want %d (%s)", w.Code, tt.code, w.Body)
			}
			if tt.body != "" && strings.TrimSpace(w.Body.String()) != tt.body {
				t.Errorf("body %s, want %s", w.Body, tt.body)
			}
		})
	}
	if n := handled.Load(); n != 0 {
		t.Errorf("the bot handled %d unverified or PING requests", n)
	}
}

func TestEndpointAnswersInlineThenRunsAfter(t *testing.T) {
	after := make(chan string, 1)
	e, s, work := testEndpoint(t, handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		return bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Plain("board of " + in.ID)},
			After: func(ctx context.Context, _ bot.Followup) { after <- in.ID },
		}
	}))
	body := `{"id":"77","type":2,"token":"t","guild_id":"1","channel_id":"2","member":{"user":{"id":"3"}},"data":{"name":"ouri"}}`
	w := serveHTTP(e, s.request(body, now))
	if w.Code != 200 || w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("status %d, type %q", w.Code, w.Header().Get("Content-Type"))
	}
	var resp discordgo.InteractionResponse
	if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil || resp.Data.Content != "board of 77" {
		t.Fatalf("response %s (%v)", w.Body, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := work.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if got := <-after; got != "77" {
		t.Errorf("After ran for %s", got)
	}

	// The same interaction again (a proxy retrying) is not handled twice.
	if w := serveHTTP(e, s.request(body, now)); w.Code != http.StatusConflict {
		t.Errorf("second delivery: status %d", w.Code)
	}
	// After shutdown began, After is refused but the answer still goes out.
	body2 := strings.Replace(body, `"77"`, `"78"`, 1)
	if w := serveHTTP(e, s.request(body2, now)); w.Code != 200 {
		t.Errorf("answer while shutting down: status %d", w.Code)
	}
	if len(after) != 0 {
		t.Errorf("After ran after shutdown")
	}
}

func TestEndpointHealth(t *testing.T) {
	e, _, _ := testEndpoint(t, handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply { return bot.Reply{} }))
	if w := serveHTTP(e, httptest.NewRequest("GET", "/healthz", nil)); w.Code != 200 || w.Body.String() != "ok\n" {
		t.Errorf("healthz: %d %q", w.Code, w.Body)
	}
	e.Drain()
	if w := serveHTTP(e, httptest.NewRequest("GET", "/healthz", nil)); w.Code != 503 {
		t.Errorf("healthz while draining: %d", w.Code)
	}
}

func TestEndpointWithoutKeyServesHealthOnly(t *testing.T) {
	e := NewEndpoint(NewInteractions(handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply { return bot.Reply{} }), nil),
		nil, NewWork(context.Background(), nil), EndpointOptions{})
	if w := serveHTTP(e, httptest.NewRequest("POST", "/interactions", bytes.NewReader([]byte(ping)))); w.Code != 404 {
		t.Errorf("/interactions without a key: %d", w.Code)
	}
	if w := serveHTTP(e, httptest.NewRequest("GET", "/healthz", nil)); w.Code != 200 {
		t.Errorf("healthz: %d", w.Code)
	}
}

func TestEndpointRefusesOtherShards(t *testing.T) {
	s := newSigner(t)
	e := NewEndpoint(NewInteractions(handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		t.Error("handled an interaction of another shard")
		return bot.Reply{}
	}), nil), s.pub, NewWork(context.Background(), nil), EndpointOptions{Shard: Shard{1, 2}, Now: func() time.Time { return now }, Log: quietLog()})
	guild := strconv.FormatUint(4<<22, 10) // shard 0 of 2
	w := serveHTTP(e, s.request(`{"id":"1","type":2,"token":"t","guild_id":"`+guild+`","channel_id":"2","data":{"name":"x"}}`, now))
	if w.Code != http.StatusMisdirectedRequest {
		t.Errorf("status %d", w.Code)
	}
}
