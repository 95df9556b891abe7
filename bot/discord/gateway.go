package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"tabuleiro/bot/discord/wire"
)

// Gateway serves interactions arriving over the gateway websocket: each is answered with
// InteractionRespond, then its After step runs, all tracked by Work.
//
// The websocket is our own small client (gateway_conn.go), not discordgo's Session.Open: discordgo
// v0.29 neither resumes on resume_gateway_url nor waits before identifying again after an invalid
// session, and it reconnects forever after a close code that no reconnect can cure. REST stays
// discordgo's. The connection resumes after a drop, a reconnect request or a dead connection
// (missed heartbeat ACK), identifies anew when the session is over, backs off between failures,
// and stops on a fatal close code (4004, 4010–4014) with an error on Err saying what to fix.
type Gateway struct {
	s   *discordgo.Session
	p   *pipeline
	log *slog.Logger

	dialer *websocket.Dialer
	// pause waits between connections (backoff, Discord's 1–5 s after an invalid session); tests
	// replace it to record the waits without sleeping.
	pause func(ctx context.Context, d time.Duration) error
	errc  chan error // the fatal error after Open, once

	mu   sync.Mutex
	stop context.CancelFunc // ends the connection loop; nil before Open
	done chan struct{}      // closed when the connection loop has returned
}

// NewGateway serves x on the session from NewSession (its shard settings come from there too).
func NewGateway(s *discordgo.Session, x *Interactions, work *Work, log *slog.Logger) *Gateway {
	if log == nil {
		log = slog.Default()
	}
	return &Gateway{
		s: s, log: log, p: newPipeline(x, Shard{ID: s.ShardID, Count: max(s.ShardCount, 1)}, work, log),
		dialer: &websocket.Dialer{Proxy: http.ProxyFromEnvironment, HandshakeTimeout: 15 * time.Second},
		pause:  pauseFor,
		errc:   make(chan error, 1),
	}
}

// Open asks Discord for the gateway's address (GET /gateway/bot), connects, identifies, and
// returns once the session is READY, or with what prevented it. Afterwards the connection keeps
// itself up until Close, or until a fatal close code, which Err delivers.
func (g *Gateway) Open() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	bot, err := g.s.GatewayBot(discordgo.WithContext(ctx))
	cancel()
	if err != nil {
		return fmt.Errorf("asking Discord for the gateway address (GET /gateway/bot): %w", err)
	}
	addr, err := gatewayURL(bot.URL)
	if err != nil {
		return fmt.Errorf("the gateway address from GET /gateway/bot: %w", err)
	}

	g.mu.Lock()
	if g.stop != nil {
		g.mu.Unlock()
		return errors.New("discord: the gateway is already open")
	}
	run, stop := context.WithCancel(context.Background())
	opened := make(chan error, 1)
	g.stop, g.done = stop, make(chan struct{})
	g.mu.Unlock()

	l := &link{g: g, url: addr, shards: bot.Shards, opened: opened}
	go l.run(run)
	select {
	case err = <-opened:
	case <-g.done:
		err = errors.New("closed while connecting")
	}
	if err != nil {
		stop()
		<-g.done
		return fmt.Errorf("connecting to the Discord gateway: %w", err)
	}
	g.log.Info("discord: gateway connected", "shard", g.p.shard.ID, "shards", g.p.shard.Count)
	return nil
}

// Err delivers the error that stopped the gateway for good after Open (a *GatewayClosed): the
// process should stop and say it. Nothing is sent after Close. A nil Gateway's channel never
// delivers, so a select may use it whether or not the gateway runs.
func (g *Gateway) Err() <-chan error {
	if g == nil {
		return nil
	}
	return g.errc
}

// Close stops the intake: the websocket is closed (normally, which ends the session) and no new
// interaction is accepted. Interactions read before are accepted by Work and go on (wait for them
// with Work.Wait).
func (g *Gateway) Close() error {
	g.mu.Lock()
	stop, done := g.stop, g.done
	g.mu.Unlock()
	if stop == nil {
		return nil
	}
	stop()
	<-done
	return nil
}

// interaction hands an interaction to the pipeline. It returns at once: the answer runs in Work,
// so the connection goes on reading and heartbeating, and shutdown waits for it.
func (g *Gateway) interaction(in *wire.Interaction) {
	if g.p.admit(in) != serve {
		return // another process's guild (Discord routes by shard already), or a replay
	}
	ok := g.p.work.Go(func(ctx context.Context) {
		reply, after := g.p.answer(ctx, in)
		if err := g.respond(ctx, in, wire.AppendResponse(make([]byte, 0, 2048), reply)); err != nil {
			// 10062: later than Discord's 3 seconds. Whatever the command changed is stored; the
			// person sees "interaction failed" and the next board shows the truth.
			g.log.Warn("discord: answering interaction failed; stored state is kept",
				"interaction", in.ID, "code", Code(err), "err", redactErr(err))
		}
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

// respond posts an interaction's response to its callback, in a rate-limit bucket of its own.
func (g *Gateway) respond(ctx context.Context, in *wire.Interaction, body []byte) error {
	uri := discordgo.EndpointInteractionResponse(in.ID, in.Token)
	_, err := g.s.RequestRaw("POST", uri, "application/json", body, uri, 0, discordgo.WithContext(ctx))
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
