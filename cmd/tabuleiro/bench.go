package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"tabuleiro/ai"
	"tabuleiro/ai/auale"
	"tabuleiro/config"
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
	// Openings, when set, are the openings instead (each its decisions in notation), played in
	// order and from the first again when the match has more pairs than they are.
	Openings [][]string
	Seed     uint64
	Jobs     int
	MaxPlies int // a game still going after this many plies is scored a draw
	Player   *ai.Player
	// Against, when set, is the command line of another program speaking the engine protocol that
	// plays B instead of the Player (B's level and budget are sent to it with each "go").
	Against []string
	Env     []string // extra environment of the Against program
	// Protocol is what Against speaks: "json" (ours, docs/engine-protocol.md) or "auale" (Aualé's
	// adapted UCI, docs/engine-protocol-auale.md).
	Protocol string
}

// tally counts A's results and how long each side thought.
type tally struct {
	Win, Draw, Loss int
	// Pairs counts the openings both of whose games are over, by A's points from the two: 0, ½,
	// 1, 1½ or 2. A pair of one win from each seat (2) says the opening decided, not the players.
	Pairs [5]int
	// SameSeat counts the pairs of a win and a loss: the same seat won both games.
	SameSeat int
	Moves    [2]int           // decisions of A, B
	Thought  [2]time.Duration // their total thinking time
}

// PerMove is side i's (0 = A, 1 = B) mean time per decision.
func (t tally) PerMove(i int) time.Duration {
	if t.Moves[i] == 0 {
		return 0
	}
	return t.Thought[i] / time.Duration(t.Moves[i])
}

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

// PairElo is Elo with its interval from the variance of the pairs' scores (the pentanomial
// model): the two games of an opening are not independent, since the opening favours one seat,
// and the pairs are what is.
func (t tally) PairElo() (elo, lo, hi float64) {
	n := 0
	for _, c := range t.Pairs {
		n += c
	}
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	s := 0.0
	for k, c := range t.Pairs {
		s += float64(c) * float64(k) / 4
	}
	s /= float64(n)
	v := 0.0
	for k, c := range t.Pairs {
		d := float64(k)/4 - s
		v += float64(c) * d * d
	}
	se := math.Sqrt(v / float64(n) / float64(n))
	if se == 0 {
		// Every pair scored alike: no spread to measure, so no interval narrower than the games'.
		_, lo, hi = t.Elo()
		return eloOf(s), lo, hi
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

// start is an opening: the game after it and its decisions in canonical notation.
type start struct {
	game  games.Game
	moves []string
}

// openingSeed is the seed of a match's pair-th opening: drawn from the match's seed, so that the
// matches of two seeds share no openings (seed+pair would give seed 3 the openings of seed 2 but
// its first).
func openingSeed(seed uint64, pair int) uint64 {
	return rand.New(rand.NewPCG(seed, uint64(pair))).Uint64()
}

// opening plays n random plies from the start; it retries seeds whose opening ends the game.
func opening(kind string, opts games.Options, n int, seed uint64) (start, error) {
	for try := uint64(0); ; try++ {
		g, err := catalog.NewDealt(kind, opts, rand.New(rand.NewPCG(seed, try)))
		if err != nil {
			return start{}, err
		}
		var names []string
		rng := rand.New(rand.NewPCG(seed, try+1000))
		for i := 0; i < n && !g.Outcome().Over(); i++ {
			legal := g.Legal()
			m := legal[rng.IntN(len(legal))]
			names = append(names, g.Format(m))
			if err := g.Play(m); err != nil {
				return start{}, err
			}
		}
		if !g.Outcome().Over() || try > 100 {
			return start{g, names}, nil
		}
	}
}

// openingFrom replays an opening's decisions from the start (dealt from seed, for the games that deal).
func openingFrom(kind string, opts games.Options, moves []string, seed uint64) (start, error) {
	g, err := catalog.NewDealt(kind, opts, rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		return start{}, err
	}
	names, err := playMoves(g, moves)
	if err != nil {
		return start{}, err
	}
	if g.Outcome().Over() {
		return start{}, fmt.Errorf("the game is over after %s", strings.Join(moves, ";"))
	}
	return start{g, names}, nil
}

// readOpenings reads a file of openings, one a line, its decisions in notation separated by ';'
// (as perft's --moves); '#' starts a comment, blank lines are skipped. Each is replayed, so a
// mistyped decision is named with its line before any game starts.
func readOpenings(path, kind string, opts games.Options) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		moves := splitMoves(line)
		if len(moves) == 0 {
			continue
		}
		if _, err := openingFrom(kind, opts, moves, 0); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		out = append(out, moves)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no openings in it", path)
	}
	return out, nil
}

