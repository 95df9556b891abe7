package discord

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// addInteractionSeeds seeds a fuzzer with the recorded interactions of testdata/interactions.
func addInteractionSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/interactions/*.json")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var fixture struct {
			Interaction json.RawMessage `json:"interaction"`
		}
		if err := json.Unmarshal(b, &fixture); err != nil || fixture.Interaction == nil {
			f.Fatalf("%s: not a fixture: %v", name, err)
		}
		f.Add([]byte(fixture.Interaction))
	}
	f.Add([]byte(`{"type":3,"id":"1","data":{"custom_id":"/ouri/1/0/sow/a","component_type":2},"message":{"id":"m"}}`))
	f.Add([]byte(`{"type":4,"id":"2","data":{"name":"ordo","options":[{"name":"move","type":1,"options":[{"name":"play","type":3,"value":"a","focused":true}]}]}}`))
}

// panicLog fails a fuzz input when anything logged while serving it speaks of a panic (the
// endpoint, the pipeline and the bot recover from them, so the status alone would not tell).
type panicLog struct {
	mu     sync.Mutex
	panics []string
}

func (p *panicLog) Write(b []byte) (int, error) {
	if bytes.Contains(b, []byte("panic")) {
		p.mu.Lock()
		p.panics = append(p.panics, string(b))
		p.mu.Unlock()
	}
	return len(b), nil
}

func (p *panicLog) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.panics
	p.panics = nil
	return out
}

// FuzzSignedRequest: any body, validly signed (or, when forged, with one bit of its signature
// flipped), through Endpoint.ServeHTTP to the real bot on a store in a temp dir, gets a status the
// endpoint means, never a panic; a 200 is an interaction response Discord can read.
func FuzzSignedRequest(f *testing.F) {
	addInteractionSeeds(f)
	for _, in := range []map[string]any{
		command("1", "c1", "ouri", "challenge", opt{"opponent", 6, "2"}),
		command("1", "c2", "ordo", "vs-bot", opt{"level", 3, "easy"}),
		command("1", "c2", "ordo", "move", opt{"play", 3, "a2-a3"}),
		typing("2", "c1", "oolong", "a"),
		click("2", "c1", "/ouri/ch/1/accept", "orig-tok1"),
		click("1", "c2", "/ordo/1/0/resign/yes", "m"),
	} {
		in["id"], in["token"], in["application_id"] = "77", "tokf", "424242"
		b, _ := json.Marshal(in)
		f.Add(b)
	}
	logs := &panicLog{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	tb := newTableLog(f, log)
	tb.e = NewEndpoint(tb.x, tb.s.pub, tb.work, EndpointOptions{Now: func() time.Time { return now }, Log: log})
	f.Fuzz(func(t *testing.T, body []byte) {
		req := tb.s.request(string(body), now)
		forged := len(body) > 0 && body[len(body)-1]&1 == 1 && body[0] != '{'
		if forged {
			sig := []byte(req.Header.Get("X-Signature-Ed25519"))
			sig[0] ^= 1
			req.Header.Set("X-Signature-Ed25519", string(sig))
		}
		w := serveHTTP(tb.e, req)
		if p := logs.take(); len(p) > 0 {
			t.Fatalf("panic serving %q:\n%s", body, strings.Join(p, "\n"))
		}
		switch {
		case forged && w.Code != http.StatusUnauthorized:
			t.Fatalf("a forged signature: status %d", w.Code)
		case w.Code == http.StatusOK:
			var r httpReply
			if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil || r.Type < int(discordgo.InteractionResponsePong) || r.Type > int(discordgo.InteractionApplicationCommandAutocompleteResult) {
				t.Fatalf("%q: a 200 that is no interaction response: %s (%v)", body, w.Body, err)
			}
		case w.Code == http.StatusBadRequest, w.Code == http.StatusConflict, w.Code == http.StatusMisdirectedRequest,
			w.Code == http.StatusRequestEntityTooLarge, w.Code == http.StatusUnauthorized && forged:
		default:
			t.Fatalf("%q: status %d (%s)", body, w.Code, w.Body)
		}
	})
}
