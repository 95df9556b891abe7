package console

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/render"
	"tabuleiro/render/describe"
	"tabuleiro/render/describe/describetest"
	"tabuleiro/say"
	"tabuleiro/store"
)

// A bare move lists the legal moves privately, grouped as the describer groups them; typing the
// play (play: left empty) still suggests them as Discord's autocomplete does.
func TestABareMoveListsTheMovesAndATypedOneSuggestsThem(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/ordo vs-bot level:easy first:me", "/ordo move", "/ordo move play:")
		g, _ := catalog.New("ordo", nil)
		pages := describe.MovePages(g, w)
		if !strings.Contains(out[1], plain(w, "console.posted-private", map[string]any{"User": "you", "Message": 2})) {
			t.Errorf("the list is not private:\n%s", out[1])
		}
		for _, line := range strings.Split(strings.Join(pages, "\n"), "\n") {
			if !strings.Contains(out[1], "│ "+line+"\n") {
				t.Errorf("the list lacks %q:\n%s", line, out[1])
			}
		}
		if want := w.T("console.your-moves", map[string]any{"Moves": "a3-a4  a3-b4"}); !strings.Contains(out[2], want) {
			t.Errorf("play: left empty does not suggest %q:\n%s", want, out[2])
		}
	})
}

// listening is a console speaking lang, typed at line by line by "you": each line returns what it
// printed. The store is the test's, to check what the listener did; the listener reads only what
// it is told.
func listening(t *testing.T, lang string) (func(line string) string, *store.DB) {
	t.Helper()
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
	c.Attach(b)
	return func(line string) string {
		out.Reset()
		c.Line(context.Background(), line)
		b.Wait()
		return out.String()
	}, st
}

// heard is what the listener hears of a line's output: the lines of the messages only they see
// (the Describe answer and the move list, a page each), without the console's frame.
func heard(t *testing.T, out string, w *say.Words) []string {
	t.Helper()
	private := plain(w, "console.posted-private", map[string]any{"User": "you", "Message": 0})
	private = private[:strings.Index(private, "·")] // "the bot (only @you sees this) "
	var lines []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "┌"):
			in = strings.Contains(l, private)
		case strings.HasPrefix(l, "└"):
			in = false
		case in:
			lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(l, "│"), " "))
		}
	}
	return lines
}

// Issue 42's acceptance: a whole game of each kind is played at the console by a listener who
// reads only the descriptions (the Describe button's private answer) and the legal-move lists (a
// bare /… move), never a board, and types the moves as it heard them; in both languages, with
// boards in words chosen, so that the game's replay is told too.
func TestAListenerPlaysAWholeGameAtTheConsole(t *testing.T) {
	for _, kind := range catalog.Names {
		t.Run(kind, func(t *testing.T) { listenToAGame(t, kind) })
	}
}

func listenToAGame(t *testing.T, kind string) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		line, st := listening(t, lang)
		if got := line("/tabuleiro me boards:words"); !strings.Contains(got, plain(w, "settings.boards-words", nil)) {
			t.Fatalf("boards in words were not chosen:\n%s", got)
		}
		line("/" + kind + " vs-bot level:easy first:me")
		describeButton := "click " + w.T("button.describe", nil)
		typed := 0
		for turn := 0; ; turn++ {
			if turn > 300 {
				t.Fatalf("no end after %d turns", turn)
			}
			rec, err := st.ActiveGame(consoleChannel, kind, "you")
			if err != nil {
				break // over
			}
			_, g, err := st.Game(rec.ID)
			if err != nil {
				t.Fatal(err)
			}
			description := heard(t, line(describeButton), w)
			list := heard(t, line("/"+kind+" move"), w)
			if len(description) == 0 || len(list) == 0 {
				t.Fatalf("turn %d: nothing heard: description %q, list %q", turn, description, list)
			}
			noBoard(t, g, w, append(description, list...))
			if want := describe.Game(g, w).Turn; description[len(description)-1] != want {
				t.Fatalf("turn %d: the description ends %q, not with whose turn it is (%q)", turn, description[len(description)-1], want)
			}
			moves := describetest.Heard(list, w)
			if len(moves) == 0 {
				t.Fatalf("turn %d: no move heard in %q", turn, list)
			}
			move := moves[turn*7%len(moves)]
			if got := line("/" + kind + " move play:" + move); len(heard(t, got, w)) != 0 {
				t.Fatalf("turn %d: %q, as heard, is refused:\n%s", turn, move, got)
			}
			typed++
		}
		last, err := st.LastGame(consoleChannel, kind, "you")
		if err != nil {
			t.Fatal(err)
		}
		_, g, err := st.Game(last.ID)
		if err != nil || !g.Outcome().Over() || typed < 3 {
			t.Fatalf("the game after %d moves typed: over %v (%v)", typed, g != nil && g.Outcome().Over(), err)
		}
		end := heard(t, line(describeButton), w)
		noBoard(t, g, w, end)
		if want := describe.Game(g, w).Turn; len(end) == 0 || end[len(end)-1] != want {
			t.Errorf("the finished game's description %q does not end with its result %q", end, want)
		}
		replay := heard(t, line("/"+kind+" replay"), w)
		noBoard(t, g, w, replay)
		if !strings.Contains(strings.Join(replay, "\n"), describe.Game(g, w).Position[0]) {
			t.Errorf("the replay, in words, does not tell the final position:\n%s", strings.Join(replay, "\n"))
		}
		t.Logf("%d moves typed as heard; %d decisions in all", typed, len(g.Log()))
	})
}

// noBoard fails if what was heard holds any line of g's board as text or a code block.
func noBoard(t *testing.T, g games.Game, w *say.Words, heard []string) {
	t.Helper()
	text := strings.Join(heard, "\n")
	if strings.Contains(text, "```") {
		t.Fatalf("a code block was heard:\n%s", text)
	}
	for _, l := range render.BlockOf(g, w).Lines {
		if l = strings.TrimSpace(l); utf8.RuneCountInString(l) > 4 && strings.Contains(text, l) {
			t.Fatalf("a line of the board, %q, was heard:\n%s", l, text)
		}
	}
}
