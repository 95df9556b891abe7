package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/bot/discord"
	"tabuleiro/bot/discord/rest"
	"tabuleiro/bot/page"
	"tabuleiro/bot/web"
	"tabuleiro/config"
	"tabuleiro/games/catalog"
	"tabuleiro/metrics"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv"
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
	cfg, err := environmentConfig(getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, os.Stderr)
	slog.SetDefault(log) // and so the log package, where discordgo writes: redacted too
	return serve(ctx, cfg, log)
}

// environmentConfig reads the configuration from getenv and .env. A malformed line of .env is
// reported with every other problem of the configuration, which is checked all the same: the
// operator mends them all at once.
func environmentConfig(getenv func(string) string) (Config, error) {
	env, envErr := config.Environment(getenv)
	if env == nil {
		return Config{}, envErr
	}
	cfg, err := loadConfig(env)
	if envErr != nil {
		if errors.Is(err, errNotConfigured) {
			// The Discord variables may be on the malformed lines: not the console's cue.
			err = nil
		}
		return Config{}, errors.Join(envErr, err)
	}
	return cfg, err
}

// newLogger writes the program's log to w as LOG_FORMAT says, text lines or one JSON object a
// line, with the token hidden either way.
func newLogger(cfg Config, w io.Writer) *slog.Logger {
	var h slog.Handler = slog.NewTextHandler(w, nil)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(w, nil)
	}
	return slog.New(discord.Redact(h, cfg.Token, cfg.ClientSecret))
}

// serve runs the program until ctx ends (main cancels it on SIGINT/SIGTERM).
func serve(ctx context.Context, cfg Config, log *slog.Logger) (err error) {
	m := NewMain(cfg, log)
	defer func() { err = errors.Join(err, m.Close()) }()
	return m.Run(ctx)
}

// Main is the program as a value: its configuration, the store, the session core and bot, and the
// Discord adapters. Run serves until its context ends; Close releases what Run left open. The
// end-to-end test runs it on a random port.
type Main struct {
	Config Config
	Log    *slog.Logger

	Store    store.Store
	Bot      *bot.Bot
	Endpoint *discord.Endpoint // when HTTP_ADDR is set
	Boards   *web.Server       // the live boards, when PUBLIC_URL is set
	Gateway  *discord.Gateway  // when the gateway runs
	// Addr is where the HTTP endpoint listens, once Run has started it.
	Addr net.Addr
	// MetricsAddr is where GET /metrics answers, once Run has started it.
	MetricsAddr net.Addr

	work    *discord.Work
	srv     *http.Server
	metrics *http.Server // when the metrics listen apart from the endpoint
	abandon context.CancelFunc
	stopRun context.CancelFunc
	ran     chan error
	failed  chan error
	ready   chan struct{}
	stopped bool
	upkeep  sync.WaitGroup // the store's upkeep: backups, retention
}

// NewMain prepares the program; nothing is opened before Run.
func NewMain(cfg Config, log *slog.Logger) *Main {
	if log == nil {
		log = slog.Default()
	}
	return &Main{Config: cfg, Log: log, failed: make(chan error, 1), ready: make(chan struct{})}
}

// Ready is closed once Run serves: the store is open and the endpoint listens at Addr.
func (m *Main) Ready() <-chan struct{} { return m.ready }

// Run opens the store, wires the bot and the adapters, and serves until ctx ends or something
// fails; then it stops in order: intake first (HTTP shutdown, gateway closed), then the work
// already accepted, then the bot's loop. Everything is stored before it is said, so a stop that
// newBot is the bot of the program's configuration, on its store, saying what it says outside
// replies through sender.
func newBot(cfg Config, st store.Store, sender bot.Sender, log *slog.Logger) *bot.Bot {
	return bot.New(st, sender, bot.Config{
		ChallengeTTL:  cfg.ChallengeTTL,
		IdleTimeout:   cfg.IdleTimeout,
		TurnPingAfter: cfg.TurnPingAfter,
		TeamVoteTime:  cfg.TeamVoteTime,
		PaceDay:       cfg.PaceDay,
		VacationDays:  cfg.VacationDays,
		AIMoveTime:    cfg.AIMoveTime,
		Seed:          uint64(time.Now().UnixNano()),
		Log:           log,
		// The endgame databases are cached beside the game store.
		AI: ai.New(ai.Config{CacheDir: filepath.Dir(cfg.DBPath), EndgameSeeds: cfg.EndgameSeeds}),
	})
}

