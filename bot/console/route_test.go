package console

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// A new action is one declaration: a made-up /tabuleiro coin command whose answer carries a button
// with a typed part (the flip's number), declared once, is registered, routed, listed in the help,
// typed and clicked in the console, and its button's custom id reads back as its action.
func TestANewActionIsOneDeclaration(t *testing.T) {
	clock := &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	st, err := store.Open(t.TempDir()+"/route.db", store.Options{Decode: catalog.Decode, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out bytes.Buffer
	c := New(&out, clock.Now)
	c.SetLanguage(say.English)
	b := bot.New(st, c, bot.Config{Now: c.Now, Seed: 11, Log: slog.New(slog.DiscardHandler), AI: testAI})
	c.Attach(b)

	flip := func(page int) bot.Action { return bot.Action{Route: "coin-again", Kind: bot.AppCommand, Page: page} }
	heads := func(page int) bot.Reply {
		r := bot.Private(say.Plain("flip " + strings.Repeat("I", page) + ": heads"))
		r.Message.Rows = []bot.Row{{{Type: bot.Button, Label: "Again", Action: flip(page + 1)}}}
		return r
	}
	err = b.Declare(
		bot.Route{Command: bot.AppCommand, Sub: func(*games.Descriptor) bot.SubSpec {
			return bot.SubSpec{Name: "coin", Description: "Flips a coin"}
		}, Answer: func(context.Context, *bot.Request) (bot.Reply, error) { return heads(1), nil }},
		bot.Route{Name: "coin-again", Pattern: "/tabuleiro/coin/{page}/again", Answer: func(_ context.Context, req *bot.Request) (bot.Reply, error) {
			r := heads(req.Action().Page)
			r.Type = bot.Update
			return r, nil
		}},
	)
	if err != nil {
		t.Fatal(err)
	}

	registered := false
	for _, cmd := range b.Commands() {
		for _, s := range cmd.Subs {
			registered = registered || cmd.Name == bot.AppCommand && s.Name == "coin"
		}
	}
	if !registered {
		t.Error("/tabuleiro coin is not among the commands to register")
	}
	if id := b.CustomID(flip(2)); id != "/tabuleiro/coin/2/again" {
		t.Errorf("the button's custom id is %q", id)
	} else if a, ok := b.ParseCustomID(id); !ok || a != flip(2) {
		t.Errorf("%q reads back as %+v, %v", id, a, ok)
	}
	for _, line := range []string{"help", "/tabuleiro coin", "click Again", "click Again"} {
		c.Line(context.Background(), line)
	}
	if helped, _, _ := strings.Cut(out.String(), "› /tabuleiro coin"); !strings.Contains(helped, "coin") {
		t.Errorf("help does not list coin:\n%s", helped)
	}
	for _, want := range []string{"flip I: heads", "flip II: heads", "flip III: heads"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the console never showed %q:\n%s", want, out.String())
		}
	}
	if err := b.Declare(bot.Route{Name: "coin-again", Pattern: "/tabuleiro/coin/{page}/twice",
		Answer: func(context.Context, *bot.Request) (bot.Reply, error) { return bot.Reply{}, nil }}); err == nil {
		t.Error("a second coin-again was declared")
	}
}
