package bot

import (
	"slices"
	"strings"
	"testing"

	"tabuleiro/ai/puzzle"
	"tabuleiro/games"
	"tabuleiro/learn"
	"tabuleiro/say"
	"tabuleiro/table"
)

// learningPlays reports whether a lesson's or a puzzle's control plays note: its button, or its
// menu option.
func learningPlays(note string) func(a Action, value string) bool {
	return func(a Action, value string) bool {
		return value == note && strings.HasSuffix(a.Route, "-pick") || value == "" && a.Arg == note
	}
}

// answerByControls answers note, a decision of g, on a lesson's or a puzzle's private message by
// its controls only, as a person would: directly, or by picking its group (a table, a tea) first
// and then the choice, checking Back on the way. twoStep says which way it took.
func (e *env) answerByControls(user string, rows []Row, g games.Game, note string) (r Reply, twoStep bool) {
	e.t.Helper()
	press := func(a Action, value string) Reply {
		if value != "" {
			return e.do(e.click(user, "m-private", a, value))
		}
		return e.do(e.click(user, "m-private", a))
	}
	if id, v, ok := control(rows, learningPlays(note)); ok {
		return press(id, v), false
	}
	group := groupOf(g, note)
	id, v, ok := control(rows, func(a Action, value string) bool {
		return strings.HasSuffix(a.Route, "-group") && value == group
	})
	if !ok {
		e.t.Fatalf("no control for %q or its group %q in %+v", note, group, rows)
	}
	r = press(id, v)
	if r.Type != Update || !hasLabel(r.Message.Rows, "Back") {
		e.t.Fatalf("picking %q: want the narrowed panel with Back, got %+v", group, r)
	}
	back, _, ok := control(r.Message.Rows, func(a Action, _ string) bool { return strings.HasSuffix(a.Route, "-view") })
	if !ok {
		e.t.Fatalf("no Back in %+v", r.Message.Rows)
	}
	if over := e.do(e.click(user, "m-private", back)); over.Type != Update || hasLabel(over.Message.Rows, "Back") {
		e.t.Fatalf("Back: want the overview, got %+v", over)
	}
	r = press(id, v)
	id, v, ok = control(r.Message.Rows, learningPlays(note))
	if !ok {
		e.t.Fatalf("%q is not offered after picking %q: %+v", note, group, r.Message.Rows)
	}
	return press(id, v), true
}

// TestTwoStepDecisionsAnswerPuzzlesAndLessonsByButtons: where the game message needs two views
// (Oolong's free placement: a table, then a seat; a long menu of specials), a puzzle and a lesson
// show the same controls, and the learner answers with them alone.
func TestTwoStepDecisionsAnswerPuzzlesAndLessonsByButtons(t *testing.T) {
	w := say.For(say.English)
	oolong := table.Describe("oolong")
	t.Run("an Oolong puzzle is solved by its menus and buttons alone", func(t *testing.T) {
		e := newEnv(t)
		r := e.do(e.slash("alice", oolong.Kind, "puzzle"))
		if !r.Message.Private || len(r.Message.Rows) == 0 {
			t.Fatalf("the puzzle: want private controls, got %+v", r)
		}
		under, err := e.st.Attempt("alice", oolong.Kind)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := puzzle.Load(oolong.Kind)
		if err != nil {
			t.Fatal(err)
		}
		a, err := puzzle.Start(ps[slices.IndexFunc(ps, func(p puzzle.Puzzle) bool { return p.ID == under.Puzzle })])
		if err != nil {
			t.Fatal(err)
		}
		truth, _ := puzzle.TruthOf(a.Game.Descriptor())
		rows, stepped := r.Message.Rows, false
		for !a.Over {
			keep, _, err := truth.Keeping(a.Game, a.Puzzle.Plies-len(a.Played))
			if err != nil {
				t.Fatal(err)
			}
			// A right move that takes two steps when there is one.
			m := keep[0]
			for _, k := range keep {
				if groupOf(a.Game, a.Game.Format(k)) != "" && !stepped {
					m = k
				}
			}
			note := a.Game.Format(m)
			got, two := e.answerByControls("alice", rows, a.Game, note)
			stepped = stepped || two
			if _, err := a.Play(m); err != nil {
				t.Fatal(err)
			}
			if got.Type != Update || !strings.Contains(said(got.Message), "Right: `"+note+"`") {
				t.Fatalf("answering %s: %+v", note, got)
			}
			if two && !a.Over {
				// The group's view of the position answered is stale now.
				group := groupOf(a.Game, note)
				old, _, _ := control(rows, func(a Action, value string) bool { return strings.HasSuffix(a.Route, "-group") })
				if stale := e.do(e.click("alice", "m-private", old, group)); !strings.Contains(said(stale.Message), w.T("puzzle.refuse.moved", nil)) {
					t.Errorf("a menu of the position before: %q", said(stale.Message))
				}
			}
			rows = got.Message.Rows
		}
		if !stepped {
			t.Fatalf("puzzle %s never needed two steps", under.Puzzle)
		}
		if len(rows) != 0 {
			t.Errorf("a solved puzzle keeps controls: %+v", rows)
		}
	})
	t.Run("the free placement lesson is answered table first, then seat", func(t *testing.T) {
		e := newEnv(t)
		var p learn.Progress
		var lesson *learn.Lesson
		for _, l := range learn.Of(oolong) {
			if l.ID == "oolong.free" {
				lesson = l
				break
			}
			p.Done = append(p.Done, l.ID)
		}
		if _, err := e.st.ChangeLessonProgress("bob", oolong.Kind, func([]byte) ([]byte, error) { return p.Encode(), nil }); err != nil {
			t.Fatal(err)
		}
		r := e.do(e.slash("bob", oolong.Kind, "learn"))
		a, err := learn.Start(lesson)
		if err != nil {
			t.Fatal(err)
		}
		g := a.Game()
		right := ""
		for _, m := range g.Legal() {
			try, _ := learn.Start(lesson)
			if note := g.Format(m); try.Try(note).Right && groupOf(g, note) != "" {
				right = note
			}
		}
		if right == "" {
			t.Fatal("no right placement of the free placement lesson")
		}
		got, two := e.answerByControls("bob", r.Message.Rows, g, right)
		if !two || got.Type != Update || !strings.Contains(said(got.Message), "Right: `"+right+"`") ||
			!strings.Contains(said(got.Message), "Lesson done.") {
			t.Fatalf("two steps %v, answer %+v", two, got)
		}
	})
}
