package console

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"tabuleiro/ai/puzzle"
	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/learn"
	"tabuleiro/render"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// typist is a console session at clock's time, answering one line at a time; "" runs the sweep.
func typist(t *testing.T, lang string, now time.Time) func(line string) string {
	t.Helper()
	clock := &clock{now: now}
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
		if line == "" {
			b.Sweep(context.Background())
		} else {
			c.Line(context.Background(), line)
		}
		b.Wait()
		return out.String()
	}
}

// mustSay fails unless got holds every want, and holds none of the unwanted.
func mustSay(t *testing.T, what, got string, want []string, unwanted ...string) {
	t.Helper()
	for _, s := range want {
		if !strings.Contains(got, s) {
			t.Errorf("%s: want %q in\n%s", what, s, got)
		}
	}
	for _, s := range unwanted {
		if strings.Contains(got, s) {
			t.Errorf("%s: %q unwanted in\n%s", what, s, got)
		}
	}
}

// A puzzle's task counts the solver's own moves, in words, down to the one that wins now.
func TestAPuzzleTaskCountsTheSolversMoves(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		typed := live(t, lang)
		shown := typed("/ordo puzzle")
		p := servedPuzzle(t, shown)
		a, err := puzzle.Start(p)
		if err != nil {
			t.Fatal(err)
		}
		task := func(n int) string {
			return plain(w, "puzzle.task.moves", map[string]any{"Colour": games.Colour{D: a.Game.Descriptor(), Seat: a.Solver}, "Count": n})
		}
		mustSay(t, "the first position", shown, []string{task((p.Plies + 1) / 2)}, "plies", "lances")
		for !a.Over {
			keep, _ := keeping(t, a)
			played := a.Game.Format(keep[0])
			if _, err := a.Play(keep[0]); err != nil {
				t.Fatal(err)
			}
			got := typed("/ordo move play:" + played)
			if left := p.Plies - len(a.Played); !a.Over {
				mustSay(t, "after "+played, got, []string{task((left + 1) / 2)})
				if left <= 2 {
					mustSay(t, "the last move", got, []string{task(1)}, "1 move", "1 jogada")
				}
			}
		}
	})
}

// A puzzle whose position starts with a special to decide says what is pending, as a game's status
// line does: the daily post and the solver's own message.
func TestAPuzzleWithASpecialPendingSaysWhatIsPending(t *testing.T) {
	day := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	var a *puzzle.Attempt
	for range 400 {
		if kind, id, ok := table.ChooseDaily(store.DailyServer{}, store.Day(day)); ok && kind == "oolong" {
			a = startOf(t, id)
			if a.Game.(games.Paneled).Panel().Skip != nil {
				break
			}
		}
		a, day = nil, day.Add(24*time.Hour)
	}
	if a == nil {
		t.Fatal("no daily Oolong puzzle starts with a special pending in 400 days")
	}
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		st := render.BlockOf(a.Game, w).Status
		line := st.With(games.Colour{D: a.Game.Descriptor(), Seat: st.Seat})
		pending := plain(w, line.ID, line.Args)
		typed := typist(t, lang, day)
		typed("/tabuleiro settings puzzle-channel:#console puzzle-hour:12")
		mustSay(t, "the daily post", typed(""), []string{pending})
		mustSay(t, "the solver's puzzle", typed("@bob click "+w.T("button.solve", nil)), []string{pending, "`" + a.Puzzle.ID + "`"})
	})
}

