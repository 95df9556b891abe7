package ai

import (
	"context"
	"math/rand/v2"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// medium and hard dispatch to the per-game players (ai/ouri.go, ai/ordo.go, ai/oolong.go).
func (p *Player) medium(g games.Game, legal []games.Move, rng *rand.Rand) games.Move {
	switch g := g.(type) {
	case *ouri.Game:
		return p.mediumOuri(g, legal, rng)
	case *ordo.Game:
		return p.mediumOrdo(g, legal, rng)
	case *oolong.Game:
		return p.mediumOolong(g, legal, rng)
	}
	return legal[rng.IntN(len(legal))]
}

func (p *Player) hard(ctx context.Context, g games.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	switch g := g.(type) {
	case *ouri.Game:
		return p.hardOuri(ctx, g, legal, s, rng)
	case *ordo.Game:
		return p.hardOrdo(ctx, g, legal, s, rng)
	case *oolong.Game:
		return p.hardOolong(ctx, g, legal, s, rng)
	}
	return legal[rng.IntN(len(legal))]
}
