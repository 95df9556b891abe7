package ai

import (
	"context"
	"math/rand/v2"

	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

// TODO(ai issue): the Ouri heuristics and search; until then both levels play like easy.

func (p *Player) mediumOuri(g *ouri.Game, legal []games.Move, rng *rand.Rand) games.Move {
	return legal[rng.IntN(len(legal))]
}

func (p *Player) hardOuri(ctx context.Context, g *ouri.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	return legal[rng.IntN(len(legal))]
}

type ouriState struct{}
