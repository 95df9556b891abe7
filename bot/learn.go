package bot

import (
	"errors"
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/learn"
	"tabuleiro/render"
	"tabuleiro/say"
	"tabuleiro/table"
)

// A lesson's controls carry the lesson as its 1-based place among the game's lessons (Lesson) and
// the step (Ply), so that a click on an older message is stale; lessonVerb names their routes.
const lessonVerb = "learn"

// lesson shows the person's lesson of the game privately, recorded as under way so that a typed
// move answers it.
func (b *Bot) lesson(req *Request, d *games.Descriptor) (Reply, error) {
	a, err := b.t.StartLesson(req.in.User, d.Kind)
	if err != nil {
		return Reply{}, err
	}
	return b.panel(req, lessonPanel, d.Kind, Reply{Type: Post, Message: lessonMessage(a, nil, req.w, "", b.privateLook(req))}), nil
}

// answerLesson answers the person's lesson under way with answer, from a typed command (a new
// private message) or a click on the lesson's message (updated in place).
func (b *Bot) answerLesson(req *Request, kind string, at table.LessonAt, answer func(*learn.Attempt) learn.Answer, clicked bool) (Reply, error) {
	a, ans, err := b.t.AnswerLesson(req.in.User, kind, at, answer)
	if err != nil {
		return Reply{}, err
	}
	w := req.w
	var lead []say.Rich
	switch {
	case !ans.Right:
		lead = append(lead, w.Rich("lesson.wrong", map[string]any{"Why": why(ans.Why, w)}))
	default:
		lead = append(lead, playedLine(ans.Played, w))
	}
	if ans.Done {
		lead = append(lead, w.Rich("lesson.done", map[string]any{"Done": w.Rich(a.Lesson().Done(), nil)}))
		next, err := b.t.StartLesson(req.in.User, kind)
		switch {
		case errors.Is(err, table.ErrLessonsDone):
			a = nil
			lead = append(lead, w.Rich("learn.refuse.all-done", nil))
		case err != nil:
			return Reply{}, err
		default:
			a = next
		}
	}
	m := lessonMessage(a, lead, w, "", b.privateLook(req))
	if clicked {
		return b.panel(req, lessonPanel, kind, update(m)), nil
	}
	return b.panel(req, lessonPanel, kind, Reply{Type: Post, Message: m}), nil
}

// why is a learner's wrong answer explained, as a placeholder's value: a sentence of its own, as
// more follows it (a refusal of an illegal move has no stop, and may start in lower case).
func why(t games.Text, w *say.Words) say.Rich { return w.Rich(t.ID, t.Args).Sentence().Ended() }

// playedLine says a right answer and the other side's replies.
func playedLine(played []string, w *say.Words) say.Rich {
	if len(played) == 0 {
		return nil
	}
	if len(played) == 1 {
		return w.Rich("lesson.right", map[string]any{"Move": played[0]})
	}
	return w.Rich("lesson.replied", map[string]any{"Move": played[0], "Replies": strings.Join(played[1:], " ")})
}

// lessonMessage is a lesson as the learner sees it, privately: lead (what their answer did), then
// the lesson's title, rule, position and task, with the buttons of the game's panel (narrowed to
// group, as the game message's) and its position as lk says; only lead when a is nil (every
// lesson done).
func lessonMessage(a *learn.Attempt, lead []say.Rich, w *say.Words, group string, lk look) Message {
	parts := append([]say.Rich(nil), lead...)
	if a == nil {
		return Message{Content: clip(say.Join("\n", parts...)), Private: true}
	}
	l := a.Lesson()
	d := l.Game()
	n, count := lessonPlace(l)
	position, files := shownPosition(a.Game(), fmt.Sprintf("%s-lesson-%d-%d.png", d.Kind, n, a.Step()+1), lk, w)
	steps := ""
	if len(l.Steps) > 1 {
		steps = w.T("lesson.step", map[string]any{"Step": a.Step() + 1, "Steps": len(l.Steps)})
	}
	parts = append(parts,
		w.Rich("lesson.head", map[string]any{"Title": w.T(l.Title(), nil), "Lesson": n, "Total": count, "Steps": steps}),
		w.Rich(l.Text(), nil),
		position,
		w.Rich("lesson.task", map[string]any{"Task": w.Rich(l.Task(), nil)}),
	)
	answer := "lesson.answer.move"
	rows := panelOnly(a.Game(), Action{Kind: d.Kind, Lesson: n, Ply: a.Step()}, lessonVerb, group, w)
	if len(rows) > 0 {
		answer = "lesson.answer.buttons"
	}
	parts = append(parts, w.Rich(answer, map[string]any{"Kind": d.Kind}))
	return Message{Content: clip(say.Join("\n", parts...)), Rows: rows, Private: true, Files: files}
}

