package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Webhooks edits the messages that interaction responses created, through each interaction's
// webhook, with one rate-limit bucket per interaction token, as Discord counts them.
//
// discordgo would do this too, but its rate limiter keeps every bucket it ever made: one per
// token is one per board a /move posts, kept for the life of the process. Here a bucket is kept
// while edits use it or wait for it: edits of one message are sent one at a time, and those
// waiting respect the pause Discord asks for when the bucket is spent. An edit that comes later
// and finds it still spent gets a 429, which Transport waits out.
type Webhooks struct {
	s *discordgo.Session

	mu      sync.Mutex
	buckets map[string]*webhookBucket // by token
}

// NewWebhooks edits through s's client, with its token and user agent.
func NewWebhooks(s *discordgo.Session) *Webhooks { return &Webhooks{s: s} }

// webhookBucket paces the edits of one interaction's token.
type webhookBucket struct {
	sync.Mutex           // held while an edit is in flight
	users      int       // edits holding or waiting for the bucket; guarded by Webhooks.mu
	until      time.Time // no edit before this: Discord said the bucket was spent; guarded by the bucket
}

// Edit sends body, of type contentType (JSON, or a multipart form with files), to PATCH
// /webhooks/{app}/{token}/messages/@original and returns discordgo's *RESTError for an answer other
// than 2xx, as discordgo's requests do.
func (w *Webhooks) Edit(ctx context.Context, appID, token string, body []byte, contentType string) error {
	b := w.take(token)
	defer w.give(token, b)
	if wait := time.Until(b.until); wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, discordgo.EndpointWebhooks+appID+"/"+token+"/messages/@original", bytes.NewReader(body))
	if err != nil {
		return err
	}
	if w.s.Token != "" {
		req.Header.Set("Authorization", w.s.Token)
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("User-Agent", w.s.UserAgent)
	resp, err := w.s.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b.until = spentUntil(resp.Header)
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		io.Copy(io.Discard, resp.Body) // so the connection is reused
		return nil
	}
	answer, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return err
	}
	re := &discordgo.RESTError{Request: req, Response: resp, ResponseBody: answer}
	if json.Unmarshal(answer, &re.Message) != nil {
		re.Message = nil
	}
	return re
}

// spentUntil is when a bucket Discord says is spent (X-RateLimit-Remaining 0) may be used again,
// or the zero time.
func spentUntil(h http.Header) time.Time {
	if h.Get("X-RateLimit-Remaining") != "0" {
		return time.Time{}
	}
	after, err := strconv.ParseFloat(h.Get("X-RateLimit-Reset-After"), 64)
	if err != nil || after <= 0 {
		return time.Time{}
	}
	return time.Now().Add(time.Duration(min(after, 60) * float64(time.Second)))
}

// take locks token's bucket, making it if needed.
func (w *Webhooks) take(token string) *webhookBucket {
	w.mu.Lock()
	if w.buckets == nil {
		w.buckets = make(map[string]*webhookBucket)
	}
	b := w.buckets[token]
	if b == nil {
		b = &webhookBucket{}
		w.buckets[token] = b
	}
	b.users++
	w.mu.Unlock()
	b.Lock()
	return b
}

// give unlocks token's bucket and forgets it when no other edit wants it.
func (w *Webhooks) give(token string, b *webhookBucket) {
	b.Unlock()
	w.mu.Lock()
	if b.users--; b.users == 0 {
		delete(w.buckets, token)
	}
	w.mu.Unlock()
}

// size is how many buckets are kept (for tests).
func (w *Webhooks) size() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.buckets)
}

// users is how many edits hold or wait for token's bucket (for tests).
func (w *Webhooks) users(token string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	if b := w.buckets[token]; b != nil {
		return b.users
	}
	return 0
}
