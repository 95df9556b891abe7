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

// DailyDue lists the servers whose daily puzzle is due at now and not yet posted today: their
// puzzle-hour has come (a process that was down at the hour posts when it is back, the same day),
// and their day is not claimed, or claimed and not tried (its process may have died).
func (t *Table) DailyDue(now time.Time) ([]store.DailyServer, error) {
	now = now.UTC()
	return t.st.DailyDue(store.Day(now), now.Hour())
}

// DailyChoice is the puzzle a server's daily post is to show: choose's answer; ok false skips the
// server this time.
type DailyChoice func(s store.DailyServer, day string) (kind, puzzle string, ok bool)

// DailyPost posts a claimed daily puzzle and returns the message's id. A post of the same server
// and day again (a claim taken over after its process died) is to be posted once: the bot names
// it (Message.Once) from the server and the day, so a post that landed before the death is not
// posted twice.
type DailyPost func(ctx context.Context, d store.DailyPuzzle) (messageID string, err error)

// dailyLease is how long a claimed daily puzzle may wait for its post before another process
// claims it: the digest's lease (a minute, never under 10 s; see digestLease), as a post is one
// or two REST calls (the picture, then the text where the picture is refused) as a DM is two. It
// stays well inside the few minutes Discord keeps a message's nonce, so a post taken over is
// still recognised as the one that may have landed.
func (t *Table) dailyLease() time.Duration { return t.digestLease() }

// PostDailies posts every due daily puzzle once: each server's day is claimed in the store first
// (compare-and-swap), and only the process whose claim won posts it and notes the message. Any
// number of processes may call it at once, and again after a restart; a day is posted at most
// once. A claim whose process died before its post was tried is taken over after its lease by
// the next call of any process. It returns the puzzles this call posted.
func (t *Table) PostDailies(ctx context.Context, now time.Time, choose DailyChoice, post DailyPost) ([]store.DailyPuzzle, error) {
	due, err := t.DailyDue(now)
	if err != nil {
		return nil, err
	}
	day, lease := store.Day(now), t.dailyLease()
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
		d, won, err := t.st.ClaimDaily(store.DailyPuzzle{Guild: s.Guild, Day: day, Channel: s.Channel, Kind: kind, Puzzle: puzzle}, lease)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !won {
			continue
		}
		d, err = t.postClaimed(ctx, d, post, lease)
		if err != nil {
			errs = append(errs, err)
		}
		if d.MessageID != "" {
			t.log.Info("daily puzzle posted", "guild", d.Guild, "day", day, "puzzle", d.Puzzle, "message", d.MessageID)
			posted = append(posted, d)
		}
	}
	return posted, errors.Join(errs...)
}

// postClaimed posts a claimed daily puzzle within half its lease (as digestSend: a live poster
// settles it before anyone else may claim it) and settles the claim: the message noted, or the
// post marked tried. A post that failed is told, never retried, as a Discord POST may have landed;
// only a claim whose process died is taken over.
func (t *Table) postClaimed(ctx context.Context, d store.DailyPuzzle, post DailyPost, lease time.Duration) (store.DailyPuzzle, error) {
	postCtx, cancel := context.WithTimeout(ctx, digestSend(lease))
	id, err := post(postCtx, d)
	cancel()
	if err != nil {
		err = fmt.Errorf("posting the daily puzzle of %s: %w", d.Guild, err)
		if _, terr := t.st.DailyTried(d.Guild, d.Day); terr != nil {
			err = errors.Join(err, terr)
		}
		return d, err
	}
	noted, err := t.st.NoteDailyMessage(d.Guild, d.Day, id)
	if err != nil {
		d.MessageID = id
		return d, err
	}
	return noted, nil
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