// chooser is one side of a match: the in-process Player or another engine.
type chooser interface {
	// choose picks a decision for g's side to move; moves are g's decisions so far, in notation.
	choose(ctx context.Context, g games.Game, moves []string, s ai.Settings) (games.Move, error)
}

type inProcess struct{ p *ai.Player }

func (c inProcess) choose(ctx context.Context, g games.Game, _ []string, s ai.Settings) (games.Move, error) {
	return c.p.Choose(ctx, g, s)
}

// playGame plays one game from an opening, A in seat aSeat, and returns A's result (1, ½, 0)
// and the decisions and thinking time of A and B.
func playGame(ctx context.Context, st start, cfg matchConfig, a, b chooser, aSeat games.Seat, gameSeed uint64) (float64, tally, error) {
	var t tally
	g := st.game.Clone()
	moves := append([]string(nil), st.moves...)
	for g.Ply() < cfg.MaxPlies && !g.Outcome().Over() {
		side, s, c := 1, cfg.B, b
		if g.ToMove() == aSeat {
			side, s, c = 0, cfg.A, a
		}
		s.Seed = gameSeed ^ uint64(g.Ply())*0x9e3779b97f4a7c15
		began := time.Now()
		m, err := c.choose(ctx, g, moves, s)
		if err != nil {
			return 0, t, err
		}
		t.Moves[side]++
		t.Thought[side] += time.Since(began)
		name := g.Format(m)
		if err := g.Play(m); err != nil {
			return 0, t, fmt.Errorf("the AI chose an illegal move %s: %w", name, err)
		}
		moves = append(moves, name)
	}
	o := g.Outcome()
	switch {
	case !o.Over() || o.Winner == games.NoSeat:
		return 0.5, t, nil
	case o.Winner == aSeat:
		return 1, t, nil
	}
	return 0, t, nil
}

// runMatch plays the match, calling progress after every game.
// matchOpenings are the openings of a match's pairs: from its file, or random.
func matchOpenings(cfg matchConfig, pairs int) ([]start, error) {
	openings := make([]start, pairs)
	for i := range openings {
		var g start
		var err error
		if len(cfg.Openings) > 0 {
			g, err = openingFrom(cfg.Kind, cfg.Options, cfg.Openings[i%len(cfg.Openings)], openingSeed(cfg.Seed, i))
		} else {
			g, err = opening(cfg.Kind, cfg.Options, cfg.OpeningPlies, openingSeed(cfg.Seed, i))
		}
		if err != nil {
			return nil, err
		}
		openings[i] = g
	}
	return openings, nil
}

// opponent is B: the in-process player a, or a program speaking the engine protocol (ours or
// Aualé's), with what stops it.
func opponent(ctx context.Context, cfg matchConfig, a chooser, first start) (chooser, func(), error) {
	switch {
	case len(cfg.Against) > 0 && cfg.Protocol == "auale":
		e, err := startUCIEngine(ctx, cfg.Against, cfg.Env, cfg.B.Level)
		if err != nil {
			return nil, nil, err
		}
		return e, e.close, nil
	case len(cfg.Against) > 0:
		e, err := startEngine(ctx, cfg.Against, cfg.Env)
		if err != nil {
			return nil, nil, err
		}
		if cfg.B.Level == ai.Hard {
			e.warm(ctx, first)
		}
		return e, e.close, nil
	}
	return a, func() {}, nil
}

