package store

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"tabuleiro/rating"
)

var (
	// ErrNoAttempt refuses to settle or continue a puzzle nobody is solving.
	ErrNoAttempt = errors.New("there is no puzzle under way: ask for a new one")
	// ErrAttemptMoved is ErrMovedOn for a puzzle attempt: a decision of it came first.
	ErrAttemptMoved = fmt.Errorf("the puzzle moved on: %w", ErrMovedOn)
)

// Solver is a person's puzzle rating in one game, the same on every server.
type Solver struct {
	User, Kind     string
	Rating         rating.Rating // rating.Start until the first rated puzzle
	Solved, Failed int           // rated puzzles
}

// PuzzleState is how a person's go at a puzzle went.
type PuzzleState uint8

const (
	Trying PuzzleState = iota // served, not settled
	Solved
	Failed
)

// PuzzleAttempt is the puzzle a person is solving in a game: what a restart needs to resume it.
type PuzzleAttempt struct {
	Puzzle string   // the puzzle's id ("" when none is under way)
	Played []string // every decision since the puzzle's position, the other side's included
	// Blunder is the blunder it comes from (blunders.go), 0 for a shipped puzzle: never rated.
	Blunder uint64
	// Guild and Day name the daily puzzle it was opened from (daily.go), "" for none: solving it
	// counts there.
	Guild, Day string
	// Replay: the person had settled this puzzle before (a daily puzzle seen already); it changes
	// no rating.
	Replay bool
}

// PuzzleOutcome is how an attempt ended, as the table judged it.
type PuzzleOutcome struct {
	Puzzle string
	Start  float64 // the puzzle's shipped rating: its rating until someone is rated on it
	Solved bool
}

// RateFunc is the rating of one attempt: the solver's and the puzzle's ratings after it, from
// both before it. It runs inside the transaction, maybe more than once, so it must be pure.
type RateFunc func(solver, puzzle rating.Rating, solved bool) (rating.Rating, rating.Rating)

// PuzzleResult is what settling an attempt did.
type PuzzleResult struct {
	Puzzle string
	Solved bool
	// Rated: both ratings changed (not for a blunder of one's own, nor a replay).
	Rated         bool
	Before, After rating.Rating // the solver's
	// PuzzleBefore and PuzzleAfter are the puzzle's.
	PuzzleBefore, PuzzleAfter rating.Rating
	// Already: the puzzle was settled before, and this is that result; this attempt changed no
	// rating.
	Already bool
	// Daily is the daily puzzle the attempt came from, its solvers counted (Guild "" for none).
	Daily DailyPuzzle
}

// Solver returns a person's puzzle rating in a game; rating.Start when they never solved one.
func (s *DB) Solver(user, kind string) (Solver, error) {
	var out Solver
	err := s.view(func(tx Tx) (err error) {
		out, err = getSolver(tx, user, kind)
		return err
	})
	return out, err
}

// PuzzleRatings returns the ratings of the puzzles whose ids start with prefix that anyone was
// rated on; the others still have their shipped rating. One walk, whatever the KV.
func (s *DB) PuzzleRatings(prefix string) (map[string]rating.Rating, error) {
	out := map[string]rating.Rating{}
	var bad []error
	err := s.view(func(tx Tx) error {
		clear(out)
		bad = nil
		c := tx.Bucket(bPuzzles).Cursor()
		for k, v := c.Seek([]byte(prefix)); k != nil && bytes.HasPrefix(k, []byte(prefix)); k, v = c.Next() {
			p, err := decodePuzzleRecord(v)
			if err != nil {
				bad = append(bad, corruptAt(bPuzzles, k, err))
				continue
			}
			out[string(k)] = p.Rating
		}
		return nil
	})
	s.skip(bad)
	return out, err
}

