package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/wire"
)

// GCPercent is the garbage collector's setting the bot runs with when GOGC is not set (the
// binary applies it, with MemoryLimit as a soft cap unless GOMEMLIMIT is set). The bot's live
// heap is small — a few MiB; about 110 with both Ouri endgame databases and two searches — so letting
// the heap grow to 5× it instead of 2× costs little memory, and it takes a third or more off the
// CPU a move costs (the collector was about a quarter of it).
const GCPercent = 400

// MemoryLimit caps the heap GCPercent lets grow: near it, the collector runs as often as needed.
const MemoryLimit = 512 << 20

// MaxBody bounds an interaction request. Discord's payloads (resolved users and members
// included) stay well under it; a request saying it is longer is refused before a byte is read.
const MaxBody = 1 << 20

// MaxSkew is how far X-Signature-Timestamp may be from our clock, either way: a signed request
// captured and replayed later is refused.
const MaxSkew = 5 * time.Minute

// DefaultMaxInFlight is EndpointOptions.MaxInFlight's default: with MaxBody, it bounds the memory
// that request bodies can hold at once (64 MiB).
const DefaultMaxInFlight = 64

// replayWindow is how long the endpoint remembers an interaction id. A request signed at most
// MaxSkew ahead of our clock can be replayed until MaxSkew after its timestamp, so an id must
// outlive its arrival by twice MaxSkew; the minute more covers our own clock stepping.
const replayWindow = 2*MaxSkew + time.Minute

// Endpoint is the HTTP interactions endpoint (README, "4. The HTTP interactions endpoint"):
//
//	POST /interactions  verified with DISCORD_PUBLIC_KEY, answered inline
//	GET  /healthz       200 "ok"; 503 once draining, or while the store cannot write
//	     /g/…           the game pages, when served (EndpointOptions.Pages); else 404
//	     /b/…, /assets/…  the live boards, when served (EndpointOptions.Boards); else 404
//
// /interactions exists only with a public key; without one the endpoint serves /healthz alone
// (for container health checks of a gateway-only bot).
type Endpoint struct {
	p   *pipeline
	key ed25519.PublicKey
	// checkSignature is ed25519.Verify; the benchmarks wrap it to measure what it costs, which
	// the bot's CPU budget leaves out.
	checkSignature func(key ed25519.PublicKey, message, sig []byte) bool
	now            func() time.Time
	log            *slog.Logger
	mux            *http.ServeMux

	health   func() error
	pages    http.Handler
	boards   http.Handler
	draining atomic.Bool
	// slots holds a token per interaction request being served; when full, more get 503.
	slots chan struct{}
	// refusals says of refused requests at most one line a second: a flood must not fill the disk.
	refusals sampled
}

// sampled logs at most one line a second, saying how many it left out.
type sampled struct {
	mu      sync.Mutex
	last    time.Time
	skipped int
}

func (s *sampled) log(log *slog.Logger, now time.Time, level slog.Level, msg string, args ...any) {
	s.mu.Lock()
	if now.Sub(s.last) < time.Second && !now.Before(s.last) {
		s.skipped++
		s.mu.Unlock()
		return
	}
	skipped := s.skipped
	s.last, s.skipped = now, 0
	s.mu.Unlock()
	if skipped > 0 {
		args = append(args, "more_not_logged", skipped)
	}
	log.Log(context.Background(), level, msg, args...)
}

// EndpointOptions are the optional parts of an Endpoint.
type EndpointOptions struct {
	Shard Shard            // default: everything
	Now   func() time.Time // clock for the timestamp check; default time.Now
	Log   *slog.Logger
	// Health, when set, is asked by /healthz: an error (the store cannot write) answers 503.
	Health func() error
	// MaxInFlight bounds the interaction requests read and answered at once; one more is answered
	// 503 with Retry-After. Default DefaultMaxInFlight.
	MaxInFlight int
	// Pages, when set, serves every path under /g/ (bot/page), whatever its method: it answers
	// what it does not serve with 404.
	Pages http.Handler
	// Boards, when set, serves every path under /b/ and /assets/ (bot/web), whatever its method.
	Boards http.Handler
}

