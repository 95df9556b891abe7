package table

import (
	"errors"
	"math"
	"strings"

	"tabuleiro/rating"
	"tabuleiro/store"
)

// The puzzles' refusals.
var (
	ErrPuzzlesSeen    = refuse(Refused, "puzzle.refuse.all-seen")
	ErrNoPuzzle       = store.ErrNoAttempt    // no attempt under way, or no daily puzzle that day
	ErrPuzzleMoved    = store.ErrAttemptMoved // a decision of the attempt came first
	errNoPersonOrGame = errors.New("table: learning needs a person and a game")
)

// PuzzleRating rates one attempt as Glicko-2 rates a game: the solver plays the puzzle, a solve is
// the solver's win and a fail the puzzle's, both computed from their ratings before it.
func PuzzleRating(solver, puzzle rating.Rating, solved bool) (rating.Rating, rating.Rating) {
	score := rating.Loss
	if solved {
		score = rating.Win
	}
	return rating.Game(solver, puzzle, score)
}

// PuzzleCandidate is a puzzle the table may serve: its id and its shipped rating.
type PuzzleCandidate struct {
	ID     string
	Rating float64
}

// PuzzlePick is the puzzle a person is to solve, its attempt under way in the store.
type PuzzlePick struct {
	Attempt store.PuzzleAttempt
	// Resumed: the attempt was under way already (a restart, a second click); its Played are to be
	// replayed.
	Resumed bool
	// Blunder is the person's own blunder the puzzle is (Seq 0 for a shipped puzzle).
	Blunder store.Blunder
	Rating  rating.Rating // the puzzle's, now (a blunder's is the solver's: it is never rated)
	Solver  store.Solver
}

// NextPuzzle gives the person their next puzzle of the game: the attempt they have under way, or
// else their own oldest proven blunder, or else the candidate they have not seen whose rating is
// nearest theirs (the first of equals in candidates' order); it starts the attempt in the store.
// When they have seen every candidate, ErrPuzzlesSeen.
func (t *Table) NextPuzzle(user, kind string, candidates []PuzzleCandidate) (PuzzlePick, error) {
	if user == "" || kind == "" {
		return PuzzlePick{}, errNoPersonOrGame
	}
	sv, err := t.st.Solver(user, kind)
	if err != nil {
		return PuzzlePick{}, err
	}
	cur, err := t.st.Attempt(user, kind)
	if err != nil {
		return PuzzlePick{}, err
	}
	if cur.Puzzle != "" {
		return t.resumed(user, kind, cur, sv, candidates)
	}
	blunders, err := t.st.Blunders(user, kind)
	if err != nil {
		return PuzzlePick{}, err
	}
	for _, b := range blunders {
		if b.Proven {
			return t.startPuzzle(user, kind, store.PuzzleAttempt{Puzzle: b.PuzzleID(), Blunder: b.Seq}, sv, candidates)
		}
	}
	seen, err := t.st.SeenPuzzles(user, kind)
	if err != nil {
		return PuzzlePick{}, err
	}
	live, err := t.st.PuzzleRatings(commonPrefix(candidates))
	if err != nil {
		return PuzzlePick{}, err
	}
	best, gap := -1, math.Inf(1)
	for i, c := range candidates {
		if _, ok := seen[c.ID]; ok {
			continue
		}
		r := c.Rating
		if l, ok := live[c.ID]; ok {
			r = l.Rating
		}
		if d := math.Abs(r - sv.Rating.Rating); d < gap {
			best, gap = i, d
		}
	}
	if best < 0 {
		return PuzzlePick{}, ErrPuzzlesSeen
	}
	return t.startPuzzle(user, kind, store.PuzzleAttempt{Puzzle: candidates[best].ID}, sv, candidates)
}

// startPuzzle starts an attempt; one that another request started first is resumed instead.
func (t *Table) startPuzzle(user, kind string, a store.PuzzleAttempt, sv store.Solver, candidates []PuzzleCandidate) (PuzzlePick, error) {
	got, started, err := t.st.StartAttempt(user, kind, a)
	if err != nil {
		return PuzzlePick{}, err
	}
	if !started {
		return t.resumed(user, kind, got, sv, candidates)
	}
	return t.picked(user, kind, got, sv, candidates)
}

func (t *Table) resumed(user, kind string, a store.PuzzleAttempt, sv store.Solver, candidates []PuzzleCandidate) (PuzzlePick, error) {
	p, err := t.picked(user, kind, a, sv, candidates)
	p.Resumed = true
	return p, err
}

// picked completes a pick: the blunder it is, or the puzzle's rating now.
func (t *Table) picked(user, kind string, a store.PuzzleAttempt, sv store.Solver, candidates []PuzzleCandidate) (PuzzlePick, error) {
	p := PuzzlePick{Attempt: a, Solver: sv, Rating: sv.Rating}
	if a.Blunder != 0 {
		blunders, err := t.st.Blunders(user, kind)
		if err != nil {
			return p, err
		}
		for _, b := range blunders {
			if b.Seq == a.Blunder {
				p.Blunder = b
			}
		}
		return p, nil
	}
	for _, c := range candidates {
		if c.ID == a.Puzzle {
			p.Rating = rating.Rating{Rating: c.Rating, Deviation: rating.Start.Deviation, Volatility: rating.Start.Volatility}
		}
	}
	live, err := t.st.PuzzleRatings(a.Puzzle)
	if r, ok := live[a.Puzzle]; ok {
		p.Rating = r
	}
	return p, err
}

// commonPrefix is the longest prefix of every candidate's id: the part of the puzzles' ratings to
// read.
func commonPrefix(cs []PuzzleCandidate) string {
	if len(cs) == 0 {
		return ""
	}
	p := cs[0].ID
	for _, c := range cs[1:] {
		for !strings.HasPrefix(c.ID, p) {
			p = p[:len(p)-1]
		}
	}
	return p
}

// PlayPuzzle stores the decisions of the person's attempt under way, a.Played continuing the saw
// decisions the person was shown. A stale one (a double click, a second replica's answer first) is
// ErrPuzzleMoved, one of no attempt under way ErrNoPuzzle; neither changes anything.
func (t *Table) PlayPuzzle(user, kind string, a store.PuzzleAttempt, saw int) (store.PuzzleAttempt, error) {
	return t.st.SaveAttempt(user, kind, a, saw)
}

// SettlePuzzle ends the person's attempt at the puzzle as the truth judged it: both ratings move
// as PuzzleRating says, once, however often it is settled (a second settle returns the first
// result with Already). start is the puzzle's shipped rating.
func (t *Table) SettlePuzzle(user, kind, puzzle string, start float64, solved bool) (store.PuzzleResult, error) {
	r, err := t.st.SettlePuzzle(user, kind, store.PuzzleOutcome{Puzzle: puzzle, Start: start, Solved: solved}, PuzzleRating)
	if err == nil {
		t.log.Info("puzzle settled", "user", user, "kind", kind, "puzzle", puzzle, "solved", solved,
			"rated", r.Rated, "again", r.Already, "rating", r.After.Shown())
	}
	return r, err
}

// PuzzleUnderWay reports whether the person has an attempt of the game under way: a typed move
// then answers it.
func (t *Table) PuzzleUnderWay(user, kind string) (bool, error) {
	a, err := t.st.Attempt(user, kind)
	return err == nil && a.Puzzle != "", err
}
