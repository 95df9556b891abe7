package table

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"tabuleiro/ai"
	"tabuleiro/store"
)

// Config tunes a Table. The zero value gives the defaults.
type Config struct {
	ChallengeTTL time.Duration // how long a challenge stays open; default 10m
	IdleTimeout  time.Duration // how long a player may take to decide; default 72h (a server may choose)
	// TurnPingAfter is how long a player may take before their turn is pinged; default 2m.
	TurnPingAfter time.Duration
	// PaceDay is how long one day of a day-paced game lasts; default 24h. A knob for tests and
	// the console, which play a 2-day game in seconds with a short one. It scales the lease of a
	// digest's claim too (digestLease).
	PaceDay time.Duration
	// VacationDays is each member's vacation budget of a calendar year, in pace days; default
	// DefaultVacationDays.
	VacationDays int
	// TeamVoteTime is how long a team's voting stays open after its first vote; default 30s.
	TeamVoteTime time.Duration
	AIMoveTime   time.Duration // hard's thinking budget; default 1s
	// ReviewMoveTime is a review's budget per decision; default AIMoveTime/10, so that a game of
	// a hundred decisions is reviewed in seconds. A hint thinks for AIMoveTime.
	ReviewMoveTime time.Duration
	// CoachDepth, when set, has hints and reviews search to this fixed depth instead of by time:
	// the same answers on any machine (tests).
	CoachDepth int
	Now        func() time.Time // the clock; default time.Now
	Seed       uint64           // seeds layouts, random seat choice and the AI (deterministic tests)
	Log        *slog.Logger     // default slog.Default()
	// AI is the bot's play; default a Player that keeps its endgame databases in memory. Make one
	// per process with ai.New(ai.Config{CacheDir: beside the store}).
	AI *ai.Player

	// StartLimit is how many games and challenges (vs-bot or not) one member may start in
	// StartWindow; default DefaultStartLimit, negative for no limit. StartWindow's default is
	// DefaultStartWindow.
	StartLimit  int
	StartWindow time.Duration
}

// Place is where people play: a channel of a server.
type Place struct{ Guild, Channel string }

// Actor is who acts, where, on which game, in one request.
type Actor struct {
	User  string
	Place Place
	Kind  string // the game's kind: "oolong", "ouri", "ordo"
	// Salt is unique per request (an interaction id): it seeds a new game's layout and seat draw so
	// that a test replays the same game.
	Salt string
	Log  *slog.Logger // default the table's
}

// Notifier hears of what changes outside any request, so the players can see it.
type Notifier interface {
	// GameChanged: the bot decided, or a player lost on time.
	GameChanged(ctx context.Context, v View)
	// ChallengeExpired: an open challenge passed its deadline unanswered.
	ChallengeExpired(ctx context.Context, c store.Challenge)
	// TurnPing tells the player to move that it is their turn (reminder: half their time is gone,
	// or a quarter of it is left in a day-paced game)
	// and returns the ping message's id; stale is the game's previous ping message, to delete.
	TurnPing(ctx context.Context, v View, reminder bool, stale string) (string, error)
}

// Table runs the sessions on a store. It is safe for concurrent use.
type Table struct {
	st     store.Store
	cfg    Config
	log    *slog.Logger
	notify Notifier

	wg      sync.WaitGroup
	mu      sync.Mutex
	running map[uint64]*botRun // games whose bot decisions are being made
	starts  *cooldown
	threads threads
	votes   *voteClock
	settingsCache
}

// botRun is the bot at work on one game: a later call asks it to look again; an ending cancels it.
type botRun struct {
	again  bool
	cancel context.CancelFunc
}

// New builds a Table on a store; notify hears of changes nobody asked for.
func New(st store.Store, notify Notifier, cfg Config) *Table {
	if cfg.ChallengeTTL <= 0 {
		cfg.ChallengeTTL = 10 * time.Minute
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 72 * time.Hour
	}
	if cfg.TurnPingAfter <= 0 {
		cfg.TurnPingAfter = 2 * time.Minute
	}
	if cfg.PaceDay <= 0 {
		cfg.PaceDay = 24 * time.Hour
	}
	if cfg.VacationDays <= 0 {
		cfg.VacationDays = DefaultVacationDays
	}
	if cfg.TeamVoteTime <= 0 {
		cfg.TeamVoteTime = 30 * time.Second
	}
	if cfg.AIMoveTime <= 0 {
		cfg.AIMoveTime = time.Second
	}
	if cfg.ReviewMoveTime <= 0 {
		cfg.ReviewMoveTime = cfg.AIMoveTime / 10
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.AI == nil {
		cfg.AI = ai.Default()
	}
	return &Table{st: st, cfg: cfg, log: cfg.Log, notify: notify, running: map[uint64]*botRun{},
		starts:        newCooldown(cfg.StartLimit, cfg.StartWindow),
		settingsCache: settingsCache{set: map[string]store.ServerSettings{}},
		threads:       threads{m: map[string]string{}, max: 100000}, votes: newVoteClock()}
}

// Store is the table's store.
func (t *Table) Store() store.Store { return t.st }

// Now is the table's clock.
func (t *Table) Now() time.Time { return t.cfg.Now() }

// IdleTimeout is how long a player may take to decide where the server chose no other.
func (t *Table) IdleTimeout() time.Duration { return t.cfg.IdleTimeout }

// Wait waits for the bot's moves Run started (after a restart).
func (t *Table) Wait() { t.wg.Wait() }

// logOf is the actor's logger.
func (t *Table) logOf(a *Actor) *slog.Logger {
	if a.Log == nil {
		a.Log = t.log
	}
	return a.Log
}

// rng is a deterministic source for one purpose (layout, seat choice) of one game or challenge.
func (t *Table) rng(purpose, id uint64) *rand.Rand {
	return rand.New(rand.NewPCG(t.cfg.Seed^purpose*0x9e3779b97f4a7c15, id))
}

// hashString folds a string (an interaction id) into a seed.
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// NoteBoard records the message that now shows a game (its board). It rides on the next
// commit: no write of its own.
func (t *Table) NoteBoard(id uint64, messageID string) { t.st.NoteMessage(id, messageID) }

// NoteChallenge records the message that shows a challenge.
func (t *Table) NoteChallenge(id uint64, messageID string) { t.st.NoteChallengeMessage(id, messageID) }