// NewEndpoint serves x. After steps run on work.
func NewEndpoint(x *Interactions, key ed25519.PublicKey, work *Work, opt EndpointOptions) *Endpoint {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	if opt.MaxInFlight <= 0 {
		opt.MaxInFlight = DefaultMaxInFlight
	}
	e := &Endpoint{p: newPipeline(x, opt.Shard, work, opt.Log), key: key, checkSignature: ed25519.Verify, now: opt.Now, log: opt.Log,
		health: opt.Health, pages: opt.Pages, boards: opt.Boards, mux: http.NewServeMux(), slots: make(chan struct{}, opt.MaxInFlight)}
	// Replays are refused for as long as their signature's timestamp is accepted, on our clock.
	e.p.seen = newRecent(replayWindow, opt.Now)
	e.mux.HandleFunc("GET /healthz", e.healthz)
	if key != nil {
		e.mux.HandleFunc("POST /interactions", e.interactions)
	}
	return e
}

// Drain makes /healthz answer 503, so a load balancer stops sending before the server shuts down.
func (e *Endpoint) Drain() { e.draining.Store(true) }

// ServeHTTP implements http.Handler.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if PagePath(r.URL.Path) {
		// Not through the mux, which would redirect a path it finds untidy: a page's address is
		// exact, or it is not found.
		if e.pages == nil {
			http.NotFound(w, r)
			return
		}
		e.pages.ServeHTTP(w, r)
		return
	}
	if BoardPath(r.URL.Path) {
		if e.boards == nil {
			http.NotFound(w, r)
			return
		}
		e.boards.ServeHTTP(w, r)
		return
	}
	e.mux.ServeHTTP(w, r)
}

// BoardPath reports whether a request's path is the live boards' (bot/web): the endpoint hands
// those to EndpointOptions.Boards, and a mux in front of it must too.
func BoardPath(path string) bool {
	return strings.HasPrefix(path, "/b/") || strings.HasPrefix(path, "/assets/") ||
		path == "/" || path == "/activity" || path == "/api/token" || path == "/api/activity" // the Activity's (bot/web)
}

// PagePath reports whether a request's path is the game pages' (bot/page): the endpoint hands
// those to EndpointOptions.Pages, and a mux in front of it must too.
func PagePath(path string) bool { return path == "/g" || strings.HasPrefix(path, "/g/") }

func (e *Endpoint) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if e.draining.Load() {
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, "shutting down\n")
		return
	}
	if e.health != nil {
		if err := e.health(); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, "unhealthy: "+err.Error()+"\n")
			return
		}
	}
	io.WriteString(w, "ok\n")
}

