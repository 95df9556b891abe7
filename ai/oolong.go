package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"tabuleiro/ai/oolongai"
	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// mediumOolong sends the opponent to the table where they have the fewest teas, taking any claim
// or win first, and decides specials one ply deep (ai/oolongai.Medium).
func (p *Player) mediumOolong(g *oolong.Game, legal []games.Move, rng *rand.Rand) games.Move {
	pos := g.Position()
	return oolongai.Medium(&pos, legal, rng)
}

// hardOolong searches whole decisions, specials included, with alpha-beta until the budget or ctx
// runs out (ai/oolongai.Search).
func (p *Player) hardOolong(ctx context.Context, g *oolong.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	pos := g.Position()
	sr := p.oolongSearches.take()
	defer p.oolongSearches.put(sr)
	m, _ := sr.Search(ctx, &pos, legal, time.Now().Add(s.MoveTime), rng)
	return m
}
