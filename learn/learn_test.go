package learn

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/render"
	"tabuleiro/say"
)

// maxMessage is the longest message Discord sends.
const maxMessage = 2000

// answer gives a decision as the learner would: the game's offer word offers the end at a step
// that asks for it (the bot's /… end), anything else is notation.
func answer(a *Attempt, s string) Answer { return a.replay(s) }

// playThroughs are every lesson's wrong answer, the reason it gets, and the right answers that
// complete it.
var playThroughs = map[string]struct {
	wrong string
	why   string
	right []string
}{
	"ouri.sow":           {"a", "learn.ouri.sow.lands", []string{"d"}},
	"ouri.capture":       {"e", "learn.ouri.capture.fewer", []string{"d"}},
	"ouri.laps":          {"b", "learn.ouri.laps.none", []string{"f"}},
	"ouri.feed":          {"a", "ouri.feed", []string{"f"}},
	"ouri.singleton":     {"f", "ouri.singleton", []string{"d"}},
	"abapa.single":       {"a", "learn.abapa.single.none", []string{"f"}},
	"ouri.slam":          {"c", "learn.ouri.slam.left", []string{"f", "c"}},
	"abapa.slam":         {"f", "learn.abapa.slam.slam", []string{"c"}},
	"ouri.win":           {"e", "learn.ouri.win.on", []string{"d"}},
	"ouri.stuck":         {"a", "learn.ouri.stuck.on", []string{"f"}},
	"ouri.cycle":         {"f", "learn.ouri.cycle.on", []string{"c"}},
	"ouri.agree":         {"b", "learn.ouri.agree.sowed", []string{"end"}},
	"ouri.misere":        {"d", "learn.ouri.misere.took", []string{"a"}},
	"ordo.move":          {"a3-a5", "ordo.disconnects", []string{"a3-a4"}},
	"ordo.ordo":          {"c2:d2-c3", "learn.ordo.ordo.far", []string{"g2:h2-g4"}},
	"ordo.sideways":      {"c2:d2-c3", "learn.ordo.sideways.horizontal", []string{"h1:h2-i1"}},
	"ordo.capture":       {"e3xe5", "ordo.disconnects", []string{"b2xe5"}},
	"ordo.reconnect":     {"a3-a4", "ordo.must-reconnect", []string{"f3-g3"}},
	"ordo.win":           {"f7-f8", "ordo.disconnects", []string{"a4-e8"}},
	"oolong.serve":       {"c.n", "learn.oolong.serve.went", []string{"c.ne", "s.c"}},
	"oolong.free":        {"e.c", "learn.oolong.free.none", []string{"se.ne"}},
	"oolong.win":         {"se.se", "oolong.waiter-seat", []string{"se.c"}},
	"oolong.move":        {"skip", "learn.oolong.move.none", []string{"move c.n se.c"}},
	"oolong.waiter":      {"waiter n", "learn.oolong.waiter.open", []string{"waiter sw"}},
	"oolong.rotate":      {"rotate 1", "learn.oolong.rotate.miss", []string{"rotate 2"}},
	"oolong.swap":        {"swap c e", "learn.oolong.swap.fewer", []string{"swap nw se"}},
	"oolong.swapclaimed": {"skip", "learn.oolong.swapclaimed.miss", []string{"swap w nw"}},
}

func TestEveryLessonIsPlayedThroughInBothLanguages(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range catalog.All() {
		for _, l := range Of(d) {
			seen[l.ID] = true
			p, ok := playThroughs[l.ID]
			if !ok {
				t.Errorf("lesson %s is not played through here: add its wrong and right answers", l.ID)
				continue
			}
			for _, lang := range say.Languages {
				w := say.For(lang)
				t.Run(l.ID+" in "+lang+" explains "+p.wrong+" and is done by "+strings.Join(p.right, ", "), func(t *testing.T) {
					a, err := Start(l)
					if err != nil {
						t.Fatal(err)
					}
					fits(t, w, "the lesson", a.Game(), word(w, l.Title()), word(w, l.Text()), word(w, l.Task()))
					before := a.Game().Hash()
					ans := answer(a, p.wrong)
					if ans.Right || ans.Why.ID != p.why {
						t.Fatalf("%s: right %v, why %s; want wrong, why %s", p.wrong, ans.Right, ans.Why, p.why)
					}
					if a.Step() != 0 || a.Game().Hash() != before {
						t.Fatalf("the wrong answer %s changed the attempt", p.wrong)
					}
					fits(t, w, "the explanation", a.Game(), word(w, ans.Why.ID, ans.Why))
					for i, r := range p.right {
						ans := answer(a, r)
						if !ans.Right || ans.Why.ID != "" || ans.Played[0] != r || !slices.Equal(ans.Played[1:], l.Steps[i].Replies) {
							t.Fatalf("%s: %+v, want it right, then the replies %v", r, ans, l.Steps[i].Replies)
						}
						if ans.Done != (i == len(p.right)-1) {
							t.Fatalf("%s: done %v after %d of %d answers", r, ans.Done, i+1, len(p.right))
						}
					}
					fits(t, w, "the conclusion", a.Game(), word(w, l.Done()))
					if !a.Done() || answer(a, p.right[0]).Why.ID != "learn.finished" {
						t.Fatalf("the lesson is not done after its right answers")
					}
				})
			}
		}
	}
	for id := range playThroughs {
		if !seen[id] {
			t.Errorf("%s is played through but is no lesson", id)
		}
	}
}

