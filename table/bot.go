package table

import (
	"context"
	"errors"
	"time"

	"tabuleiro/ai"
	"tabuleiro/store"
)

// The bot's seat: its decisions are searched outside any transaction and stored like a person's,
// one search per game at a time; those left waiting (a restart, a process that died) are made by
// the process with the store's duty (see sweep.go).

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
		t.announce(ctx, v)
		// The stored game is v: look at it rather than read it again (the bot may decide twice
		// in a row: an Oolong special, an Ouri grand slam). The notifier keeps v: play on a copy.
		next := View{Game: v.Game, Live: v.Live.Clone()}
		start = &next
	}
}
