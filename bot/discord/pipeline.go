package discord

import (
	"context"
	"log/slog"
	"time"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/wire"
)

// pipeline is what every interaction goes through, whether it came over the gateway or the HTTP
// endpoint: the shard filter, de-duplication, the handler, and the after-work tracked for shutdown.
type pipeline struct {
	x     *Interactions
	shard Shard
	seen  *recent
	work  *Work
	log   *slog.Logger
}

func newPipeline(x *Interactions, shard Shard, work *Work, log *slog.Logger) *pipeline {
	if log == nil {
		log = slog.Default()
	}
	if shard.Count == 0 {
		shard = Shard{ID: 0, Count: 1}
	}
	return &pipeline{x: x, shard: shard, seen: newRecent(replayWindow, time.Now), work: work, log: log}
}

// verdict is whether an interaction is to be answered here.
type verdict uint8

const (
	serve      verdict = iota
	otherShard         // another process's guild
	duplicate          // delivered twice: answered once already
)

func (p *pipeline) admit(in *wire.Interaction) verdict {
	if !p.shard.Serves(in.Guild) {
		return otherShard
	}
	if !p.seen.first(in.ID) {
		p.log.Warn("discord: interaction delivered twice; answered once", "interaction", in.ID)
		return duplicate
	}
	return serve
}

// answer runs the handler. after, when the reply has one, is its After step bound to the
// interaction's webhook: run it once the response is delivered.
func (p *pipeline) answer(ctx context.Context, in *wire.Interaction) (r bot.Reply, after func(context.Context)) {
	r = p.x.bot.Handle(ctx, &in.Interaction)
	if r.After != nil {
		step, hooks := r.After, p.x.hooks
		after = func(ctx context.Context) { step(ctx, followup{hooks, in}) }
	}
	return r, after
}