// lessonPlace is the lesson's 1-based place among its game's lessons, and how many there are.
func lessonPlace(l *learn.Lesson) (int, int) {
	all := learn.Of(l.Game())
	for i, x := range all {
		if x == l {
			return i + 1, len(all)
		}
	}
	return 0, len(all)
}

// panelOnly are the buttons and menus of g's panel for a lesson or a puzzle, laid out as the game
// message lays them out (panelRows, group the view it narrows to), each answered by the lesson's
// or puzzle's own routes (verb, verb-pick, verb-group, verb-view): a decision's notation (a
// button), a menu's (its value is the decision, or the group to show), or back to the overview, so
// that a free placement or a long menu of specials is answered in two steps.
func panelOnly(g games.Game, base Action, verb, group string, w *say.Words) []Row {
	p, ok := g.(games.Paneled)
	if !ok {
		return nil
	}
	rows, extra := panelRows(base, p.Panel(), group, w)
	if len(extra) > 0 {
		rows = append(rows, extra)
	}
	for _, row := range rows {
		for i := range row {
			act := &row[i].Action
			switch act.Route {
			case routeSow, routePlay:
				act.Route = verb
			case routePick, routeGroup, routeView:
				act.Route = verb + "-" + act.Route
			default:
				return nil
			}
		}
	}
	return rows
}

// learningClick is what a click on a lesson's or a puzzle's control (panelOnly) asks: a decision,
// or another view of its panel (view, narrowed to group; "" is the overview).
func learningClick(click ClickData) (play, group string, view bool, err error) {
	_, verb, _ := strings.Cut(click.Action.Route, "-")
	if verb == "" && click.Action.Arg == "" {
		verb = routePick // a menu of an earlier build
	}
	switch verb {
	case routeView:
		return "", "", true, nil
	case routeGroup, routePick:
		if len(click.Values) == 0 {
			return "", "", false, refuse(table.Invalid, "refusal.pick-choice")
		}
		if verb == routeGroup {
			return "", click.Values[0], true, nil
		}
		return click.Values[0], "", false, nil
	}
	return click.Action.Arg, "", false, nil
}

// lessonClick answers a lesson by one of its buttons or menus.
func (b *Bot) lessonClick(req *Request, d *games.Descriptor) (Reply, error) {
	click := req.in.Click
	act := click.Action
	all := learn.Of(d)
	if act.Lesson < 1 || act.Lesson > len(all) {
		return Reply{}, table.ErrLessonMoved
	}
	play, group, view, err := learningClick(click)
	if err != nil {
		return Reply{}, err
	}
	at := table.LessonAt{Lesson: all[act.Lesson-1].ID, Step: act.Ply}
	if view {
		a, err := b.t.Lesson(req.in.User, d.Kind)
		if err != nil {
			return Reply{}, err
		}
		if a.Lesson().ID != at.Lesson || a.Step() != at.Step {
			return Reply{}, table.ErrLessonMoved
		}
		return b.panel(req, lessonPanel, d.Kind, update(lessonMessage(a, nil, req.w, group, b.privateLook(req)))), nil
	}
	return b.answerLesson(req, d.Kind, at, func(a *learn.Attempt) learn.Answer { return a.Try(play) }, true)
}

// lessonInstead reports whether a typed move or offer refused with err answers the person's
// lesson instead: they have no game of the kind here (a game takes precedence) and a lesson under way.
func (b *Bot) lessonInstead(req *Request, err error) bool {
	if !noGame(err) {
		return false
	}
	under, uerr := b.t.LessonUnderWay(req.in.User, req.actor.Kind)
	return uerr == nil && under
}

// blockWithNotes is a position as render draws it: its block, then its notes (the last decision).
func blockWithNotes(b render.Block) say.Rich {
	r := say.Block("", b.Lines)
	if len(b.Notes) > 0 {
		r = r.Add(say.Plain("\n" + strings.Join(b.Notes, "\n")))
	}
	return r
}
