package discord

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// MaxBody bounds an interaction request. Discord's payloads (resolved users and members
// included) stay well under it.
const MaxBody = 1 << 20

// MaxSkew is how far X-Signature-Timestamp may be from our clock, either way: a signed request
// captured and replayed later is refused.
const MaxSkew = 5 * time.Minute

// Endpoint is the HTTP interactions endpoint of discord.md section 5:
//
//	POST /interactions  verified with DISCORD_PUBLIC_KEY, answered inline
//	GET  /healthz       200 "ok"; 503 once draining, or while the store cannot write
//
// /interactions exists only with a public key; without one the endpoint serves /healthz alone
// (for container health checks of a gateway-only bot).
type Endpoint struct {
	p   *pipeline
	key ed25519.PublicKey
	now func() time.Time
	log *slog.Logger
	mux *http.ServeMux

	health   func() error
	draining atomic.Bool
}

// EndpointOptions are the optional parts of an Endpoint.
type EndpointOptions struct {
	Shard Shard            // default: everything
	Now   func() time.Time // clock for the timestamp check; default time.Now
	Log   *slog.Logger
	// Health, when set, is asked by /healthz: an error (the store cannot write) answers 503.
	Health func() error
}

// NewEndpoint serves h. After steps run on work.
func NewEndpoint(h Handler, key ed25519.PublicKey, work *Work, opt EndpointOptions) *Endpoint {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	e := &Endpoint{p: newPipeline(h, opt.Shard, work, opt.Log), key: key, now: opt.Now, log: opt.Log,
		health: opt.Health, mux: http.NewServeMux()}
	e.mux.HandleFunc("GET /healthz", e.healthz)
	if key != nil {
		e.mux.HandleFunc("POST /interactions", e.interactions)
	}
	return e
}

// Drain makes /healthz answer 503, so a load balancer stops sending before the server shuts down.
func (e *Endpoint) Drain() { e.draining.Store(true) }

// ServeHTTP implements http.Handler; a panic becomes a 500 and a log line.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rw := &onceWriter{ResponseWriter: w}
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			e.log.Error("discord: panic serving HTTP", "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
			if !rw.wrote {
				http.Error(rw, "internal error", http.StatusInternalServerError)
			}
		}
	}()
	e.mux.ServeHTTP(rw, r)
}

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
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "cannot read request body", http.StatusBadRequest)
		return
	}
	if why := e.verify(r.Header, body); why != "" {
		e.log.Info("discord: refused unsigned interaction", "why", why, "remote", r.RemoteAddr)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}

	var in discordgo.Interaction
	if err := json.Unmarshal(body, &in); err != nil {
		http.Error(w, "body is not an interaction: "+err.Error(), http.StatusBadRequest)
		return
	}
	if in.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	switch e.p.admit(&in) {
	case otherShard:
		// Only a proxy routing interactions by guild would send these; tell it it chose wrong.
		http.Error(w, "guild belongs to another shard", http.StatusMisdirectedRequest)
		return
	case duplicate:
		http.Error(w, "interaction already answered", http.StatusConflict)
		return
	}

	reply := e.p.answer(r.Context(), &in)
	resp := reply.Response
	if resp.Data != nil && len(resp.Data.Files) > 0 {
		e.log.Warn("discord: files cannot be attached to an inline HTTP response; dropped", "interaction", in.ID)
	}
	if err := writeJSON(w, resp); err != nil {
		e.log.Warn("discord: writing interaction response", "interaction", in.ID, "err", err)
	}
	if reply.After != nil {
		// The response is complete once this handler returns; flush now so Discord has it before
		// After asks for the message it created.
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		if !e.p.work.Go(reply.After) {
			e.log.Warn("discord: shutting down; the bot's follow-up will be made on restart", "interaction", in.ID)
		}
	}
}

// verify returns why the request is not signed by Discord, or "".
func (e *Endpoint) verify(h http.Header, body []byte) string {
	sigHex, ts := h.Get("X-Signature-Ed25519"), h.Get("X-Signature-Timestamp")
	if sigHex == "" || ts == "" {
		return "missing signature headers"
	}
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return "malformed signature"
	}
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return "malformed timestamp"
	}
	if skew := e.now().Sub(time.Unix(secs, 0)); skew > MaxSkew || skew < -MaxSkew {
		return "timestamp too far from now"
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if !ed25519.Verify(e.key, msg, sig) {
		return "wrong signature"
	}
	return ""
}

func writeJSON(w http.ResponseWriter, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "cannot encode response", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, err = w.Write(b)
	return err
}

// onceWriter remembers whether a response was started, so the panic handler does not write a
// second one over it.
type onceWriter struct {
	http.ResponseWriter
	wrote bool
}

func (o *onceWriter) WriteHeader(code int) {
	if o.wrote {
		return
	}
	o.wrote = true
	o.ResponseWriter.WriteHeader(code)
}

func (o *onceWriter) Write(b []byte) (int, error) {
	o.wrote = true
	return o.ResponseWriter.Write(b)
}

func (o *onceWriter) Flush() {
	o.wrote = true
	if f, ok := o.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