// runs out of grace loses no game. Close the Main afterwards.
func (m *Main) Run(ctx context.Context) error {
	if err := m.open(ctx); err != nil {
		m.stop()
		return err
	}
	close(m.ready)
	var err error
	select {
	case <-ctx.Done():
		m.Log.Info("stopping")
	case err = <-m.failed:
		m.Log.Error("stopping after a failure", "err", err)
	case err = <-m.Gateway.Err():
		m.Log.Error("stopping: the Discord gateway refused the bot", "err", err)
	case rerr := <-m.ran:
		m.ran <- rerr // stop waits for it
		err = fmt.Errorf("the bot's loop ended unexpectedly: %v", rerr)
	}
	m.stop()
	return err
}

func (m *Main) open(ctx context.Context) error {
	cfg, log := m.Config, m.Log
	st, err := openStore(cfg)
	if err != nil {
		return err
	}
	m.Store = st
	metrics.Count(st.Counts)
	session := discord.NewSession(cfg.Config, rest.Retry{}, log)
	appID := cfg.AppID
	if cfg.Token != "" {
		if appID, err = discord.AppID(ctx, session, cfg.AppID); err != nil {
			return err
		}
	} else {
		log.Warn("no DISCORD_TOKEN: commands are not registered and the bot cannot post its own moves or expiry notices")
	}
	sender := discord.NewSender(session, appID, log)
	m.Bot = newBot(cfg, st, sender, log)
	var pages http.Handler
	if cfg.PublicURL != "" {
		key, err := st.PageKey()
		if err != nil {
			return err
		}
		p := page.New(m.Bot, key, cfg.PublicURL, log)
		m.Bot.LinkPages(p.Link)
		pages = p
	}
	handler := discord.NewInteractions(m.Bot, sender)
	if cfg.Token != "" {
		// Not fatal: Discord keeps the previous registration, and a bad token has already failed
		// above.
		if err := discord.Register(ctx, session, appID, cfg.GuildID, discord.Commands(), cfg.Activity); err != nil {
			log.Error("commands not updated; the previous registration stays", "err", err)
		} else {
			log.Info("commands registered", "app", appID, "guild", cfg.GuildID)
		}
	}

	// Work outlives ctx: a signal stops the intake, not what was already accepted.
	workCtx, abandon := context.WithCancel(context.WithoutCancel(ctx))
	m.abandon = abandon
	m.work = discord.NewWork(workCtx, log)
	runCtx, stopRun := context.WithCancel(workCtx)
	boards, err := m.serveBoards(runCtx, appID)
	if err != nil {
		stopRun()
		return err
	}
	m.stopRun = stopRun
	m.ran = make(chan error, 1)
	go func() { m.ran <- m.Bot.Run(runCtx) }()
	m.keep(runCtx)

	if cfg.HTTPAddr != "" {
		if err := m.serveHTTP(handler, pages, boards); err != nil {
			return err
		}
	}
	if err := m.serveMetrics(); err != nil {
		return err
	}
	if cfg.Gateway {
		gw := discord.NewGateway(session, handler, m.work, log)
		if err := gw.Open(); err != nil {
			return err
		}
		m.Gateway = gw
	}
	return nil
}

