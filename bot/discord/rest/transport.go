package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"tabuleiro/metrics"
)

// APIVersion is the Discord REST version every call uses. discordgo v0.29 builds its endpoints
// on /api/v9/; Transport rewrites them, so the whole bot speaks v10 whatever discordgo's default.
const APIVersion = "10"

// Retry bounds how Transport retries. Discord asks for retries with 429 (rate limited, saying how
// long to wait) and fails transiently with 5xx; both are retried so that nothing the bot says is
// lost, within these bounds so that a broken Discord cannot hold a goroutine forever.
type Retry struct {
	Attempts     int           // tries in all, the first included; default 5
	Backoff      time.Duration // first wait after a 5xx or a network error, doubled each time; default 250ms
	MaxBackoff   time.Duration // cap of that wait; default 8s
	MaxRateLimit time.Duration // a 429 asking to wait longer than this is returned as is; default 60s
}

func (r Retry) withDefaults() Retry {
	if r.Attempts <= 0 {
		r.Attempts = 5
	}
	if r.Backoff <= 0 {
		r.Backoff = 250 * time.Millisecond
	}
	if r.MaxBackoff <= 0 {
		r.MaxBackoff = 8 * time.Second
	}
	if r.MaxRateLimit <= 0 {
		r.MaxRateLimit = 60 * time.Second
	}
	return r
}

// Transport is the http.RoundTripper under discordgo's REST client. It
//   - sends every request aimed at discord.com to the configured origin (DISCORD_API_BASE), with its
//     /api/v<N>/ path rewritten to /api/v10/;
//   - retries 429 after the wait Discord asks for, and 5xx and network errors with exponential
//     backoff, replaying the request body — except a POST, which may have created something (a
//     second board, a second follow-up) before the 5xx or the timeout: it is returned as is;
//   - pauses every route when Discord says the whole application is rate limited (a global 429),
//     for as long as it asks.
//
// Retrying here rather than in discordgo: discordgo retries 429 without a bound and 5xx only for
// 502, and only some of its calls. The session built by discord.NewSession therefore switches discordgo's
// own retries off (ShouldRetryOnRateLimit false, MaxRestRetries 0), so a request is never retried
// twice over; discordgo's bucket rate limiter (and webhooks', for edits of interaction responses)
// still paces requests from the headers of the final answer, and holds the bucket while Transport
// waits, which is what Discord wants.
type Transport struct {
	Base  *url.URL          // origin, possibly with a path prefix; nil leaves URLs alone
	Next  http.RoundTripper // default: http.DefaultTransport with 128 idle connections per host
	Retry Retry
	Log   *slog.Logger

	globalUntil atomic.Int64 // unix nanoseconds until which a global rate limit holds every request
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	next := t.Next
	if next == nil {
		next = defaultNext
	}
	log := t.Log
	if log == nil {
		log = slog.Default()
	}
	retry := t.Retry.withDefaults()
	ctx := req.Context()
	target := t.rewrite(req.URL)

	// A POST may have created something before it failed: never send it twice blindly. An
	// interaction's callback is the exception: Discord refuses a second answer (40060), so a retry
	// cannot answer twice.
	once := req.Method == http.MethodPost && !strings.HasSuffix(target.Path, "/callback")
	for attempt := 1; ; attempt++ {
		if err := t.waitGlobal(ctx); err != nil {
			return nil, err
		}
		r := req.Clone(ctx)
		r.URL = target
		r.Host = ""
		if attempt > 1 && req.Body != nil && req.Body != http.NoBody {
			body, err := req.GetBody()
			if err != nil {
				return nil, fmt.Errorf("replaying %s %s: %w", req.Method, target.Path, err)
			}
			r.Body = body
		}
		resp, err := next.RoundTrip(r)
		observe(req.Method, target.Path, resp, err)
		last := attempt >= retry.Attempts || (req.Body != nil && req.Body != http.NoBody && req.GetBody == nil)

		var wait time.Duration
		switch {
		case err != nil:
			if last || once || ctx.Err() != nil {
				return nil, &url.Error{Op: sentOp, URL: target.String(), Err: err}
			}
			wait = backoff(retry, attempt)
			log.Warn("discord: request failed, retrying", "method", req.Method, "path", target.Path, "attempt", attempt, "wait", wait, "err", err)
		case resp.StatusCode == http.StatusTooManyRequests:
			var ok bool
			wait, ok = rateLimitWait(resp)
			if !ok {
				wait = backoff(retry, attempt)
			}
			if global(resp) {
				t.pauseAll(wait)
			}
			if last || wait > retry.MaxRateLimit {
				return resp, nil
			}
			log.Warn("discord: rate limited, retrying", "method", req.Method, "path", target.Path, "attempt", attempt, "wait", wait, "global", resp.Header.Get("X-RateLimit-Global") != "")
			discard(resp)
		case resp.StatusCode >= 500:
			if last || once {
				return resp, nil
			}
			wait = backoff(retry, attempt)
			log.Warn("discord: server error, retrying", "method", req.Method, "path", target.Path, "status", resp.StatusCode, "attempt", attempt, "wait", wait)
			discard(resp)
		default:
			return resp, nil
		}

		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		case <-timer.C:
		}
	}
}