// add counts a finished game (A's points r, or the error that stopped it) and, once both games
// of its pair are over, the pair; halves keeps A's points of the pairs with one game over.
func (t *tally) add(gt tally, r float64, err error, pair int, halves map[int]float64) {
	for i := range 2 {
		t.Moves[i] += gt.Moves[i]
		t.Thought[i] += gt.Thought[i]
	}
	switch {
	case err != nil:
		return
	case r == 1:
		t.Win++
	case r == 0:
		t.Loss++
	default:
		t.Draw++
	}
	if other, ok := halves[pair]; ok {
		t.Pairs[int(2*(r+other))]++
		if r+other == 1 && r != 0.5 {
			t.SameSeat++
		}
		delete(halves, pair)
	} else {
		halves[pair] = r
	}
}

func runMatch(ctx context.Context, cfg matchConfig, progress func(done int, t tally)) (tally, error) {
	pairs := (cfg.Games + 1) / 2
	type job struct {
		pair  int
		aSeat games.Seat
	}
	jobs := make(chan job)
	var (
		mu     sync.Mutex
		t      tally
		werr   error
		wg     sync.WaitGroup
		halves = map[int]float64{} // A's points of the pairs with one game over
	)
	openings, err := matchOpenings(cfg, pairs)
	if err != nil {
		return t, err
	}
	a := inProcess{cfg.Player}
	for w := 0; w < max(1, cfg.Jobs); w++ {
		b, stop, err := opponent(ctx, cfg, a, openings[0])
		if err != nil {
			close(jobs)
			wg.Wait()
			return t, err
		}
		defer stop()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r, gt, err := playGame(ctx, openings[j.pair], cfg, a, b, j.aSeat, cfg.Seed*1_000_003+uint64(j.pair)*2+uint64(j.aSeat))
				mu.Lock()
				if err != nil {
					werr = err
				}
				t.add(gt, r, err, j.pair, halves)
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
	openingsFile := fs.String("openings", "", `a file of openings to play instead, one a line: decisions separated by ";"`)
	seed := fs.Uint64("seed", 1, "seed of the openings and the players")
	jobs := fs.Int("jobs", 1, "games played at once (keep 1 for time-managed levels on a busy machine)")
	cache := fs.String("cache", "data", "where the AI keeps its endgame databases (empty: in memory only)")
	seeds := fs.Int("endgame-seeds", config.DefaultEndgameSeeds, fmt.Sprintf("the seed cap of hard's endgame databases, 1 to %d", config.MaxEndgameSeeds))
	against := fs.String("against", "", `B is this program speaking the engine protocol instead, e.g. "/tmp/frozen/tabuleiro engine"`)
	protocol := fs.String("protocol", "json", `what --against speaks: json (ours) or auale (Aualé's UCI, Oware Abapa only)`)
	kind, args := gameArg(args)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if kind == "" && fs.NArg() > 0 {
		kind = fs.Arg(0)
	}
	if kind == "" {
		fmt.Fprintln(stderr, `usage: tabuleiro bench <game> --a <level> --b <level> --games N --movetime D [--opt key=value]... [--against "program engine"]`)
		return 2
	}
	la, lb, sample, problem := checkBench(kind, *a, *b, *n, *seeds, *protocol, *against, games.Options(opts))
	if problem != "" {
		fmt.Fprintf(stderr, "bench: %s\n", problem)
		return 2
	}
	var err error
	var openings [][]string
	if *openingsFile != "" {
		if openings, err = readOpenings(*openingsFile, kind, games.Options(opts)); err != nil {
			fmt.Fprintf(stderr, "bench: --openings: %v\n", err)
			return 2
		}
	}
	player := ai.New(ai.Config{CacheDir: *cache, EndgameSeeds: *seeds})
	var env []string
	if *cache != "" {
		// The other engine keeps its databases beside its DB_PATH: share the cache.
		env = append(env, "DB_PATH="+filepath.Join(*cache, "tabuleiro.db"))
	}
	if la == ai.Hard || lb == ai.Hard {
		fmt.Fprintln(stderr, "preparing the hard player…")
		player.Prepare(ctx, sample)
	}
	cfg := matchConfig{
		Kind: kind, Options: games.Options(opts), Games: *n, OpeningPlies: *plies, Openings: openings, Seed: *seed, Jobs: *jobs,
		A:        ai.Settings{Level: la, MoveTime: pick(*moveTimeA, *moveTime)},
		B:        ai.Settings{Level: lb, MoveTime: pick(*moveTimeB, *moveTime)},
		MaxPlies: 2000,
		Player:   player,
		Against:  strings.Fields(*against),
		Env:      env,
		Protocol: *protocol,
	}
	total := header(stdout, cfg, *against, *openingsFile)
	started := time.Now()
	t, err := runMatch(ctx, cfg, func(done int, t tally) {
		fmt.Fprintf(stderr, "\r%d/%d games  A: +%d =%d -%d  (%.0fs)", done, total, t.Win, t.Draw, t.Loss, time.Since(started).Seconds())
	})
	fmt.Fprintln(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 1
	}
	report(stdout, t)
	return 0
}

// checkBench reads bench's levels and sample game, and says what is wrong with its flags ("" when
// nothing is).
func checkBench(kind, a, b string, n, seeds int, protocol, against string, opts games.Options) (la, lb ai.Level, sample games.Game, problem string) {
	la, err := ai.ParseLevel(a)
	if err != nil {
		return "", "", nil, fmt.Sprintf("--a: %v", err)
	}
	lb, err = ai.ParseLevel(b)
	if err != nil {
		return "", "", nil, fmt.Sprintf("--b: %v", err)
	}
	if n < 1 {
		return "", "", nil, "--games must be at least 1"
	}
	if seeds < 1 || seeds > config.MaxEndgameSeeds {
		return "", "", nil, fmt.Sprintf("--endgame-seeds %d: give a number of seeds from 1 to %d", seeds, config.MaxEndgameSeeds)
	}
	if sample, err = catalog.New(kind, opts); err != nil {
		return "", "", nil, err.Error()
	}
	return la, lb, sample, checkProtocol(protocol, against, sample)
}

// checkProtocol says what is wrong with bench's --protocol and --against, "" when nothing is.
func checkProtocol(protocol, against string, sample games.Game) string {
	switch {
	case protocol != "json" && protocol != "auale":
		return fmt.Sprintf("--protocol %q: use json or auale", protocol)
	case protocol == "auale" && against == "":
		return `--protocol auale needs --against "program": the engine that speaks it`
	case protocol == "auale" && !auale.Plays(sample):
		return auale.ErrNotAbapa.Error()
	}
	return ""
}

// header writes what a match plays and returns how many games it plays: each opening from both seats.
func header(stdout io.Writer, cfg matchConfig, against, openingsFile string) int {
	total := 2 * ((cfg.Games + 1) / 2)
	bName := string(cfg.B.Level)
	if len(cfg.Against) > 0 {
		bName = fmt.Sprintf("%q %s", against, cfg.B.Level)
	}
	pairs := "paired openings"
	if total == 2 {
		pairs = "paired opening"
	}
	fmt.Fprintf(stdout, "%s: A=%s (%v) vs B=%s (%v), %d games from %d %s",
		cfg.Kind, cfg.A.Level, cfg.A.MoveTime, bName, cfg.B.MoveTime, total, total/2, pairs)
	if len(cfg.Openings) > 0 {
		fmt.Fprintf(stdout, " of %s (%d in it)", openingsFile, len(cfg.Openings))
	}
	fmt.Fprintln(stdout)
	return total
}

// report writes a match's result: A's record, score, Elo by games and by pairs, time per move.
func report(stdout io.Writer, t tally) {
	elo, lo, hi := t.Elo()
	fmt.Fprintf(stdout, "A: %d wins, %d draws, %d losses\n", t.Win, t.Draw, t.Loss)
	fmt.Fprintf(stdout, "score: %.1f%%\n", 100*t.Score())
	fmt.Fprintf(stdout, "elo: %+.0f (95%%: %+.0f .. %+.0f)\n", elo, lo, hi)
	p := t.Pairs
	elo, lo, hi = t.PairElo()
	fmt.Fprintf(stdout, "pairs by A's points (0 ½ 1 1½ 2): %d %d %d %d %d (the same seat won both: %d)\n",
		p[0], p[1], p[2], p[3], p[4], t.SameSeat)
	fmt.Fprintf(stdout, "elo by pairs: %+.0f (95%%: %+.0f .. %+.0f)\n", elo, lo, hi)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	fmt.Fprintf(stdout, "time per move: A %.1f ms, B %.1f ms\n", ms(t.PerMove(0)), ms(t.PerMove(1)))
}

func pick(d, fallback time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return fallback
}

// engineProcess is another program speaking the engine protocol (docs/engine-protocol.md),
// playing one side of a match. Before each decision it is sent the whole game ("new" with the
// options and the moves so far), so it needs no state of its own between requests.
type engineProcess struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	name string
}

