package ouriai

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"tabuleiro/ai/internal/bound"
	"time"

	"tabuleiro/games/ouri"
)

// Scores are from the side to move. A finished game (or one the database settles) scores beyond
// ±Decided, by the final store difference, so any result beats any estimate; estimates count
// eighths of a seed, well inside ±Decided.
const (
	Decided = 1000
	inf     = 30000
)

// Result is what a search found.
type Result struct {
	Move  int   // the mover's house, 0 = a
	Score int   // from the mover's side
	Depth int   // the last completed depth
	Nodes int64 // positions visited
}

// Search is an iterative-deepening alpha-beta searcher for Ouri with a transposition table and an
// optional endgame database. Make one per goroutine; reuse it between moves to keep the table's
// memory and, in a timed search, its scores (a search capped in depth clears it first, so its
// answer depends on its position alone).
type Search struct {
	DB     *DB  // probed at positions with few enough seeds when non-nil (ignored under misère)
	Misere bool // the smaller store wins
	// MaxDepth caps the iterative deepening (0: as deep as the time allows); a capped search
	// that finishes in time gives the same answer on any machine.
	MaxDepth int
	// Eval is the positional evaluation; nil estimates by the store difference alone. Misère
	// always estimates by the store difference (the weights are fitted for the normal game).
	Eval *Weights
	// NoPVS turns off principal-variation search (for comparisons).
	NoPVS bool
	// SoftShare is the share of the budget, in percent, after which no new depth starts; 0 means
	// 100: a depth cut short by the budget still counts when it found a better move, and time
	// left over is not kept for later decisions, so stopping early only throws it away.
	SoftShare int
	// TableDepth is the least remaining depth at which the table is used; 0 means 2.
	TableDepth int
	// TableBits sizes the transposition table (2^TableBits entries of 16 bytes); 0 means 20.
	TableBits int

	// NoHistory turns off the history heuristic (for comparisons).
	NoHistory bool
	// NoReductions searches late quiet moves at their full depth at once (for comparisons).
	NoReductions bool
	// Aspiration is the half-width, in eighths of a seed, of the window each depth from the
	// fifth on is first searched with, around the last depth's score; 0 means three seeds.
	Aspiration int

	tt       []ttEntry
	ttMask   uint64
	ttFor    ttUse      // what the table's scores were searched for
	eval     *evaluator // Eval, made fast
	history  [2][6]int  // quiet moves that refuted a position, weighted by depth²
	nodes    int64
	deadline time.Time
	ctx      context.Context
	stopped  bool
	guessed  bool // a score below came from an estimate, not from the end of the game
	// Repetition: the game's positions since its last capture, and the current line of play.
	game map[ouri.Position]int
	line []ouri.Position
}

// kid is a child of a node: the position a move leads to, the seeds it captures and the move, with
// the key the children are ordered by.
type kid struct {
	c   ouri.Position
	cap int8
	m   int8
	key int32
}

// order sows the moves of p in mask into kids, captures first (larger first), then quiet moves by
// history, then a..f, and returns how many there are.
func (s *Search) order(kids []kid, p *ouri.Position, mask uint8) int {
	n := 0
	for m := 0; m < 6; m++ {
		if mask&(1<<m) == 0 {
			continue
		}
		c, got := p.Sow(m)
		k := int32(got) << 20
		if got == 0 && !s.NoHistory {
			k = int32(min(s.history[p.ToMove][m], 1<<19))
		}
		kids[n] = kid{c, int8(got), int8(m), k}
		for j := n; j > 0 && kids[j].key > kids[j-1].key; j-- {
			kids[j], kids[j-1] = kids[j-1], kids[j]
		}
		n++
	}
	return n
}

// ttOwner is what a table's scores depend on besides the position and the game.
type ttOwner struct {
	rules  ouri.Rules
	misere bool
	db     *DB
	eval   *Weights
}

// ttUse is what a table was last searched for: its owner and the root it searched.
type ttUse struct {
	owner ttOwner
	root  ouri.Position
}

type ttEntry struct {
	key   uint64
	score int16
	depth int8
	bound bound.Bound
	move  int8
	exact bool // no estimate below: more depth cannot change the score
}

const ttBits = 20