// sentOp marks the error of a request that reached no answer, naming where it was sent.
const sentOp = "sent"

// Sent is err as the request was sent: http.Client names a failed request by the address
// discordgo built (https://discord.com/api/v9/…), which hides DISCORD_API_BASE; Sent names the
// address Transport sent it to (DISCORD_API_BASE, /api/v10/…). Other errors are returned as they
// are.
func Sent(err error) error {
	var built *url.Error
	if !errors.As(err, &built) {
		return err
	}
	if sent, ok := built.Err.(*url.Error); ok && sent.Op == sentOp {
		return fmt.Errorf("%s %s: %w", built.Op, sent.URL, sent.Err)
	}
	return err
}

// pauseAll holds every request for d: Discord rate limits the whole application.
func (t *Transport) pauseAll(d time.Duration) {
	until := time.Now().Add(d).UnixNano()
	for {
		old := t.globalUntil.Load()
		if old >= until || t.globalUntil.CompareAndSwap(old, until) {
			return
		}
	}
}

// waitGlobal waits out a global rate limit, if one holds.
func (t *Transport) waitGlobal(ctx context.Context) error {
	for {
		d := time.Until(time.Unix(0, t.globalUntil.Load()))
		if d <= 0 {
			return nil
		}
		timer := time.NewTimer(d)
		select {
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		case <-timer.C:
		}
	}
}

// global reports whether a 429 limits the whole application rather than one route.
func global(resp *http.Response) bool {
	if strings.EqualFold(resp.Header.Get("X-RateLimit-Global"), "true") ||
		strings.EqualFold(resp.Header.Get("X-RateLimit-Scope"), "global") {
		return true
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	var g struct {
		Global bool `json:"global"`
	}
	return json.Unmarshal(body, &g) == nil && g.Global
}

// defaultNext is http.DefaultTransport keeping more idle connections: its 2 per host would make
// every burst of follow-ups (many games at once) dial Discord anew. Over HTTP/1.1 (a REST proxy)
// follow-ups that pile up behind a slow answer can need more connections than there are games
// moving at once, and each beyond those kept would be dialed anew.
var defaultNext http.RoundTripper = func() http.RoundTripper {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 128
	return t
}()

// rewrite maps https://discord.com/api/v9/x to <base>/api/v10/x. Other hosts (the CDN) are left
// alone.
func (t *Transport) rewrite(u *url.URL) *url.URL {
	host := strings.ToLower(u.Hostname())
	if host != "discord.com" && host != "discordapp.com" {
		return u
	}
	out := *u
	path := u.Path
	if rest, ok := strings.CutPrefix(path, "/api/v"); ok {
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			path = "/api/v" + APIVersion + rest[i:]
		} else {
			path = "/api/v" + APIVersion
		}
	}
	out.Path = path
	out.RawPath = ""
	if t.Base != nil {
		out.Scheme = t.Base.Scheme
		out.Host = t.Base.Host
		out.Path = t.Base.Path + path
		out.User = t.Base.User
	}
	return &out
}

// rateLimitWait reads how long Discord asks to wait: the body's retry_after (seconds, with
// fractions) is the most precise, then the Retry-After header, then X-RateLimit-Reset-After.
func rateLimitWait(resp *http.Response) (time.Duration, bool) {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	var rl struct {
		RetryAfter *float64 `json:"retry_after"`
	}
	if json.Unmarshal(body, &rl) == nil && rl.RetryAfter != nil && *rl.RetryAfter >= 0 {
		return seconds(*rl.RetryAfter), true
	}
	for _, h := range []string{"Retry-After", "X-RateLimit-Reset-After"} {
		if f, err := strconv.ParseFloat(resp.Header.Get(h), 64); err == nil && f >= 0 {
			return seconds(f), true
		}
	}
	return 0, false
}

func seconds(f float64) time.Duration {
	if f > 24*3600 {
		f = 24 * 3600
	}
	return time.Duration(f * float64(time.Second))
}

// backoff is Backoff·2^(attempt-1), capped, with up to a quarter of jitter so that many requests
// failing together do not come back together.
func backoff(r Retry, attempt int) time.Duration {
	d := r.Backoff
	for i := 1; i < attempt && d < r.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, r.MaxBackoff)
	return d + rand.N(d/4+1)
}

func discard(resp *http.Response) {
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

// observe counts one request sent to Discord by its route (its method and path without the API
// prefix, ids replaced) and the status it got (0: none).
func observe(method, path string, resp *http.Response, err error) {
	status, isGlobal := 0, false
	if err == nil {
		status = resp.StatusCode
		isGlobal = status == http.StatusTooManyRequests && global(resp)
	}
	metrics.Request(method+" "+strings.TrimPrefix(path, "/api/v"+APIVersion), status, isGlobal)
}
