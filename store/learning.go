package store

import (
	"errors"
	"fmt"
	"math"
	"time"

	"tabuleiro/rating"
)

// Learning is what people learn between games: their lessons' progress, their puzzles (ratings,
// the puzzles they have seen, the attempt under way), each server's daily puzzle and the blunders
// of their games waiting to become their puzzles. Everything is per person and game across
// servers, but the daily puzzle, which is per server and UTC day.
type Learning interface {
	// Lessons (learn.Progress's bytes, which the store does not read).
	LessonProgress(user, kind string) ([]byte, error)
	ChangeLessonProgress(user, kind string, fn func(old []byte) ([]byte, error)) ([]byte, error)

	// Puzzles (puzzles.go).
	Solver(user, kind string) (Solver, error)
	PuzzleRatings(prefix string) (map[string]rating.Rating, error)
	SeenPuzzles(user, kind string) (map[string]PuzzleState, error)
	Attempt(user, kind string) (PuzzleAttempt, error)
	StartAttempt(user, kind string, a PuzzleAttempt) (PuzzleAttempt, bool, error)
	SaveAttempt(user, kind string, a PuzzleAttempt, wantPlayed int) (PuzzleAttempt, error)
	SettlePuzzle(user, kind string, o PuzzleOutcome, rate RateFunc) (PuzzleResult, error)

	// The daily puzzle (daily.go).
	DailyDue(day string, hour int) ([]DailyServer, error)
	ClaimDaily(d DailyPuzzle, lease time.Duration) (DailyPuzzle, bool, error)
	Daily(guild, day string) (DailyPuzzle, error)
	NoteDailyMessage(guild, day, messageID string) (DailyPuzzle, error)
	DailyTried(guild, day string) (DailyPuzzle, error)

	// Blunders waiting to become puzzles (blunders.go).
	AddBlunder(user string, b Blunder) (Blunder, bool, error)
	Blunders(user, kind string) ([]Blunder, error)
	ProveBlunder(user string, seq uint64, proven bool) error
}

var _ Learning = (*DB)(nil)

// The learning's buckets: none is an index of the games, so Check leaves them alone.
var (
	// Lessons: user 0 kind 0 -> learn.Progress's bytes.
	bLessons = []byte("lesson-progress")
	// Solvers: user 0 kind 0 -> a solver's puzzle rating and tallies.
	bSolvers = []byte("puzzle-solvers")
	// Puzzles: puzzle id -> its rating and tallies, once someone tried it.
	bPuzzles = []byte("puzzle-ratings")
	// Seen: user 0 kind 0 puzzle id -> how it went (under way, solved, failed).
	bSeen = []byte("puzzles-seen")
	// Attempts: user 0 kind 0 -> the attempt under way (one a person and game).
	bAttempts = []byte("puzzle-attempts")
	// The daily puzzle: guild 0 day -> the day's claim; the people's counted attempts at it:
	// guild 0 day 0 user -> how it went (daily.go).
	bDaily        = []byte("daily-puzzles")
	bDailySolvers = []byte("daily-puzzle-solvers")
	// Servers with a daily puzzle: hour (1 byte) guild -> channel, kept by ChangeServerSettings.
	bDailyServers = []byte("daily-puzzle-servers")
	// Blunders: user 0 sequence (8 bytes) -> a position a review marked ??, oldest first.
	bBlunders = []byte("blunders")
)

var learningBuckets = [][]byte{bLessons, bSolvers, bPuzzles, bSeen, bAttempts, bDaily, bDailySolvers,
	bDailyServers, bBlunders}

// learningVersion is the first byte of every learning record.
const learningVersion = 1

// LessonProgress returns the bytes of a person's progress in a game's lessons; nil when they took
// none.
func (s *DB) LessonProgress(user, kind string) ([]byte, error) {
	var out []byte
	err := s.view(func(tx Tx) error {
		out = nil
		if v := tx.Bucket(bLessons).Get(key(user, kind)); v != nil {
			out = append([]byte{}, v...)
		}
		return nil
	})
	return out, err
}

// ChangeLessonProgress replaces a person's progress in a game's lessons by what fn makes of the
// stored one (nil when none), in one transaction: two answers racing each build on the other's.
// An error from fn changes nothing and is returned as it is.
func (s *DB) ChangeLessonProgress(user, kind string, fn func(old []byte) ([]byte, error)) ([]byte, error) {
	if err := checkPerson(user, kind); err != nil {
		return nil, err
	}
	var out []byte
	err := s.commit(func(tx Tx) error {
		b := tx.Bucket(bLessons)
		var old []byte
		if v := b.Get(key(user, kind)); v != nil {
			old = append([]byte{}, v...)
		}
		now, err := fn(old)
		if err != nil {
			return err
		}
		out = now
		if now == nil {
			return b.Delete(key(user, kind))
		}
		return b.Put(key(user, kind), now)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// checkPerson refuses a record without a person or a game, or with ids that would break its key.
func checkPerson(user, kind string, more ...string) error {
	if user == "" || kind == "" {
		return errors.New("store: learning records need a person and a game")
	}
	if !checkText(append([]string{user, kind}, more...)...) {
		return errors.New("store: an id holds a zero byte")
	}
	return nil
}

func (w *writer) rating(r rating.Rating) {
	w.uint(math.Float64bits(r.Rating))
	w.uint(math.Float64bits(r.Deviation))
	w.uint(math.Float64bits(r.Volatility))
}

func (r *reader) rating() rating.Rating {
	return rating.Rating{Rating: math.Float64frombits(r.uint()), Deviation: math.Float64frombits(r.uint()),
		Volatility: math.Float64frombits(r.uint())}
}

// learningRecord starts reading a learning record: its version byte.
func learningRecord(b []byte) reader {
	r := reader{b: b}
	if v := r.byte(); r.err == nil && v != learningVersion {
		r.fail(fmt.Errorf("record version %d, this build reads version %d", v, learningVersion))
	}
	return r
}

func learningWriter() writer { return writer{b: []byte{learningVersion}} }

// corruptAt names a learning record that cannot be read.
func corruptAt(bucket []byte, k []byte, err error) error {
	return &CorruptError{Bucket: string(bucket), Key: fmt.Sprintf("%q", k), Err: err}
}