// Best searches pos for at most budget (or until ctx ends) and returns the best move of the last
// completed depth. history is the game's positions since its last capture, pos last (as
// ouri.Game.History gives it); it may be nil. rng only breaks ties, so a seeded rng makes the
// answer deterministic whenever the search completes the same depths.
func (s *Search) Best(ctx context.Context, pos ouri.Position, history []ouri.Position, budget time.Duration, rng *rand.Rand) Result {
	start := time.Now()
	bits := s.TableBits
	if bits <= 0 {
		bits = ttBits
	}
	s.prepareTable(bits, ttOwner{pos.Rules, s.Misere, s.DB, s.Eval}, pos)
	if s.Eval != nil && (s.eval == nil || s.eval.w != *s.Eval) {
		s.eval = newEvaluator(s.Eval)
	}
	s.history = [2][6]int{}
	s.nodes, s.stopped, s.ctx = 0, false, ctx
	s.deadline = start.Add(budget)
	s.game = map[ouri.Position]int{}
	for _, q := range history {
		s.game[q]++
	}
	if len(history) == 0 {
		s.game[pos]++
	}
	s.line = s.line[:0]

	// Root moves: shuffled by the seed so ties fall differently per seed, then captures first.
	type rootMove struct {
		m     int
		child ouri.Position
		cap   int
	}
	var moves []rootMove
	mask := pos.LegalMask()
	for m := 0; m < 6; m++ {
		if mask&(1<<m) != 0 {
			c, got := pos.Sow(m)
			moves = append(moves, rootMove{m, c, got})
		}
	}
	if len(moves) == 0 {
		return Result{Move: -1}
	}
	if rng != nil {
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	}
	for i := 1; i < len(moves); i++ { // stable: captures, larger first
		for j := i; j > 0 && moves[j].cap > moves[j-1].cap; j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	res := Result{Move: moves[0].m, Score: -inf}
	if len(moves) == 1 {
		return res
	}
	last := maxDepth
	if s.MaxDepth > 0 {
		last = min(s.MaxDepth, maxDepth)
	}
	for depth := 1; depth <= last; depth++ {
		lo, hi := -inf, inf
		if depth > 4 && res.Score > -Decided && res.Score < Decided {
			// Aspiration: a narrow window around the last score first, widened on the side the
			// score falls out of.
			w := s.Aspiration
			if w <= 0 {
				w = aspiration
			}
			lo, hi = res.Score-w, res.Score+w
		}
		var best, bestScore int
		for {
			best, bestScore = -1, -inf
			alpha := lo
			s.guessed = false
			for i, rm := range moves {
				var v int
				if i == 0 || s.NoPVS {
					v = s.child(&pos, rm.child, rm.cap, 0, true, depth-1, alpha, hi)
				} else {
					// Principal-variation search: prove the move no better than the best so far with a
					// null window, and search it fully only when it is.
					v = s.child(&pos, rm.child, rm.cap, 0, true, depth-1, alpha, alpha+1)
					if v > alpha && v < hi && !s.stopped {
						v = s.child(&pos, rm.child, rm.cap, 0, true, depth-1, alpha, hi)
					}
				}
				if s.stopped {
					break
				}
				if v > bestScore {
					best, bestScore = i, v
					alpha = max(alpha, v)
				}
				if v >= hi {
					break
				}
			}
			if s.stopped {
				if bestScore <= lo {
					best = -1 // only bounds: nothing learnt
				}
				break
			}
			if bestScore <= lo && lo > -inf {
				lo = -inf
				continue
			}
			if bestScore >= hi && hi < inf {
				hi = inf
				continue
			}
			break
		}
		if s.stopped {
			// An unfinished depth still tells something when a move beat the previous best, which
			// it searched first, in full: that move is better at this depth.
			if best > 0 {
				res = Result{Move: moves[best].m, Score: bestScore, Depth: depth - 1}
			}
			break
		}
		// The best move goes first next time; the rest keep their order.
		bm := moves[best]
		copy(moves[1:best+1], moves[:best])
		moves[0] = bm
		res = Result{Move: bm.m, Score: bestScore, Depth: depth}
		if !s.guessed {
			break // every line was played to its end: more depth cannot change the score
		}
		if s.SoftShare > 0 && time.Since(start) > budget*time.Duration(s.SoftShare)/100 {
			break // the next depth would most likely not get far
		}
	}
	res.Nodes = s.nodes
	return res
}

const maxDepth = 100

// prepareTable readies the transposition table of 2^size entries for a search of root for owner.
// The table is kept from one move to the next of a game in a timed search: the last move's
// search, two plies deeper, gives this one a head start (about a ply at 100 ms). Any other search
// starts from a clear table: one capped in depth, so that its answer depends on its position
// alone; one for another rule set, objective, database or evaluation, whose scores are not this
// one's; and one of another game, whose repetitions were not this one's.
func (s *Search) prepareTable(size int, owner ttOwner, root ouri.Position) {
	switch {
	case len(s.tt) != 1<<size:
		s.tt = make([]ttEntry, 1<<size)
	case s.MaxDepth > 0 || s.ttFor.owner != owner || !follows(s.ttFor.root, root, 3):
		clear(s.tt)
	}
	s.ttMask = 1<<size - 1
	s.ttFor = ttUse{owner, root}
}

// follows reports whether to is from, or comes after it within plies sowings.
func follows(from, to ouri.Position, plies int) bool {
	if from == to {
		return true
	}
	if plies == 0 {
		return false
	}
	for m := from.LegalMask(); m != 0; m &= m - 1 {
		if c, _ := from.Sow(bits.TrailingZeros8(m)); follows(c, to, plies-1) {
			return true
		}
	}
	return false
}

const (
	// aspiration is Search.Aspiration's default: three seeds.
	aspiration = 3 * evalScale
	// captureDepth is how many plies of captures the leaves play out before they are estimated.
	captureDepth = 4
)

// scratch stands in for a table entry where the table is not used (never read).
var scratch ttEntry

func (s *Search) ttDepth() int {
	if s.TableDepth > 0 {
		return s.TableDepth
	}
	return 2
}

// child scores the move from p to c (capturing captured seeds) for p's mover. base is where the
// positions since the last capture start on the line; gameLive says the line has not captured
// yet, so the game's own positions can still come back.
func (s *Search) child(p *ouri.Position, c ouri.Position, captured, base int, gameLive bool, depth, alpha, beta int) int {
	if captured > 0 {
		base, gameLive = len(s.line), false
	}
	if c.ToMove == p.ToMove { // an Ouri grand slam: the capturer moves again
		return s.node(c, base, gameLive, depth, alpha, beta)
	}
	return -s.node(c, base, gameLive, depth, -beta, -alpha)
}

// final scores a finished game for the side to move of p (stores already final).
func (s *Search) final(p *ouri.Position) int {
	return s.decided(int(p.Stores[p.ToMove]) - int(p.Stores[1-p.ToMove]))
}

// won scores a game a store has won for the side to move of p. The seeds left count for the side
// that reached 25, as they would have had the game gone on: a loss at once then costs the most,
// so hard holds out, and wins come sooner.
func (s *Search) won(p *ouri.Position) int {
	me, op := int(p.Stores[p.ToMove]), int(p.Stores[1-p.ToMove])
	left := ouri.Seeds - me - op
	if me > op {
		return s.decided(me + left - op)
	}
	return s.decided(me - op - left)
}

// decided turns a final store difference (mover minus opponent) into a score.
func (s *Search) decided(d int) int {
	if s.Misere {
		d = -d
	}
	switch {
	case d > 0:
		return Decided + d
	case d < 0:
		return -Decided + d
	}
	return 0
}

// estimate scores an unfinished position, in eighths of a seed, well inside ±Decided, and gives
// the sowings that capture (as captures does) among its legal ones.
func (s *Search) estimate(p *ouri.Position, legal uint8) (int, uint8) {
	if s.Eval == nil || s.Misere {
		d := int(p.Stores[p.ToMove]) - int(p.Stores[1-p.ToMove])
		if s.Misere {
			d = -d
		}
		_, capturing := capturesAmong(p, legal)
		return d * evalScale, capturing
	}
	v, capturing := s.eval.evaluate(p, legal)
	return max(-Decided+1, min(Decided-1, v)), capturing
}

// node searches p for its side to move.
func (s *Search) node(p ouri.Position, base int, gameLive bool, depth, alpha, beta int) int {
	s.nodes++
	if s.nodes&2047 == 0 && (time.Now().After(s.deadline) || s.ctx.Err() != nil) {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	if p.Won() {
		return s.won(&p)
	}
	// A position coming back is taken as the cycle it starts, which the third occurrence ends
	// with each side collecting its own seeds. Without a capture the movers alternate, so only
	// every other position of the line can be p.
	for i := len(s.line) - 2; i >= base; i -= 2 {
		if s.line[i] == p {
			c := p.Collect()
			return s.final(&c)
		}
	}
	if gameLive && s.game[p] > 0 {
		c := p.Collect()
		return s.final(&c)
	}
	mask := p.LegalMask()
	if mask == 0 {
		c := p.Collect()
		return s.final(&c)
	}
	// The database settles a position unless its value depends on repetition; then its bounds
	// may still cut, else the search goes on and plays the cycles out under the real rule.
	bounded, lo, hi := false, 0, 0
	if s.DB != nil && !s.Misere {
		if l, h, ok := s.DB.Bounds(&p); ok {
			d := int(p.Stores[p.ToMove]) - int(p.Stores[1-p.ToMove])
			if l == h {
				return s.decided(d + l)
			}
			if v := s.decided(d + h); v <= alpha {
				return v
			}
			if v := s.decided(d + l); v >= beta {
				return v
			}
			bounded, lo, hi = true, (d+l)*evalScale, (d+h)*evalScale
		}
	}
	if depth <= 0 {
		s.guessed = true
		v, capturing := s.estimate(&p, mask)
		if bounded {
			v = max(lo, min(hi, v))
		}
		if depth <= -captureDepth || v >= beta || capturing == 0 {
			return v
		}
		// The estimate cannot see a capture coming: the mover may stand on it or capture, and
		// the captures are played out.
		best := v
		alpha = max(alpha, v)
		s.line = append(s.line, p)
		for ; capturing != 0; capturing &= capturing - 1 {
			c, got := p.Sow(bits.TrailingZeros8(capturing))
			w := s.child(&p, c, got, base, gameLive, depth-1, alpha, beta)
			if s.stopped {
				break
			}
			if w > best {
				best = w
				if w > alpha {
					alpha = w
					if w >= beta {
						break
					}
				}
			}
		}
		s.line = s.line[:len(s.line)-1]
		if s.stopped {
			return 0
		}
		return best
	}

	// The table pays from two plies above the leaves: nearer, a probe costs about what it saves.
	useTT := depth >= s.ttDepth()
	var key uint64
	e := &scratch
	if useTT {
		key = p.Hash()
		e = &s.tt[key&s.ttMask]
	}
	ttMove := -1
	if useTT && e.key == key {
		ttMove = int(e.move)
		if int(e.depth) >= depth {
			if v := int(e.score); e.bound.Settles(v, alpha, beta) {
				s.guessed = s.guessed || !e.exact
				return v
			}
		}
	}

	// Children: the table's move first, alone, for when it refutes the position the others are
	// never sown; then captures (larger first), quiet moves by history, a..f.
	var kids [6]kid
	var n int
	var later uint8 // the moves sown only if the table's move does not refute p
	if ttMove >= 0 && mask&(1<<ttMove) != 0 {
		c, got := p.Sow(ttMove)
		kids[0] = kid{c: c, cap: int8(got), m: int8(ttMove)}
		n, later = 1, mask&^(1<<ttMove)
	} else {
		n = s.order(kids[:], &p, mask)
	}

	s.line = append(s.line, p)
	alpha0 := alpha
	guessed := s.guessed
	s.guessed = false
	best, bestMove := -inf, int(kids[0].m)
	for i := 0; i < n; i++ {
		k := &kids[i]
		var v int
		if i >= 2 && depth >= 3 && beta-alpha == 1 && k.cap == 0 && int(k.m) != ttMove && !s.NoReductions {
			// A late quiet move in a null window is first searched a ply shallower (two from the
			// fourth move on, six plies from the leaves); it gets its full depth only if it beats
			// alpha anyway.
			r := 1
			if i >= 3 && depth >= 6 {
				r = 2
			}
			v = s.child(&p, k.c, int(k.cap), base, gameLive, depth-1-r, alpha, beta)
			if v > alpha && !s.stopped {
				v = s.child(&p, k.c, int(k.cap), base, gameLive, depth-1, alpha, beta)
			}
		} else if i == 0 || s.NoPVS || beta-alpha == 1 {
			v = s.child(&p, k.c, int(k.cap), base, gameLive, depth-1, alpha, beta)
		} else {
			v = s.child(&p, k.c, int(k.cap), base, gameLive, depth-1, alpha, alpha+1)
			if v > alpha && v < beta && !s.stopped {
				v = s.child(&p, k.c, int(k.cap), base, gameLive, depth-1, alpha, beta)
			}
		}
		if s.stopped {
			break
		}
		if v > best {
			best, bestMove = v, int(k.m)
			if v > alpha {
				alpha = v
				if v >= beta {
					if k.cap == 0 {
						s.history[p.ToMove][k.m] += depth * depth
					}
					break
				}
			}
		}
		if i == 0 && later != 0 {
			n += s.order(kids[1:], &p, later)
		}
	}
	s.line = s.line[:len(s.line)-1]
	if s.stopped {
		return 0
	}
	if useTT {
		*e = ttEntry{key: key, score: int16(best), depth: int8(depth), bound: bound.Of(best, alpha0, beta),
			move: int8(bestMove), exact: !s.guessed}
	}
	s.guessed = s.guessed || guessed
	return best
}
