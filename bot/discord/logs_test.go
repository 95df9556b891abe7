package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// logBuffer collects JSON log lines safely across goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuffer) records(t *testing.T) []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.buf.String()), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

func (l *logBuffer) find(t *testing.T, msg string) map[string]any {
	t.Helper()
	for _, r := range l.records(t) {
		if r["msg"] == msg {
			return r
		}
	}
	t.Fatalf("no log %q in %v", msg, l.records(t))
	return nil
}

func TestLogsCarryIDs(t *testing.T) {
	logs := &logBuffer{}
	e := newEnvLog(t, slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	e.do(e.slash("alice", "ouri", "vs-bot", "level", "easy", "first", "me"))
	in := e.slash("alice", "ouri", "move", "play", "d")
	e.do(in)
	rec, _ := e.game("ouri", "alice")
	want := func(r map[string]any, keys ...string) {
		t.Helper()
		for _, k := range keys {
			if r[k] == nil || r[k] == "" {
				t.Errorf("log %q lacks %s: %v", r["msg"], k, r)
			}
		}
	}
	t.Run("a person's move names the interaction, guild and game", func(t *testing.T) {
		r := logs.find(t, "move")
		want(r, "interaction", "guild", "channel", "user", "game")
		if r["interaction"] != in.ID || r["game"] != float64(rec.ID) {
			t.Errorf("%v", r)
		}
	})
	t.Run("the bot's move names the guild and game", func(t *testing.T) {
		want(logs.find(t, "bot move"), "guild", "channel", "game")
	})
	t.Run("a refusal names the interaction and guild", func(t *testing.T) {
		e.do(e.slash("carol", "ouri", "move", "play", "d"))
		want(logs.find(t, "interaction refused"), "interaction", "guild", "reason")
	})
	t.Run("an interaction without its data is refused privately and logged", func(t *testing.T) {
		in := e.interaction("alice", discordgo.InteractionApplicationCommand, nil)
		r := e.handle(in)
		mustPrivate(t, r.Response, "does not know what to do")
		if r.After != nil {
			t.Errorf("a refusal has an After step")
		}
		want(logs.find(t, "interaction refused"), "interaction", "guild", "reason")
	})
	t.Run("a panic is recovered, logged with the ids and answered privately", func(t *testing.T) {
		// A handler that panics: the pipeline the gateway and the endpoint share recovers it (the
		// bot's own recovery is tested in package bot).
		p := newPipeline(handlerFunc(func(context.Context, *discordgo.Interaction) Reply { panic("boom") }),
			Shard{}, NewWork(context.Background(), e.log), e.log)
		in := e.interaction("alice", discordgo.InteractionApplicationCommand, nil)
		r := p.answer(context.Background(), in)
		mustPrivate(t, r.Response, "went wrong")
		if r.After != nil {
			t.Errorf("a recovered panic has an After step")
		}
		rec := logs.find(t, "discord: panic while answering an interaction")
		want(rec, "interaction", "guild", "channel", "panic", "stack")
		if rec["interaction"] != in.ID || rec["level"] != "ERROR" {
			t.Errorf("%v", rec)
		}
	})
}

func TestAutocompleteOolongAndOuri(t *testing.T) {
	e := newEnv(t)
	ask := func(user, kind, typed string) []string {
		t.Helper()
		in := e.slash(user, kind, "move", "play", typed)
		in.Type = discordgo.InteractionApplicationCommandAutocomplete
		in.Data.(discordgo.ApplicationCommandInteractionData).Options[0].Options[0].Focused = true
		r := e.handle(in)
		var out []string
		for _, c := range r.Response.Data.Choices {
			out = append(out, c.Value.(string))
		}
		return out
	}
	e.challengeGame("oolong")
	e.challengeGame("ouri")
	for _, c := range []struct {
		user, kind, typed string
		want              []string
	}{
		{"alice", "oolong", "", []string{"c.e", "c.n", "c.ne", "c.nw", "c.s", "c.se", "c.sw", "c.w"}},
		{"alice", "oolong", "ne", []string{"c.ne"}},
		{"alice", "oolong", "NE", []string{"c.ne"}},
		{"alice", "oolong", "c.n", []string{"c.n", "c.ne", "c.nw"}},
		{"alice", "oolong", "x", nil},
		{"bob", "oolong", "", nil},
		{"carol", "oolong", "", nil},
		{"alice", "ouri", "D", []string{"d"}},
		{"bob", "ouri", "d", nil},
	} {
		t.Run(c.user+" types "+c.typed+" in /"+c.kind+" move", func(t *testing.T) {
			got := ask(c.user, c.kind, c.typed)
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
	t.Run("the seat alone plays a normal placement", func(t *testing.T) {
		r := e.do(e.slash("alice", "oolong", "move", "play", "NE"))
		mustPublic(t, r)
		_, g := e.game("oolong", "alice")
		if g.Format(g.Log()[0]) != "c.ne" {
			t.Fatalf("played %s", g.Format(g.Log()[0]))
		}
	})
}
