package table

import (
	"context"
	"errors"
	"time"

	"tabuleiro/games"
	"tabuleiro/store"
)

// A turn in a game between two people is pinged once after TurnPingAfter, and once more (the
// reminder) when half the idle timeout has passed, or in a day-paced game when a quarter of the
// player's time is left (pace.go). The due time is kept in the game's record, set by
// the move that started the turn (no commit of its own), and the sweep advances it in a transaction
// before the ping goes out: a ping is sent at most once, also across restarts.

// turnStarts sets the record for a turn that starts now: the first ping's due time in a game
// between two people, and the previous ping message to delete (returned).
func (t *Table) turnStarts(r *store.Game, g games.Game, now time.Time) (stale string) {
	stale, r.Ping = r.Ping.Message, store.Ping{}
	if g.Outcome().Over() || r.Seats[0].Bot || r.Seats[1].Bot || r.Left > 0 {
		// No pings for the bot, nor for a player away on vacation (pace.go): theirs come when they
		// are back.
		return stale
	}
	r.Ping.Due = now.Add(t.cfg.TurnPingAfter)
	return stale
}

// errNoPing aborts a ping that is no longer due.
var errNoPing = errors.New("no ping due")

// pings sends the turn pings due now.
func (t *Table) pings(ctx context.Context, st store.Games, now time.Time) {
	due, err := st.PingsDue(now)
	if err != nil {
		t.log.Error("could not list the turn pings due", "err", err)
	}
	for _, rec := range due {
		var reminder bool
		var stale string
		rec, g, err := st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
			if r.Ping.Due.IsZero() || r.Ping.Due.After(now) || g.Outcome().Over() {
				return errNoPing
			}
			reminder = r.Ping.Sent > 0
			r.Ping.Sent++
			r.Ping.Due = time.Time{}
			if at := t.reminderAt(*r); !reminder && at.After(now) {
				r.Ping.Due = at
			}
			stale = r.Ping.Message
			return nil
		})
		if err != nil {
			if !errors.Is(err, errNoPing) && !errors.Is(err, store.ErrMovedOn) {
				t.log.Error("could not advance a turn ping", "game", rec.ID, "err", err)
			}
			continue
		}
		v := View{Game: rec, Live: g}
		if !t.mayPing(v) {
			continue
		}
		msg, err := t.notify.TurnPing(ctx, v, reminder, stale)
		if err != nil || msg == "" {
			continue
		}
		// The game keeps its ping message, to delete it when the turn passes.
		_, _, err = st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
			r.Ping.Message = msg
			return nil
		})
		if err != nil && !errors.Is(err, store.ErrMovedOn) {
			t.log.Warn("could not record a turn ping's message", "game", rec.ID, "err", err)
		}
	}
}

// mayPing says whether the player to move may be pinged: the server and the player allow it.
func (t *Table) mayPing(v View) bool {
	if t.settings(v.Game.Guild).NoPings {
		return false
	}
	m, err := t.st.MemberSettings(v.Mover().UserID)
	return err == nil && !m.NoPings
}
