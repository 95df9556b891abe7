package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/bwmarrin/discordgo"
)

// Gateway serves interactions arriving over the gateway websocket: each is answered with
// InteractionRespond, then its After step runs, all tracked by Work.
type Gateway struct {
	s   *discordgo.Session
	p   *pipeline
	log *slog.Logger
	off func()
}

// NewGateway serves h on the session from NewSession (its shard settings come from there too).
func NewGateway(s *discordgo.Session, h Handler, work *Work, log *slog.Logger) *Gateway {
	if log == nil {
		log = slog.Default()
	}
	return &Gateway{s: s, log: log, p: newPipeline(h, Shard{ID: s.ShardID, Count: max(s.ShardCount, 1)}, work, log)}
}

// Open connects to the gateway.
func (g *Gateway) Open() error {
	g.off = g.s.AddHandler(func(_ *discordgo.Session, ev *discordgo.InteractionCreate) {
		g.interaction(ev.Interaction)
	})
	if err := g.s.Open(); err != nil {
		g.off()
		return fmt.Errorf("connecting to the Discord gateway: %w", err)
	}
	g.log.Info("discord: gateway connected", "shard", g.p.shard.ID, "shards", g.p.shard.Count)
	return nil
}

// Close stops the intake: no new interaction is accepted, the websocket is closed. Work already
// accepted goes on (wait for it with Work.Wait).
func (g *Gateway) Close() error {
	if g.off != nil {
		g.off()
	}
	return g.s.Close()
}

// interaction runs in its own goroutine (discordgo's SyncEvents is off).
func (g *Gateway) interaction(in *discordgo.Interaction) {
	if g.p.admit(in) != serve {
		return // another process's guild (Discord routes by shard already), or a replay
	}
	ok := g.p.work.Do(func(ctx context.Context) {
		reply := g.p.answer(ctx, in)
		if err := g.s.InteractionRespond(in, reply.Response, discordgo.WithContext(ctx)); err != nil {
			// 10062: later than Discord's 3 seconds. Whatever the command changed is stored; the
			// person sees "interaction failed" and the next board shows the truth.
			g.log.Warn("discord: answering interaction failed; stored state is kept",
				"interaction", in.ID, "code", Code(err), "err", err)
		}
		// After runs even when the answer failed: it may hold the bot's own move, which must not
		// wait for a restart.
		if reply.After != nil {
			reply.After(ctx)
		}
	})
	if !ok {
		g.log.Warn("discord: shutting down; interaction dropped", "interaction", in.ID)
	}
}

// AppID returns DISCORD_APP_ID, or asks Discord (GET /applications/@me) which application the
// token belongs to.
func AppID(ctx context.Context, s *discordgo.Session, configured string) (string, error) {
	if configured != "" {
		return configured, nil
	}
	if s.Token == "" {
		return "", fmt.Errorf("DISCORD_APP_ID: not set, and without DISCORD_TOKEN it cannot be read from Discord")
	}
	// GET /applications/@me (discordgo's Application asks the oauth2 path, without a context).
	endpoint := discordgo.EndpointApplication("@me")
	body, err := s.RequestWithBucketID("GET", endpoint, nil, endpoint, discordgo.WithContext(ctx))
	var app discordgo.Application
	if err == nil {
		err = json.Unmarshal(body, &app)
	}
	if err == nil && app.ID == "" {
		err = errors.New("the answer names no application")
	}
	if err != nil {
		return "", fmt.Errorf("reading the application id from Discord (set DISCORD_APP_ID to skip): %w", err)
	}
	return app.ID, nil
}

// Register replaces the application's commands with cmds in one bulk overwrite: in guildID only
// when set (instant, for development), else globally. Commands no longer offered disappear.
func Register(ctx context.Context, s *discordgo.Session, appID, guildID string, cmds []*discordgo.ApplicationCommand) error {
	if _, err := s.ApplicationCommandBulkOverwrite(appID, guildID, cmds, discordgo.WithContext(ctx)); err != nil {
		where := "globally"
		if guildID != "" {
			where = "in guild " + guildID
		}
		return fmt.Errorf("registering %d commands %s: %w", len(cmds), where, err)
	}
	return nil
}