// startOf is the shipped puzzle id's attempt, from its start.
func startOf(t *testing.T, id string) *puzzle.Attempt {
	t.Helper()
	set, _, _ := strings.Cut(id, "-")
	ps, err := puzzle.Load(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.ID == id {
			a, err := puzzle.Start(p)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
	}
	t.Fatalf("no puzzle %s", id)
	return nil
}

// rightAnswer is an answer that does the step of a the learner is at: the offer's command, or a
// legal move the lesson takes.
func rightAnswer(t *testing.T, a *learn.Attempt) string {
	t.Helper()
	d := a.Lesson().Game()
	if a.Offering() {
		return "/" + d.Kind + " " + d.Offer
	}
	g := a.Game()
	for _, name := range games.Names(g, g.Legal()) {
		b, err := learn.Resume(a.State())
		if err != nil {
			t.Fatal(err)
		}
		if b.Try(name).Right {
			return "/" + d.Kind + " move play:" + name
		}
	}
	t.Fatalf("lesson %s, step %d: no right answer", a.Lesson().ID, a.Step())
	return ""
}

// Every Ouri lesson, done through the console: each says how it is answered (the end lesson with
// /ouri end), and its conclusion sets notation apart; once all are done the puzzles are named and
// any lesson can be taken again.
func TestEveryLessonDoneLeavesTheLessonsOpenToTakeAgain(t *testing.T) {
	ouri, _ := catalog.Lookup("ouri")
	lessons := learn.Of(ouri)
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		typed := live(t, lang)
		shown := typed("/ouri learn")
		for i, l := range lessons {
			a, err := learn.Start(l)
			if err != nil {
				t.Fatal(err)
			}
			for !a.Done() {
				answer := "lesson.answer.buttons"
				if a.Offering() {
					answer = "lesson.answer.offer"
				}
				mustSay(t, l.ID+": the answer asked", shown,
					[]string{plain(w, answer, map[string]any{"Kind": "ouri", "Offer": ouri.Offer})})
				line := rightAnswer(t, a)
				if a.Offering() {
					a.Offer()
				} else {
					_, move, _ := strings.Cut(line, "play:")
					a.Try(move)
				}
				shown = typed(line)
			}
			mustSay(t, l.ID+" is done", shown, []string{plain(w, l.Done(), nil)})
			if i+1 < len(lessons) {
				mustSay(t, l.ID+" leads on", shown, []string{plain(w, lessons[i+1].Task(), nil)})
			}
		}
		done := plain(w, "lesson.all-done.text", map[string]any{"Title": "Ouri", "Kind": "ouri"})
		mustSay(t, "the last lesson done", shown, []string{done, "`/ouri puzzle`", w.T("lesson.again.menu", nil)})
		mustSay(t, "asking for a lesson again", typed("/ouri learn"), []string{done, w.T("lesson.again.menu", nil)})
		again := typed("select 3")
		mustSay(t, "lesson 3 again", again, []string{plain(w, lessons[2].Task(), nil),
			plain(w, "lesson.head", map[string]any{"Title": w.T(lessons[2].Title(), nil), "Lesson": 3, "Total": len(lessons), "Steps": ""})})
		a, _ := learn.Start(lessons[2])
		mustSay(t, "lesson 3 done again", typed(rightAnswer(t, a)), []string{plain(w, lessons[2].Done(), nil), done})
	})
}

// The smaller wording of lessons and puzzles: an option given to a subcommand that takes none, the
// daily puzzle's date as the language writes it, refusals that end as sentences, the rules named as
// such.
func TestLessonAndPuzzleWordingReadsAsSentences(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		typed := typist(t, lang, time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
		mustSay(t, "an option of a subcommand without options", typed("/ouri learn extra:1"),
			[]string{plain(w, "console.no-options", map[string]any{"Command": "ouri", "Sub": "learn", "Option": `"extra"`})},
			plain(w, "list.none", nil))

		typed("/tabuleiro settings puzzle-channel:#console puzzle-hour:12")
		date := map[string]string{say.English: "2025-03-01", say.Portuguese: "01/03/2025"}[lang]
		post := typed("")
		mustSay(t, "the daily post", post, []string{"· " + date + "\n"})
		if lang == say.Portuguese {
			mustSay(t, "the daily post", post, nil, "2025-03-01")
		}

		typed("/ordo puzzle")
		for _, line := range []string{"/ordo move play:z9", "/ordo move play:a1-a2"} {
			got := typed(line)
			lines := strings.Split(strings.TrimSpace(got), "\n")
			if len(lines) < 3 || !strings.HasSuffix(lines[2], ".") {
				t.Errorf("%s: the refusal does not end as a sentence:\n%s", line, got)
			}
		}
		mustSay(t, "an Abapa board", typed("/ouri vs-bot rules:abapa first:me"), []string{w.T("board.ouri.abapa", nil)})
	})
}
