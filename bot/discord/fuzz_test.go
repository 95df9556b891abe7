package discord

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
)

// FuzzCustomID: whatever a click carries, parseCustomID never panics, and an id it accepts writes
// back to one that reads as the same action (so a board posted today still works tomorrow).
func FuzzCustomID(f *testing.F) {
	for _, id := range []string{"/ouri/12/7/sow/d", "/oolong/3/40/play/c.ne", "/oolong/3/41/pick/0", "/ordo/9/0/resign/yes",
		"/ouri/ch/5/accept", "/ordo/ch/6/decline", "ouri/1/2/sow", "/ouri/1/2/v//", "/ouri/ch/0/accept", "//1/2/sow", ""} {
		f.Add(id)
	}
	f.Fuzz(func(t *testing.T, id string) {
		a, ok := parseCustomID(id)
		if !ok {
			if a != (bot.Action{}) {
				t.Fatalf("refused %q but returned %+v", id, a)
			}
			return
		}
		if a.Kind == "" || a.Ply < 0 {
			t.Fatalf("parseCustomID(%q) accepted %+v", id, a)
		}
		back := customID(a)
		b, ok := parseCustomID(back)
		if !ok || b != a {
			t.Fatalf("%q read as %+v, written as %q, read back as %+v, %v", id, a, back, b, ok)
		}
		if customID(b) != back {
			t.Fatalf("%q is not a fixed point: %q", back, customID(b))
		}
	})
}

// FuzzInteraction: any JSON body, once decoded as discordgo decodes it, converts to the bot's
// interaction without a panic, keeping its id, and with a type the bot knows or "unknown".
func FuzzInteraction(f *testing.F) {
	addInteractionSeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		var in discordgo.Interaction
		if err := json.Unmarshal(body, &in); err != nil {
			return
		}
		out := interaction(&in)
		if out.ID != in.ID {
			t.Fatalf("id %q became %q", in.ID, out.ID)
		}
		switch out.Type {
		case bot.Command, bot.Autocomplete:
			if out.Command.Options == nil || out.Command.Bots == nil {
				t.Fatalf("command without option maps: %+v", out.Command)
			}
		case bot.Ping, bot.Click, unknown:
		default:
			t.Fatalf("type %d from interaction type %d", out.Type, in.Type)
		}
	})
}

// FuzzLeanDecode: the endpoint's own decoding agrees with discordgo's on every body discordgo
// reads: the same ids, token and type, and the same interaction for the bot.
func FuzzLeanDecode(f *testing.F) {
	addInteractionSeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		var want discordgo.Interaction
		if err := json.Unmarshal(body, &want); err != nil {
			return
		}
		got, err := decodeInteraction(body)
		if err != nil {
			t.Fatalf("discordgo reads %s; the endpoint does not: %v", body, err)
		}
		if got.ID != want.ID || got.AppID != want.AppID || got.Token != want.Token || got.Type != want.Type ||
			got.GuildID != want.GuildID || got.ChannelID != want.ChannelID {
			t.Fatalf("envelope %+v, discordgo %+v", got, want)
		}
		if g, w := interaction(got), interaction(&want); !reflect.DeepEqual(g, w) {
			t.Fatalf("the bot sees\n%+v\nwant (discordgo)\n%+v", g, w)
		}
	})
}

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
