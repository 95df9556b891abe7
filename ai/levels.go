package ai

import (
	"context"
	"math/rand/v2"

	"tabuleiro/games"
)

// medium and hard dispatch to the per-game players.
// TODO(ai issue): per-game heuristics and search; until then both play like easy.
func medium(g games.Game, legal []games.Move, rng *rand.Rand) games.Move {
	return legal[rng.IntN(len(legal))]
}

func hard(ctx context.Context, g games.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	return legal[rng.IntN(len(legal))]
}
