package oolongai

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"tabuleiro/ai/internal/bound"
	"tabuleiro/ai/prove"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// Info reports what a search did.
type Info struct {
	Nodes uint64 // positions visited
	Depth int    // deepest iteration completed (decisions, specials included)
	Score int    // the chosen decision's value for the player to move, from the last iteration
}

const (
	maxPly = 64
	ttBits = 16
	// keptBits sizes a Searcher's table, which is kept from decision to decision: the search of
	// the game's last decision has already scored much of what the next one meets (Oolong never
	// repeats a position, so what an entry says holds wherever it is met again).
	keptBits = 18
	wideNode = 24 // below the root, nodes with more decisions keep only this many, best first
	// checkEvery is how many nodes pass between looks at the clock and the context.
	checkEvery = 512
)

type ttEntry struct {
	key   uint64
	move  games.Move
	score int32
	depth int8
	bound bound.Bound
}

type searcher struct {
	ranked   []games.Move // the root decisions of the last search, best first
	ctx      context.Context
	deadline time.Time
	nodes    uint64
	// nextCheck is the node count at which to look at the clock and the context again.
	nextCheck uint64
	stopped   bool
	noPVS     bool // every decision searched with the full window (for comparisons)
	tt        []ttEntry
	bufs      [maxPly][oolong.MaxDecisions]games.Move
	keys      [maxPly][oolong.MaxDecisions]uint64
}

// Search runs iterative-deepening alpha-beta (negamax by seat: the player to move is asked at
// every node, since a special's actor may move twice in a row) until deadline or ctx ends, and
// returns the best decision of the deepest iteration, or a better one proven in the unfinished
// iteration. legal must be p's decisions; rng breaks ties between equal root decisions, so the
// result is deterministic for a seed up to how far the search got.
func Search(ctx context.Context, p *oolong.Position, legal []games.Move, deadline time.Time, rng *rand.Rand) (games.Move, Info) {
	s := newSearcher(ctx, deadline)
	defer s.release()
	return s.root(p, legal, rng, maxPly)
}

// SearchDepth is Search to a fixed depth with no clock, for tests and benchmarks.
func SearchDepth(p *oolong.Position, legal []games.Move, depth int, rng *rand.Rand) (games.Move, Info) {
	s := newSearcher(context.Background(), time.Time{})
	defer s.release()
	return s.root(p, legal, rng, depth)
}

// Searcher is one search's reusable memory (its transposition table and buffers), for callers
// that keep their own searchers instead of the package's pool. It is not safe for concurrent use.
type Searcher struct {
	s      searcher
	prover *prove.Prover
}

// NewSearcher makes a Searcher.
func NewSearcher() *Searcher {
	return &Searcher{s: searcher{tt: make([]ttEntry, 1<<keptBits)}, prover: prove.NewProver()}
}

// Search is the package's Search on sr's memory, with the prover making sure of what is exact
// within its share of the time (oolongai/proven.go): a forced win within its horizon is played,
// and a decision that loses by force within it is not.
func (sr *Searcher) Search(ctx context.Context, p *oolong.Position, legal []games.Move, deadline time.Time, rng *rand.Rand) (games.Move, Info) {
	return sr.proven(ctx, p, legal, time.Now(), deadline, maxPly, rng)
}

// search is Search without the prover, on the table the last search left.
func (sr *Searcher) search(ctx context.Context, p *oolong.Position, legal []games.Move, deadline time.Time, maxDepth int, rng *rand.Rand) (games.Move, Info) {
	s := &sr.s
	s.ctx, s.deadline, s.nodes, s.nextCheck, s.stopped = ctx, deadline, 0, 0, false
	defer func() { s.ctx = nil }()
	return s.root(p, legal, rng, maxDepth)
}

// searchers keeps the megabytes of buffers between searches. The transposition table is cleared
// each time, so a search never depends on the ones before it.
var searchers = sync.Pool{New: func() any { return &searcher{tt: make([]ttEntry, 1<<ttBits)} }}

