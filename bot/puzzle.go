package bot

import (
	"fmt"
	"strings"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/metrics"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// A puzzle's controls carry how many decisions the attempt had when they were shown (Ply), so that
// a click on an older position is stale: {Kind, Ply, Verb: puzzle, Arg}.
const puzzleVerb = "puzzle"

// learningMoves are the legal decisions of the person's puzzle under way, else of their lesson
// under way, in notation: what a typed move answers when they have no game of the kind here.
func (b *Bot) learningMoves(req *Request) []string {
	g := b.learningPosition(req)
	if g == nil || g.Outcome().Over() {
		return nil
	}
	return games.Names(g, g.Legal())
}

// learningPosition is the position of the caller's puzzle or lesson of the request's game, where
// their typed moves go; nil when they play a game here or have neither.
func (b *Bot) learningPosition(req *Request) games.Game {
	user, kind := req.in.User, req.actor.Kind
	if b.t.Playing(req.actor) {
		return nil
	}
	var g games.Game
	if under, err := b.t.PuzzleUnderWay(user, kind); err == nil && under {
		g = b.t.PuzzlePosition(user, kind)
	} else if under, err := b.t.LessonUnderWay(user, kind); err == nil && under {
		a, err := b.t.Lesson(user, kind)
		if err != nil {
			return nil
		}
		g = a.Game()
	}
	return g
}

// served notes a puzzle just picked for the person.
func served(req *Request, kind string, v table.PuzzleView) {
	if !v.Pick.Resumed {
		metrics.PuzzleServed(kind)
		req.log.Info("puzzle served", "puzzle", v.Pick.Attempt.Puzzle)
	}
}

// puzzleCommand shows the person's puzzle of the game privately.
func (b *Bot) puzzleCommand(req *Request, d *games.Descriptor) (Reply, error) {
	v, err := b.t.Puzzle(req.in.User, d.Kind)
	if err != nil {
		return Reply{}, err
	}
	served(req, d.Kind, v)
	return b.panel(req, puzzlePanel, d.Kind, Reply{Type: Post, Message: puzzleMessage(v, nil, "", req.w, b.privateLook(req))}), nil
}

// answerPuzzle plays the person's decision play on their puzzle under way: saw is how many
// decisions the position they answered on had (-1: whatever it has now, a typed move).
func (b *Bot) answerPuzzle(req *Request, kind, play string, saw int, clicked bool) (Reply, error) {
	v, err := b.t.AnswerPuzzle(req.in.User, kind, play, saw)
	if err != nil {
		return Reply{}, err
	}
	w := req.w
	lead := []say.Rich{stepLine(*v.Step, w)}
	if v.Result != nil {
		lead = append(lead, settledLines(*v.Result, kind, w)...)
		if v.Result.Daily.MessageID != "" && !v.Result.Retry {
			b.showSolvers(v.Result.Daily)
		}
	}
	m := puzzleMessage(v, lead, "", w, b.privateLook(req))
	if clicked {
		return b.panel(req, puzzlePanel, kind, update(m)), nil
	}
	return b.panel(req, puzzlePanel, kind, Reply{Type: Post, Message: m}), nil
}

// stepLine says what the solver's decision came to: right (with the defence), or wrong (with the
// refutation and the moves that kept the win).
func stepLine(step table.PuzzleStep, w *say.Words) say.Rich {
	if step.Right {
		return playedLine(step.Played, w)
	}
	args := map[string]any{"Move": step.Move, "Keeping": strings.Join(step.Keeping, ", ")}
	if !step.HasAnswer {
		return w.Rich("puzzle.wrong", args)
	}
	args["Answer"] = step.Answer
	return w.Rich("puzzle.refuted", args)
}

// settledLines say how the puzzle ended and, when it was rated, the solver's rating change in the
// leaderboard's form.
func settledLines(res store.PuzzleResult, kind string, w *say.Words) []say.Rich {
	id := "puzzle.failed"
	if res.Solved {
		id = "puzzle.solved"
	}
	out := []say.Rich{w.Rich(id, map[string]any{"Kind": kind})}
	if res.Retry {
		out = append(out, w.Rich("daily.retried."+countedState(res.Counted), nil))
	}
	if res.Rated {
		out = append(out, w.Rich("puzzle.rating", map[string]any{"Before": res.Before.String(), "After": res.After.String(),
			"Change": signed(res.After.Shown() - res.Before.Shown())}))
	}
	return out
}

// countedState names how a counted attempt at a daily puzzle went, for the messages' ids.
func countedState(s store.PuzzleState) string {
	if s == store.Solved {
		return "solved"
	}
	return "failed"
}

// puzzleMessage is a puzzle as the solver sees it, privately: lead (what their decision did),
// the puzzle's id and rating, the position and the task, with the game's panel (narrowed to group,
// as the game message's) while it is theirs to decide; the position as lk says.
func puzzleMessage(v table.PuzzleView, lead []say.Rich, group string, w *say.Words, lk look) Message {
	a, pick := v.Try, v.Pick
	d := a.Game.Descriptor()
	position, files := shownPosition(a.Game, fmt.Sprintf("puzzle-%s-%d.png", pick.Attempt.Puzzle, len(a.Played)), lk, w)
	parts := append([]say.Rich(nil), lead...)
	if pick.Attempt.Retry() && !a.Over {
		parts = append(parts, w.Rich("daily.retry."+countedState(pick.Attempt.Counted), nil))
	}
	parts = append(parts,
		w.Rich("puzzle.head", map[string]any{"Title": d.Title, "Puzzle": pick.Attempt.Puzzle, "Rating": pick.Rating.String()}),
		position,
	)
	if a.Over {
		return Message{Content: clip(say.Join("\n", parts...)), Private: true, Files: files}
	}
	parts = append(parts, pendingLine(a.Game, w), puzzleTask(d, a.Solver, a.Puzzle.Plies-len(a.Played), w))
	rows := panelOnly(a.Game, Action{Kind: d.Kind, Ply: len(a.Played)}, puzzleVerb, group, w)
	answer := "lesson.answer.move"
	if len(rows) > 0 {
		answer = "lesson.answer.buttons"
	}
	parts = append(parts, w.Rich(answer, map[string]any{"Kind": d.Kind}))
	return Message{Content: clip(say.Join("\n", parts...)), Rows: rows, Private: true, Files: files}
}

// puzzleTask is a puzzle's task for the solver playing seat, the win to come within plies (0: no
// limit), counted in the solver's own moves, the next one included.
func puzzleTask(d *games.Descriptor, seat games.Seat, plies int, w *say.Words) say.Rich {
	args := map[string]any{"Colour": games.Colour{D: d, Seat: seat}, "Kind": d.Kind}
	if plies <= 0 {
		return w.Rich("puzzle.task.any", args)
	}
	args["Count"] = (plies + 1) / 2
	return w.Rich("puzzle.task.moves", args)
}

// puzzleClick answers a puzzle by one of its buttons or menus.
func (b *Bot) puzzleClick(req *Request, d *games.Descriptor) (Reply, error) {
	click := req.in.Click
	play, group, view, err := learningClick(click)
	if err != nil {
		return Reply{}, err
	}
	if view {
		v, err := b.t.PuzzleShown(req.in.User, d.Kind, click.Action.Ply)
		if err != nil {
			return Reply{}, err
		}
		return b.panel(req, puzzlePanel, d.Kind, update(puzzleMessage(v, nil, group, req.w, b.privateLook(req)))), nil
	}
	return b.answerPuzzle(req, d.Kind, play, click.Action.Ply, true)
}

// puzzleInstead reports whether a typed move refused with err answers the person's puzzle
// instead: they have no game of the kind here and a puzzle under way.
func (b *Bot) puzzleInstead(req *Request, err error) bool {
	if !noGame(err) {
		return false
	}
	under, uerr := b.t.PuzzleUnderWay(req.in.User, req.actor.Kind)
	return uerr == nil && under
}

// queueBlunders makes the person's ?? decisions of a reviewed game their puzzles, those the truth
// proves: how many are waiting for them now.
func (b *Bot) queueBlunders(req *Request, v View, r ai.Review) int {
	n, err := b.t.QueueProvenBlunders(req.in.User, v, r)
	if err != nil {
		req.log.Error("queueing the review's blunders", "err", err)
	}
	return n
}
