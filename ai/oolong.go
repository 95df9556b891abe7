package ai

import (
	"context"
	"math/rand/v2"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// TODO(ai issue): the Oolong heuristics and search; until then both levels play like easy.

func (p *Player) mediumOolong(g *oolong.Game, legal []games.Move, rng *rand.Rand) games.Move {
	return legal[rng.IntN(len(legal))]
}

func (p *Player) hardOolong(ctx context.Context, g *oolong.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	return legal[rng.IntN(len(legal))]
}
