package table

import (
	"context"
	"errors"
	"time"

	"tabuleiro/games"
	"tabuleiro/store"
)

// Paces and vacations. A game's pace says how long each player has for each decision: live is
// the server's idle timeout; a day pace gives that many pace days (Config.PaceDay), starting again
// at every decision. The deadline is stored with the game, in the store's index of deadlines, so
// the sweep of whichever process has the duty loses the game on time at the deadline, once.
//
// A vacation stops the clock of every day-paced game where its member is to decide: the game keeps
// the time they had left (store.Game.Left) instead of a deadline, and gets its deadline back, moved
// by exactly the time away, when the vacation ends (by the member, or by the sweep once the
// year's budget is spent). Starting and ending a vacation change its games one by one; a process
// that dies midway leaves the rest to the sweep, which pauses a game whose deadline came while its
// player was away (as if it had been paused in time) and resumes those of a vacation that ended.

// DefaultVacationDays is the vacation budget of a calendar year, in pace days.
const DefaultVacationDays = 14

// perDecision is how long the player to decide has for each decision in a game.
func (t *Table) perDecision(rec store.Game) time.Duration {
	if rec.Pace == store.PaceLive {
		return t.idleTimeout(rec.Guild)
	}
	return time.Duration(rec.Pace.Days()) * t.cfg.PaceDay
}

// away are the vacations of a day-paced game's players, read before a change that may start a
// turn: the one to decide next may be away. Nothing is read for a live game.
func (t *Table) away(rec store.Game) [2]store.Vacation {
	var out [2]store.Vacation
	if rec.Pace == store.PaceLive {
		return out
	}
	for i, p := range rec.Seats {
		if p.Bot || p.Team || p.UserID == "" {
			continue
		}
		if m, err := t.st.MemberSettings(p.UserID); err == nil {
			out[i] = m.Vacation
		}
	}
	return out
}

// startClock sets the clock of the player to decide after a decision at now: their deadline, or,
// when they are away on a day-paced game, the whole time per decision kept for their return.
func (t *Table) startClock(r *store.Game, g games.Game, now time.Time, away [2]store.Vacation) {
	r.Deadline, r.Left = t.deadline(*r, g, now), 0
	if r.Deadline.IsZero() || r.Pace == store.PaceLive {
		return
	}
	if away[g.ToMove()].On(now) {
		r.Left, r.Deadline = r.Deadline.Sub(now), time.Time{}
	}
}

// reminderAt is when the player to decide gets their reminder: half the idle timeout into a live
// turn, a quarter of the time left in a day-paced one (at least 18 hours into the turn, the
// shortest pace being a day); zero while the clock is stopped.
func (t *Table) reminderAt(r store.Game) time.Time {
	if r.Pace == store.PaceLive {
		return r.LastMove.Add(t.idleTimeout(r.Guild) / 2)
	}
	if r.Deadline.IsZero() {
		return time.Time{}
	}
	return r.Deadline.Add(-t.perDecision(r) / 4)
}

// pause stops the clock of the player to decide, away since since: they keep the time they had
// when the vacation (or their turn, if it started later) began.
func pause(r *store.Game, since time.Time) {
	from := later(since, r.LastMove)
	r.Left, r.Deadline = max(r.Deadline.Sub(from), 0), time.Time{}
	r.Ping.Due = time.Time{}
}

// resumeClock starts again the clock of a game paused by a vacation that ended at back: the
// deadline is moved by exactly the time away. The turn's ping comes as it would have, or at once
// when its time passed while they were away.
func (t *Table) resumeClock(r *store.Game, back time.Time) {
	r.Deadline, r.Left = back.Add(r.Left), 0
	switch r.Ping.Sent {
	case 0:
		r.Ping.Due = back.Add(t.cfg.TurnPingAfter)
	case 1:
		r.Ping.Due = later(t.reminderAt(*r), back)
	default:
		r.Ping.Due = time.Time{}
	}
	if r.Seats[0].Bot || r.Seats[1].Bot {
		r.Ping.Due = time.Time{}
	}
}

// later is the later of two moments.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// pausedFor reports whether game r waits for user's return from a vacation.
func pausedFor(r store.Game, user string) bool {
	return r.State == store.Active && r.Left > 0 && r.Deadline.IsZero() &&
		(r.ToMove == 0 || r.ToMove == 1) && !r.Seats[r.ToMove].Bot && r.Seats[r.ToMove].UserID == user
}

