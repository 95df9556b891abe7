package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"tabuleiro/ai/oolongai"
	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

func init() {
	// The estimate is already a chance of winning, on a scale of ±10000: 4000 (fitted 4013 on
	// hard's self-play at depth 3, 60 games, and 3871 on the evaluation's own positions,
	// TestTuneEval; the race before it fitted 2701 at depth 3 and 4344 at depth 5).
	register(oolong.Descriptor, registration{engine: newOolongEngine, winScale: 4000})
}

// oolongEngine plays Oolong for a Player: searchers (with their tables) on a shelf.
type oolongEngine struct {
	searches *shelf[*oolongai.Searcher]
}

func newOolongEngine(p *Player) engine {
	return &oolongEngine{searches: newShelf(p.cfg.MaxSearches, oolongai.NewSearcher)}
}

// medium sends the opponent to the table where they have the fewest teas, taking any claim or win
// first, and decides specials one ply deep (ai/oolongai.Medium).
func (e *oolongEngine) medium(g games.Game, legal []games.Move, rng *rand.Rand) games.Move {
	pos := g.(*oolong.Game).Position()
	return oolongai.Medium(&pos, legal, rng)
}

// hard searches whole decisions, specials included, with alpha-beta until the budget or ctx runs
// out (ai/oolongai.Search).
func (e *oolongEngine) hard(ctx context.Context, g games.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	pos := g.(*oolong.Game).Position()
	sr := e.searches.take()
	defer e.searches.put(sr)
	m, _ := sr.Search(ctx, &pos, legal, time.Now().Add(s.MoveTime), rng)
	return m
}

func (e *oolongEngine) assess(ctx context.Context, g games.Game, legal []games.Move, b Budget, rng *rand.Rand) Verdict {
	pos := g.(*oolong.Game).Position()
	var m games.Move
	var info oolongai.Info
	if b.Depth > 0 {
		m, info = oolongai.SearchDepth(&pos, legal, b.Depth, rng)
	} else {
		sr := e.searches.take()
		defer e.searches.put(sr)
		m, info = sr.Search(ctx, &pos, legal, time.Now().Add(b.Time), rng)
	}
	v := Verdict{Best: m}
	switch {
	case oolongai.Proven(info.Score) && info.Score > 0:
		v.Win, v.Proven = 100, true
	case oolongai.Proven(info.Score):
		v.Win, v.Proven = 0, true
	default:
		v.Win = winChance(info.Score, winScale(g))
	}
	return v
}
