package console

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tabuleiro/ai/puzzle"
	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
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
		{"", en("daily.unsolved")},
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

// One counted attempt at the daily puzzle a person and day: bob fails his, presses Solve again and
// is told it is a retry, solves it as practice without a contradiction, and the post counts
// nobody; carol solves hers and is counted once, her retry told so too.
func TestARetryOfTheDailyPuzzleSaysSoAndCountsNowhere(t *testing.T) {
	for _, lang := range []string{say.English, say.Portuguese} {
		t.Run(lang, func(t *testing.T) {
			w := say.For(lang)
			clock := &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
			st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode, Now: clock.Now})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			var out bytes.Buffer
			c := New(&out, clock.Now)
			c.SetLanguage(lang)
			b := bot.New(st, c, bot.Config{Now: clock.Now, Seed: 11, Log: slog.New(slog.DiscardHandler), AI: testAI})
			t.Cleanup(b.Wait)
			c.Attach(b)
			typed := func(line string) string {
				out.Reset()
				if line == "" {
					b.Sweep(context.Background())
				} else {
					c.Line(context.Background(), line)
				}
				b.Wait()
				return out.String()
			}
			has := func(what, got string, want ...string) {
				t.Helper()
				for _, s := range want {
					if !strings.Contains(got, s) {
						t.Errorf("%s: want %q in\n%s", what, s, got)
					}
				}
			}
			lacks := func(what, got string, unwanted ...string) {
				t.Helper()
				for _, s := range unwanted {
					if strings.Contains(got, s) {
						t.Errorf("%s: %q unwanted in\n%s", what, s, got)
					}
				}
			}
			typed("/tabuleiro settings puzzle-channel:#console puzzle-hour:12")
			has("the post", typed(""), plain(w, "daily.unsolved", nil), plain(w, "daily.foot", nil))
			solve := "click " + w.T("button.solve", nil)
			kind := func(a *puzzle.Attempt) map[string]any { return map[string]any{"Kind": a.Game.Descriptor().Kind} }
			solveIt := func(user string, a *puzzle.Attempt) string {
				var got string
				for !a.Over {
					keep, _ := keeping(t, a)
					played := a.Game.Format(keep[0])
					if _, err := a.Play(keep[0]); err != nil {
						t.Fatal(err)
					}
					got = typed(user + " /" + a.Game.Descriptor().Kind + " move play:" + played)
				}
				return got
			}

			shown := typed("@bob " + solve)
			lacks("bob's first attempt", shown, plain(w, "daily.retry.failed", nil), plain(w, "daily.retry.solved", nil))
			a, err := puzzle.Start(servedPuzzle(t, shown))
			if err != nil {
				t.Fatal(err)
			}
			_, lose := keeping(t, a)
			got := typed("@bob /" + a.Game.Descriptor().Kind + " move play:" + a.Game.Format(lose[0]))
			has("bob's losing move", got, plain(w, "puzzle.failed", kind(a)))

			has("bob's retry", typed("@bob "+solve), plain(w, "daily.retry.failed", nil))
			a, _ = puzzle.Start(a.Puzzle)
			got = solveIt("@bob", a)
			has("bob solves his retry", got, plain(w, "puzzle.solved", kind(a)), plain(w, "daily.retried.failed", nil))
			lacks("bob solves his retry", got, plain(w, "puzzle.failed", kind(a)))
			post := regexp.MustCompile(`#1\b`) // the daily post, message #1, is left alone by a retry
			if post.MatchString(got) {
				t.Errorf("bob's retry edited the daily post:\n%s", got)
			}

			has("carol's attempt", typed("@carol "+solve))
			a, _ = puzzle.Start(a.Puzzle)
			got = solveIt("@carol", a)
			has("carol solves hers", got, plain(w, "puzzle.solved", kind(a)), plain(w, "daily.solvers", map[string]any{"Count": 1}))
			lacks("carol solves hers", got, plain(w, "daily.retried.solved", nil))

			has("carol's retry", typed("@carol "+solve), plain(w, "daily.retry.solved", nil))
			a, _ = puzzle.Start(a.Puzzle)
			got = solveIt("@carol", a)
			has("carol solves her retry", got, plain(w, "daily.retried.solved", nil))
			if post.MatchString(got) {
				t.Errorf("carol's retry edited the daily post:\n%s", got)
			}
		})
	}
}

// With boards:image the daily post comes as a picture, saved where its note says, its text block
// beside it on the console.
func TestTheDailyPostIsAPictureWhereBoardsArePictures(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		clock := &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
		st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode, Now: clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		var out bytes.Buffer
		c := New(&out, clock.Now)
		c.SetLanguage(lang)
		dir := t.TempDir()
		c.pictures = dir
		b := bot.New(st, c, bot.Config{Now: clock.Now, Seed: 11, Log: slog.New(slog.DiscardHandler), AI: testAI})
		t.Cleanup(b.Wait)
		c.Attach(b)
		c.Line(context.Background(), "/tabuleiro settings boards:image")
		c.Line(context.Background(), "/tabuleiro settings puzzle-channel:#console puzzle-hour:12")
		b.Wait()
		out.Reset()
		b.Sweep(context.Background())
		b.Wait()
		post := out.String()
		saved, _ := filepath.Glob(filepath.Join(dir, "daily-*.png"))
		if len(saved) != 1 {
			t.Fatalf("the daily post's picture was not saved in %s:\n%s", dir, post)
		}
		note := w.T("console.picture-saved", map[string]any{"File": filepath.Base(saved[0]), "Count": 1, "Path": saved[0]})
		if !strings.Contains(post, note[:strings.Index(note, ":")]) || !strings.Contains(post, saved[0]) {
			t.Errorf("the daily post does not say where its picture is:\n%s", post)
		}
		if !strings.Contains(post, w.T("daily.unsolved", nil)) {
			t.Errorf("the daily post is not posted whole:\n%s", post)
		}
	})
}