// serveBoards makes the live web boards when PUBLIC_URL is set (nil otherwise): every board message
// gets its Board button, which opens the Activity when the application has one.
func (m *Main) serveBoards(runCtx context.Context, appID string) (http.Handler, error) {
	cfg, log := m.Config, m.Log
	if cfg.PublicURL == "" {
		return nil, nil
	}
	key, err := m.Store.PageKey()
	if err != nil {
		return nil, err
	}
	// Watchers see the games of servers with pages on; players always see their own, and an
	// Activity's members the games of its channel.
	var activity *web.Activity
	if cfg.Activity {
		activity = &web.Activity{AppID: appID, Secret: cfg.ClientSecret, Token: cfg.Token, API: cfg.APIBase.String()}
	}
	m.Boards = web.New(web.Config{Bot: m.Bot, Key: key, Public: cfg.PublicURL, Log: log, Context: runCtx, Activity: activity,
		Watch: func(rec store.Game) bool { return m.Bot.Table().ShowsPages(rec.Guild) }})
	m.Bot.LinkBoards(m.Boards) // every board message gets its Board button
	if cfg.Activity {
		m.Bot.LaunchActivity() // which opens the Activity
	}
	return m.Boards, nil
}

// serveHTTP starts the HTTP endpoint on HTTP_ADDR: interactions, the game pages and live boards
// (when PUBLIC_URL is set), the health check, and the metrics when METRICS_ADDR names it.
func (m *Main) serveHTTP(interactions *discord.Interactions, pages, boards http.Handler) error {
	cfg, log, st := m.Config, m.Log, m.Store
	shard := cfg.Shard
	if cfg.Shared() {
		// Every process reads and writes every guild's games: the endpoint serves them all.
		shard = discord.Shard{ID: 0, Count: 1}
	}
	m.Endpoint = discord.NewEndpoint(interactions, cfg.PublicKey, m.work, discord.EndpointOptions{Shard: shard, Log: log,
		Health: st.Healthy, Pages: pages, Boards: boards})
	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("HTTP_ADDR: %w", err)
	}
	var handler http.Handler = m.Endpoint
	if cfg.MetricsAddr == cfg.HTTPAddr { // the operator asked for them on the public endpoint
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", metrics.Handler())
		mux.Handle("/", m.Endpoint)
		handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if discord.PagePath(r.URL.Path) || discord.BoardPath(r.URL.Path) {
				m.Endpoint.ServeHTTP(w, r) // as it is: the mux would redirect an untidy path
				return
			}
			mux.ServeHTTP(w, r)
		})
	}
	m.srv = &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	if m.Boards != nil {
		m.srv.RegisterOnShutdown(m.Boards.EndStreams) // the pages reconnect, elsewhere or here once back
	}
	go func() {
		if err := m.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			m.failed <- fmt.Errorf("HTTP endpoint: %w", err)
		}
	}()
	m.Addr = ln.Addr()
	listening(ln.Addr())
	log.Info("HTTP endpoint listening", "addr", ln.Addr().String(), "interactions", cfg.Interactions())
	return nil
}

// serveMetrics listens for GET /metrics on METRICS_ADDR (the loopback unless set), unless
// METRICS_ADDR names HTTP_ADDR: then the HTTP endpoint serves them beside /interactions.
func (m *Main) serveMetrics() error {
	addr := cmp.Or(m.Config.MetricsAddr, config.DefaultMetricsAddr)
	if m.srv != nil && addr == m.Config.HTTPAddr {
		m.MetricsAddr = m.Addr
		return nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("METRICS_ADDR: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics.Handler())
	m.metrics = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(m.Log.Handler(), slog.LevelWarn)}
	go func() {
		if err := m.metrics.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			m.failed <- fmt.Errorf("metrics: %w", err)
		}
	}()
	m.MetricsAddr = ln.Addr()
	m.Log.Info("metrics listening", "addr", ln.Addr().String())
	return nil
}

// keep runs the store's upkeep beside the bot until ctx ends: `tabuleiro backup` answered over a
// socket beside the file, scheduled backups (BACKUP_DIR), and the retention of finished games
// (KEEP_FINISHED).
func (m *Main) keep(ctx context.Context) {
	cfg, st, log := m.Config, m.Store, m.Log
	if db, _ := st.(*store.DB); db != nil && db.File() != nil {
		m.backups(ctx, db.File())
	}
	if cfg.KeepFinished > 0 {
		m.upkeep.Add(1)
		go func() {
			defer m.upkeep.Done()
			tick := time.NewTicker(time.Hour)
			defer tick.Stop()
			for {
				n, err := st.DeleteFinished(time.Now().Add(-cfg.KeepFinished))
				if err != nil {
					log.Error("deleting old finished games", "err", err)
				} else if n > 0 {
					log.Info("deleted old finished games", "count", n, "older than", cfg.KeepFinished)
				}
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
			}
		}()
	}
}

