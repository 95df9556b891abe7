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

// mediumOuri is the original report's heuristic: the first capturing sowing in a..f order, else
// the first legal one.
func (p *Player) mediumOuri(g *ouri.Game, legal []games.Move, rng *rand.Rand) games.Move {
	pos := g.Position()
	for _, m := range legal {
		if _, captured := pos.Sow(int(m)); captured > 0 {
			return m
		}
	}
	return legal[0]
}

// ouriSearch takes a searcher off the shelf (put it back when done) set up for g: the endgame
// database of its rule set once it is ready and the fitted evaluation, or neither in misère, whose
// objective is not theirs.
func (p *Player) ouriSearch(g *ouri.Game) *ouriai.Search {
	sr := p.ouriSearches.take()
	sr.Misere = g.Misere()
	sr.DB, sr.Eval = nil, nil
	if !sr.Misere {
		sr.DB = p.ouri.database(g.Rules(), p.cfg.CacheDir, p.endgameSeeds())
		sr.Eval = &ouriai.DefaultWeights[g.Rules()&1]
	}
	return sr
}

// hardOuri searches with iterative deepening, probing the endgame database of the rule set in
// play once it is ready (it is built in the background on first need; until then, search alone).
// Misère has another objective than the database's, so it is search alone.
func (p *Player) hardOuri(ctx context.Context, g *ouri.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	sr := p.ouriSearch(g)
	defer p.ouriSearches.put(sr)
	res := sr.Best(ctx, g.Position(), g.History(), s.MoveTime, rng)
	if res.Move < 0 {
		return legal[0]
	}
	return games.Move(res.Move)
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
