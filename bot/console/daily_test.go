package console

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// The daily puzzle in the console: turned on for its one channel, posted at the hour by the bot's
// loop with a Solve button, which opens the puzzle for the person who types click Solve.
func TestTheDailyPuzzleInTheConsole(t *testing.T) {
	clock := &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var out bytes.Buffer
	c := New(&out, clock.Now)
	b := bot.New(st, c, bot.Config{Now: clock.Now, Seed: 11, Log: slog.New(slog.DiscardHandler), AI: testAI})
	t.Cleanup(b.Wait)
	c.Attach(b)
	type step struct{ line, want string }
	for _, s := range []step{
		{"/tabuleiro settings puzzle-channel:#console puzzle-hour:25", `puzzle-hour is one of off, 0-23, not "25"`},
		{"/tabuleiro settings puzzle-channel:#console puzzle-hour:12", "daily puzzle: in #console at 12:00 UTC"},
		{"", "Nobody has solved it yet."},
		{"@bob click Solve", "(only @bob sees this)"},
	} {
		out.Reset()
		if s.line == "" {
			b.Sweep(context.Background())
		} else {
			c.Line(context.Background(), s.line)
		}
		b.Wait()
		if !strings.Contains(out.String(), s.want) {
			t.Errorf("%q: want %q in\n%s", s.line, s.want, out.String())
		}
	}
}
