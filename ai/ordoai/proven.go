package ordoai

import (
	"context"
	"math/rand/v2"
	"time"

	"tabuleiro/ai/prove"
	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// proveShare is the part of a decision's budget the prover may take before the search (a forced
// win of our own); checkShare is what it keeps back after the search (a forced loss in the move
// chosen), which is quicker: it runs to the horizon the first part reached, less a ply.
const (
	proveShare = 8
	checkShare = 16
)

// maxHorizon bounds the prover's horizon: beyond it the budget is better spent searching.
const maxHorizon = 9

// proven is Best's decision: the prover looks for a forced win within the plies its share of the
// budget allows (the horizon); without one the search chooses, and the move it chose is checked
// for a forced loss within the same horizon. A losing move is left out and the search runs again
// on what time is left, until a move holds, the time is up, or every move loses (then the one that
// loses last is played).
func (s *Search) proven(ctx context.Context, p ordo.Position, hist []uint64, start time.Time, budget time.Duration, maxDepth int, rng *rand.Rand) Result {
	if s.prover == nil {
		s.prover = prove.NewProver()
	}
	deadline := start.Add(budget)
	pctx, cancel := context.WithDeadline(ctx, start.Add(budget/proveShare))
	win, m, horizon := s.prover.WinsWithin(pctx, p, hist, maxHorizon)
	cancel()
	if win {
		return Result{Move: m, Score: Win - horizon, Depth: horizon}
	}
	defer func() { s.avoid = s.avoid[:0] }()
	reserve := budget / checkShare
	// When every move loses, the one that loses last.
	var latest games.Move
	latestPlies := -1
	for {
		res := s.best(ctx, p, hist, deadline.Add(-reserve), maxDepth, rng)
		if res.Move == 0 { // every move loses
			return Result{Move: latest, Score: -(Win - latestPlies - 1), Depth: horizon}
		}
		if horizon < 2 || ctx.Err() != nil || !time.Now().Before(deadline) {
			return res
		}
		lctx, cancel := context.WithDeadline(ctx, deadline)
		lost, plies := s.prover.LosesWithin(lctx, p, hist, res.Move, horizon-1)
		cancel()
		if !lost {
			return res
		}
		if plies > latestPlies {
			latest, latestPlies = res.Move, plies
		}
		s.avoid = append(s.avoid, res.Move)
		// What is left goes half to the next search, half to checking its move.
		reserve = time.Until(deadline) / 2
	}
}
