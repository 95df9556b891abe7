package ordoai

import (
	"math/rand/v2"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// Medium is the heuristic: win at once if it can, else capture (the enemy piece that has
// come furthest), else advance (the move that gains the most ranks, summed over the pieces it
// moves), else any move. Every legal move keeps the mover connected, so advancing stays connected.
// Ties are broken by rng.
func Medium(p ordo.Position, legal []games.Move, rng *rand.Rand) games.Move {
	best, bestKey, ties := games.Move(0), -1<<30, 0
	for _, m := range legal {
		k := mediumKey(&p, m)
		switch {
		case k > bestKey:
			best, bestKey, ties = m, k, 1
		case k == bestKey:
			// Reservoir sampling: each of the tied moves is kept with equal chance.
			ties++
			if rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// mediumKey ranks a move for Medium: tiers 3 (wins), 2 (captures), 1 (advances), 0 (the rest),
// refined within a tier.
func mediumKey(p *ordo.Position, m games.Move) int {
	me := p.Side
	from, to := ordo.From(m), ordo.To(m)
	gain := progress(me, to.Rank()) - progress(me, from.Rank())
	switch {
	case p.WinsAtOnce(m):
		return 3 << 20
	case ordo.IsCapture(m):
		return 2<<20 + progress(me.Other(), to.Rank())*16 + gain + 8
	case gain > 0:
		return 1<<20 + gain*pieces(m)
	}
	return 0
}

// pieces is how many pieces m moves.
func pieces(m games.Move) int {
	if !ordo.IsOrdo(m) {
		return 1
	}
	a, b := ordo.From(m), ordo.End2(m)
	return b.File() - a.File() + b.Rank() - a.Rank() + 1
}
