package oolongai

import (
	"math/rand/v2"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// Medium is the original reports' player. It takes a decision that wins at once, else a placement
// that claims a table, else the placement that sends the opponent to the table where they have the
// fewest teas (a table with no open seat, which would let them place freely, counts as worst).
// Specials are decided one ply deep: the choice that evaluates best for the actor, skip when
// nothing beats it. legal must be p's decisions (in a fixed order: ties are broken by rng).
func Medium(p *oolong.Position, legal []games.Move, rng *rand.Rand) games.Move {
	me := p.ToMove()
	placing := p.Placing()
	var best []games.Move
	bestScore := 0
	for _, m := range legal {
		c := *p
		c.Apply(m)
		if c.Over() && c.Outcome().Winner == me {
			return m
		}
		var score int
		if placing {
			score = 100*(c.Claimed(me)-p.Claimed(me)) - destination(&c, me)
		} else {
			score = Evaluate(&c, me)
		}
		switch {
		case len(best) == 0 || score > bestScore:
			best, bestScore = append(best[:0], m), score
		case score == bestScore:
			best = append(best, m)
		}
	}
	if !placing {
		for _, m := range best {
			if oolong.FormatMove(m) == "skip" {
				return m
			}
		}
	}
	return best[rng.IntN(len(best))]
}

// destination is how many teas the opponent of me has on the table the waiter now directs them
// to, 10 when they would place freely.
func destination(c *oolong.Position, me games.Seat) int {
	t, s := c.Waiter()
	if openSeats(c, t, s) == 0 {
		return 10
	}
	return c.Count(me.Other(), t)
}
