package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// matchConfig is one bench run: player A against player B over paired openings.
type matchConfig struct {
	Kind         string
	Options      games.Options
	A, B         ai.Settings
	Games        int // rounded up to an even number: each opening is played with both seat assignments
	OpeningPlies int // random plies that make each opening
	Seed         uint64
	Jobs         int
	MaxPlies     int // a game still going after this many plies is scored a draw
	Player       *ai.Player
}

// tally counts A's results.
type tally struct{ Win, Draw, Loss int }

func (t tally) Games() int { return t.Win + t.Draw + t.Loss }

// Score is A's share of the points.
func (t tally) Score() float64 {
	if t.Games() == 0 {
		return 0
	}
	return (float64(t.Win) + float64(t.Draw)/2) / float64(t.Games())
}

// Elo is the rating difference A−B the score implies, with a 95 % interval from the per-game variance.
func (t tally) Elo() (elo, lo, hi float64) {
	n := float64(t.Games())
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	s := t.Score()
	v := (float64(t.Win)*(1-s)*(1-s) + float64(t.Draw)*(0.5-s)*(0.5-s) + float64(t.Loss)*s*s) / n
	se := math.Sqrt(v / n)
	// A clean sweep has no variance to measure: bound it by the score below which n straight wins
	// (or losses) would happen less than 2.5 % of the time.
	switch sweep := math.Pow(0.025, 1/n); {
	case t.Win == t.Games():
		return math.Inf(1), eloOf(sweep), math.Inf(1)
	case t.Loss == t.Games():
		return math.Inf(-1), math.Inf(-1), eloOf(1 - sweep)
	}
	return eloOf(s), eloOf(s - 1.96*se), eloOf(s + 1.96*se)
}

func eloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// opening plays n random plies from the start; it retries seeds whose opening ends the game.
func opening(kind string, opts games.Options, n int, seed uint64) (games.Game, error) {
	for try := uint64(0); ; try++ {
		g, err := catalog.NewDealt(kind, opts, rand.New(rand.NewPCG(seed, try)))
		if err != nil {
			return nil, err
		}
		rng := rand.New(rand.NewPCG(seed, try+1000))
		for i := 0; i < n && !g.Outcome().Over(); i++ {
			legal := g.Legal()
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				return nil, err
			}
		}
		if !g.Outcome().Over() || try > 100 {
			return g, nil
		}
	}
}

// playGame plays one game from an opening, A in seat aSeat, and returns A's result (1, ½, 0).
func playGame(ctx context.Context, start games.Game, cfg matchConfig, aSeat games.Seat, gameSeed uint64) (float64, error) {
	g := start.Clone()
	for g.Ply() < cfg.MaxPlies && !g.Outcome().Over() {
		s := cfg.B
		if g.ToMove() == aSeat {
			s = cfg.A
		}
		s.Seed = gameSeed ^ uint64(g.Ply())*0x9e3779b97f4a7c15
		m, err := cfg.Player.Choose(ctx, g, s)
		if err != nil {
			return 0, err
		}
		if err := g.Play(m); err != nil {
			return 0, fmt.Errorf("the AI chose an illegal move %s: %w", g.Format(m), err)
		}
	}
	o := g.Outcome()
	switch {
	case !o.Over() || o.Winner == games.NoSeat:
		return 0.5, nil
	case o.Winner == aSeat:
		return 1, nil
	}
	return 0, nil
}