// SeenPuzzles returns the puzzles of a game a person was served, and how each went.
func (s *DB) SeenPuzzles(user, kind string) (map[string]PuzzleState, error) {
	out := map[string]PuzzleState{}
	err := s.view(func(tx Tx) error {
		clear(out)
		prefix := key(user, kind)
		c := tx.Bucket(bSeen).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			st := Trying
			if seen, err := decodeSeen(v); err == nil {
				st = seen.state
			}
			out[string(bytes.TrimSuffix(k[len(prefix):], []byte{0}))] = st
		}
		return nil
	})
	return out, err
}

// Attempt returns the attempt a person has under way in a game; Puzzle "" when none.
func (s *DB) Attempt(user, kind string) (PuzzleAttempt, error) {
	var out PuzzleAttempt
	err := s.view(func(tx Tx) (err error) {
		out, err = getAttempt(tx, user, kind)
		return err
	})
	return out, err
}

// StartAttempt makes a the person's attempt under way in the game, from its position (Played is
// ignored), and marks its puzzle seen; a puzzle they settled before is a Replay. When they have
// an attempt under way already, that one stays and is returned with false: one attempt at a time,
// so two clicks racing start one.
func (s *DB) StartAttempt(user, kind string, a PuzzleAttempt) (PuzzleAttempt, bool, error) {
	if err := checkPerson(user, kind, a.Puzzle, a.Guild, a.Day); err != nil {
		return PuzzleAttempt{}, false, err
	}
	if a.Puzzle == "" {
		return PuzzleAttempt{}, false, errors.New("store: an attempt needs its puzzle")
	}
	var out PuzzleAttempt
	var started bool
	err := s.commit(func(tx Tx) error {
		cur, err := getAttempt(tx, user, kind)
		if err != nil {
			return err
		}
		if cur.Puzzle != "" {
			out, started = cur, false
			return nil
		}
		a.Played = nil
		seen := tx.Bucket(bSeen)
		sk := key(user, kind, a.Puzzle)
		if v := seen.Get(sk); v != nil {
			old, err := decodeSeen(v)
			a.Replay = err == nil && old.state != Trying
		} else if err := seen.Put(sk, encodeSeen(seenRecord{state: Trying})); err != nil {
			return err
		}
		out, started = a, true
		return tx.Bucket(bAttempts).Put(key(user, kind), encodeAttempt(a))
	})
	return out, started, err
}

// SaveAttempt stores the decisions of the person's attempt under way: a.Played must continue the
// stored ones, of which the caller saw wantPlayed. A stale save (a double click, another
// process's decision first) gets ErrAttemptMoved and changes nothing; no attempt of a.Puzzle under way,
// ErrNoAttempt.
func (s *DB) SaveAttempt(user, kind string, a PuzzleAttempt, wantPlayed int) (PuzzleAttempt, error) {
	var out PuzzleAttempt
	err := s.commit(func(tx Tx) error {
		cur, err := getAttempt(tx, user, kind)
		if err != nil {
			return err
		}
		switch {
		case cur.Puzzle == "" || cur.Puzzle != a.Puzzle:
			return ErrNoAttempt
		case len(cur.Played) != wantPlayed || len(a.Played) < wantPlayed ||
			!slices.Equal(a.Played[:wantPlayed], cur.Played):
			return ErrAttemptMoved
		}
		cur.Played = slices.Clone(a.Played)
		out = cur
		return tx.Bucket(bAttempts).Put(key(user, kind), encodeAttempt(cur))
	})
	return out, err
}

