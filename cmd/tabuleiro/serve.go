package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/bot/discord"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// errNotConfigured: nothing Discord is configured; main starts the console instead.
var errNotConfigured = discord.ErrNotConfigured

// shutdownGrace bounds a graceful stop: in-flight requests, the bot's moves being made, the
// follow-ups being posted. Docker's default stop timeout is 10s, hence the -t/stop_grace_period
// advice in the deployment notes.
var shutdownGrace = 20 * time.Second

// listening is told the HTTP endpoint's address once it listens (tests use port 0).
var listening = func(net.Addr) {}

// runBot loads the configuration (environment first, then .env) and serves Discord until ctx ends
// (main cancels it on SIGINT/SIGTERM). It returns errNotConfigured when neither DISCORD_TOKEN nor
// DISCORD_PUBLIC_KEY+HTTP_ADDR is set.
func runBot(ctx context.Context, getenv func(string) string) error {
	env, err := discord.Env(getenv, ".env")
	if err != nil {
		return err
	}
	cfg, err := discord.LoadConfig(env)
	if err != nil {
		return err
	}
	return serve(ctx, cfg, slog.New(slog.NewTextHandler(os.Stderr, nil)))
}

// serve wires the store, the bot and the adapters, and on ctx's end stops in order: intake first
// (HTTP shutdown, gateway closed), then the work already accepted, then the bot's loop, then the
// store. Everything is stored before it is said, so a stop that runs out of grace loses no game.
func serve(ctx context.Context, cfg discord.Config, log *slog.Logger) (err error) {
	st, err := store.Open(cfg.DBPath, store.Options{Decode: catalog.Decode})
	if err != nil {
		return err
	}
	defer func() {
		if cerr := st.Close(); cerr != nil {
			err = errors.Join(err, fmt.Errorf("closing the store: %w", cerr))
		} else {
			log.Info("store closed", "path", cfg.DBPath)
		}
	}()

	session := discord.NewSession(cfg, discord.Retry{}, log)
	appID := cfg.AppID
	if cfg.Token != "" {
		if appID, err = discord.AppID(ctx, session, cfg.AppID); err != nil {
			return err
		}
	} else {
		log.Warn("no DISCORD_TOKEN: commands are not registered and the bot cannot post its own moves or expiry notices")
	}
	b := bot.New(st, discord.NewSender(session, appID, log), bot.Config{
		ChallengeTTL: cfg.ChallengeTTL,
		IdleTimeout:  cfg.IdleTimeout,
		AIMoveTime:   cfg.AIMoveTime,
		Seed:         uint64(time.Now().UnixNano()),
		Log:          log,
		// The endgame databases are cached beside the game store.
		AI: ai.New(ai.Config{CacheDir: filepath.Dir(cfg.DBPath)}),
	})
	if cfg.Token != "" {
		// Not fatal: Discord keeps the previous registration, and a bad token has already failed
		// above.
		if err := discord.Register(ctx, session, appID, cfg.GuildID, b.Commands()); err != nil {
			log.Error("commands not updated; the previous registration stays", "err", err)
		} else {
			log.Info("commands registered", "app", appID, "guild", cfg.GuildID)
		}
	}

	// Work outlives ctx: a signal stops the intake, not what was already accepted.
	workCtx, abandon := context.WithCancel(context.WithoutCancel(ctx))
	defer abandon()
	work := discord.NewWork(workCtx, log)
	runCtx, stopRun := context.WithCancel(workCtx)
	ran := make(chan error, 1)
	go func() { ran <- b.Run(runCtx) }()

	var (
		endpoint *discord.Endpoint
		srv      *http.Server
		gw       *discord.Gateway
		failed   = make(chan error, 1)
	)
	stop := func() {
		graceCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		if srv != nil {
			endpoint.Drain()
			if err := srv.Shutdown(graceCtx); err != nil {
				log.Warn("HTTP shutdown", "err", err)
			}
		}
		if gw != nil {
			if err := gw.Close(); err != nil {
				log.Warn("closing the gateway", "err", err)
			}
		}
		if err := work.Wait(graceCtx); err != nil {
			log.Warn("follow-ups still running at the end of the grace period; abandoned (the store has every move)", "err", err)
			abandon()
		}
		stopRun()
		select {
		case <-ran:
		case <-graceCtx.Done():
			abandon()
			<-ran
		}
	}

	if cfg.HTTPAddr != "" {
		endpoint = discord.NewEndpoint(b, cfg.PublicKey, work, discord.EndpointOptions{Shard: cfg.Shard, Log: log})
		ln, err := net.Listen("tcp", cfg.HTTPAddr)
		if err != nil {
			stop()
			return fmt.Errorf("HTTP_ADDR: %w", err)
		}
		srv = &http.Server{
			Handler:           endpoint,
			ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout:       10 * time.Second,
			WriteTimeout:      10 * time.Second,
			IdleTimeout:       2 * time.Minute,
			ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		}
		go func() {
			if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
				failed <- fmt.Errorf("HTTP endpoint: %w", err)
			}
		}()
		listening(ln.Addr())
		log.Info("HTTP endpoint listening", "addr", ln.Addr().String(), "interactions", cfg.Interactions())
	}
	if cfg.Gateway {
		gw = discord.NewGateway(session, b, work, log)
		if err := gw.Open(); err != nil {
			gw = nil
			stop()
			return err
		}
	}

	select {
	case <-ctx.Done():
		log.Info("stopping")
	case err = <-failed:
		log.Error("stopping after a failure", "err", err)
	case rerr := <-ran:
		ran <- rerr // stop waits for it
		err = fmt.Errorf("the bot's loop ended unexpectedly: %v", rerr)
	}
	stop()
	return err
}

// healthcheck asks the running bot's /healthz (HTTP_ADDR, on this machine) and fails unless it
// answers 200: the distroless image has no curl, so the binary is its own probe
// (`tabuleiro healthcheck`).
func healthcheck(ctx context.Context, getenv func(string) string) error {
	env, err := discord.Env(getenv, ".env")
	if err != nil {
		return err
	}
	addr := env("HTTP_ADDR")
	if addr == "" {
		return errors.New("healthcheck: HTTP_ADDR is not set, so there is no /healthz to ask")
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("healthcheck: HTTP_ADDR %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", "http://"+net.JoinHostPort(host, port)+"/healthz", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: /healthz answered %s", resp.Status)
	}
	return nil
}