func newSearcher(ctx context.Context, deadline time.Time) *searcher {
	s := searchers.Get().(*searcher)
	clear(s.tt)
	s.ctx, s.deadline, s.nodes, s.nextCheck, s.stopped = ctx, deadline, 0, 0, false
	return s
}

// release returns s to the pool without holding on to the caller's context.
func (s *searcher) release() {
	s.ctx = nil
	searchers.Put(s)
}

type rootMove struct {
	m     games.Move
	score int
}

func (s *searcher) root(p *oolong.Position, legal []games.Move, rng *rand.Rand, maxDepth int) (games.Move, Info) {
	me := p.ToMove()
	moves := make([]rootMove, len(legal))
	for i, m := range legal {
		c := *p
		c.Apply(m)
		moves[i] = rootMove{m, s.childValue(&c, me, 0)}
	}
	// Shuffle first so the stable sorts below break ties by the seed.
	rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	slices.SortStableFunc(moves, func(a, b rootMove) int { return b.score - a.score })
	info := Info{Score: moves[0].score}
	best := moves[0].m
	if len(moves) == 1 || moves[0].score >= winScore-maxPly {
		s.rank(moves, best)
		return best, info
	}
	for depth := 1; depth <= maxDepth; depth++ {
		alpha := -winScore - 1
		iterBest := -1
		for i := range moves {
			c := *p
			c.Apply(moves[i].m)
			var v int
			switch {
			case c.Over():
				v = terminal(&c, me, 1)
			case iterBest < 0 || s.noPVS:
				v = s.child(&c, me, depth-1, alpha, winScore+1, 1)
			default:
				// The first decision set alpha: the others need only be shown no better, and
				// are searched again with the full window when they are.
				v = s.child(&c, me, depth-1, alpha, alpha+1, 1)
				if v > alpha && !s.stopped {
					v = s.child(&c, me, depth-1, alpha, winScore+1, 1)
				}
			}
			if s.stopped {
				// The decisions searched in full this iteration were compared with the previous
				// best (searched first): the best of them is proven at this depth.
				if iterBest >= 0 {
					best, info.Score = moves[iterBest].m, moves[iterBest].score
				}
				info.Nodes = s.nodes
				s.rank(moves, best)
				return best, info
			}
			if v > alpha {
				alpha, iterBest = v, i
				moves[i].score = v
			} else {
				moves[i].score = -winScore - 2 // at most alpha: behind the ones known better
			}
		}
		slices.SortStableFunc(moves, func(a, b rootMove) int { return b.score - a.score })
		best, info.Score, info.Depth = moves[0].m, moves[0].score, depth
		if moves[0].score >= winScore-maxPly || moves[0].score <= -winScore+maxPly {
			break // the result is proven
		}
	}
	info.Nodes = s.nodes
	s.rank(moves, best)
	return best, info
}

// rank keeps the root decisions in the order the search last ranked them, best first, for the
// prover to fall back on (oolongai/proven.go).
func (s *searcher) rank(moves []rootMove, best games.Move) {
	s.ranked = append(s.ranked[:0], best)
	for _, rm := range moves {
		if rm.m != best {
			s.ranked = append(s.ranked, rm.m)
		}
	}
}

// childValue is a one-ply value of child c for me, used to order decisions.
func (s *searcher) childValue(c *oolong.Position, me games.Seat, ply int) int {
	if c.Over() {
		return terminal(c, me, ply+1)
	}
	return evaluate(c, me)
}

func (s *searcher) expired() bool {
	if s.stopped {
		return true
	}
	if s.nodes >= s.nextCheck {
		s.nextCheck = s.nodes + checkEvery
		if s.ctx.Err() != nil || (!s.deadline.IsZero() && time.Now().After(s.deadline)) {
			s.stopped = true
		}
	}
	return s.stopped
}

