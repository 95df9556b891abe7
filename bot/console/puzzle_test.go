package console

import (
	"bytes"
	"context"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"tabuleiro/bot"

	"tabuleiro/ai/puzzle"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// servedPuzzle is the puzzle the first line of out serves, read from the set its id names.
func servedPuzzle(t *testing.T, out string) puzzle.Puzzle {
	t.Helper()
	id := regexp.MustCompile("`((ouri|abapa|ordo|oolong)-[0-9]+)`").FindStringSubmatch(out)
	if id == nil {
		t.Fatalf("no puzzle served:\n%s", out)
	}
	set, _, _ := strings.Cut(id[1], "-")
	ps, err := puzzle.Load(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.ID == id[1] {
			return p
		}
	}
	t.Fatalf("no puzzle %s in set %s", id[1], set)
	return puzzle.Puzzle{}
}

// keeping lists the solver's moves that keep the win in the attempt's position, and those that
// throw it away.
func keeping(t *testing.T, a *puzzle.Attempt) (keep, lose []games.Move) {
	t.Helper()
	truth, _ := puzzle.TruthOf(a.Game.Descriptor())
	keep, lose, err := truth.Keeping(a.Game, a.Puzzle.Plies-len(a.Played))
	if err != nil {
		t.Fatal(err)
	}
	return keep, lose
}

// live is a console session that answers one line at a time.
func live(t *testing.T, lang string) func(line string) string {
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
	t.Cleanup(b.Wait)
	c.Attach(b)
	return func(line string) string {
		out.Reset()
		c.Line(context.Background(), line)
		b.Wait()
		return out.String()
	}
}

var rated = regexp.MustCompile(`Your puzzle rating: [0-9]+\?? → [0-9]+\?? \(([+-])[0-9]+\)`)

func TestAPuzzleIsSolvedByAnyRightMoveAndFailedByALosingOne(t *testing.T) {
	w := say.For(say.English)
	typed := live(t, say.English)
	failed, solved := false, false
	// Puzzles are served until one has two right first moves: the others are failed on the way,
	// by a losing move.
	for range 20 {
		a, err := puzzle.Start(servedPuzzle(t, typed("/ordo puzzle")))
		if err != nil {
			t.Fatal(err)
		}
		if suggested := typed("/ordo move play:"); !strings.Contains(suggested, games.Names(a.Game, a.Game.Legal())[0]) {
			t.Errorf("a typed move does not suggest the puzzle's moves:\n%s", suggested)
		}
		keep, lose := keeping(t, a)
		if len(keep) < 2 {
			played := a.Game.Format(lose[0])
			out := typed("/ordo move play:" + played)
			if !says(out, "puzzle.wrong", "Move", played) && !says(out, "puzzle.refuted", "Move", played) {
				t.Errorf("the losing move %s is not said to throw the win away:\n%s", played, out)
			}
			want := []string{plain(w, "puzzle.failed", map[string]any{"Kind": "ordo"})}
			for _, k := range keep {
				want = append(want, a.Game.Format(k))
			}
			for _, s := range want {
				if !strings.Contains(out, s) {
					t.Errorf("the losing move does not say %q:\n%s", s, out)
				}
			}
			if m := rated.FindStringSubmatch(out); m == nil || m[1] != "-" {
				t.Errorf("the losing move does not lower the rating:\n%s", out)
			}
			failed = true
			continue
		}
		// A right move that is not the first the truth lists, then right ones to the end.
		for first := true; !a.Over; first = false {
			keep, _ := keeping(t, a)
			m := keep[len(keep)-1]
			played := a.Game.Format(m)
			out := typed("/ordo move play:" + played)
			if _, err := a.Play(m); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, "Right: `"+played+"`") {
				t.Errorf("a right move is not said right:\n%s", out)
			}
			if first && len(keep) < 2 {
				t.Fatal("the first right move is the only one")
			}
			if a.Over {
				if !strings.Contains(out, plain(w, "puzzle.solved", map[string]any{"Kind": "ordo"})) {
					t.Errorf("the last right move does not solve the puzzle:\n%s", out)
				}
				if m := rated.FindStringSubmatch(out); m == nil || m[1] != "+" {
					t.Errorf("solving does not raise the rating:\n%s", out)
				}
			}
		}
		solved = true
		break
	}
	if !failed || !solved {
		t.Errorf("failed one: %v, solved one with a second right move: %v", failed, solved)
	}
}