// Vacation errors a person may see.
var (
	ErrOnVacation  = refuse(Refused, "vacation.refuse.on")
	ErrNoVacation  = refuse(Refused, "vacation.refuse.off")
	ErrNoDaysLeft  = refuse(Refused, "vacation.refuse.spent")
	errNotAway     = errors.New("not away")
	errNotReturned = errors.New("not back")
)

// vacationBudget is a calendar year's vacation time.
func (t *Table) vacationBudget() time.Duration {
	return time.Duration(t.cfg.VacationDays) * t.cfg.PaceDay
}

// yearStart is the first moment of the calendar year (UTC) n years after the one t is in (0: that
// year's own).
func yearStart(t time.Time, n int) time.Time {
	return time.Date(t.UTC().Year()+n, time.January, 1, 0, 0, 0, 0, time.UTC)
}

// spentIn is what v says was spent of year's budget.
func spentIn(v store.Vacation, year int) time.Duration {
	if v.Year == year {
		return v.Spent
	}
	return 0
}

// VacationLeft is how much of this calendar year's vacation budget a member has not spent, the
// vacation under way counted as far as now.
func (t *Table) VacationLeft(v store.Vacation, now time.Time) time.Duration {
	year := now.UTC().Year()
	spent := spentIn(v, year)
	if !v.Since.IsZero() {
		from, to := later(v.Since, yearStart(now, 0)), v.Until
		if now.Before(to) {
			to = now
		}
		spent += max(to.Sub(from), 0)
	}
	return max(t.vacationBudget()-spent, 0)
}

// vacationEnd is when a vacation starting at now ends by itself: when this year's budget is spent,
// or, when that is past the year's end, when the next year's is.
func (t *Table) vacationEnd(v store.Vacation, now time.Time) time.Time {
	end := now.Add(t.vacationBudget() - spentIn(v, now.UTC().Year()))
	if next := yearStart(now, 1); !end.Before(next) {
		return next.Add(t.vacationBudget())
	}
	return end
}

// closeVacation books a finished vacation's time against the years it spanned and clears it.
func closeVacation(v store.Vacation) store.Vacation {
	if v.Since.IsZero() {
		return v
	}
	since, until := v.Since, v.Until
	if until.Before(since) {
		until = since
	}
	year := until.UTC().Year()
	spent := spentIn(v, year)
	if since.UTC().Year() == year {
		spent += until.Sub(since)
	} else {
		spent += until.Sub(yearStart(until, 0))
	}
	return store.Vacation{Year: year, Spent: spent}
}

// Vacation is a member's vacation: whether they are away now, until when, and what is left of
// this year's budget.
type Vacation struct {
	On    bool
	Until time.Time
	Left  time.Duration
}

// VacationOf says whether a member is away, until when, and what is left of their budget.
func (t *Table) VacationOf(user string) (Vacation, error) {
	m, err := t.st.MemberSettings(user)
	if err != nil {
		return Vacation{}, err
	}
	now := t.cfg.Now()
	out := Vacation{On: m.Vacation.On(now), Left: t.VacationLeft(m.Vacation, now)}
	if out.On {
		out.Until = m.Vacation.Until
	}
	return out, nil
}

// StartVacation starts the member's vacation: the clocks of their day-paced games stop where it is
// their move, everywhere, until they end it or this year's budget is spent. It returns the games
// it paused, for the caller to show (their boards say so).
func (t *Table) StartVacation(user string) (Vacation, []View, error) {
	now := t.cfg.Now()
	// A vacation that ended, its games not yet back on their clocks (the sweep's to finish), is
	// finished here first.
	if m, err := t.st.MemberSettings(user); err == nil && !m.Vacation.Since.IsZero() && !m.Vacation.On(now) {
		if _, err := t.finishVacation(t.st, user, m.Vacation, now); err != nil {
			return Vacation{}, nil, err
		}
	}
	var refusal error
	m, err := t.st.ChangeMemberSettings(user, func(m *store.MemberSettings) {
		refusal = nil
		v := m.Vacation
		switch {
		case v.On(now):
			refusal = ErrOnVacation
		case !v.Since.IsZero():
			// Ended meanwhile by another process, which is putting its games back.
			refusal = ErrOnVacation
		case t.VacationLeft(v, now) <= 0:
			refusal = ErrNoDaysLeft
		default:
			m.Vacation.Since, m.Vacation.Until = now, t.vacationEnd(v, now)
		}
	})
	if err != nil {
		return Vacation{}, nil, err
	}
	if refusal != nil {
		return Vacation{}, nil, refusal
	}
	t.log.Info("vacation started", "user", user, "until", m.Vacation.Until)
	paused := t.pauseGames(t.st, user, m.Vacation)
	return Vacation{On: true, Until: m.Vacation.Until, Left: t.VacationLeft(m.Vacation, now)}, paused, nil
}

