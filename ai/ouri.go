package ai

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"time"

	"tabuleiro/ai/ouriai"
	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

func init() {
	// A score counts eighths of a seed; with the store difference alone (misère), eleven seeds is
	// where the side to move wins three times in four (fitted 86 on hard's self-play, 40 games at
	// depth 8: TestCalibrateWinScale). The fitted evaluations have their own (ouriai.WinScales).
	register(ouri.Descriptor, registration{engine: newOuriEngine, winScale: 11 * 8})
}

// ouriEngine plays Ouri for a Player: searchers on a shelf, and the endgame databases of both rule
// sets, built in the background on first need.
type ouriEngine struct {
	cfg      Config
	searches *shelf[*ouriai.Search]
	dbs      ouriState
}

func newOuriEngine(p *Player) engine {
	return &ouriEngine{cfg: p.cfg, searches: newShelf(p.cfg.MaxSearches, func() *ouriai.Search { return new(ouriai.Search) })}
}

func (e *ouriEngine) endgameSeeds() int {
	if e.cfg.EndgameSeeds > 0 {
		return e.cfg.EndgameSeeds
	}
	return ouriai.FullSeeds
}

// medium is the original report's heuristic: the first capturing sowing in a..f order, else the
// first legal one.
func (e *ouriEngine) medium(g games.Game, legal []games.Move, rng *rand.Rand) games.Move {
	pos := g.(*ouri.Game).Position()
	for _, m := range legal {
		if _, captured := pos.Sow(int(m)); captured > 0 {
			return m
		}
	}
	return legal[0]
}

// search takes a searcher off the shelf (put it back when done) set up for g: the endgame database
// of its rule set once it is ready and the fitted evaluation, or neither in misère, whose objective
// is not theirs.
func (e *ouriEngine) search(g *ouri.Game) *ouriai.Search {
	sr := e.searches.take()
	sr.Misere = g.Misere()
	sr.DB, sr.Eval = nil, nil
	if !sr.Misere {
		sr.DB = e.dbs.database(g.Rules(), e.cfg.CacheDir, e.endgameSeeds())
		sr.Eval = &ouriai.DefaultWeights[g.Rules()&1]
	}
	return sr
}

// hard plays the opening book's sowing where it has one (ai/ouriai/book.txt: the first plies,
// searched far deeper than a budget allows), else searches with iterative deepening, probing the
// endgame database of the rule set in play once it is ready (it is built in the background on
// first need; until then, search alone). Misère has another objective than the book's and the
// database's, so it is search alone.
func (e *ouriEngine) hard(ctx context.Context, g games.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	og := g.(*ouri.Game)
	if !og.Misere() {
		if m, ok := ouriai.Opening(og.Rules())[og.Position()]; ok {
			return games.Move(m)
		}
	}
	sr := e.search(og)
	defer e.searches.put(sr)
	// The search now runs to the end of its budget: a thirty-second of it is kept back for what
	// comes after (the answer's way out, a busy machine's late wake-up).
	res := sr.Best(ctx, og.Position(), og.History(), s.MoveTime-s.MoveTime/32, rng)
	if res.Move < 0 {
		return legal[0]
	}
	return games.Move(res.Move)
}

func (e *ouriEngine) assess(ctx context.Context, g games.Game, legal []games.Move, b Budget, rng *rand.Rand) Verdict {
	og := g.(*ouri.Game)
	sr := e.search(og)
	defer e.searches.put(sr)
	budget := b.Time
	sr.MaxDepth = b.Depth
	defer func() { sr.MaxDepth = 0 }()
	if b.Depth > 0 {
		budget = time.Hour // the depth ends it; ctx still can
	}
	res := sr.Best(ctx, og.Position(), og.History(), budget, rng)
	v := Verdict{Best: games.Move(res.Move)}
	switch {
	case res.Move < 0 || res.Depth == 0 && res.Score < -ouriai.Decided*10:
		// No depth finished (a budget too short to see anything): no opinion.
		v.Win = 50
		if res.Move < 0 {
			v.Best = legal[0]
		}
	case res.Score > ouriai.Decided:
		v.Win, v.Proven = 100, true
	case res.Score < -ouriai.Decided:
		v.Win, v.Proven = 0, true
	case og.Misere():
		v.Win = winChance(res.Score, winScale(g)) // the store difference alone
	default:
		v.Win = winChance(res.Score, ouriai.WinScales[og.Rules()&1])
	}
	return v
}

