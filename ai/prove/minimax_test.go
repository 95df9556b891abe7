package prove

import (
	"context"
	"math/rand/v2"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// minimax is the plain full-width answer the prover must agree with: every decision of every
// position, played through the game's own Play (its outcome, its repetition rule), nothing kept.
func minimax(g games.Game, attacker games.Seat, d int) bool {
	if o := g.Outcome(); o.Over() {
		return o.Winner == attacker
	}
	if d == 0 {
		return false
	}
	attacking := g.ToMove() == attacker
	for _, m := range g.Legal() {
		c := g.Clone()
		if err := c.Play(m); err != nil {
			panic(err)
		}
		if minimax(c, attacker, d-1) == attacking {
			return attacking
		}
	}
	return !attacking
}

// minimaxMoves is every first decision that keeps a forced win within d, by minimax.
func minimaxMoves(g games.Game, d int) []games.Move {
	var ms []games.Move
	for _, m := range g.Legal() {
		c := g.Clone()
		c.Play(m)
		if minimax(c, g.ToMove(), d-1) {
			ms = append(ms, m)
		}
	}
	return ms
}

// playout plays n random decisions (fewer if the game ends) of a new game of kind.
func playout(kind string, seed uint64, n int) games.Game {
	rng := rand.New(rand.NewPCG(seed, 7))
	g, err := catalog.NewDealt(kind, nil, rng)
	if err != nil {
		panic(err)
	}
	for i := 0; i < n && !g.Outcome().Over(); i++ {
		legal := g.Legal()
		g.Play(legal[rng.IntN(len(legal))])
	}
	return g
}

// nearEnd is a random game of kind replayed up to back decisions before its end (a random game
// still going after 600 decisions is cut there): the positions where short forced wins are.
func nearEnd(kind string, seed uint64, back int) games.Game {
	full := playout(kind, seed, 600)
	log := full.Log()
	g, err := catalog.NewDealt(kind, nil, rand.New(rand.NewPCG(seed, 7)))
	if err != nil {
		panic(err)
	}
	for _, m := range log[:max(0, len(log)-back)] {
		if err := g.Play(m); err != nil {
			panic(err)
		}
	}
	return g
}

func proveWith(pr *Prover, g games.Game, plies int) (Proof, error) {
	switch g := g.(type) {
	case *ordo.Game:
		return pr.Ordo(context.Background(), g.Position(), ordoHistory(g), plies)
	case *oolong.Game:
		return pr.Oolong(context.Background(), g.Position(), plies)
	}
	return Proof{}, ErrNotProvable
}

func within(pr *Prover, g games.Game, plies int) (bool, games.Move, int) {
	if g, ok := g.(*ordo.Game); ok {
		return pr.WinsWithin(context.Background(), g.Position(), ordoHistory(g), plies)
	}
	return pr.OolongWinsWithin(context.Background(), g.(*oolong.Game).Position(), plies)
}

func loses(pr *Prover, g games.Game, m games.Move, plies int) (bool, int) {
	if g, ok := g.(*ordo.Game); ok {
		return pr.LosesWithin(context.Background(), g.Position(), ordoHistory(g), m, plies)
	}
	return pr.OolongLosesWithin(context.Background(), g.(*oolong.Game).Position(), m, plies)
}
