// Package ai is the bot as an opponent: one entry point that picks a decision for the side to move in
// any game, at three levels. The bot, the engine protocol and the bench command all go through Choose.
// Each game's file (ouri.go, ordo.go, oolong.go) registers its engine under the game's descriptor
// (engine.go); the search itself lives in the game's package below (ouriai, ordoai, oolongai).
//
//	p := ai.New(ai.Config{CacheDir: "data"}) // once per process: it owns the endgame databases
//	m, err := p.Choose(ctx, g, ai.Settings{Level: ai.Hard, MoveTime: time.Second, Seed: 7})
package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tabuleiro/games"
	"tabuleiro/metrics"
)

// Level is how strongly the bot plays.
type Level string

const (
	Easy   Level = "easy"   // a uniformly random legal decision
	Medium Level = "medium" // the original reports' heuristics
	Hard   Level = "hard"   // time-managed search
)

// Levels lists the levels from weakest to strongest.
var Levels = []Level{Easy, Medium, Hard}

// ParseLevel reads a level name, case-insensitively.
func ParseLevel(s string) (Level, error) {
	switch l := Level(strings.ToLower(strings.TrimSpace(s))); l {
	case Easy, Medium, Hard:
		return l, nil
	}
	return "", fmt.Errorf("unknown level %q: choose easy, medium or hard", s)
}

// DefaultMoveTime is hard's budget when none is given (AI_MOVE_TIME's default).
const DefaultMoveTime = time.Second

// Settings tune one choice.
type Settings struct {
	Level Level
	// MoveTime is hard's thinking budget; the answer comes within it plus a small margin.
	MoveTime time.Duration
	// Seed makes every level deterministic: the same position, settings and seed give the same move
	// (for hard, up to how far the search got in its time).
	Seed uint64
}

// ErrGameOver is returned when asked to move in a finished game.
var ErrGameOver = errors.New("the game is over: there is nothing to decide")

// Config sets up a Player.
type Config struct {
	// CacheDir is where built endgame databases are kept between runs (beside the game store);
	// empty keeps them in memory only.
	CacheDir string
	// EndgameSeeds caps the seeds on the board of the Ouri endgame databases; 0 means the full
	// 17-seed databases (51.9 million positions, under a minute to build on two cores); a server
	// opts into 18 with OURI_ENDGAME_SEEDS. Tests use a few seeds, so that they build in moments.
	EndgameSeeds int
	// MaxSearches caps the hard searches that run at once in the process; the others wait in
	// arrival order. Each running search holds its own tables (16 MiB for Ouri), so this also bounds
	// the memory searches take. 0 means runtime.GOMAXPROCS(0).
	MaxSearches int
}

// Player chooses decisions for every game and level. It is safe for concurrent use; make one per
// process, since it owns state that is costly to build (the Ouri endgame databases).
type Player struct {
	cfg   Config
	queue *queue
	// coach admits the hint and review searches, fewer at once than the queue allows, so that
	// they never hold every turn the bot's own moves wait for.
	coach *queue
	// engines holds one engine for each game (engine.go), made on first need: the games register
	// theirs in init, after the package's variables (Default's Player) are made.
	engines struct {
		sync.Once
		of map[*games.Descriptor]engine
	}
	searching atomic.Int32 // hard searches running now
	peak      atomic.Int32 // the most that ever ran at once
}

// Searching is the number of hard searches running now (at most Config.MaxSearches).
func (p *Player) Searching() int { return int(p.searching.Load()) }

// New makes a Player. Costly state is built lazily, in the background, on first need.
func New(cfg Config) *Player {
	if cfg.MaxSearches <= 0 {
		cfg.MaxSearches = runtime.GOMAXPROCS(0)
	}
	return &Player{cfg: cfg, queue: newQueue(cfg.MaxSearches), coach: newQueue(cfg.MaxSearches - 1)}
}

var defaultPlayer = New(Config{})

// Default is the process-wide Player that keeps no files (what Choose uses).
func Default() *Player { return defaultPlayer }

// Choose is Player.Choose on a process-wide Player that keeps no files.
func Choose(ctx context.Context, g games.Game, s Settings) (games.Move, error) {
	return defaultPlayer.Choose(ctx, g, s)
}

// Prepare waits until whatever hard needs for games like g is ready (the Ouri endgame database of
// its rule set, loaded from CacheDir or built), or ctx ends. Choose never waits for it: until then
// hard plays by search alone. Bench calls Prepare so that matches measure the finished player.
func (p *Player) Prepare(ctx context.Context, g games.Game) {
	if e, err := p.engine(g); err == nil {
		if e, ok := e.(preparer); ok {
			e.prepare(ctx, g)
		}
	}
}

// Prepares reports whether hard builds something costly on first need for games like g (what
// Prepare waits for): an engine in another process needs a moment before a match.
func Prepares(g games.Game) bool {
	e, err := defaultPlayer.engine(g)
	_, builds := e.(preparer)
	return err == nil && builds
}

// Choose picks a decision for the side to move. It never plays it; the game is left unchanged.
// Hard searches wait their turn when MaxSearches are already running. When ctx ends (the game
// ended, the player resigned), hard returns ctx.Err() at once, whether it waits or searches.
func (p *Player) Choose(ctx context.Context, g games.Game, s Settings) (games.Move, error) {
	if g.Outcome().Over() {
		return 0, ErrGameOver
	}
	legal := g.Legal()
	if len(legal) == 0 {
		return 0, ErrGameOver
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	if s.MoveTime <= 0 {
		s.MoveTime = DefaultMoveTime
	}
	rng := rand.New(rand.NewPCG(s.Seed, g.Hash()))
	if s.Level == Easy {
		return legal[rng.IntN(len(legal))], nil
	}
	e, err := p.engine(g)
	if err != nil {
		return 0, err
	}
	switch s.Level {
	case Medium:
		start := time.Now()
		m := e.medium(g, legal, rng)
		metrics.Search(g.Kind(), time.Since(start))
		return m, nil
	case Hard:
		if err := p.queue.enter(ctx); err != nil {
			return 0, err
		}
		defer p.queue.leave()
		n := p.searching.Add(1)
		defer p.searching.Add(-1)
		for old := p.peak.Load(); n > old && !p.peak.CompareAndSwap(old, n); old = p.peak.Load() {
		}
		start := time.Now()
		m := e.hard(ctx, g, legal, s, rng)
		metrics.Search(g.Kind(), time.Since(start))
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		return m, nil
	}
	return 0, fmt.Errorf("unknown level %q: choose easy, medium or hard", s.Level)
}