// prepare waits for the endgame database of g's rule set (none in misère, which does not use it).
func (e *ouriEngine) prepare(ctx context.Context, g games.Game) {
	if og := g.(*ouri.Game); !og.Misere() {
		e.dbs.waitDatabase(ctx, og.Rules(), e.cfg.CacheDir, e.endgameSeeds())
	}
}

// ouriState holds the endgame databases (one per rule set).
type ouriState struct {
	mu       sync.Mutex
	dbs      [2]*ouriai.DB
	building [2]bool
	ready    [2]chan struct{} // closed when the database of that rule set is ready
}

// database returns the rule set's database, or nil while it is being built (the first call
// starts the build, or the load from cacheDir).
func (st *ouriState) database(rules ouri.Rules, cacheDir string, seeds int) *ouriai.DB {
	st.mu.Lock()
	defer st.mu.Unlock()
	r := rules & 1
	if st.dbs[r] != nil || st.building[r] {
		return st.dbs[r]
	}
	st.building[r] = true
	st.ready[r] = make(chan struct{})
	go func() {
		db := loadOrBuild(rules, seeds, cacheDir)
		st.mu.Lock()
		st.dbs[r] = db
		close(st.ready[r])
		st.mu.Unlock()
	}()
	return nil
}

// waitDatabase blocks until the rule set's database is ready (for tests and warm-up).
func (st *ouriState) waitDatabase(ctx context.Context, rules ouri.Rules, cacheDir string, seeds int) *ouriai.DB {
	if db := st.database(rules, cacheDir, seeds); db != nil {
		return db
	}
	st.mu.Lock()
	ready := st.ready[rules&1]
	st.mu.Unlock()
	select {
	case <-ready:
	case <-ctx.Done():
	}
	return st.database(rules, cacheDir, seeds)
}

func loadOrBuild(rules ouri.Rules, seeds int, cacheDir string) *ouriai.DB {
	var path string
	if cacheDir != "" {
		path = filepath.Join(cacheDir, ouriai.FileName(rules, seeds))
		if db, err := ouriai.Load(path, rules, seeds); err == nil {
			return db
		}
	}
	start := time.Now()
	db := ouriai.Build(rules, seeds, 0)
	if path != "" {
		if err := db.Save(path); err != nil {
			slog.Warn("ai: the Ouri endgame database stays in memory", "err", err)
		} else {
			slog.Info("ai: built the Ouri endgame database", "rules", rules, "seeds", seeds,
				"took", time.Since(start).Round(time.Millisecond), "path", path)
		}
	}
	return db
}

// Endgame is what the endgame database holds exactly for an Ouri or Abapa position: the seeds
// each seat's store ends with under perfect play (those already in it and its share of the seeds
// still on the board). ok is false for another game, misère (which the database does not play), a
// position with more seeds than the database holds or whose value depends on repetition, and while
// the database is being built (a first call starts it).
func (p *Player) Endgame(g games.Game) (final [2]int, ok bool) {
	e, err := p.engine(g)
	if err != nil {
		return final, false
	}
	oe, isOuri := e.(*ouriEngine)
	og, _ := g.(*ouri.Game)
	if !isOuri || og == nil || og.Misere() {
		return final, false
	}
	db := oe.dbs.database(og.Rules(), oe.cfg.CacheDir, oe.endgameSeeds())
	pos := og.Position()
	gain, ok := db.Probe(&pos)
	if !ok {
		return final, false
	}
	// The mover ends with gain seeds more than the other of the n left: (n+gain)/2 of them.
	n := pos.SideSeeds(0) + pos.SideSeeds(1)
	mover := pos.ToMove
	final[mover] = int(pos.Stores[mover]) + (n+gain)/2
	final[1-mover] = int(pos.Stores[1-mover]) + (n-gain)/2
	return final, true
}
