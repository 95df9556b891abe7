package ordoai

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"tabuleiro/ai/prove"
	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// proveShare is the part of a decision's budget the prover may take before the search (a forced
// win of our own); checkShare is what it keeps back after the search (a forced loss in the move
// chosen), which is quicker: it runs to the horizon the first part reached, less a ply.
const (
	proveShare = 16
	checkShare = 32
)

// maxHorizon bounds the prover's horizon: beyond it the budget is better spent searching.
const maxHorizon = 9

// proven is Best's decision: the prover looks for a forced win within the plies its share of the
// budget allows (the horizon; a deeper one is not begun when it would not end in the share);
// without one the search chooses, and the move it chose is checked for a forced loss within the
// same horizon. A losing move gives way to the next the search ranked that does not lose, or when
// every move loses to the one that loses last.
func (s *Search) proven(ctx context.Context, p ordo.Position, hist []uint64, start time.Time, budget time.Duration, maxDepth int, rng *rand.Rand) Result {
	if s.prover == nil {
		s.prover = prove.NewProver()
	}
	deadline := start.Add(budget)
	share := budget / proveShare
	pctx, cancel := context.WithDeadline(ctx, start.Add(share))
	// A win comes on our own plies: odd horizons. Each takes about growth times the last, so the
	// next starts only when it should end within the share; the rest of it goes to the search.
	const growth = 12
	horizon := 0
	for h, last := 1, time.Duration(0); h <= maxHorizon && time.Since(start)+growth*last < share; h += 2 {
		began := time.Now()
		win, m, done := s.prover.WinsWithin(pctx, p, hist, h)
		if win {
			cancel()
			return Result{Move: m, Score: Win - done, Depth: done}
		}
		if horizon = done; done < h {
			break
		}
		last = time.Since(began)
	}
	cancel()
	res := s.best(ctx, p, hist, deadline.Add(-budget/checkShare), maxDepth, rng)
	if horizon < 2 || len(s.ranked) < 2 {
		return res
	}
	// The search's choice first, then the others in the order it ranked them: the first that
	// does not lose by force within the horizon. When every one loses, the one that loses last;
	// when time runs out, the next unchecked one.
	lctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	var latest games.Move
	latestPlies := -1
	for i, m := range slices.Clone(s.ranked) {
		if i > 0 && lctx.Err() != nil {
			return Result{Move: m, Depth: res.Depth, Nodes: res.Nodes}
		}
		lost, plies := s.prover.LosesWithin(lctx, p, hist, m, horizon-1)
		if !lost {
			if i == 0 {
				return res
			}
			return Result{Move: m, Depth: res.Depth, Nodes: res.Nodes}
		}
		if plies > latestPlies {
			latest, latestPlies = m, plies
		}
	}
	return Result{Move: latest, Score: -(Win - latestPlies - 1), Depth: horizon, Nodes: res.Nodes}
}