// backups answers `tabuleiro backup` over a socket beside the file and makes the scheduled backups
// (BACKUP_DIR).
func (m *Main) backups(ctx context.Context, st *store.File) {
	cfg, log := m.Config, m.Log
	m.upkeep.Add(1)
	go func() {
		defer m.upkeep.Done()
		if err := st.ServeBackups(ctx, store.BackupSocket(cfg.DBPath), log); err != nil {
			log.Warn("tabuleiro backup cannot reach this bot; scheduled backups still run", "err", err)
		}
	}()
	if cfg.BackupDir != "" {
		m.upkeep.Add(1)
		go func() {
			defer m.upkeep.Done()
			st.RunBackups(ctx, cfg.BackupDir, cfg.BackupEvery, cfg.BackupKeep, log)
		}()
	}
}

// stop stops the intake, waits for accepted work and the bot's loop, within shutdownGrace.
func (m *Main) stop() {
	if m.stopped {
		return
	}
	m.stopped = true
	graceCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if m.srv != nil {
		m.Endpoint.Drain()
		if err := m.srv.Shutdown(graceCtx); err != nil {
			m.Log.Warn("HTTP shutdown", "err", err)
		}
	}
	if m.Gateway != nil {
		if err := m.Gateway.Close(); err != nil {
			m.Log.Warn("closing the gateway", "err", err)
		}
	}
	if m.work != nil {
		if err := m.work.Wait(graceCtx); err != nil {
			m.Log.Warn("follow-ups still running at the end of the grace period; abandoned (the store has every move)", "err", err)
			m.abandon()
		}
	}
	if m.Bot != nil {
		// Boards posted by /move in the last minutes are known by their interactions only.
		m.Bot.LearnBoards(graceCtx)
	}
	if m.stopRun != nil {
		m.stopRun()
		select {
		case <-m.ran:
		case <-graceCtx.Done():
			m.abandon()
			<-m.ran
		}
	}
	if m.abandon != nil {
		m.abandon()
	}
	if m.metrics != nil {
		// Last, so that the stop itself can be watched.
		if err := m.metrics.Shutdown(graceCtx); err != nil {
			m.Log.Warn("metrics shutdown", "err", err)
		}
	}
}

// Close stops whatever still runs and closes the store.
func (m *Main) Close() error {
	m.stop()
	if m.Store == nil {
		return nil
	}
	st := m.Store
	m.Store = nil
	if err := st.Close(); err != nil {
		return fmt.Errorf("closing the store: %w", err)
	}
	m.Log.Info("store closed", "store", m.Config.Store, "path", m.Config.DBPath)
	return nil
}

// openStore opens the bbolt file, or the etcd cluster with STORE=etcd.
func openStore(cfg Config) (store.Store, error) {
	opt := store.Options{Decode: catalog.Decode}
	if !cfg.Shared() {
		st, err := store.Open(cfg.DBPath, opt)
		if err != nil {
			return nil, err
		}
		return st, nil
	}
	kv, err := etcdkv.Open(etcdkv.Config{Endpoints: cfg.EtcdEndpoints})
	if err != nil {
		return nil, err
	}
	if err := kv.Healthy(); err != nil {
		kv.Close()
		return nil, fmt.Errorf("STORE=etcd: %w (is the cluster up, and ETCD_ENDPOINTS right?)", err)
	}
	return store.OpenKV(kv, opt)
}

// healthcheck asks the running bot's /healthz (HTTP_ADDR, on this machine) and fails unless it
// answers 200: the distroless image has no curl, so the binary is its own probe
// (`tabuleiro healthcheck`).
func healthcheck(ctx context.Context, getenv func(string) string) error {
	env, err := config.Environment(getenv)
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