func (e *Endpoint) interactions(w http.ResponseWriter, r *http.Request) {
	arrived := time.Now()
	// Everything that costs nothing comes before the body is read: a request that cannot be
	// Discord's is refused having cost a few header bytes.
	sig, ts, why := e.headers(r.Header)
	if why != "" {
		e.refusals.log(e.log, e.now(), slog.LevelInfo, "discord: refused unsigned interaction", "why", why, "remote", r.RemoteAddr)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	if r.ContentLength > MaxBody {
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return
	}
	select {
	case e.slots <- struct{}{}:
		defer func() { <-e.slots }()
	default:
		// Discord retries neither, but a 503 says "not you, later" to a proxy and to our logs.
		e.refusals.log(e.log, e.now(), slog.LevelWarn, "discord: too many interactions in flight; refused one", "limit", cap(e.slots), "remote", r.RemoteAddr)
		w.Header().Set("Retry-After", "1")
		http.Error(w, "too many requests in flight; try again shortly", http.StatusServiceUnavailable)
		return
	}
	signed, ok := e.signedBody(w, r, sig, ts)
	if !ok {
		return
	}
	body := signed[len(ts):]

	in, err := wire.Decode(body)
	if err != nil {
		http.Error(w, "body is not an interaction: "+err.Error(), http.StatusBadRequest)
		return
	}
	if in.Type == bot.Ping {
		writeResponse(w, wire.AppendResponse(nil, bot.Reply{Type: bot.Pong}), nil)
		observe(bot.Ping, bot.Reply{}, arrived)
		return
	}
	switch e.p.admit(in) {
	case otherShard:
		// Only a proxy routing interactions by guild would send these; tell it it chose wrong.
		http.Error(w, "guild belongs to another shard", http.StatusMisdirectedRequest)
		return
	case duplicate:
		http.Error(w, "interaction already answered", http.StatusConflict)
		return
	}

	reply, after := e.p.answer(r.Context(), in)
	var run func(func(context.Context))
	held := false
	if after != nil {
		// Counted before the reply goes out: whoever waits for the bot to be idle once they have
		// the reply (shutdown, a test) waits for the After step too.
		run, held = e.p.work.Hold()
	}
	if err := writeResponse(w, wire.AppendResponse(make([]byte, 0, 2048), reply), wire.Files(reply)); err != nil {
		e.log.Warn("discord: writing interaction response", "interaction", in.ID, "err", err)
		reply.Outcome = bot.Failed
	}
	observe(in.Type, reply, arrived)
	if after != nil {
		// The response is complete once this handler returns; flush now so Discord has it before
		// After asks for the message it created.
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		if held {
			run(after)
		} else {
			e.log.Warn("discord: shutting down; the bot's follow-up will be made on restart", "interaction", in.ID)
		}
	}
}

// signedBody reads the request's body and checks its signature over ts+body; when either fails it
// has answered the request, and ok is false.
func (e *Endpoint) signedBody(w http.ResponseWriter, r *http.Request, sig []byte, ts string) (signed []byte, ok bool) {
	signed, err := readBody(w, r, ts)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return nil, false
		}
		http.Error(w, "cannot read request body", http.StatusBadRequest)
		return nil, false
	}
	if !e.checkSignature(e.key, signed, sig) {
		e.refusals.log(e.log, e.now(), slog.LevelInfo, "discord: refused unsigned interaction", "why", "wrong signature", "remote", r.RemoteAddr)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return nil, false
	}
	return signed, true
}

// headers reads the signature headers, or says why they cannot be Discord's: missing, not 64
// bytes of hex, or a timestamp more than MaxSkew from now.
func (e *Endpoint) headers(h http.Header) (sig []byte, ts string, why string) {
	sigHex, ts := h.Get("X-Signature-Ed25519"), h.Get("X-Signature-Timestamp")
	if sigHex == "" || ts == "" {
		return nil, "", "missing signature headers"
	}
	if len(sigHex) != 2*ed25519.SignatureSize {
		return nil, "", "malformed signature"
	}
	sig, err := hex.DecodeString(sigHex)
	if err != nil {
		return nil, "", "malformed signature"
	}
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(ts) > 19 {
		return nil, "", "malformed timestamp"
	}
	if skew := e.now().Sub(time.Unix(secs, 0)); skew > MaxSkew || skew < -MaxSkew {
		return nil, "", "timestamp too far from now"
	}
	return sig, ts, ""
}

// signed reports whether sig is Discord's signature of ts and body.
func (e *Endpoint) signed(sig []byte, ts string, body []byte) bool {
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	return e.checkSignature(e.key, msg, sig)
}

// verify returns why the request is not signed by Discord, or "".
func (e *Endpoint) verify(h http.Header, body []byte) string {
	sig, ts, why := e.headers(h)
	if why != "" {
		return why
	}
	if !e.signed(sig, ts, body) {
		return "wrong signature"
	}
	return ""
}

// readBody returns the signed message, ts followed by the body, reading at most MaxBody bytes
// into one allocation of the announced length when there is one.
func readBody(w http.ResponseWriter, r *http.Request, ts string) ([]byte, error) {
	rd := http.MaxBytesReader(w, r.Body, MaxBody)
	if n := r.ContentLength; n >= 0 && n <= MaxBody {
		msg := make([]byte, len(ts)+int(n))
		copy(msg, ts)
		if _, err := io.ReadFull(rd, msg[len(ts):]); err != nil {
			return nil, err
		}
		return msg, nil
	}
	body, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	return append([]byte(ts), body...), nil
}

// writeResponse writes an interaction response's JSON, as a multipart form with its files when it
// has some (a board's picture).
func writeResponse(w http.ResponseWriter, b []byte, files []bot.File) error {
	b, contentType := wire.Body(b, files)
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, err := w.Write(b)
	return err
}
