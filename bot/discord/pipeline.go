package discord

import (
	"context"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/bwmarrin/discordgo"
)

// pipeline is what every interaction goes through, whether it came over the gateway or the HTTP
// endpoint: the shard filter, de-duplication, the handler with panic recovery and a fallback
// answer, and the after-work tracked for shutdown.
type pipeline struct {
	h     Handler
	shard Shard
	seen  *recent
	work  *Work
	log   *slog.Logger
}

func newPipeline(h Handler, shard Shard, work *Work, log *slog.Logger) *pipeline {
	if log == nil {
		log = slog.Default()
	}
	if shard.Count == 0 {
		shard = Shard{ID: 0, Count: 1}
	}
	return &pipeline{h: h, shard: shard, seen: newRecent(replayWindow, time.Now), work: work, log: log}
}

// verdict is whether an interaction is to be answered here.
type verdict uint8

const (
	serve      verdict = iota
	otherShard         // another process's guild
	duplicate          // delivered twice: answered once already
)

func (p *pipeline) admit(in *discordgo.Interaction) verdict {
	if !p.shard.ServesInteraction(in) {
		return otherShard
	}
	if !p.seen.first(in.ID) {
		p.log.Warn("discord: interaction delivered twice; answered once", "interaction", in.ID)
		return duplicate
	}
	return serve
}

// answer runs the handler; a panic or a missing response becomes a private fallback answer.
func (p *pipeline) answer(ctx context.Context, in *discordgo.Interaction) (r Reply) {
	defer func() {
		if v := recover(); v != nil {
			p.log.Error("discord: panic while answering an interaction", "interaction", in.ID,
				"guild", in.GuildID, "channel", in.ChannelID, "panic", v,
				"stack", string(debug.Stack()))
			r = Reply{Response: fallback(in)}
		}
	}()
	r = p.h.Handle(ctx, in)
	if r.Response == nil {
		p.log.Error("discord: command layer gave no response", "interaction", in.ID, "type", in.Type)
		r.Response = fallback(in)
	}
	return r
}
