package bot

import (
	"log/slog"
	"strings"
	"testing"
)

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
	t.Run("an interaction of no known type is refused privately and logged", func(t *testing.T) {
		r := e.handle(e.interaction("alice", Type(255)))
		mustRefuse(t, r, "refusal.unknown")
		if r.After != nil {
			t.Errorf("a refusal has an After step")
		}
		want(logs.find(t, "interaction refused"), "interaction", "guild", "reason")
	})
}

func TestAutocompleteOolongAndOuri(t *testing.T) {
	e := newEnv(t)
	ask := func(user, kind, typed string) []string {
		t.Helper()
		return e.handle(e.typing(user, kind, "move", "play", typed)).Choices
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
