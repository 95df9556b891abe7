package bot

import (
	"fmt"
	"strings"
	"sync"

	"tabuleiro/ai"
	"tabuleiro/ai/puzzle"
	"tabuleiro/games"
	"tabuleiro/metrics"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// A puzzle's controls carry how many decisions the attempt had when they were shown (Ply), so that
// a click on an older position is stale: {Kind, Ply, Verb: puzzle, Arg}.
const puzzleVerb = "puzzle"

// shelf is a game's shipped puzzles: by id, and as the table's candidates.
type shelf struct {
	byID       map[string]puzzle.Puzzle
	candidates []table.PuzzleCandidate
	plies      int // the win's horizon of the game's puzzles (a blunder of one's own gets it too)
}

// shelves are the shipped puzzles of every game, read once.
var shelves = sync.OnceValues(func() (map[string]*shelf, error) {
	out := map[string]*shelf{}
	for _, d := range descriptors() {
		s := &shelf{byID: map[string]puzzle.Puzzle{}}
		for _, name := range puzzle.SetsOf(d) {
			ps, err := puzzle.Load(name)
			if err != nil {
				return nil, err
			}
			for _, p := range ps {
				s.byID[p.ID] = p
				s.candidates = append(s.candidates, table.PuzzleCandidate{ID: p.ID, Rating: p.Rating})
				s.plies = p.Plies
			}
		}
		out[d.Kind] = s
	}
	return out, nil
})

// puzzleOf is the attempt a pick is: the shipped puzzle, or the person's own blunder, with its
// decisions so far replayed.
func puzzleOf(kind string, pick table.PuzzlePick) (*puzzle.Attempt, error) {
	p, err := picked(kind, pick)
	if err != nil {
		return nil, err
	}
	return puzzle.Resume(p, pick.Attempt.Played)
}

// picked is the puzzle a pick names: a shipped one, or the person's own blunder.
func picked(kind string, pick table.PuzzlePick) (puzzle.Puzzle, error) {
	all, err := shelves()
	if err != nil {
		return puzzle.Puzzle{}, err
	}
	s := all[kind]
	p, ok := s.byID[pick.Attempt.Puzzle]
	if pick.Attempt.Blunder != 0 {
		p, ok = blunderPuzzle(s, pick.Blunder, pick.Rating.Rating), pick.Blunder.Seq != 0
	}
	if !ok {
		return puzzle.Puzzle{}, table.ErrNoPuzzle
	}
	return p, nil
}

// learningMoves are the legal decisions of the person's puzzle under way, else of their lesson
// under way, in notation: what a typed move answers when they have no game of the kind here.
// The puzzle's position is replayed without its truth, which autocomplete has no time for.
func (b *Bot) learningMoves(req *Request) []string {
	user, kind := req.in.User, req.actor.Kind
	if b.t.Playing(req.actor) {
		return nil
	}
	var g games.Game
	if under, err := b.t.PuzzleUnderWay(user, kind); err == nil && under {
		all, err := shelves()
		if err != nil {
			return nil
		}
		pick, err := b.t.NextPuzzle(user, kind, all[kind].candidates)
		if err != nil || !pick.Resumed {
			return nil
		}
		p, err := picked(kind, pick)
		if err != nil {
			return nil
		}
		if g, err = p.Game(); err != nil {
			return nil
		}
		for _, s := range pick.Attempt.Played {
			m, err := g.Parse(s)
			if err != nil || g.Play(m) != nil {
				return nil
			}
		}
	} else if under, err := b.t.LessonUnderWay(user, kind); err == nil && under {
		a, err := b.t.Lesson(user, kind)
		if err != nil {
			return nil
		}
		g = a.Game()
	}
	if g == nil || g.Outcome().Over() {
		return nil
	}
	return games.Names(g, g.Legal())
}

// nextPuzzle is the person's puzzle of the game: the one under way, or a new one near their
// rating; fresh says it was just picked.
func (b *Bot) nextPuzzle(req *Request, kind string) (table.PuzzlePick, *puzzle.Attempt, error) {
	all, err := shelves()
	if err != nil {
		return table.PuzzlePick{}, nil, err
	}
	pick, err := b.t.NextPuzzle(req.in.User, kind, all[kind].candidates)
	if err != nil {
		return pick, nil, err
	}
	a, err := puzzleOf(kind, pick)
	if err != nil {
		return pick, nil, err
	}
	if !pick.Resumed {
		metrics.PuzzleServed(kind)
		req.log.Info("puzzle served", "puzzle", pick.Attempt.Puzzle)
	}
	return pick, a, nil
}

// puzzleCommand shows the person's puzzle of the game privately.
func (b *Bot) puzzleCommand(req *Request, d *games.Descriptor) (Reply, error) {
	pick, a, err := b.nextPuzzle(req, d.Kind)
	if err != nil {
		return Reply{}, err
	}
	return b.panel(req, puzzlePanel, d.Kind, Reply{Type: Post, Message: puzzleMessage(a, pick, nil, "", req.w, b.privateLook(req))}), nil
}

// answerPuzzle plays the person's decision play on their puzzle under way: saw is how many
// decisions the position they answered on had (-1: whatever it has now, a typed move).
func (b *Bot) answerPuzzle(req *Request, kind, play string, saw int, clicked bool) (Reply, error) {
	pick, a, err := b.puzzleUnderWay(req, kind, saw)
	if err != nil {
		return Reply{}, err
	}
	before := len(a.Played)
	m, err := a.Game.Parse(play)
	if err != nil {
		return Reply{}, table.Problem(table.Invalid, err)
	}
	mover := a.Game.Clone()
	step, err := a.Play(m)
	if err != nil {
		return Reply{}, table.Problem(table.Invalid, err)
	}
	rec := pick.Attempt
	rec.Played = a.Played
	if _, err := b.t.PlayPuzzle(req.in.User, kind, rec, before); err != nil {
		return Reply{}, err
	}
	w := req.w
	lead := []say.Rich{stepLine(mover, m, step, a, w)}
	if a.Over {
		res, err := b.t.SettlePuzzle(req.in.User, kind, rec.Puzzle, a.Puzzle.Rating, step.Solved)
		if err != nil {
			return Reply{}, err
		}
		lead = append(lead, settledLines(res, kind, w)...)
		if res.Daily.MessageID != "" {
			b.showSolvers(res.Daily)
		}
	}
	m2 := puzzleMessage(a, pick, lead, "", w, b.privateLook(req))
	if clicked {
		return b.panel(req, puzzlePanel, kind, update(m2)), nil
	}
	return b.panel(req, puzzlePanel, kind, Reply{Type: Post, Message: m2}), nil
}

// puzzleUnderWay is the person's attempt under way, as they saw it: saw is how many decisions the
// position they acted on had (-1: whatever it has now). None under way, or another position, is
// refused: a control of an older message starts nothing.
func (b *Bot) puzzleUnderWay(req *Request, kind string, saw int) (table.PuzzlePick, *puzzle.Attempt, error) {
	if under, err := b.t.PuzzleUnderWay(req.in.User, kind); err != nil {
		return table.PuzzlePick{}, nil, err
	} else if !under {
		// A button of a puzzle settled already: no new one is started by it.
		return table.PuzzlePick{}, nil, table.ErrNoPuzzle
	}
	pick, a, err := b.nextPuzzle(req, kind)
	if err != nil {
		return table.PuzzlePick{}, nil, err
	}
	if !pick.Resumed || saw >= 0 && saw != len(a.Played) {
		// The attempt answered was settled meanwhile (this is a new puzzle, shown unanswered), or
		// the position moved on.
		return table.PuzzlePick{}, nil, table.ErrPuzzleMoved
	}
	return pick, a, nil
}

// stepLine says what the solver's decision m on g came to: right (with the defence), or wrong
// (with the refutation and the moves that kept the win).
func stepLine(g games.Game, m games.Move, step puzzle.Step, a *puzzle.Attempt, w *say.Words) say.Rich {
	move := g.Format(m)
	if step.Right {
		n := len(a.Played) - 1
		if step.HasAnswer {
			n -= 1 + len(step.Then)
		}
		return playedLine(a.Played[n:], w)
	}
	var keeping []string
	for _, k := range step.Keeping {
		keeping = append(keeping, g.Format(k))
	}
	args := map[string]any{"Move": move, "Keeping": strings.Join(keeping, ", ")}
	if !step.HasAnswer {
		return w.Rich("puzzle.wrong", args)
	}
	args["Answer"] = a.Game.Format(step.Answer)
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
	if res.Rated {
		out = append(out, w.Rich("puzzle.rating", map[string]any{"Before": res.Before.String(), "After": res.After.String(),
			"Change": signed(res.After.Shown() - res.Before.Shown())}))
	}
	return out
}

// puzzleMessage is a puzzle as the solver sees it, privately: lead (what their decision did),
// the puzzle's id and rating, the position and the task, with the game's panel (narrowed to group,
// as the game message's) while it is theirs to decide; the position as lk says.
func puzzleMessage(a *puzzle.Attempt, pick table.PuzzlePick, lead []say.Rich, group string, w *say.Words, lk look) Message {
	d := a.Game.Descriptor()
	position, files := shownPosition(a.Game, fmt.Sprintf("puzzle-%s-%d.png", pick.Attempt.Puzzle, len(a.Played)), lk, w)
	parts := append([]say.Rich(nil), lead...)
	parts = append(parts,
		w.Rich("puzzle.head", map[string]any{"Title": d.Title, "Puzzle": pick.Attempt.Puzzle, "Rating": pick.Rating.String()}),
		position,
	)
	if a.Over {
		return Message{Content: clip(say.Join("\n", parts...)), Private: true, Files: files}
	}
	task := "puzzle.task.any"
	if a.Puzzle.Plies > 0 {
		task = "puzzle.task.plies"
	}
	parts = append(parts, w.Rich(task, map[string]any{"Colour": games.Colour{D: d, Seat: a.Solver},
		"Plies": a.Puzzle.Plies - len(a.Played), "Kind": d.Kind}))
	rows := panelOnly(a.Game, Action{Kind: d.Kind, Ply: len(a.Played)}, puzzleVerb, group, w)
	answer := "lesson.answer.move"
	if len(rows) > 0 {
		answer = "lesson.answer.buttons"
	}
	parts = append(parts, w.Rich(answer, map[string]any{"Kind": d.Kind}))
	return Message{Content: clip(say.Join("\n", parts...)), Rows: rows, Private: true, Files: files}
}

// puzzleClick answers a puzzle by one of its buttons or menus.
func (b *Bot) puzzleClick(req *Request, d *games.Descriptor) (Reply, error) {
	click := req.in.Click
	play, group, view, err := learningClick(click)
	if err != nil {
		return Reply{}, err
	}
	if view {
		pick, a, err := b.puzzleUnderWay(req, d.Kind, click.Action.Ply)
		if err != nil {
			return Reply{}, err
		}
		return b.panel(req, puzzlePanel, d.Kind, update(puzzleMessage(a, pick, nil, group, req.w, b.privateLook(req)))), nil
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

// blunderPuzzle is a person's own blunder as a puzzle of the game's shelf: the position before it,
// with the horizon of the game's puzzles.
func blunderPuzzle(s *shelf, b store.Blunder, rating float64) puzzle.Puzzle {
	return puzzle.Puzzle{ID: b.PuzzleID(), Kind: b.Kind, Options: b.Options, Log: b.Log, Rating: rating, Plies: s.plies}
}

// provesPuzzle reports whether a blunder's position is a puzzle by the rule the shipped ones
// follow: the truth proves a win for the side to move, at least one move throws it away, and every
// line through it is judged. A position the truth cannot judge (an Ouri board beyond the endgame
// database, a win beyond the horizon) is no puzzle.
func provesPuzzle(b store.Blunder) (bool, error) {
	all, err := shelves()
	if err != nil {
		return false, err
	}
	s, ok := all[b.Kind]
	if !ok {
		return false, nil
	}
	p := blunderPuzzle(s, b, 0)
	a, err := puzzle.Start(p)
	if err != nil {
		return false, nil
	}
	truth, _ := puzzle.TruthOf(a.Game.Descriptor())
	keep, lose, err := truth.Keeping(a.Game, p.Plies)
	if err != nil || len(keep) == 0 || len(lose) == 0 {
		return false, nil
	}
	return puzzle.Check(p) == nil, nil
}

// queueBlunders makes the person's ?? decisions of a reviewed game their puzzles, those the truth
// proves: how many are waiting for them now.
func (b *Bot) queueBlunders(req *Request, v View, r ai.Review) int {
	user, kind := req.in.User, v.Game.Kind
	if added, err := b.t.QueueBlunders(user, v, r); err != nil || added == 0 {
		if err != nil {
			req.log.Error("queueing the review's blunders", "err", err)
		}
		return 0
	}
	n, err := b.t.ProveBlunders(user, kind, provesPuzzle)
	if err != nil {
		req.log.Error("proving the review's blunders", "err", err)
	}
	return n
}
