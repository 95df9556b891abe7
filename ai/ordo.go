package ai

import (
	"context"
	"math/rand/v2"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// TODO(ai issue): the Ordo heuristics and search; until then both levels play like easy.

func (p *Player) mediumOrdo(g *ordo.Game, legal []games.Move, rng *rand.Rand) games.Move {
	return legal[rng.IntN(len(legal))]
}

func (p *Player) hardOrdo(ctx context.Context, g *ordo.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	return legal[rng.IntN(len(legal))]
}