// spawn starts an engine program with env added to ours, its stderr passed through, and pipes to
// its stdin and from its stdout.
func spawn(ctx context.Context, argv, env []string) (*exec.Cmd, io.WriteCloser, io.Reader, error) {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, nil, fmt.Errorf("starting %q: %w", strings.Join(argv, " "), err)
	}
	return cmd, in, out, nil
}

func startEngine(ctx context.Context, argv, env []string) (*engineProcess, error) {
	cmd, in, out, err := spawn(ctx, argv, env)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	return &engineProcess{cmd: cmd, in: in, out: sc, name: argv[0]}, nil
}

// engineReply is the part of the protocol's replies bench reads.
type engineReply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Move  string `json:"move"`
}

func (e *engineProcess) ask(req any) (engineReply, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return engineReply{}, err
	}
	if _, err := e.in.Write(append(b, '\n')); err != nil {
		return engineReply{}, fmt.Errorf("%s: %w", e.name, err)
	}
	if !e.out.Scan() {
		return engineReply{}, fmt.Errorf("%s stopped answering: %v", e.name, e.out.Err())
	}
	var r engineReply
	if err := json.Unmarshal(e.out.Bytes(), &r); err != nil {
		return r, fmt.Errorf("%s answered %q: %w", e.name, e.out.Text(), err)
	}
	if !r.OK {
		return r, fmt.Errorf("%s refused %s: %s", e.name, b, r.Error)
	}
	return r, nil
}

