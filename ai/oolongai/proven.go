package oolongai

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// Proven reports whether a search score is a result the search proved (a win or a loss so many
// decisions away), not an estimate: the coach reads such a score as certain.
func Proven(score int) bool { return score >= winScore-maxPly || score <= -winScore+maxPly }

// proveShare is the part of a decision's budget the prover may take before the search (a forced
// win of our own); checkShare is what it keeps back after the search (a forced loss in the
// decision chosen), which is quicker: it runs to the horizon the first part reached, less a ply.
const (
	proveShare = 16
	checkShare = 32
)

// maxHorizon bounds the prover's horizon: beyond it the budget is better spent searching.
const maxHorizon = 9

// proven is Search's decision: the prover looks for a forced win within the plies its share of
// the budget allows (the horizon; a deeper one is not begun when it would not end in the share); without one the search chooses, and its decision is checked
// for a forced loss within the same horizon. A losing decision gives way to the next the search
// ranked that does not lose, or when every decision loses to the one that loses last.
func (sr *Searcher) proven(ctx context.Context, p *oolong.Position, legal []games.Move, start, deadline time.Time, maxDepth int, rng *rand.Rand) (games.Move, Info) {
	budget := deadline.Sub(start)
	share := budget / proveShare
	pctx, cancel := context.WithDeadline(ctx, start.Add(share))
	// Each horizon takes about growth times the last, so the next starts only when it should end
	// within the share; the rest of it goes to the search.
	const growth = 8
	horizon := 0
	for h, last := 1, time.Duration(0); h <= maxHorizon && time.Since(start)+growth*last < share; h++ {
		began := time.Now()
		win, m, done := sr.prover.OolongWinsWithin(pctx, *p, h)
		if win {
			cancel()
			return m, Info{Depth: done, Score: winScore - done}
		}
		if horizon = done; done < h {
			break
		}
		last = time.Since(began)
	}
	cancel()
	m, info := sr.search(ctx, p, legal, deadline.Add(-budget/checkShare), maxDepth, rng)
	if horizon < 2 || len(legal) == 1 {
		return m, info
	}
	// The search's choice first, then the others in the order it ranked them: the first that
	// does not lose by force within the horizon. When every one loses, the one that loses last;
	// when time runs out, the next unchecked one.
	lctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	var latest games.Move
	latestPlies := -1
	for i, c := range slices.Clone(sr.s.ranked) {
		if i > 0 && lctx.Err() != nil {
			return c, Info{Depth: info.Depth}
		}
		lost, plies := sr.prover.OolongLosesWithin(lctx, *p, c, horizon-1)
		if !lost {
			if i == 0 {
				return m, info
			}
			return c, Info{Depth: info.Depth}
		}
		if plies > latestPlies {
			latest, latestPlies = c, plies
		}
	}
	return latest, Info{Depth: horizon, Score: -winScore + latestPlies + 1}
}
