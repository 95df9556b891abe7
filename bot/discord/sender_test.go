package discord

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/rest"
	"tabuleiro/bot/discord/wire"
	"tabuleiro/say"
)

// quickRetry keeps the retry tests fast: the waits they check are the ones Discord asks for.
var quickRetry = rest.Retry{Attempts: 4, Backoff: time.Millisecond, MaxBackoff: 4 * time.Millisecond, MaxRateLimit: time.Second}

func testSender(t *testing.T, f *fakeDiscord, token string) (*Sender, *bytes.Buffer) {
	t.Helper()
	base, _ := url.Parse(f.srv.URL)
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	s := NewSession(Config{Token: token, APIBase: base, Shard: Shard{0, 1}}, quickRetry, log)
	snd := NewSender(s, "424242", log)
	snd.settle = time.Millisecond
	return snd, &logs
}

func TestSenderCallsTheConfiguredOriginOnAPIv10(t *testing.T) {
	f := newFakeDiscord(t)
	snd, _ := testSender(t, f, "tok")
	ctx := context.Background()

	resign := bot.Control{Type: bot.Button, Label: "Resign", Style: bot.Danger,
		Action: bot.Action{Kind: "ouri", Game: 3, Ply: 4, Route: "resign"}}
	id, err := snd.Send(ctx, "77", bot.Message{Content: say.Plain("hello"), Rows: []bot.Row{{resign}}, Pings: []string{"5"}})
	if err != nil || id == "" {
		t.Fatalf("Send = %q, %v", id, err)
	}
	if err := snd.Edit(ctx, "77", id, bot.Message{Content: say.Plain("edited")}); err != nil {
		t.Fatalf("Edit: %v", err)
	}
	if err := snd.Clear(ctx, "77", id); err != nil {
		t.Fatalf("Clear: %v", err)
	}
	orig, err := snd.Original(ctx, &wire.Interaction{App: "424242", Token: "itok", Interaction: bot.Interaction{ID: "9"}})
	if err != nil || orig != "orig-itok" {
		t.Fatalf("Original = %q, %v", orig, err)
	}

	want := []call{
		{Method: "POST", Path: "/api/v10/channels/77/messages"},
		{Method: "PATCH", Path: "/api/v10/channels/77/messages/" + id},
		{Method: "PATCH", Path: "/api/v10/channels/77/messages/" + id},
		{Method: "GET", Path: "/api/v10/webhooks/424242/itok/messages/@original"},
	}
	got := f.recorded()
	if len(got) != len(want) {
		t.Fatalf("calls = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].Method != want[i].Method || got[i].Path != want[i].Path {
			t.Errorf("call %d = %s %s, want %s %s", i, got[i].Method, got[i].Path, want[i].Method, want[i].Path)
		}
	}
	if got[0].Auth != "Bot tok" {
		t.Errorf("Authorization = %q, want %q", got[0].Auth, "Bot tok")
	}
	for _, want := range []string{`"content":"hello"`, `"custom_id":"/ouri/3/4/resign"`, `"style":4`, `"users":["5"]`} {
		if !strings.Contains(got[0].Body, want) {
			t.Errorf("Send body = %s, want %s in it", got[0].Body, want)
		}
	}
	// Edit replaces the text and the controls (none left here).
	if !strings.Contains(got[1].Body, `"content":"edited"`) || !strings.Contains(got[1].Body, `"components":[]`) {
		t.Errorf("Edit body = %s", got[1].Body)
	}
	// Clear removes the controls and leaves the text alone.
	if strings.Contains(got[2].Body, `"content"`) || !strings.Contains(got[2].Body, `"components":[]`) {
		t.Errorf("Clear body = %s", got[2].Body)
	}
}

