package table

import (
	"context"
	"errors"
	"time"

	"tabuleiro/ai"
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
		select {
		case <-ctx.Done():
			t.wg.Wait()
			return nil
		case <-tick.C:
			turn()
		}
	}
}

// resume makes the bot's moves that have been waiting for at least after (on the table's clock)
// and that this process is not already making.
func (t *Table) resume(ctx context.Context, st store.Games, after time.Duration) {
	pending, err := st.BotToMove()
	if err != nil {
		t.log.Error("could not list the games waiting for the bot", "err", err)
	}
	now := t.cfg.Now()
	for _, rec := range pending {
		id := rec.ID
		t.mu.Lock()
		running := t.running[id] != nil
		t.mu.Unlock()
		if running || now.Sub(rec.LastMove) < after {
			continue
		}
		t.wg.Add(1)
		go func() {
			defer t.wg.Done()
			t.botMoves(ctx, id, nil)
		}()
	}
}

// stuckAfter is how long the bot's move may wait before the process with the duty makes it: the
// process that started it may have died. Making it twice is harmless (the second decision is
// refused at a ply that moved on), so this only needs to be longer than a search.
func (t *Table) stuckAfter() time.Duration { return 3*t.cfg.AIMoveTime + sweepEvery }

// BotTurn makes the bot's decisions in the view's game for as long as the bot is to decide, telling
// the notifier of each. It reads nothing when no seat is the bot's, and starts from the view itself
// (no reload) when it is current. Call it once the person has seen their own move, in work the
// caller tracks (Wait does not wait for it: an Add racing a Wait is a bug).
func (t *Table) BotTurn(ctx context.Context, v View) {
	if !v.HasBot() || v.Over() {
		return
	}
	t.botMoves(ctx, v.Game.ID, &v)
}

// botMoves runs the bot on one game. Concurrent calls for one game collapse into the running one,
// which then looks again; an ending (resignation, agreement, time) cancels its search.
func (t *Table) botMoves(ctx context.Context, id uint64, start *View) {
	t.mu.Lock()
	if run := t.running[id]; run != nil {
		run.again = true
		t.mu.Unlock()
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	run := &botRun{cancel: cancel}
	t.running[id] = run
	t.mu.Unlock()
	for {
		t.botLoop(ctx, id, start)
		start = nil
		t.mu.Lock()
		if !run.again || ctx.Err() != nil {
			delete(t.running, id)
			t.mu.Unlock()
			return
		}
		run.again = false
		t.mu.Unlock()
	}
}

// stopBot cancels the bot's search in a game that just ended.
func (t *Table) stopBot(id uint64) {
	t.mu.Lock()
	if run := t.running[id]; run != nil {
		run.cancel()
	}
	t.mu.Unlock()
}

func (t *Table) botLoop(ctx context.Context, id uint64, start *View) {
	for ctx.Err() == nil {
		var v View
		if start != nil {
			v, start = *start, nil
		} else {
			rec, g, err := t.st.Game(id)
			if err != nil {
				t.log.Error("could not load a game for the bot's move", "game", id, "err", err)
				return
			}
			v = View{Game: rec, Live: g}
		}
		log := t.log.With("guild", v.Game.Guild, "channel", v.Game.Channel, "game", id)
		if v.Game.State != store.Active || v.Over() {
			return
		}
		seat := v.Live.ToMove()
		p := v.Game.Seats[seat]
		if !p.Bot {
			return
		}
		level, err := ai.ParseLevel(p.Level)
		if err != nil {
			level = ai.Hard
		}
		// The search runs outside any transaction, on a copy.
		seed := t.cfg.Seed ^ (id * 0x9e3779b97f4a7c15) ^ (uint64(v.Game.Ply) * 0xbf58476d1ce4e5b9)
		m, err := t.cfg.AI.Choose(ctx, v.Live.Clone(), ai.Settings{Level: level, MoveTime: t.cfg.AIMoveTime, Seed: seed})
		if err != nil {
			if ctx.Err() == nil {
				log.Error("the bot could not choose a move", "err", err)
			}
			return
		}
		v, err = t.decide(v, seat, m, "", false)
		if errors.Is(err, store.ErrMovedOn) {
			continue
		}
		if err != nil {
			log.Error("could not store the bot's move", "err", err)
			return
		}
		log.Debug("bot move", "ply", v.Game.Ply, "decision", v.Live.Format(m), "level", level)
		t.notify.GameChanged(ctx, v)
		// The stored game is v: look at it rather than read it again (the bot may decide twice
		// in a row: an Oolong special, an Ouri grand slam). The notifier keeps v: play on a copy.
		next := View{Game: v.Game, Live: v.Live.Clone()}
		start = &next
	}
}

// errNotDue aborts an expiry whose deadline moved meanwhile.
var errNotDue = errors.New("not due")

// Sweep closes the challenges and idle games that are due now: challenges expire, and a player who
// let the idle limit pass loses on time; it sends the turn pings due, and makes the bot's moves
// left waiting too long. It does nothing while another process has the store's duty.
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
	idle, err := st.GamesDue(now)
	if err != nil {
		t.log.Error("could not list idle games", "err", err)
	}
	for _, rec := range idle {
		stale := ""
		rec, g, err := st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
			if r.Deadline.IsZero() || r.Deadline.After(now) || g.Outcome().Over() {
				return errNotDue
			}
			loser := g.ToMove()
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
		if g.Outcome().Over() {
			t.log.Info("game lost on time", "game", rec.ID, "guild", rec.Guild, "channel", rec.Channel)
			t.stopBot(rec.ID)
			t.notify.GameChanged(ctx, View{Game: rec, Live: g, StalePing: stale})
		}
	}
	t.sweepTournaments(ctx, st, now)
	t.resume(ctx, st, t.stuckAfter())
}