// word words a catalogue id, failing when either catalogue lacks it (say.T answers the id then).
func word(w *say.Words, id string, text ...games.Text) string {
	var args map[string]any
	if len(text) > 0 {
		args = text[0].Args
	}
	s := w.T(id, args)
	if s == id || s == "" {
		panic("the catalogue has no " + id + " in " + w.Lang())
	}
	return s
}

// fits checks a message as the bot would send it: the texts, then the board in a code block of
// lines at most render.MaxWidth wide, its notes and status, all within maxMessage characters.
func fits(t *testing.T, w *say.Words, what string, g games.Game, texts ...string) {
	t.Helper()
	b := render.BlockOf(g, w)
	for _, line := range b.Lines {
		if n := utf8.RuneCountInString(line); n > render.MaxWidth {
			t.Errorf("%s: a board line is %d columns: %q", what, n, line)
		}
	}
	msg := strings.Join(texts, "\n") + "\n```\n" + strings.Join(b.Lines, "\n") + "\n```\n" +
		strings.Join(b.Notes, "\n") + "\n" + b.Status.Line(w)
	if n := utf8.RuneCountInString(msg); n > maxMessage {
		t.Errorf("%s is %d characters, over %d:\n%s", what, n, maxMessage, msg)
	}
}

// TestEveryDecisionOfEveryLessonIsJudged walks each lesson along its right answers and judges
// every legal decision at every step: each is right (and its replies play) or wrong with a reason
// in both catalogues, and a step has at least one right decision.
func TestEveryDecisionOfEveryLessonIsJudged(t *testing.T) {
	for _, d := range catalog.All() {
		for _, l := range Of(d) {
			t.Run(l.ID+" judges every legal decision", func(t *testing.T) {
				a, err := Start(l)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range playThroughs[l.ID].right {
					g, step := a.Game(), l.Steps[a.Step()]
					rights := 0
					if step.Agree {
						b := *a
						if !b.Offer().Right {
							t.Fatalf("step %d: the offer is not accepted", a.Step()+1)
						}
						rights++
					}
					for _, m := range g.Legal() {
						b := *a
						ans := b.Decide(m)
						if ans.Right {
							rights++
							continue
						}
						for _, lang := range say.Languages {
							word(say.For(lang), ans.Why.ID, ans.Why)
						}
					}
					if rights == 0 {
						t.Fatalf("step %d has no right decision", a.Step()+1)
					}
					answer(a, r)
				}
			})
		}
	}
}

func TestTheLessonsEndTheGameAsTheirTasksSay(t *testing.T) {
	ends := map[string]games.Outcome{
		"ouri.win":   {Winner: 0, Method: games.Capture},
		"ouri.stuck": {Winner: 0, Method: games.NoMoves},
		"ouri.cycle": {Winner: 0, Method: games.Repetition},
		"ouri.agree": {Winner: 0, Method: games.Agreement},
		"ordo.win":   {Winner: 0, Method: games.HomeRow},
		"oolong.win": {Winner: 0, Method: games.Claim},
	}
	for id, want := range ends {
		t.Run(id+" ends "+want.String(), func(t *testing.T) {
			l, _ := Lookup(id)
			a, err := Start(l)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range playThroughs[id].right {
				answer(a, r)
			}
			if got := a.Game().Outcome(); got != want {
				t.Errorf("outcome %v, want %v", got, want)
			}
		})
	}
}

func TestEveryGameHasFiveLessonsOrMore(t *testing.T) {
	for _, d := range catalog.All() {
		if n := len(Of(d)); n < 5 {
			t.Errorf("%s has %d lessons, want 5 or more", d.Title, n)
		}
	}
}

func TestADecisionTheGameRefusesIsExplainedInItsWords(t *testing.T) {
	for _, d := range catalog.All() {
		l := Of(d)[0]
		t.Run("a button for no legal "+d.Title+" decision is refused", func(t *testing.T) {
			a, err := Start(l)
			if err != nil {
				t.Fatal(err)
			}
			ans := a.Decide(games.Move(1<<31 - 1))
			if ans.Right || a.Step() != 0 {
				t.Fatalf("got %+v at step %d", ans, a.Step())
			}
			for _, lang := range say.Languages {
				word(say.For(lang), ans.Why.ID, ans.Why)
			}
		})
	}
}

// FuzzTry: whatever a learner types into any lesson, a wrong answer is explained and changes
// nothing, and a right one moves to the next step.
func FuzzTry(f *testing.F) {
	var all []*Lesson
	for _, d := range catalog.All() {
		all = append(all, Of(d)...)
	}
	for i, l := range all {
		p := playThroughs[l.ID]
		f.Add(uint8(i), p.wrong)
		f.Add(uint8(i), p.right[0])
	}
	f.Fuzz(func(t *testing.T, i uint8, input string) {
		a, err := Start(all[int(i)%len(all)])
		if err != nil {
			t.Fatal(err)
		}
		before := a.Game().Hash()
		ans := answer(a, input)
		switch {
		case ans.Right && a.Step() != 1:
			t.Fatalf("%q is right but the attempt is at step %d", input, a.Step())
		case !ans.Right && (ans.Why.ID == "" || a.Step() != 0 || a.Game().Hash() != before):
			t.Fatalf("%q is wrong, why %q, and the attempt moved to step %d", input, ans.Why, a.Step())
		}
	})
}
