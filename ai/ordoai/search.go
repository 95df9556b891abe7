package ordoai

import (
	"context"
	"math/rand/v2"
	"tabuleiro/ai/internal/bound"
	"time"

	"tabuleiro/ai/prove"
	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// Scores: a win found k plies from the root is Win−k, so shorter wins score higher.
const (
	Win     = 1_000_000
	winZone = Win - 1000
	inf     = Win + 1
)

const (
	maxPly     = 64
	ttBits     = 18
	checkEvery = 1024 // nodes between looks at the clock and the context
	maxQExt    = 4    // threat extensions allowed below a leaf
)

// Result is what a search found.
type Result struct {
	Move  games.Move // the move to play; 0 only when the position has no legal move
	Score int        // its value for the side to move, from the deepest completed iteration
	Depth int        // deepest iteration completed
	Nodes uint64     // positions visited
}

type ttEntry struct {
	key   uint64
	move  games.Move
	score int32
	depth int8
	bound bound.Bound
	gen   uint8 // the search that stored it
}

// Search holds the reusable tables of one search at a time; reuse it (a sync.Pool) to spare the
// allocation of the transposition table and to keep what it learnt for the game's next decision.
// It is not safe for concurrent use.
type Search struct {
	tt      []ttEntry
	leaves  []leafEntry
	killers [maxPly][2]games.Move
	history [2][128][128]int32
	bufs    [maxPly][256]games.Move
	scores  [maxPly][256]int32
	path    []uint64 // game history since the last capture, then the search path
	// ranked is the last search's root moves, in the order it last ranked them (best first), for
	// the prover to fall back on (ordoai/proven.go).
	ranked []games.Move
	prover *prove.Prover
	// NoNull turns off the null-move pruning (for comparisons).
	NoNull bool
	nulled [maxPly]bool // the move into ply+1 was a pass (a null move)
	// taken is, by ply, the mover's piece the move into it captured (NoSquare: none), or
	// unknownTaken at the root: a mover whose piece was not taken is still connected.
	taken [maxPly]ordo.Square

	ctx      context.Context
	deadline time.Time
	nodes    uint64
	stopped  bool
	gen      uint8 // counts the searches, so the table can tell this one's entries from older ones
}

// NewSearch makes a Search.
func NewSearch() *Search {
	return &Search{tt: make([]ttEntry, 1<<ttBits), leaves: make([]leafEntry, 1<<leafBits)}
}

// History is the hashes of the positions since the last capture of the game whose log is given,
// the current position last: what the repetition draw looks at.
func History(log []games.Move) []uint64 {
	p := ordo.Start()
	h := []uint64{p.Hash}
	for _, m := range log {
		p = p.Play(m)
		if ordo.IsCapture(m) {
			h = h[:0]
		}
		h = append(h, p.Hash)
	}
	return h
}

// reset readies s for a new search. The transposition table is kept: the last search of the same
// game (two plies ago, usually) has already scored many of the positions the next one meets, and
// entries of other games only take room.
func (s *Search) reset(ctx context.Context, deadline time.Time, hist []uint64) {
	s.killers = [maxPly][2]games.Move{}
	s.nulled = [maxPly]bool{}
	s.taken[0] = unknownTaken
	s.history = [2][128][128]int32{}
	s.path = append(s.path[:0], hist...)
	s.ctx, s.deadline, s.nodes, s.stopped = ctx, deadline, 0, false
	s.gen++
}

// Best searches p for up to budget (and until ctx ends) and returns the best move of the deepest
// completed iteration. hist is the game's hashes since the last capture, p's last (nil: none);
// rng orders the root moves, so equal moves are chosen by the seed.
// Within its budget the prover makes sure of what is exact (ordoai/proven.go): a forced win
// within its horizon is played, and a move that loses by force within it is not.
func (s *Search) Best(ctx context.Context, p ordo.Position, hist []uint64, budget time.Duration, rng *rand.Rand) Result {
	return s.proven(ctx, p, hist, time.Now(), budget, maxPly-8, rng)
}

// Depth searches p to a fixed depth, without a clock (tests and benchmarks).
func (s *Search) Depth(p ordo.Position, hist []uint64, depth int, rng *rand.Rand) Result {
	return s.best(context.Background(), p, hist, time.Time{}, depth, rng)
}

func (s *Search) best(ctx context.Context, p ordo.Position, hist []uint64, deadline time.Time, maxDepth int, rng *rand.Rand) Result {
	if len(hist) == 0 {
		hist = []uint64{p.Hash}
	}
	s.reset(ctx, deadline, hist)
	var buf [256]games.Move
	moves := p.Moves(buf[:0])
	s.ranked = s.ranked[:0]
	if len(moves) == 0 {
		return Result{}
	}
	rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	res := Result{Move: moves[0]}
	// A win at once needs no search; prefer the one that also ends the game soonest (any does).
	for _, m := range moves {
		if p.WinsAtOnce(m) {
			return Result{Move: m, Score: Win - 1, Depth: 1, Nodes: 1}
		}
	}
	// Root ordering: static guess first, then each iteration's best first.
	scores := make([]int32, len(moves))
	for i, m := range moves {
		scores[i] = s.orderScore(&p, m, 0)
	}
	sortMoves(moves, scores)
	var iterScore [maxPly + 1]int
	for depth := 1; depth <= maxDepth; depth++ {
		// Aspiration: from depth 4 on, the window is first narrowed around the score of the
		// iteration two plies shallower (the last one swings with the side that moves last), and
		// widened toward whichever side it failed on.
		alpha, beta, delta := -inf, inf, aspiration
		if depth >= 4 {
			if c := iterScore[depth-2]; c > -winZone && c < winZone {
				alpha, beta = c-delta, c+delta
			}
		}
		var bestIdx, bestScore int
		for {
			bestIdx, bestScore = s.root(&p, moves, depth, alpha, beta)
			if s.stopped || bestScore > alpha && bestScore < beta {
				break
			}
			delta *= 4
			if bestScore <= alpha {
				alpha = max(-inf, bestScore-delta)
				continue
			}
			// A move that failed high is better than the last choice even if time runs out
			// before the wider window has scored it.
			beta = min(inf, bestScore+delta)
			m := moves[bestIdx]
			copy(moves[1:bestIdx+1], moves[:bestIdx])
			moves[0] = m
			res.Move, res.Score = m, bestScore
		}
		// An unfinished iteration still counts when its best beat the window's floor (the moves
		// before it were searched in full, the last best first, so it is at least as good as the
		// last iteration's); when it is the last iteration's best, it stays the choice.
		if bestIdx > 0 && bestScore > alpha || bestIdx == 0 && !s.stopped {
			res.Move, res.Score = moves[bestIdx], bestScore
			if !s.stopped {
				res.Depth = depth
				iterScore[depth] = bestScore
			}
			m := moves[bestIdx]
			copy(moves[1:bestIdx+1], moves[:bestIdx])
			moves[0] = m
		}
		if s.stopped || bestScore >= winZone || bestScore <= -winZone {
			break
		}
	}
	s.ranked = append(s.ranked, moves...)
	res.Nodes = s.nodes
	return res
}

// aspiration is the half-width of the first window of an iteration, around the score of the one
// two plies shallower.
const aspiration = 50

// root searches the root moves in order in the window (alpha, beta): the first in full, the others
// in a null window first. It returns the best one's index (−1 when stopped before any) and score,
// stopping at the first that reaches beta.
func (s *Search) root(p *ordo.Position, moves []games.Move, depth, alpha, beta int) (int, int) {
	bestIdx, bestScore := -1, -inf
	for i, m := range moves {
		v := s.child(p, m, depth, alpha, beta, 0, 0, i == 0, 0)
		if s.stopped {
			break
		}
		if v > bestScore {
			bestScore, bestIdx = v, i
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return bestIdx, bestScore
}

// repeats reports whether h already occurred in the game since the last capture or on the path:
// going back there is scored a draw (either side may repeat it a third time).
func (s *Search) repeats(h uint64) bool {
	for _, x := range s.path {
		if x == h {
			return true
		}
	}
	return false
}

func (s *Search) poll() bool {
	if s.nodes%checkEvery == 0 {
		if s.ctx.Err() != nil || !s.deadline.IsZero() && time.Now().After(s.deadline) {
			s.stopped = true
		}
	}
	return s.stopped
}

// negamax scores p for its side to move. ext counts the threat extensions used on this path.
func (s *Search) negamax(p *ordo.Position, depth, alpha, beta, ply, ext int) int {
	s.nodes++
	if s.poll() {
		return 0
	}
	if ply >= maxPly-1 {
		return Eval(p)
	}
	me := p.Side
	if depth <= 0 {
		// Leaf: a win at once is certain; a threat against us, or our own disconnection, is
		// answered by one more ply; otherwise the evaluation.
		switch kind, v := s.leaf(p, ply); {
		case kind == leafWin:
			return Win - ply - 1
		case kind == leafQuiet:
			return v
		case ext >= maxQExt:
			return Eval(p)
		}
		depth, ext = 1, ext+1
	}
	alpha0 := alpha
	var ttMove games.Move
	if e := s.probe(p.Hash); e != nil {
		ttMove = e.move
		if int(e.depth) >= depth {
			if v := fromTT(int(e.score), ply); e.bound.Settles(v, alpha, beta) {
				return v
			}
		}
	}
	// Null move: a quiet position whose evaluation already beats beta, where we would still beat
	// it after passing a turn searched shallower, is taken to beat it (Ordo has no zugzwang to
	// speak of: a move rarely makes things worse than none). Not twice in a row, nor in the
	// principal variation, nor near the horizon, nor when either side threatens.
	// A quiet node of a null window is also where late moves are reduced or left out.
	quiet := false
	if beta-alpha == 1 && ply > 0 {
		kind, v := s.leaf(p, ply)
		quiet = kind == leafQuiet
		if depth >= 3 && quiet && v >= beta && !s.NoNull && !s.nulled[ply-1] && beta < winZone {
			c := *p
			c.Side = me.Other()
			c.Hash ^= sideKey
			s.nulled[ply] = true
			s.taken[ply+1] = ordo.NoSquare
			s.path = append(s.path, c.Hash)
			v := -s.negamax(&c, depth-1-nullR, -beta, -beta+1, ply+1, ext)
			s.path = s.path[:len(s.path)-1]
			s.nulled[ply] = false
			if s.stopped {
				return 0
			}
			if v >= beta {
				return beta
			}
		}
	}
	best, bestMove := -inf, games.Move(0)
	// The table's move is tried before the moves are generated: when it cuts off, as it mostly
	// does, generating and ordering the others is spared. A win at once must be ruled out first;
	// taking the last enemy piece is left to the loop below.
	triedTT := false
	if ttMove != 0 && p.Pieces[me.Other()].Count() > 1 && !s.winsNow(p, ply) {
		v := s.child(p, ttMove, depth, alpha, beta, ply, ext, true, 0)
		if s.stopped {
			return 0
		}
		best, bestMove, triedTT = v, ttMove, true
		if v > alpha {
			alpha = v
			if v >= beta {
				s.cutoff(me, ttMove, depth, ply)
				s.store(p.Hash, bestMove, best, depth, ply, alpha0, beta)
				return best
			}
		}
	}
	moves := p.Moves(s.bufs[ply][:0])
	if len(moves) == 0 {
		return -(Win - ply) // no legal move: we lose
	}
	scores := s.scores[ply][:len(moves)]
	for i, m := range moves {
		switch {
		case !triedTT && p.WinsAtOnce(m):
			return Win - ply - 1
		case m == ttMove && triedTT:
			scores[i] = -1 << 31 // already searched: last, and skipped
		case m == ttMove:
			scores[i] = 1 << 30
		default:
			scores[i] = s.orderScore(p, m, ply)
		}
	}
	searched := 0
	if triedTT {
		searched = 1
	}
	for i := range moves {
		pickBest(moves, scores, i)
		m := moves[i]
		if triedTT && m == ttMove {
			continue
		}
		r := 0
		if quiet && scores[i] < 1<<27-1 {
			if depth < len(lmpCount) && searched >= lmpCount[depth] {
				if c := p.Play(m); !Threatens(&c, me) {
					continue
				}
			} else if depth >= 3 && searched >= lmrFrom {
				r = lmr
			}
		}
		searched++
		v := s.child(p, m, depth, alpha, beta, ply, ext, i == 0 && !triedTT, r)
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if v >= beta {
					s.cutoff(me, m, depth, ply)
					break
				}
			}
		}
	}
	s.store(p.Hash, bestMove, best, depth, ply, alpha0, beta)
	return best
}

// lmrFrom is how many moves of a quiet node in a null window are searched to full depth before
// the quiet ones after them (not captures nor killers) are searched lmr plies shallower first. Two
// plies, not one: a search one ply shallower ends on the other side's move, whose score swings so
// far from the full depth's that one reduced move in nine had to be searched again (one in forty
// at two plies; at depth 6 on mid-games, 2.3 million positions against 6.5 million at one ply).
const (
	lmrFrom = 3
	lmr     = 2
)

// lmpCount is, by remaining depth, how many moves of a quiet node in a null window are searched
// before the late quiet ones (not captures, killers nor threats to reach the goal rank) are left
// out: near the horizon they seldom do what the first ones could not. 6 and 12 left out too many
// (−29 Elo at 50 ms, 60 games); 10 and 18 halve the positions of a depth-6 search.
var lmpCount = [...]int{0, 10, 18}

// The table is buckets of two entries: the first keeps the deepest search of this decision (or
// any newer one than an older decision's), the second whatever came last, so the deep results
// near the root are not washed out by the many shallow ones below.
func (s *Search) probe(h uint64) *ttEntry {
	b := s.tt[h&(1<<ttBits-2):]
	if b[0].key == h {
		return &b[0]
	}
	if b[1].key == h {
		return &b[1]
	}
	return nil
}

// store keeps what was found of the position h, searched to depth in the window (alpha0, beta).
func (s *Search) store(h uint64, move games.Move, score, depth, ply, alpha0, beta int) {
	b := s.tt[h&(1<<ttBits-2):]
	e := &b[1]
	if b[0].key == h || b[0].gen != s.gen || depth >= int(b[0].depth) {
		e = &b[0]
	}
	*e = ttEntry{key: h, move: move, score: int32(toTT(score, ply)), depth: int8(depth), bound: bound.Of(score, alpha0, beta), gen: s.gen}
}

// child scores the move m of p for p's mover: the full window for the first move searched, a null
// window for the others (searched again in full when they beat alpha), r plies shallower first
// for a late quiet move. Going back to a position
// of the path or of the game since the last capture scores a draw; a capture never does.
func (s *Search) child(p *ordo.Position, m games.Move, depth, alpha, beta, ply, ext int, first bool, r int) int {
	c := p.Play(m)
	s.taken[ply+1] = ordo.NoSquare
	if ordo.IsCapture(m) {
		s.taken[ply+1] = ordo.To(m)
	} else if s.repeats(c.Hash) {
		return 0
	}
	s.path = append(s.path, c.Hash)
	var v int
	if first {
		v = -s.negamax(&c, depth-1, -beta, -alpha, ply+1, ext)
	} else {
		// A reduced move is searched shallower first, and again to full depth if it beats alpha;
		// one that threatens to reach the goal rank is never reduced.
		if r > 0 && !Threatens(&c, p.Side) {
			v = -s.negamax(&c, depth-1-r, -alpha-1, -alpha, ply+1, ext)
			if v <= alpha || s.stopped {
				s.path = s.path[:len(s.path)-1]
				return v
			}
		}
		v = -s.negamax(&c, depth-1, -alpha-1, -alpha, ply+1, ext)
		if v > alpha && v < beta && !s.stopped {
			v = -s.negamax(&c, depth-1, -beta, -alpha, ply+1, ext)
		}
	}
	s.path = s.path[:len(s.path)-1]
	return v
}

// nullR is how much shallower a null move is searched.
const nullR = 2

// sideKey is what the side to move adds to a position's hash.
var sideKey = func() uint64 {
	p := ordo.Start()
	q := p
	q.Side = p.Side.Other()
	return p.ComputeHash() ^ q.ComputeHash()
}()

// cutoff remembers a quiet move that refuted a position: as a killer at its ply and in history.
func (s *Search) cutoff(me games.Seat, m games.Move, depth, ply int) {
	if ordo.IsCapture(m) {
		return
	}
	k := &s.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	s.history[me][ordo.From(m)][ordo.To(m)] += int32(depth * depth)
}

// winsNow reports whether the mover can reach the goal rank at once, from the leaf table when p
// has been a leaf.
func (s *Search) winsNow(p *ordo.Position, ply int) bool {
	if e := &s.leaves[p.Hash&(1<<leafBits-1)]; e.key == p.Hash && e.kind != 0 {
		return e.kind == leafWin
	}
	v := look(p, p.Side)
	return v.threatens(p, s.connected(p, ply))
}

// unknownTaken marks the root in Search.taken: whether its mover is connected is not known.
const unknownTaken ordo.Square = -2

// connected reports whether p's mover, at ply, is connected: it was after its own last move, so
// it is unless the move since took a piece that held its group together.
func (s *Search) connected(p *ordo.Position, ply int) bool {
	switch q := s.taken[ply]; {
	case q == ordo.NoSquare:
		return true
	case q == unknownTaken:
		return p.Connected(p.Side)
	default:
		own := p.Pieces[p.Side].Or(ordo.Bit(q))
		return !own.Splits(q)
	}
}

// What a leaf is: the mover wins at once, must answer a threat or reconnect, or is quiet.
const (
	leafWin = iota + 1
	leafLoud
	leafQuiet
)

// leafEntry remembers what a leaf position is and, when quiet, its evaluation.
type leafEntry struct {
	key  uint64
	eval int32
	kind uint8
}

const leafBits = 16

// leaf tells what p is as a leaf, and its evaluation when it is quiet. Leaves come back often
// (quiet moves played in another order), and what one is depends on the position alone, so the
// answers are kept from search to search.
func (s *Search) leaf(p *ordo.Position, ply int) (kind uint8, eval int) {
	e := &s.leaves[p.Hash&(1<<leafBits-1)]
	if e.key == p.Hash && e.kind != 0 {
		return e.kind, int(e.eval)
	}
	me := p.Side
	// The side that has just moved is connected: its move had to leave it so.
	mine, connected := look(p, me), s.connected(p, ply)
	if mine.threatens(p, connected) {
		kind = leafWin
	} else if !connected {
		kind = leafLoud
	} else if theirs := look(p, me.Other()); theirs.threatens(p, true) {
		kind = leafLoud
	} else {
		kind, eval = leafQuiet, evalSeen(p, &mine, &theirs)
	}
	*e = leafEntry{key: p.Hash, eval: int32(eval), kind: kind}
	return kind, eval
}

// orderScore guesses how good m is before searching it: captures of advanced pieces, then
// killers, then history, then advancement.
func (s *Search) orderScore(p *ordo.Position, m games.Move, ply int) int32 {
	me := p.Side
	from, to := ordo.From(m), ordo.To(m)
	adv := int32(progress(me, to.Rank()) - progress(me, from.Rank()))
	if ordo.IsCapture(m) {
		// The further the victim has come toward our home row, the more urgent its capture.
		return 1<<28 + int32(progress(me.Other(), to.Rank()))*1000 + adv
	}
	k := s.killers[ply]
	if m == k[0] {
		return 1 << 27
	}
	if m == k[1] {
		return 1<<27 - 1
	}
	n := int32(1)
	if ordo.IsOrdo(m) {
		n = int32(ordo.End2(m).File() - from.File() + ordo.End2(m).Rank() - from.Rank() + 1)
	}
	return s.history[me][from][to]*8 + adv*n*4 + int32(progress(me, to.Rank()))
}

// pickBest moves the best-scored move from i on to i (selection sort, one step at a time: most
// nodes cut off after a few moves).
func pickBest(moves []games.Move, scores []int32, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	scores[i], scores[b] = scores[b], scores[i]
}

func sortMoves(moves []games.Move, scores []int32) {
	for i := range moves {
		pickBest(moves, scores, i)
	}
}

func toTT(v, ply int) int {
	switch {
	case v >= winZone:
		return v + ply
	case v <= -winZone:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v >= winZone:
		return v - ply
	case v <= -winZone:
		return v + ply
	}
	return v
}