func TestSenderRetries(t *testing.T) {
	const path = "/api/v10/channels/5/messages"
	tests := []struct {
		name    string
		answers []answer
		calls   int
		minWait time.Duration
		fails   bool
		edit    bool // an edit (PATCH) rather than a post: only edits are retried after a 5xx
	}{
		{name: "a 429 is retried after the body's retry_after",
			answers: []answer{{Status: 429, Header: map[string]string{"Retry-After": "1"}, Body: `{"message":"You are being rate limited.","retry_after":0.03,"global":false}`}},
			calls:   2, minWait: 30 * time.Millisecond},
		{name: "a 429 without a body is retried after the Retry-After header",
			answers: []answer{{Status: 429, Header: map[string]string{"Retry-After": "0.02"}}},
			calls:   2, minWait: 20 * time.Millisecond},
		{name: "5xx answers to an edit are retried with backoff",
			answers: []answer{{Status: 500, Body: `{}`}, {Status: 502}, {Status: 503}},
			calls:   4, edit: true},
		{name: "retries are bounded",
			answers: []answer{{Status: 500}, {Status: 500}, {Status: 500}, {Status: 500}, {Status: 500}},
			calls:   4, fails: true, edit: true},
		{name: "a 429 asking for too long a wait is not waited for",
			answers: []answer{{Status: 429, Body: `{"message":"slow down","retry_after":3600}`}},
			calls:   1, fails: true},
		{name: "a 4xx is not retried",
			answers: []answer{{Status: 403, Body: `{"message":"Missing Access","code":50001}`}},
			calls:   1, fails: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeDiscord(t)
			method, at := "POST", path
			if tt.edit {
				method, at = "PATCH", path+"/7"
			}
			f.on(method, at, tt.answers...)
			snd, _ := testSender(t, f, "tok")
			start := time.Now()
			var err error
			if tt.edit {
				err = snd.Edit(context.Background(), "5", "7", bot.Message{Content: say.Plain("board")})
			} else {
				_, err = snd.Send(context.Background(), "5", bot.Message{Content: say.Plain("board")})
			}
			if (err != nil) != tt.fails {
				t.Fatalf("error = %v, want failure %v", err, tt.fails)
			}
			if n := f.count(method, at); n != tt.calls {
				t.Errorf("%d calls, want %d", n, tt.calls)
			}
			if waited := time.Since(start); waited < tt.minWait {
				t.Errorf("retried after %v, want at least %v", waited, tt.minWait)
			}
			for _, c := range f.recorded() {
				if !strings.Contains(c.Body, `"content":"board"`) {
					t.Errorf("a retry lost the body: %q", c.Body)
				}
			}
		})
	}
}

func TestSenderReportsUnknownInteraction(t *testing.T) {
	f := newFakeDiscord(t)
	f.on("GET", "/api/v10/webhooks/424242/late/messages/@original",
		answer{Status: 404, Body: `{"message":"Unknown interaction","code":10062}`})
	snd, logs := testSender(t, f, "tok")
	_, err := snd.Original(context.Background(), &wire.Interaction{App: "424242", Token: "late", Interaction: bot.Interaction{ID: "1"}})
	if Code(err) != discordgo.ErrCodeUnknownInteraction {
		t.Fatalf("err = %v, want code 10062", err)
	}
	if !strings.Contains(logs.String(), "unknown interaction") {
		t.Errorf("not logged: %s", logs)
	}
}

func TestSenderWaitsForTheOriginalToExist(t *testing.T) {
	f := newFakeDiscord(t)
	f.on("GET", "/api/v10/webhooks/424242/fresh/messages/@original",
		answer{Status: 404, Body: `{"message":"Unknown Message","code":10008}`},
		answer{Status: 404, Body: `{"message":"Unknown Message","code":10008}`})
	snd, _ := testSender(t, f, "")
	id, err := snd.Original(context.Background(), &wire.Interaction{App: "424242", Token: "fresh", Interaction: bot.Interaction{ID: "1"}})
	if err != nil || id != "orig-fresh" {
		t.Fatalf("Original = %q, %v", id, err)
	}
	if n := f.count("GET", "/api/v10/webhooks/*"); n != 3 {
		t.Errorf("%d calls, want 3", n)
	}
}

func TestSenderWithoutTokenSaysSo(t *testing.T) {
	f := newFakeDiscord(t)
	snd, _ := testSender(t, f, "")
	if _, err := snd.Send(context.Background(), "1", bot.Message{Content: say.Plain("x")}); !errors.Is(err, errNoToken) {
		t.Errorf("Send without token = %v", err)
	}
	if len(f.recorded()) != 0 {
		t.Errorf("called Discord without a token: %+v", f.recorded())
	}
}

func TestRetryGivesUpWhenTheContextEnds(t *testing.T) {
	f := newFakeDiscord(t)
	f.on("POST", "/api/v10/channels/5/messages", answer{Status: 429, Body: `{"retry_after":0.9}`})
	snd, _ := testSender(t, f, "tok")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := snd.Send(ctx, "5", bot.Message{Content: say.Plain("x")}); err == nil {
		t.Fatal("Send succeeded")
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("waited %v after the context ended", d)
	}
}
