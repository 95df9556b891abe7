package ai

import (
	"context"
	"math/rand/v2"

	"tabuleiro/ai/ordoai"
	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// mediumOrdo wins at once if it can, else captures, else advances (ordoai.Medium).
func (p *Player) mediumOrdo(g *ordo.Game, legal []games.Move, rng *rand.Rand) games.Move {
	return ordoai.Medium(g.Position(), legal, rng)
}

// hardOrdo searches with iterative-deepening alpha-beta for s.MoveTime, scoring a return to a
// position seen since the last capture as a draw.
func (p *Player) hardOrdo(ctx context.Context, g *ordo.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	sr := p.ordoSearches.take()
	defer p.ordoSearches.put(sr)
	res := sr.Best(ctx, g.Position(), ordoai.History(g.Log()), s.MoveTime, rng)
	if res.Move == 0 {
		return legal[0]
	}
	return res.Move
}