// pauseGames stops the clocks of the member's day-paced games where it is their move.
func (t *Table) pauseGames(st store.Store, user string, v store.Vacation) []View {
	list, err := st.MemberGames(user)
	if err != nil {
		t.log.Error("could not list a member's games to pause them", "user", user, "err", err)
		return nil
	}
	var out []View
	for _, rec := range list {
		if rec.Pace == store.PaceLive || rec.Deadline.IsZero() || rec.Seats[rec.ToMove].UserID != user {
			continue
		}
		rec, g, err := st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
			if g.Outcome().Over() || r.Deadline.IsZero() || r.Seats[g.ToMove()].UserID != user || !r.Deadline.After(v.Since) {
				return errNotAway
			}
			pause(r, v.Since)
			return nil
		})
		if err != nil {
			// Moved on meanwhile: the move read the vacation, else the sweep pauses it at its deadline.
			if !errors.Is(err, errNotAway) && !errors.Is(err, store.ErrMovedOn) {
				t.log.Error("could not pause a game for a vacation", "game", rec.ID, "err", err)
			}
			continue
		}
		out = append(out, View{Game: rec, Live: g})
	}
	return out
}

// EndVacation ends the member's vacation now: their games' clocks start again, each deadline moved
// by the time they were away. It returns the games it resumed, for the caller to show.
func (t *Table) EndVacation(user string) ([]View, error) {
	now := t.cfg.Now()
	var refusal error
	m, err := t.st.ChangeMemberSettings(user, func(m *store.MemberSettings) {
		refusal = nil
		if !m.Vacation.On(now) {
			refusal = ErrNoVacation
			return
		}
		m.Vacation.Until = now
	})
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return nil, refusal
	}
	t.log.Info("vacation ended", "user", user)
	return t.finishVacation(t.st, user, m.Vacation, now)
}

// finishVacation puts the games of a vacation that ended back on their clocks, then books its time
// and clears it. Run again (by the sweep, after a crash) it resumes what is left.
func (t *Table) finishVacation(st store.Store, user string, v store.Vacation, now time.Time) ([]View, error) {
	if v.Since.IsZero() || v.Until.After(now) {
		return nil, errNotReturned
	}
	list, err := st.MemberGames(user)
	if err != nil {
		return nil, err
	}
	var out []View
	for _, rec := range list {
		if !pausedFor(rec, user) {
			continue
		}
		rec, g, err := st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
			if !pausedFor(*r, user) {
				return errNotAway
			}
			t.resumeClock(r, v.Until)
			return nil
		})
		if err != nil {
			if !errors.Is(err, errNotAway) && !errors.Is(err, store.ErrMovedOn) {
				return out, err
			}
			continue
		}
		out = append(out, View{Game: rec, Live: g})
	}
	_, err = st.ChangeMemberSettings(user, func(m *store.MemberSettings) {
		// Only the vacation finished here: a new one cannot have started before this one was cleared.
		if m.Vacation.Since.Equal(v.Since) {
			m.Vacation = closeVacation(m.Vacation)
		}
	})
	return out, err
}

// sweepVacations finishes the vacations that ended by now: by the year's budget, or ended by
// their member in a process that died before their games were back on their clocks.
func (t *Table) sweepVacations(ctx context.Context, st store.Store, now time.Time) {
	due, err := st.VacationsDue(now)
	if err != nil {
		t.log.Error("could not list the vacations that ended", "err", err)
		return
	}
	for _, user := range due {
		m, err := st.MemberSettings(user)
		if err != nil {
			t.log.Error("could not read a member's vacation", "user", user, "err", err)
			continue
		}
		resumed, err := t.finishVacation(st, user, m.Vacation, now)
		for _, v := range resumed {
			t.notify.GameChanged(ctx, v)
		}
		if err != nil && !errors.Is(err, errNotReturned) {
			t.log.Error("could not end a vacation", "user", user, "err", err)
			continue
		}
		t.log.Info("vacation over", "user", user, "until", m.Vacation.Until)
	}
}

// Paces are the paces a game may be played at, live first: store.Paces, for the adapters, which
// know the store's types only.
func Paces() []store.Pace { return append([]store.Pace(nil), store.Paces...) }

// ParsePace reads a pace as a command writes it ("" is live): store.ParsePace.
func ParsePace(s string) (store.Pace, error) { return store.ParsePace(s) }
