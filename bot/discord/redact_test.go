package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// both sends every record to two handlers.
type both [2]slog.Handler

func (h both) Enabled(ctx context.Context, l slog.Level) bool { return true }
func (h both) Handle(ctx context.Context, r slog.Record) error {
	return errors.Join(h[0].Handle(ctx, r.Clone()), h[1].Handle(ctx, r.Clone()))
}
func (h both) WithAttrs(as []slog.Attr) slog.Handler {
	return both{h[0].WithAttrs(as), h[1].WithAttrs(as)}
}
func (h both) WithGroup(name string) slog.Handler {
	return both{h[0].WithGroup(name), h[1].WithGroup(name)}
}

// A whole flow through the endpoint, with Discord failing every way it can (404 on the original
// message, 5xx retried then given up, 403, then no Discord at all): the program's logs, as serve.go
// makes them, never show an interaction's token or the bot token, while the same records unredacted
// do (so the flow did reach the lines that would leak).
func TestNoTokenInAnyLog(t *testing.T) {
	const botToken = "MTA1NTk4NjQ0MzI1NjY0NTk0MA.GxYzAb.Zm9vYmFyYmF6cXV4cXV1eHh5enp5MTIzNDU2"
	debug := &slog.HandlerOptions{Level: slog.LevelDebug}
	var clean, raw logBuffer
	log := slog.New(both{Redact(slog.NewTextHandler(&clean, debug), botToken), slog.NewTextHandler(&raw, debug)})

	st, err := store.Open(filepath.Join(t.TempDir(), "tabuleiro.db"), store.Options{Decode: catalog.Decode, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f := newFakeDiscord(t)
	base, _ := url.Parse(f.srv.URL)
	sender := NewSender(NewSession(Config{Token: botToken, APIBase: base, Shard: Shard{0, 1}}, quickRetry, log), "424242", log)
	sender.settle = time.Millisecond
	b := bot.New(st, sender, bot.Config{Now: func() time.Time { return now }, Seed: 1, Log: log, AI: ai.New(ai.Config{EndgameSeeds: 8}),
		AIMoveTime: 20 * time.Millisecond})
	s := newSigner(t)
	work := NewWork(context.Background(), log)
	e := NewEndpoint(NewInteractions(b, sender), s.pub, work, EndpointOptions{Now: func() time.Time { return now }, Log: log})
	settle := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		work.idleWait(ctx)
		b.Wait()
	}

	// Tokens of both shapes: Discord's own (base64 of "interaction:…") and any opaque string,
	// which only its place in a path gives away.
	var tokens []string
	n := 0
	post := func(in map[string]any, opaque bool) httpReply {
		t.Helper()
		n++
		token := fmt.Sprintf("aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OmZha2Utc2VjcmV0LSVk%04d", n)
		if opaque {
			token = fmt.Sprintf("Qk9ZcXl6T3BhcXVlU2VjcmV0Wm9uZQ%04dX", n)
		}
		tokens = append(tokens, token)
		in["id"], in["token"], in["application_id"], in["version"] = fmt.Sprint(910000+n), token, "424242", 1
		body, _ := json.Marshal(in)
		hook := "/api/v10/webhooks/424242/" + token
		// Discord fails every way it can for this interaction's webhook.
		for range 6 {
			f.on("GET", hook+"/messages/@original", answer{Status: 404, Body: `{"message": "Unknown Message", "code": 10008}`})
			f.on("PATCH", hook+"/messages/@original", answer{Status: 502, Body: `{"message": "Bad Gateway", "code": 0}`})
			f.on("POST", hook, answer{Status: 403, Body: `{"message": "Missing Access", "code": 50001}`})
		}
		w := serveHTTP(e, s.request(string(body), now))
		if w.Code != 200 {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
		var r httpReply
		json.Unmarshal(w.Body.Bytes(), &r)
		return r
	}
	accept := func(r httpReply) string {
		for _, id := range r.customIDs() {
			if strings.HasSuffix(id, "/accept") {
				return id
			}
		}
		t.Fatalf("no Accept in %v", r.customIDs())
		return ""
	}

	r := post(command("1", "c1", "ouri", "challenge", opt{"opponent", 6, "2"}), false)
	post(click("2", "c1", accept(r), "m1"), false)
	post(command("3", "c2", "ordo", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "bot"}), true)
	post(command("4", "c3", "ouri", "vs-bot", opt{"level", 3, "easy"}), false)
	r = post(command("5", "c4", "oolong", "challenge", opt{"opponent", 6, "6"}), true)
	post(click("6", "c4", accept(r), "m2"), true)
	settle()
	// Then Discord is gone: the errors name the URLs they could not reach.
	f.srv.Close()
	post(command("7", "c5", "ordo", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "bot"}), false)
	r = post(command("8", "c6", "ouri", "challenge", opt{"opponent", 6, "9"}), true)
	post(click("9", "c6", accept(r), "m3"), true)
	settle()

	leaked := map[bool]int{} // unredacted, by opaque or not
	for _, secret := range append([]string{botToken}, tokens...) {
		if strings.Contains(raw.String(), secret) {
			leaked[!strings.HasPrefix(secret, "aW50")]++
		}
		if strings.Contains(clean.String(), secret) {
			for _, line := range strings.Split(clean.String(), "\n") {
				if strings.Contains(line, secret) {
					t.Errorf("a log line shows a secret: %s", line)
				}
			}
		}
	}
	if leaked[false] == 0 || leaked[true] == 0 {
		t.Errorf("unredacted, the flow logged %d Discord-shaped and %d opaque tokens; the test needs both to cover its paths", leaked[false], leaked[true])
	}
	for _, want := range []string{"/webhooks/424242/***", "level=WARN", "level=ERROR"} {
		if !strings.Contains(clean.String(), want) {
			t.Errorf("no log line has %q:\n%s", want, clean.String())
		}
	}
	t.Logf("%d log lines, %d tokens hidden; unredacted, %d Discord-shaped and %d opaque tokens of %d would show",
		strings.Count(clean.String(), "\n"), strings.Count(clean.String(), hidden), leaked[false], leaked[true], len(tokens))
}

