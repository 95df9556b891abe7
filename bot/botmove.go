package bot

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/store"
)

// sweepEvery is how often Run looks for expired challenges and idle games (on the wall clock; what
// is due is judged on the injected clock).
const sweepEvery = 10 * time.Second

// Run makes every pending bot move, then sweeps expiries until ctx is done, then waits for the bot's
// moves in flight.
func (b *Bot) Run(ctx context.Context) error {
	pending, err := b.st.BotToMove()
	if err != nil {
		b.log.Error("could not list the games waiting for the bot", "err", err)
	}
	for _, rec := range pending {
		id := rec.ID
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			b.botMoves(ctx, id)
		}()
	}
	b.Sweep(ctx)
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			b.wg.Wait()
			return nil
		case <-t.C:
			b.Sweep(ctx)
		}
	}
}

// botMoves makes the bot's decisions in a game for as long as the bot is to decide. Concurrent calls
// for one game collapse into the running one, which then looks again.
func (b *Bot) botMoves(ctx context.Context, id uint64) {
	b.mu.Lock()
	if b.running[id] {
		b.again[id] = true
		b.mu.Unlock()
		return
	}
	b.running[id] = true
	b.mu.Unlock()
	for {
		b.botLoop(ctx, id)
		b.mu.Lock()
		if !b.again[id] || ctx.Err() != nil {
			delete(b.running, id)
			delete(b.again, id)
			b.mu.Unlock()
			return
		}
		b.again[id] = false
		b.mu.Unlock()
	}
}

func (b *Bot) botLoop(ctx context.Context, id uint64) {
	var log *slog.Logger
	for ctx.Err() == nil {
		rec, g, err := b.st.Game(id)
		if err != nil {
			b.log.Error("could not load a game for the bot's move", "game", id, "err", err)
			return
		}
		log = b.log.With("guild", rec.Guild, "channel", rec.Channel, "game", id)
		if rec.State != store.Active || g.Outcome().Over() {
			return
		}
		seat := g.ToMove()
		p := rec.Seats[seat]
		if !p.Bot {
			return
		}
		level, err := ai.ParseLevel(p.Level)
		if err != nil {
			level = ai.Hard
		}
		// The search runs outside any transaction, on a copy.
		seed := b.cfg.Seed ^ (id * 0x9e3779b97f4a7c15) ^ (uint64(rec.Ply) * 0xbf58476d1ce4e5b9)
		m, err := b.cfg.AI.Choose(ctx, g.Clone(), ai.Settings{Level: level, MoveTime: b.cfg.AIMoveTime, Seed: seed})
		if err != nil {
			log.Error("the bot could not choose a move", "err", err)
			return
		}
		rec, g, err = b.decide(rec, seat, m, "")
		if errors.Is(err, store.ErrMovedOn) {
			continue
		}
		if err != nil {
			log.Error("could not store the bot's move", "err", err)
			return
		}
		log.Info("bot move", "ply", rec.Ply, "decision", g.Format(m), "level", level)
		b.editBoard(ctx, rec, g)
	}
}

// errNotDue aborts an expiry whose deadline moved meanwhile.
var errNotDue = errors.New("not due")

// Sweep closes the challenges and idle games that are due at Now(): challenges expire, and a player
// who let the idle limit pass loses on time.
func (b *Bot) Sweep(ctx context.Context) {
	now := b.cfg.Now()
	due, err := b.st.ChallengesDue(now)
	if err != nil {
		b.log.Error("could not list due challenges", "err", err)
	}
	for _, c := range due {
		c, err := b.st.CloseChallenge(c.ID, store.ChallengeExpired)
		if err != nil {
			if !errors.Is(err, store.ErrClosed) {
				b.log.Error("could not expire a challenge", "challenge", c.ID, "err", err)
			}
			continue
		}
		b.log.Info("challenge expired", "challenge", c.ID, "guild", c.Guild, "channel", c.Channel)
		if c.MessageID == "" {
			continue
		}
		text := expiredText(c)
		comps := challengeButtons(c, true)
		if err := b.send.Edit(ctx, c.Channel, c.MessageID, &discordgo.MessageEdit{Content: &text, Components: &comps}); err != nil {
			b.log.Warn("could not edit an expired challenge", "challenge", c.ID, "err", err)
		}
	}
	idle, err := b.st.GamesDue(now)
	if err != nil {
		b.log.Error("could not list idle games", "err", err)
	}
	for _, rec := range idle {
		rec, g, err := b.st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
			if r.Deadline.IsZero() || r.Deadline.After(now) || g.Outcome().Over() {
				return errNotDue
			}
			loser := g.ToMove()
			if r.Seats[loser].Bot {
				// The bot never times out: its move is made on start.
				r.Deadline = time.Time{}
				return nil
			}
			r.Deadline = time.Time{}
			return g.End(games.Time, loser)
		})
		if err != nil {
			if !errors.Is(err, errNotDue) && !errors.Is(err, store.ErrMovedOn) {
				b.log.Error("could not end an idle game", "game", rec.ID, "err", err)
			}
			continue
		}
		if g.Outcome().Over() {
			b.log.Info("game lost on time", "game", rec.ID, "guild", rec.Guild, "channel", rec.Channel)
			b.editBoard(ctx, rec, g)
		}
	}
}
