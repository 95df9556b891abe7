package table

import (
	"context"
	"errors"
	"time"

	"tabuleiro/games"
	"tabuleiro/store"
)

// sweepEvery is how often Run looks for expired challenges and idle games (on the wall clock; what
// is due is judged on the injected clock).
const sweepEvery = 10 * time.Second

// Run makes every pending bot move, then sweeps expiries until ctx is done, then waits for the bot's
// moves in flight. With a store several processes share, only the process that has the store's
// duty does so; another takes over (and makes the pending moves) when it stops or dies.
func (t *Table) Run(ctx context.Context) error {
	var held store.Store
	turn := func() {
		st := t.st.Duty()
		if st == nil {
			held = nil
			return
		}
		if st != held {
			// A new term (or the start): the bot's moves left pending by anyone are made now.
			held = st
			t.resume(ctx, st, 0)
		}
		t.sweep(ctx, st)
	}
	turn()
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	for {
		// A team's vote closes on time wherever it was cast: closing it twice is harmless (the
		// second finds it closed), so the timer needs no duty.
		timer, closes := t.votes.timer(t.cfg.Now())
		select {
		case <-ctx.Done():
			t.wg.Wait()
			return nil
		case <-tick.C:
			turn()
		case <-t.votes.wakes:
		case <-closes:
			now := t.cfg.Now()
			t.votes.passed(now)
			t.closeVotes(ctx, t.st, now)
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

// errNotDue aborts an expiry whose deadline moved meanwhile.
var errNotDue = errors.New("not due")

// Sweep closes the challenges and idle games that are due now: challenges expire, and a player who
// let the idle limit (or their pace's time) pass loses on time, unless a vacation stopped their clock;
// vacations that ended give their games back their clocks; it sends the turn pings due, plays the team decisions
// whose voting closed, and makes the bot's moves left waiting too long. It does nothing while another process has the store's duty.
func (t *Table) Sweep(ctx context.Context) {
	if st := t.st.Duty(); st != nil {
		t.sweep(ctx, st)
	}
}

// sweep is Sweep on st, the store fenced by the duty.
func (t *Table) sweep(ctx context.Context, st store.Store) {
	now := t.cfg.Now()
	due, err := st.ChallengesDue(now)
	if err != nil {
		t.log.Error("could not list due challenges", "err", err)
	}
	for _, c := range due {
		c, err := st.CloseChallenge(c.ID, store.ChallengeExpired)
		if err != nil {
			if !errors.Is(err, store.ErrClosed) {
				t.log.Error("could not expire a challenge", "challenge", c.ID, "err", err)
			}
			continue
		}
		t.log.Info("challenge expired", "challenge", c.ID, "guild", c.Guild, "channel", c.Channel)
		t.notify.ChallengeExpired(ctx, c)
	}
	t.pings(ctx, st, now)
	// Before the idle losses: a team that voted in time does not lose on time.
	t.closeVotes(ctx, st, now)
	idle, err := st.GamesDue(now)
	if err != nil {
		t.log.Error("could not list idle games", "err", err)
	}
	for _, rec := range idle {
		stale := ""
		// A day-paced game whose player went away before its deadline is paused, not lost (pace.go).
		away := t.away(rec)
		paused := false
		v, err := t.change(st, rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
			paused = false
			if r.Deadline.IsZero() || r.Deadline.After(now) || g.Outcome().Over() {
				return errNotDue
			}
			loser := g.ToMove()
			if v := away[loser]; r.Pace != store.PaceLive && !v.Since.IsZero() && v.Since.Before(r.Deadline) {
				paused = true
				pause(r, v.Since)
				if v.On(now) {
					return nil
				}
				// Back already, their games not yet resumed: resumed here, lost if the time
				// they had left ran out since.
				t.resumeClock(r, v.Until)
				if r.Deadline.After(now) {
					return nil
				}
			}
			r.Deadline = time.Time{}
			if r.Seats[loser].Bot {
				// The bot never times out: its move is made on start.
				return nil
			}
			stale, r.Ping = r.Ping.Message, store.Ping{}
			return g.End(games.Time, loser)
		})
		if err != nil {
			if !errors.Is(err, errNotDue) && !errors.Is(err, store.ErrMovedOn) {
				t.log.Error("could not end an idle game", "game", rec.ID, "err", err)
			}
			continue
		}
		switch {
		case v.Over():
			t.log.Info("game lost on time", "game", rec.ID, "guild", rec.Guild, "channel", rec.Channel)
			t.stopBot(rec.ID)
			v.StalePing = stale
			t.announce(ctx, v)
		case paused:
			// Its board shows the vacation, or the deadline moved by it.
			t.log.Info("game paused for a vacation at its deadline", "game", rec.ID)
			t.notify.GameChanged(ctx, v)
		}
	}
	t.sweepVacations(ctx, st, now)
	t.sendDigests(ctx, st, now)
	t.sweepTournaments(ctx, st, now)
	t.resume(ctx, st, t.stuckAfter())
}
