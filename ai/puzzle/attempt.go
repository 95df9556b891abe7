package puzzle

import (
	"fmt"
	"slices"

	"tabuleiro/games"
)

// MaxDecisions is how many of the solver's decisions a puzzle asks at most: a right one on the
// last of them solves it, sealed or not.
const MaxDecisions = 4

// Attempt is one solver's go at a puzzle: the game as it stands and what the solver decided. Its
// plain record is the puzzle's id and Played, which Resume turns back into the attempt.
type Attempt struct {
	Puzzle Puzzle
	Game   games.Game
	Solver games.Seat
	Played []string // every decision since the puzzle's position, the defence's included, in notation
	Made   int      // the solver's decisions
	Over   bool
	truth  Truth
}

// Step is what one decision of the solver came to.
type Step struct {
	Right  bool // the move keeps the proven win
	Solved bool // the win is sealed, or the last decision asked was right
	// Answer is the other side's reply (the longest defence after a right move, the refutation
	// after a wrong one); HasAnswer is false when the solver moves again or the game is over.
	Answer    games.Move
	HasAnswer bool
	// Then are the other side's further decisions after Answer, when its answer gave it another
	// (an Oolong special of its own), in order.
	Then []games.Move
	// Right moves there were, for a wrong one: all the moves that kept the win.
	Keeping []games.Move
}

// Start begins an attempt at p, judged by the truth of its game.
func Start(p Puzzle) (*Attempt, error) {
	g, err := p.Game()
	if err != nil {
		return nil, err
	}
	t, ok := TruthOf(g.Descriptor())
	if !ok {
		return nil, fmt.Errorf("puzzle %s: no truth judges %s", p.ID, g.Kind())
	}
	return &Attempt{Puzzle: p, Game: g, Solver: g.ToMove(), truth: t}, nil
}

// Resume rebuilds an attempt from its record: the puzzle and the decisions played since.
func Resume(p Puzzle, played []string) (*Attempt, error) {
	a, err := Start(p)
	if err != nil {
		return nil, err
	}
	for len(a.Played) < len(played) {
		if a.Over {
			return nil, fmt.Errorf("puzzle %s: decisions after its end", p.ID)
		}
		s := played[len(a.Played)]
		m, err := a.Game.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("puzzle %s: %q does not replay: %w", p.ID, s, err)
		}
		if _, err := a.Play(m); err != nil {
			return nil, err
		}
		// Play answered as it did the first time: the record must say the same.
		if n := min(len(a.Played), len(played)); !slices.Equal(a.Played[:n], played[:n]) {
			return nil, fmt.Errorf("puzzle %s: the record %v is not what was played", p.ID, played)
		}
	}
	if len(a.Played) != len(played) {
		return nil, fmt.Errorf("puzzle %s: the record %v stops before the answer", p.ID, played)
	}
	return a, nil
}

func (a *Attempt) play(m games.Move) error {
	s := a.Game.Format(m)
	if err := a.Game.Play(m); err != nil {
		return err
	}
	a.Played = append(a.Played, s)
	return nil
}

// left is how many plies the win must still come within, the next included (0: no limit).
func (a *Attempt) left() int {
	if a.Puzzle.Plies == 0 {
		return 0
	}
	return max(a.Puzzle.Plies-len(a.Played), 1)
}

// Play is the solver's decision m: right or wrong, and the other side's answer, played.
func (a *Attempt) Play(m games.Move) (Step, error) {
	if a.Over {
		return Step{}, fmt.Errorf("puzzle %s is over", a.Puzzle.ID)
	}
	if a.Game.ToMove() != a.Solver {
		return Step{}, fmt.Errorf("puzzle %s: it is not the solver's turn", a.Puzzle.ID)
	}
	keep, _, err := a.truth.Keeping(a.Game, a.left())
	if err != nil {
		return Step{}, err
	}
	right := false
	for _, k := range keep {
		right = right || k == m
	}
	if err := a.play(m); err != nil {
		return Step{}, err // an illegal move: the game's own refusal, nothing changed
	}
	a.Made++
	step := Step{Right: right}
	if !right {
		a.Over, step.Keeping = true, keep
		if a.Game.ToMove() != a.Solver && !a.Game.Outcome().Over() {
			if r, err := a.truth.Refutation(a.Game, a.left()); err == nil {
				step.Answer, step.HasAnswer = r, true
			}
		}
		return step, nil
	}
	if a.truth.Sealed(a.Game, a.Solver) || a.Made >= MaxDecisions || a.Game.Outcome().Over() {
		a.Over, step.Solved = true, true
		return step, nil
	}
	// The other side defends until the solver decides again: in Oolong a special of its own may
	// give it a second decision.
	for a.Game.ToMove() != a.Solver && !a.Over {
		d, err := a.truth.Defence(a.Game, a.left())
		if err != nil {
			return Step{}, err
		}
		if err := a.play(d); err != nil {
			return Step{}, err
		}
		if step.HasAnswer {
			step.Then = append(step.Then, d)
		} else {
			step.Answer, step.HasAnswer = d, true
		}
		if a.truth.Sealed(a.Game, a.Solver) || a.Game.Outcome().Over() {
			a.Over, step.Solved = true, true
		}
	}
	return step, nil
}

// Check plays every line a solver may take through p — each right move at each of their turns,
// the defence answering — and fails where the truth cannot tell a move apart, so that a shipped
// puzzle never leaves a right move unjudged.
func Check(p Puzzle) error {
	a, err := Start(p)
	if err != nil {
		return err
	}
	return check(p, a)
}

func check(p Puzzle, a *Attempt) error {
	keep, _, err := a.truth.Keeping(a.Game, a.left())
	if err != nil {
		return fmt.Errorf("puzzle %s after %v: %w", p.ID, a.Played, err)
	}
	if len(keep) == 0 {
		return fmt.Errorf("puzzle %s after %v: the solver has no proven win", p.ID, a.Played)
	}
	for _, m := range keep {
		b, err := Resume(p, a.Played)
		if err != nil {
			return err
		}
		if _, err := b.Play(m); err != nil {
			return err
		}
		if !b.Over {
			if err := check(p, b); err != nil {
				return err
			}
		}
	}
	return nil
}