func TestRedactHidesTokens(t *testing.T) {
	const botToken = "MTA1NTk4NjQ0MzI1NjY0NTk0MA.GxYzAb.Zm9vYmFyYmF6cXV4cXV1eHh5enp5MTIzNDU2"
	for _, c := range []struct{ name, in, want string }{
		{"a webhook path", `Patch "http://x/api/v10/webhooks/424242/abc.DEF-ghi/messages/@original": EOF`,
			`Patch "http://x/api/v10/webhooks/424242/***/messages/@original": EOF`},
		{"a follow-up path", "POST /api/v10/webhooks/1/t0k?wait=true", "POST /api/v10/webhooks/1/***?wait=true"},
		{"a callback path", "/api/v10/interactions/99/secret/callback", "/api/v10/interactions/99/***/callback"},
		{"our own endpoint's path is kept", "POST /interactions", "POST /interactions"},
		{"the bot token", "Authorization: Bot " + botToken, "Authorization: Bot ***"},
		{"a token shaped like Discord's", "x aW50ZXJhY3Rpb246MTIzOmFiYw y", "x *** y"},
		{"ordinary text is kept", "game 12 ply 3 decision a2-a3", "game 12 ply 3 decision a2-a3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			log := slog.New(Redact(slog.NewTextHandler(&buf, nil), botToken))
			log.With("path", c.in).Info(c.in, "err", errors.New(c.in), "group", slog.GroupValue(slog.String("s", c.in)), "token", "x")
			out := buf.String()
			if strings.Count(out, c.want) < 3 && c.want == c.in {
				t.Errorf("text changed: %s", out)
			}
			for _, leak := range []string{"abc.DEF-ghi", "t0k", "secret", botToken, "aW50ZXJhY3Rpb246"} {
				if strings.Contains(out, leak) && !strings.Contains(c.want, leak) {
					t.Errorf("%q shows in %s", leak, out)
				}
			}
			if strings.Contains(out, "token=x") {
				t.Errorf("a token attribute shows: %s", out)
			}
			if got := newScrubber(botToken).text(c.in); got != c.want {
				t.Errorf("scrubbed %q, want %q", got, c.want)
			}
		})
	}
}
