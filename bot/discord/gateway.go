package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/gateway"
	"tabuleiro/bot/discord/rest"
	"tabuleiro/bot/discord/wire"
	"tabuleiro/say"
)

// Gateway serves interactions arriving over the gateway websocket (package gateway's Client): each
// is decoded by the endpoint's codec, answered at its callback over REST, then its After step runs,
// all tracked by Work.
type Gateway struct {
	s   *discordgo.Session
	p   *pipeline
	log *slog.Logger
	ws  *gateway.Client
}

// NewGateway serves x on the session from NewSession (its shard settings come from there too): the
// Guilds intent only (interactions need none; nothing privileged).
func NewGateway(s *discordgo.Session, x *Interactions, work *Work, log *slog.Logger) *Gateway {
	if log == nil {
		log = slog.Default()
	}
	g := &Gateway{s: s, log: log, p: newPipeline(x, Shard{ID: s.ShardID, Count: max(s.ShardCount, 1)}, work, log)}
	g.ws = gateway.New(s.Token, int(discordgo.IntentsGuilds), g.p.shard.ID, g.p.shard.Count, g.dispatch, log)
	return g
}

// Open asks Discord for the gateway's address (GET /gateway/bot), connects, identifies, and
// returns once the session is READY, or with what prevented it. Afterwards the connection keeps
// itself up until Close, or until a fatal close code, which Err delivers.
func (g *Gateway) Open() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	bot, err := g.s.GatewayBot(discordgo.WithContext(ctx))
	cancel()
	if err != nil {
		return fmt.Errorf("asking Discord for the gateway address (GET /gateway/bot): %w", rest.Sent(err))
	}
	if err := g.ws.Open(bot.URL, bot.Shards); err != nil {
		return err
	}
	g.log.Info("discord: gateway connected", "shard", g.p.shard.ID, "shards", g.p.shard.Count)
	return nil
}

// Err delivers the error that stopped the gateway for good after Open (a *gateway.Closed): the
// process should stop and say it. A nil Gateway's channel never delivers.
func (g *Gateway) Err() <-chan error {
	if g == nil {
		return nil
	}
	return g.ws.Err()
}

// Close stops the intake: the websocket is closed (normally, which ends the session) and no new
// interaction is accepted. Interactions read before are accepted by Work and go on (wait for them
// with Work.Wait).
func (g *Gateway) Close() error { return g.ws.Close() }

// dispatch decodes an INTERACTION_CREATE's payload with the endpoint's codec.
func (g *Gateway) dispatch(d json.RawMessage) {
	in, err := wire.Decode(d)
	if err != nil {
		g.log.Warn("discord: unreadable interaction; dropped", "err", err)
		return
	}
	g.interaction(in)
}

// interaction hands an interaction to the pipeline. It returns at once: the answer runs in Work,
// so the connection goes on reading and heartbeating, and shutdown waits for it.
func (g *Gateway) interaction(in *wire.Interaction) {
	if g.p.admit(in) != serve {
		return // another process's guild (Discord routes by shard already), or a replay
	}
	arrived := time.Now()
	ok := g.p.work.Go(func(ctx context.Context) {
		reply, after := g.p.answer(ctx, in)
		if err := g.respond(ctx, in, wire.AppendResponse(make([]byte, 0, 2048), reply), wire.Files(reply)); err != nil {
			// 10062: later than Discord's 3 seconds. Whatever the command changed is stored; the
			// person sees "interaction failed" and the next board shows the truth.
			g.log.Warn("discord: answering interaction failed; stored state is kept",
				"interaction", in.ID, "code", Code(err), "err", redactErr(err))
			reply.Outcome = bot.Failed
		}
		observe(in.Type, reply, arrived)
		// After runs even when the answer failed: it may hold the bot's own move, which must not
		// wait for a restart.
		if after != nil {
			after(ctx)
		}
	})
	if !ok {
		g.log.Warn("discord: shutting down; interaction dropped", "interaction", in.ID)
	}
}

// respond posts an interaction's response to its callback, with its files, in a rate-limit bucket
// of its own.
func (g *Gateway) respond(ctx context.Context, in *wire.Interaction, body []byte, files []bot.File) error {
	uri := discordgo.EndpointInteractionResponse(in.ID, in.Token)
	body, contentType := wire.Body(body, files)
	_, err := g.s.RequestRaw("POST", uri, contentType, body, uri, 0, discordgo.WithContext(ctx))
	return err
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
		return "", fmt.Errorf("reading the application id from Discord (set DISCORD_APP_ID to skip): %w", rest.Sent(err))
	}
	return app.ID, nil
}

// Register replaces the application's commands with cmds in one bulk overwrite: in guildID only
// when set (instant, for development), else globally. Commands no longer offered disappear.
func Register(ctx context.Context, s *discordgo.Session, appID, guildID string, cmds []*discordgo.ApplicationCommand, activity bool) error {
	all := make([]any, 0, len(cmds)+1)
	for _, c := range cmds {
		all = append(all, c)
	}
	if activity {
		all = append(all, EntryPoint())
	}
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	if guildID != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(appID, guildID)
	}
	// As discordgo's ApplicationCommandBulkOverwrite, with the Entry Point command it cannot write.
	if _, err := s.RequestWithBucketID("PUT", endpoint, all, endpoint, discordgo.WithContext(ctx)); err != nil {
		where := "globally"
		if guildID != "" {
			where = "in guild " + guildID
		}
		return fmt.Errorf("registering %d commands %s: %w", len(all), where, rest.Sent(err))
	}
	return nil
}

// entryPoint is an Entry Point command as Discord reads it; discordgo has no such type.
type entryPoint struct {
	Name                     string            `json:"name"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations,omitempty"`
	Type                     int               `json:"type"`
	Handler                  int               `json:"handler"`
	IntegrationTypes         []int             `json:"integration_types"`
	Contexts                 []int             `json:"contexts"`
}

// EntryPoint is the Activity's Entry Point command (type 4, PRIMARY_ENTRY_POINT), registered with
// the others where the application has Activities (Discord refuses a bulk update that leaves it
// out once it exists): Discord's own launcher opens the Activity (handler 2,
// DISCORD_LAUNCH_ACTIVITY), without an interaction for the bot.
func EntryPoint() any {
	c := entryPoint{Name: "launch", Type: 4, Handler: 2, DescriptionLocalizations: map[string]string{},
		IntegrationTypes: []int{0, 1}, Contexts: []int{0, 2}} // guild and user installs; servers and group DMs
	for _, lang := range say.Languages {
		text := say.For(lang).T("command.launch", nil)
		if lang == say.English {
			c.Description = text
		} else {
			c.DescriptionLocalizations[lang] = text
		}
	}
	return c
}