// SettlePuzzle ends the person's attempt at o.Puzzle with its outcome, in one transaction: the
// solver's and the puzzle's ratings (rate), the puzzle's state among those they saw, the blunder
// it came from leaving their queue, the daily puzzle's solvers. A puzzle is settled once per
// person: settling it again (a replay, a double click, a retry after a crash) changes no rating
// and returns the first result with Already. With no attempt of o.Puzzle under way and none
// settled, ErrNoAttempt.
func (s *DB) SettlePuzzle(user, kind string, o PuzzleOutcome, rate RateFunc) (PuzzleResult, error) {
	if err := checkPerson(user, kind, o.Puzzle); err != nil {
		return PuzzleResult{}, err
	}
	var out PuzzleResult
	err := s.commit(func(tx Tx) error {
		out = PuzzleResult{}
		a, err := getAttempt(tx, user, kind)
		if err != nil {
			return err
		}
		under := a.Puzzle == o.Puzzle
		seen := tx.Bucket(bSeen)
		sk := key(user, kind, o.Puzzle)
		var old seenRecord
		v := seen.Get(sk)
		if v != nil {
			if old, err = decodeSeen(v); err != nil {
				return corruptAt(bSeen, sk, err)
			}
		}
		switch {
		case v != nil && old.state != Trying:
			out = old.result
			out.Already = true
		case !under:
			return ErrNoAttempt
		default:
			if out, err = settleAttempt(tx, user, kind, a, o, rate); err != nil {
				return err
			}
			if err := seen.Put(sk, encodeSeen(seenRecord{state: stateOf(o.Solved), result: out})); err != nil {
				return err
			}
		}
		if !under {
			return nil
		}
		if err := tx.Bucket(bAttempts).Delete(key(user, kind)); err != nil {
			return err
		}
		if a.Blunder != 0 {
			if err := tx.Bucket(bBlunders).Delete(blunderKey(user, a.Blunder)); err != nil {
				return err
			}
		}
		if a.Guild != "" && o.Solved {
			if out.Daily, err = solveDaily(tx, a.Guild, a.Day, user); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// settleAttempt rates a first attempt: the solver against the puzzle, unless it is a blunder of
// the solver's own or a replay.
func settleAttempt(tx Tx, user, kind string, a PuzzleAttempt, o PuzzleOutcome, rate RateFunc) (PuzzleResult, error) {
	out := PuzzleResult{Puzzle: o.Puzzle, Solved: o.Solved}
	sv, err := getSolver(tx, user, kind)
	if err != nil {
		return out, err
	}
	p, err := getPuzzle(tx, o.Puzzle, o.Start)
	if err != nil {
		return out, err
	}
	out.Before, out.After = sv.Rating, sv.Rating
	out.PuzzleBefore, out.PuzzleAfter = p.Rating, p.Rating
	if a.Blunder != 0 || a.Replay {
		return out, nil
	}
	out.Rated = true
	out.After, out.PuzzleAfter = rate(sv.Rating, p.Rating, o.Solved)
	sv.Rating, p.Rating = out.After, out.PuzzleAfter
	p.Tried++
	if o.Solved {
		sv.Solved++
		p.Solved++
	} else {
		sv.Failed++
	}
	if err := tx.Bucket(bSolvers).Put(key(user, kind), encodeSolver(sv)); err != nil {
		return out, err
	}
	return out, tx.Bucket(bPuzzles).Put([]byte(o.Puzzle), encodePuzzleRecord(p))
}

func stateOf(solved bool) PuzzleState {
	if solved {
		return Solved
	}
	return Failed
}

func getSolver(tx Tx, user, kind string) (Solver, error) {
	sv := Solver{User: user, Kind: kind, Rating: rating.Start}
	k := key(user, kind)
	v := tx.Bucket(bSolvers).Get(k)
	if v == nil {
		return sv, nil
	}
	if err := decodeSolver(&sv, v); err != nil {
		return Solver{}, corruptAt(bSolvers, k, err)
	}
	return sv, nil
}

func decodeSolver(sv *Solver, b []byte) error {
	r := learningRecord(b)
	sv.Rating = r.rating()
	sv.Solved, sv.Failed = int(r.uint()), int(r.uint())
	return r.end()
}

func encodeSolver(sv Solver) []byte {
	w := learningWriter()
	w.rating(sv.Rating)
	w.uint(uint64(sv.Solved))
	w.uint(uint64(sv.Failed))
	return w.b
}

// puzzleRecord is a puzzle's rating once someone was rated on it.
type puzzleRecord struct {
	Rating        rating.Rating
	Tried, Solved int
}

// getPuzzle reads a puzzle's record; one nobody was rated on starts at its shipped rating.
func getPuzzle(tx Tx, id string, start float64) (puzzleRecord, error) {
	v := tx.Bucket(bPuzzles).Get([]byte(id))
	if v == nil {
		return puzzleRecord{Rating: rating.Rating{Rating: start, Deviation: rating.Start.Deviation,
			Volatility: rating.Start.Volatility}}, nil
	}
	p, err := decodePuzzleRecord(v)
	if err != nil {
		return p, corruptAt(bPuzzles, []byte(id), err)
	}
	return p, nil
}

func encodePuzzleRecord(p puzzleRecord) []byte {
	w := learningWriter()
	w.rating(p.Rating)
	w.uint(uint64(p.Tried))
	w.uint(uint64(p.Solved))
	return w.b
}

func decodePuzzleRecord(b []byte) (puzzleRecord, error) {
	r := learningRecord(b)
	p := puzzleRecord{Rating: r.rating(), Tried: int(r.uint()), Solved: int(r.uint())}
	return p, r.end()
}

// seenRecord is how a person's go at a puzzle went, and the result once settled.
type seenRecord struct {
	state  PuzzleState
	result PuzzleResult
}

func encodeSeen(s seenRecord) []byte {
	w := learningWriter()
	w.b = append(w.b, byte(s.state))
	if s.state == Trying {
		return w.b
	}
	res := s.result
	w.str(res.Puzzle)
	w.bool(res.Solved)
	w.bool(res.Rated)
	for _, r := range []rating.Rating{res.Before, res.After, res.PuzzleBefore, res.PuzzleAfter} {
		w.rating(r)
	}
	return w.b
}

func decodeSeen(b []byte) (seenRecord, error) {
	r := learningRecord(b)
	s := seenRecord{state: PuzzleState(r.byte())}
	if r.err == nil && s.state > Failed {
		r.fail(errors.New("an unknown puzzle state"))
	}
	if r.err != nil || s.state == Trying {
		return s, r.end()
	}
	res := &s.result
	res.Puzzle = r.str()
	res.Solved = r.bool()
	res.Rated = r.bool()
	for _, p := range []*rating.Rating{&res.Before, &res.After, &res.PuzzleBefore, &res.PuzzleAfter} {
		*p = r.rating()
	}
	return s, r.end()
}

func getAttempt(tx Tx, user, kind string) (PuzzleAttempt, error) {
	k := key(user, kind)
	v := tx.Bucket(bAttempts).Get(k)
	if v == nil {
		return PuzzleAttempt{}, nil
	}
	a, err := decodeAttempt(v)
	if err != nil {
		return PuzzleAttempt{}, corruptAt(bAttempts, k, err)
	}
	return a, nil
}

func decodeAttempt(b []byte) (PuzzleAttempt, error) {
	r := learningRecord(b)
	a := PuzzleAttempt{Puzzle: r.str()}
	n := r.uint()
	if n > 1024 {
		r.fail(errors.New("too many decisions"))
	}
	for i := uint64(0); i < n && r.err == nil; i++ {
		a.Played = append(a.Played, r.str())
	}
	a.Blunder = r.uint()
	a.Guild, a.Day = r.str(), r.str()
	a.Replay = r.bool()
	return a, r.end()
}

func encodeAttempt(a PuzzleAttempt) []byte {
	w := learningWriter()
	w.str(a.Puzzle)
	w.uint(uint64(len(a.Played)))
	for _, p := range a.Played {
		w.str(p)
	}
	w.uint(a.Blunder)
	w.str(a.Guild)
	w.str(a.Day)
	w.bool(a.Replay)
	return w.b
}
