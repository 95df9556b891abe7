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
	proveShare = 16
	checkShare = 32
)

// maxHorizon bounds the prover's horizon: beyond it the budget is better spent searching.
const maxHorizon = 9

// proven is Best's decision: the prover looks for a forced win within the plies its share of the
// budget allows (the horizon; a deeper one is not begun when it would not end in the share); without one the search chooses, and the move it chose is checked
// for a forced loss within the same horizon. A losing move is left out and the search runs again
// on what time is left, until a move holds, the time is up, or every move loses (then the one that
// loses last is played).
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
