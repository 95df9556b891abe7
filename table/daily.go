package table

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tabuleiro/store"
)

// ErrPuzzleHour refuses a puzzle-hour outside the day.
var ErrPuzzleHour = refuse(Invalid, "puzzle.refuse.hour")

// SetDailyPuzzle sets where (channel, "" for none) and at which UTC hour (0-23) the server's daily
// puzzle is posted.
func (t *Table) SetDailyPuzzle(guild, channel string, hour int) (store.ServerSettings, error) {
	if hour < 0 || hour > 23 {
		return store.ServerSettings{}, ErrPuzzleHour
	}
	return t.ChangeSettings(guild, func(s *store.ServerSettings) { s.PuzzleChannel, s.PuzzleHour = channel, hour })
}

// DailyDue lists the servers whose daily puzzle is due at now and not yet claimed today: their
// puzzle-hour has come (a process that was down at the hour posts when it is back, the same day).
func (t *Table) DailyDue(now time.Time) ([]store.DailyServer, error) {
	now = now.UTC()
	return t.st.DailyDue(store.Day(now), now.Hour())
}

// DailyChoice is the puzzle a server's daily post is to show: choose's answer; ok false skips the
// server this time.
type DailyChoice func(s store.DailyServer, day string) (kind, puzzle string, ok bool)

// DailyPost posts a claimed daily puzzle and returns the message's id.
type DailyPost func(ctx context.Context, d store.DailyPuzzle) (messageID string, err error)

// PostDailies posts every due daily puzzle once: each server's day is claimed in the store first
// (compare-and-swap), and only the process whose claim won posts it and notes the message. Any
// number of processes may call it at once, and again after a restart; a day is posted at most
// once. It returns the puzzles this call posted.
func (t *Table) PostDailies(ctx context.Context, now time.Time, choose DailyChoice, post DailyPost) ([]store.DailyPuzzle, error) {
	due, err := t.DailyDue(now)
	if err != nil {
		return nil, err
	}
	day := store.Day(now)
	var posted []store.DailyPuzzle
	var errs []error
	for _, s := range due {
		if ctx.Err() != nil {
			break
		}
		kind, puzzle, ok := choose(s, day)
		if !ok {
			continue
		}
		d, won, err := t.st.ClaimDaily(store.DailyPuzzle{Guild: s.Guild, Day: day, Channel: s.Channel, Kind: kind, Puzzle: puzzle})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !won {
			continue
		}
		// Claimed and not posted would be lost for the day: a failed post is told, never retried,
		// as a Discord POST may have landed.
		id, err := post(ctx, d)
		if err != nil {
			errs = append(errs, fmt.Errorf("posting the daily puzzle of %s: %w", s.Guild, err))
			continue
		}
		if d, err = t.st.NoteDailyMessage(d.Guild, d.Day, id); err != nil {
			errs = append(errs, err)
		}
		t.log.Info("daily puzzle posted", "guild", d.Guild, "day", day, "puzzle", d.Puzzle, "message", id)
		posted = append(posted, d)
	}
	return posted, errors.Join(errs...)
}

// SolveDaily opens a server's daily puzzle of a day for the person (its Solve button): their
// attempt of it, counted among the day's solvers when solved. An attempt of the same game under
// way stays theirs and is resumed first. A day not claimed is ErrNoPuzzle.
func (t *Table) SolveDaily(user, guild, day string, candidates []PuzzleCandidate) (PuzzlePick, error) {
	d, err := t.st.Daily(guild, day)
	if errors.Is(err, store.ErrNotFound) {
		return PuzzlePick{}, ErrNoPuzzle
	}
	if err != nil {
		return PuzzlePick{}, err
	}
	sv, err := t.st.Solver(user, d.Kind)
	if err != nil {
		return PuzzlePick{}, err
	}
	return t.startPuzzle(user, d.Kind, store.PuzzleAttempt{Puzzle: d.Puzzle, Guild: guild, Day: day}, sv, candidates)
}

// OpenDaily is SolveDaily among the shipped puzzles, with the attempt's position.
func (t *Table) OpenDaily(user, guild, day string) (PuzzleView, error) {
	d, err := t.st.Daily(guild, day)
	if errors.Is(err, store.ErrNotFound) {
		return PuzzleView{}, ErrNoPuzzle
	}
	if err != nil {
		return PuzzleView{}, err
	}
	cs, err := Puzzles(d.Kind)
	if err != nil {
		return PuzzleView{}, err
	}
	pick, err := t.SolveDaily(user, guild, day, cs)
	if err != nil {
		return PuzzleView{}, err
	}
	return viewOf(d.Kind, pick)
}