// runMatch plays the match, calling progress after every game.
func runMatch(ctx context.Context, cfg matchConfig, progress func(done int, t tally)) (tally, error) {
	pairs := (cfg.Games + 1) / 2
	type job struct {
		pair  int
		aSeat games.Seat
	}
	jobs := make(chan job)
	var (
		mu   sync.Mutex
		t    tally
		werr error
		wg   sync.WaitGroup
	)
	openings := make([]games.Game, pairs)
	for i := range openings {
		g, err := opening(cfg.Kind, cfg.Options, cfg.OpeningPlies, cfg.Seed+uint64(i))
		if err != nil {
			return t, err
		}
		openings[i] = g
	}
	for w := 0; w < max(1, cfg.Jobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r, err := playGame(ctx, openings[j.pair], cfg, j.aSeat, cfg.Seed*1_000_003+uint64(j.pair)*2+uint64(j.aSeat))
				mu.Lock()
				switch {
				case err != nil:
					werr = err
				case r == 1:
					t.Win++
				case r == 0:
					t.Loss++
				default:
					t.Draw++
				}
				if progress != nil {
					progress(t.Games(), t)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for p := 0; p < pairs; p++ {
		for _, seat := range []games.Seat{0, 1} {
			select {
			case jobs <- job{p, seat}:
			case <-ctx.Done():
				break feed
			}
		}
	}
	close(jobs)
	wg.Wait()
	if werr == nil {
		werr = ctx.Err()
	}
	return t, werr
}

func bench(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts := optionFlags{}
	fs.Var(opts, "opt", "game option key=value (repeatable)")
	a := fs.String("a", "hard", "level of player A")
	b := fs.String("b", "medium", "level of player B")
	n := fs.Int("games", 100, "number of games (even: each opening is played from both seats)")
	moveTime := fs.Duration("movetime", 100*time.Millisecond, "hard's budget per decision")
	moveTimeA := fs.Duration("movetime-a", 0, "A's budget, if different")
	moveTimeB := fs.Duration("movetime-b", 0, "B's budget, if different")
	plies := fs.Int("opening", 2, "random plies of each opening")
	seed := fs.Uint64("seed", 1, "seed of the openings and the players")
	jobs := fs.Int("jobs", 1, "games played at once (keep 1 for time-managed levels on a busy machine)")
	cache := fs.String("cache", "data", "where the AI keeps its endgame databases (empty: in memory only)")
	var kind string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		kind, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if kind == "" && fs.NArg() > 0 {
		kind = fs.Arg(0)
	}
	if kind == "" {
		fmt.Fprintln(stderr, "usage: tabuleiro bench <game> --a <level> --b <level> --games N --movetime D [--opt key=value]...")
		return 2
	}
	la, err := ai.ParseLevel(*a)
	if err != nil {
		fmt.Fprintf(stderr, "bench: --a: %v\n", err)
		return 2
	}
	lb, err := ai.ParseLevel(*b)
	if err != nil {
		fmt.Fprintf(stderr, "bench: --b: %v\n", err)
		return 2
	}
	if *n < 1 {
		fmt.Fprintln(stderr, "bench: --games must be at least 1")
		return 2
	}
	sample, err := catalog.New(kind, games.Options(opts))
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	player := ai.New(ai.Config{CacheDir: *cache})
	if la == ai.Hard || lb == ai.Hard {
		fmt.Fprintln(stderr, "preparing the hard player…")
		player.Prepare(ctx, sample)
	}
	cfg := matchConfig{
		Kind: kind, Options: games.Options(opts), Games: *n, OpeningPlies: *plies, Seed: *seed, Jobs: *jobs,
		A:        ai.Settings{Level: la, MoveTime: pick(*moveTimeA, *moveTime)},
		B:        ai.Settings{Level: lb, MoveTime: pick(*moveTimeB, *moveTime)},
		MaxPlies: 2000,
		Player:   player,
	}
	total := 2 * ((*n + 1) / 2)
	fmt.Fprintf(stdout, "%s: A=%s (%v) vs B=%s (%v), %d games from %d paired openings\n",
		kind, la, cfg.A.MoveTime, lb, cfg.B.MoveTime, total, total/2)
	started := time.Now()
	t, err := runMatch(ctx, cfg, func(done int, t tally) {
		fmt.Fprintf(stderr, "\r%d/%d games  A: +%d =%d -%d  (%.0fs)", done, total, t.Win, t.Draw, t.Loss, time.Since(started).Seconds())
	})
	fmt.Fprintln(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 1
	}
	elo, lo, hi := t.Elo()
	fmt.Fprintf(stdout, "A: %d wins, %d draws, %d losses\n", t.Win, t.Draw, t.Loss)
	fmt.Fprintf(stdout, "score: %.1f%%\n", 100*t.Score())
	fmt.Fprintf(stdout, "elo: %+.0f (95%%: %+.0f .. %+.0f)\n", elo, lo, hi)
	return 0
}

func pick(d, fallback time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return fallback
}