func (e *engineProcess) choose(ctx context.Context, g games.Game, moves []string, s ai.Settings) (games.Move, error) {
	if _, err := e.ask(map[string]any{"cmd": "new", "game": g.Kind(), "options": g.Options(), "moves": moves}); err != nil {
		return 0, err
	}
	r, err := e.ask(map[string]any{"cmd": "go", "level": string(s.Level), "movetime_ms": s.MoveTime.Milliseconds(), "seed": s.Seed})
	if err != nil {
		return 0, err
	}
	m, err := g.Parse(r.Move)
	if err != nil {
		return 0, fmt.Errorf("%s chose %q: %w", e.name, r.Move, err)
	}
	return m, nil
}

// warm asks for one decision and gives the engine a moment, so that whatever it builds or loads on
// first need (an endgame database) is ready before the match, as Prepare does for the Player.
func (e *engineProcess) warm(ctx context.Context, st start) {
	e.choose(ctx, st.game, st.moves, ai.Settings{Level: ai.Hard, MoveTime: 10 * time.Millisecond})
	if ai.Prepares(st.game) {
		select {
		case <-time.After(3 * time.Second):
		case <-ctx.Done():
		}
	}
}

func (e *engineProcess) close() {
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}

// uciEngine is another program speaking Aualé's dialect (an Aualé engine such as Aalina) playing
// one side of a match, asked as Aualé asks (ai/auale.Client).
type uciEngine struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	client *auale.Client
}

func startUCIEngine(ctx context.Context, argv, env []string, level ai.Level) (*uciEngine, error) {
	cmd, in, out, err := spawn(ctx, argv, env)
	if err != nil {
		return nil, err
	}
	e := &uciEngine{cmd: cmd, in: in}
	if e.client, err = auale.NewClient(in, out, argv[0], level); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

func (e *uciEngine) choose(_ context.Context, g games.Game, _ []string, s ai.Settings) (games.Move, error) {
	return e.client.Choose(g, s.MoveTime)
}

func (e *uciEngine) close() {
	if e.client != nil {
		e.client.Quit()
	}
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}