// search is the value of p for the player to move there, within (alpha, beta).
func (s *searcher) search(p *oolong.Position, depth, alpha, beta, ply int) int {
	s.nodes++
	if s.expired() {
		return 0
	}
	me := p.ToMove()
	if depth <= 0 || ply >= maxPly-1 {
		return evaluate(p, me)
	}
	key := p.Hash()
	e := &s.tt[key&uint64(len(s.tt)-1)]
	var ttMove games.Move
	if e.key == key {
		ttMove = e.move
		if int(e.depth) >= depth {
			if v := fromTT(int(e.score), ply); e.bound.Settles(v, alpha, beta) {
				return v
			}
		}
	}
	origAlpha := alpha
	best, bestMove := -winScore-1, ttMove
	store := func() int {
		*e = ttEntry{key: key, move: bestMove, score: int32(toTT(best, ply)), depth: int8(depth), bound: bound.Of(best, origAlpha, beta)}
		return best
	}
	// The decision the table remembers is searched before the others are generated and ordered:
	// it often refutes the node alone, and the one-ply evaluation of every child is then saved.
	searched := 0
	if ttMove != 0 {
		c := *p
		c.Apply(ttMove)
		v := s.value(&c, me, depth-1, alpha, beta, ply)
		if s.stopped {
			return 0
		}
		searched++
		best = v
		if v > alpha {
			alpha = v
			if alpha >= beta {
				return store()
			}
		}
	}
	moves := p.AppendDecisions(s.bufs[ply][:0])
	if depth == 1 {
		// The children are leaves: each is evaluated once, in the order generated, and the
		// beam would only leave some out.
		for _, m := range moves {
			if m == ttMove {
				continue
			}
			c := *p
			c.Apply(m)
			v := s.value(&c, me, 0, alpha, beta, ply)
			if v > best {
				best, bestMove = v, m
				if v > alpha {
					alpha = v
					if alpha >= beta {
						break
					}
				}
			}
		}
		if s.stopped {
			return 0
		}
		return store()
	}
	keys := s.keys[ply][:0]
	for _, m := range moves {
		if m == ttMove {
			continue
		}
		c := *p
		c.Apply(m)
		v := s.childValue(&c, me, ply)
		// Descending by value, then by move: one sort of packed keys, no allocation.
		keys = append(keys, uint64(uint32(-v+1<<31))<<32|uint64(m))
	}
	slices.Sort(keys)
	if len(keys) > wideNode-searched {
		keys = keys[:wideNode-searched]
	}
	for _, k := range keys {
		m := games.Move(uint32(k))
		c := *p
		c.Apply(m)
		var v int
		switch {
		case c.Over():
			v = terminal(&c, me, ply+1)
		case searched == 0 || s.noPVS:
			v = s.child(&c, me, depth-1, alpha, beta, ply+1)
		default:
			// Principal-variation search: the first decision, ordered best, is searched in full;
			// the others only shown no better with a null window, and searched again when they are.
			v = s.child(&c, me, depth-1, alpha, alpha+1, ply+1)
			if v > alpha && v < beta && !s.stopped {
				v = s.child(&c, me, depth-1, alpha, beta, ply+1)
			}
		}
		if s.stopped {
			return 0
		}
		searched++
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return store()
}

// value is the value for me of c, the position after one of my decisions at ply, searched to
// depth within (alpha, beta).
func (s *searcher) value(c *oolong.Position, me games.Seat, depth, alpha, beta, ply int) int {
	if c.Over() {
		return terminal(c, me, ply+1)
	}
	return s.child(c, me, depth, alpha, beta, ply+1)
}

// child is the value for me of c, a position after one of my decisions, within (alpha, beta):
// a special may leave me to move again.
func (s *searcher) child(c *oolong.Position, me games.Seat, depth, alpha, beta, ply int) int {
	if c.ToMove() == me {
		return s.search(c, depth, alpha, beta, ply)
	}
	return -s.search(c, depth, -beta, -alpha, ply)
}

// Scores of wins are stored relative to the node, not the root.
func toTT(v, ply int) int {
	switch {
	case v >= winScore-maxPly*2:
		return v + ply
	case v <= -winScore+maxPly*2:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v >= winScore-maxPly*2:
		return v - ply
	case v <= -winScore+maxPly*2:
		return v + ply
	}
	return v
}
