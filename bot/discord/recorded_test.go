package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

var update = flag.Bool("update", false, "rewrite testdata/recorded.json with today's answers")

// recorded is one step of testdata/recorded.json: a request as Discord sends it (Request, or Raw
// for a body that is not a JSON object), the endpoint's exact answer (status, content type, body)
// and the calls its After step made on Discord's REST API.
type recorded struct {
	Name    string          `json:"name"`
	Request json.RawMessage `json:"request,omitempty"`
	Raw     *string         `json:"raw,omitempty"`
	Status  int             `json:"status"`
	Type    string          `json:"content_type"`
	// Answer is the body when it is JSON (stored indented, compared compact: byte for byte);
	// Text when it is not.
	Answer  json.RawMessage `json:"answer,omitempty"`
	Text    string          `json:"text,omitempty"`
	Discord []restCall      `json:"discord,omitempty"`
}

type restCall struct {
	Call string          `json:"call"`
	Body json.RawMessage `json:"body,omitempty"`
}

// TestRecordedInteractions replays testdata/recorded.json in order through the signed endpoint,
// the real bot on an empty store and the real Sender against a fake Discord, and holds every
// answer to the recorded one byte for byte, and every REST call to the recorded one. It is the
// adapter's contract with Discord: a change to decoding or encoding that changes what Discord
// receives fails here. go test -run TestRecordedInteractions -update rewrites the answers.
func TestRecordedInteractions(t *testing.T) {
	const file = "testdata/recorded.json"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var steps []recorded
	if err := json.Unmarshal(src, &steps); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	rp := newReplay(t)
	for i := range steps {
		s := &steps[i]
		got := rp.play(s)
		if *update {
			*s = got
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			if got.Status != s.Status || got.Type != s.Type {
				t.Errorf("answered %d %s, recorded %d %s", got.Status, got.Type, s.Status, s.Type)
			}
			if want := compact(s.Answer); !bytes.Equal(got.Answer, want) || got.Text != s.Text {
				t.Errorf("answer differs from the recording\n got: %s%s\nwant: %s%s", got.Answer, got.Text, want, s.Text)
			}
			if g, w := calls(got.Discord), calls(s.Discord); g != w {
				t.Errorf("REST calls differ from the recording\n got: %s\nwant: %s", g, w)
			}
		})
	}
	if *update {
		out, err := json.MarshalIndent(steps, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// replay is the program's wiring on a fake Discord, with a clock that stands still.
type replay struct {
	t    *testing.T
	e    *Endpoint
	s    signer
	f    *fakeDiscord
	bot  *bot.Bot
	work *Work
}

func newReplay(t *testing.T) *replay {
	st, err := store.Open(filepath.Join(t.TempDir(), "tabuleiro.db"), store.Options{Decode: catalog.Decode, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	f := newFakeDiscord(t)
	base, _ := url.Parse(f.srv.URL)
	log := quietLog()
	sender := NewSender(NewSession(Config{Token: "tok", APIBase: base, Shard: Shard{0, 1}}, quickRetry, log), "424242", log)
	sender.settle = time.Millisecond
	b := bot.New(st, sender, bot.Config{Now: func() time.Time { return now }, Seed: 1, Log: log,
		AI: ai.New(ai.Config{EndgameSeeds: 8}), AIMoveTime: 20 * time.Millisecond})
	s := newSigner(t)
	work := NewWork(context.Background(), log)
	rp := &replay{t: t, s: s, f: f, bot: b, work: work,
		e: NewEndpoint(NewInteractions(b, sender), s.pub, work, EndpointOptions{Now: func() time.Time { return now }, Log: log})}
	t.Cleanup(func() {
		rp.settle()
		st.Close()
	})
	return rp
}

// settle waits for the After steps and the bot's moves.
func (rp *replay) settle() {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := rp.work.idleWait(ctx); err != nil {
		rp.t.Fatal("the After steps did not finish")
	}
	rp.bot.Wait()
}

// play sends one step and records what came back.
func (rp *replay) play(s *recorded) recorded {
	body := []byte{}
	switch {
	case s.Raw != nil:
		body = []byte(*s.Raw)
	case s.Request != nil:
		body = compact(s.Request)
	}
	before := len(rp.f.recorded())
	r := httptest.NewRequest("POST", "/interactions", bytes.NewReader(body))
	r.Header = rp.s.header(body, now)
	w := httptest.NewRecorder()
	rp.e.ServeHTTP(w, r)
	rp.settle()
	out := recorded{Name: s.Name, Request: s.Request, Raw: s.Raw, Status: w.Code, Type: w.Header().Get("Content-Type")}
	if json.Valid(w.Body.Bytes()) {
		out.Answer = w.Body.Bytes()
	} else {
		out.Text = w.Body.String()
	}
	for _, c := range rp.f.recorded()[before:] {
		rc := restCall{Call: c.Method + " " + c.Path}
		if c.Body != "" {
			rc.Body = json.RawMessage(c.Body)
			if !json.Valid(rc.Body) { // a multipart follow-up: its JSON part is what counts
				rc.Body, _ = json.Marshal(c.Body)
			}
		}
		out.Discord = append(out.Discord, rc)
	}
	return out
}

func compact(raw json.RawMessage) []byte {
	if raw == nil {
		return nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// calls writes REST calls for comparison: JSON bodies by meaning (members in any order).
func calls(cs []restCall) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.Call)
		if c.Body != nil {
			var v any
			json.Unmarshal(c.Body, &v)
			norm, _ := json.Marshal(v)
			b.WriteString(" " + string(norm))
		}
		b.WriteString("\n")
	}
	return b.String()
}
