package prove

import (
	"slices"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// ordoNode is an Ordo position with its history since the last capture, for the repetition draw.
// hist is a view of a stack the search shares: a child appends past its parent's view, which a
// depth-first search may overwrite once the sibling it belonged to is done.
type ordoNode struct {
	pos  ordo.Position
	hist []uint64 // hashes since the last capture, pos's last
	sig  uint64   // sum of mix(h) over hist: which positions may come back, and how often
	rep  bool     // pos is the third occurrence: a draw unless the move before ended the game
}

func newOrdoNode(p ordo.Position, hist []uint64) ordoNode {
	if len(hist) == 0 || hist[len(hist)-1] != p.Hash {
		hist = []uint64{p.Hash}
	}
	stack := make([]uint64, len(hist), len(hist)+2*MaxPlies+2)
	copy(stack, hist)
	n := ordoNode{pos: p, hist: stack}
	for _, h := range stack {
		n.sig += mix(h)
	}
	return n
}

// ordoHistory is g's hashes since the last capture, its position last.
func ordoHistory(g *ordo.Game) []uint64 {
	p := ordo.Start()
	h := []uint64{p.Hash}
	for _, m := range g.Log() {
		p = p.Play(m)
		if ordo.IsCapture(m) {
			h = h[:0]
		}
		h = append(h, p.Hash)
	}
	return h
}

func mix(h uint64) uint64 {
	h ^= h >> 31
	h *= 0x7fb5d329728ea185
	h ^= h >> 27
	h *= 0x81dadef4bc2dd44d
	return h ^ h>>33
}

// over follows ordo.Game.Play: the rules' endings (goal rank, no pieces, no moves) come before the
// repetition draw.
func (n ordoNode) over() (bool, games.Seat) {
	mover := n.pos.Side.Other()
	if n.pos.Pieces[mover].Row(ordo.GoalRank(mover)) != 0 || n.pos.Pieces[n.pos.Side].Empty() {
		return true, mover
	}
	if n.rep {
		if !n.pos.HasMove() {
			return true, mover
		}
		return true, games.NoSeat
	}
	return false, games.NoSeat
}

func (n ordoNode) stuck() bool { return !n.pos.HasMove() }

func (n ordoNode) toMove() games.Seat { return n.pos.Side }

func (n ordoNode) key() uint64 { return n.pos.Hash ^ mix(n.sig^0x5bd1e995) }

func (n ordoNode) play(m games.Move) ordoNode {
	c := ordoNode{pos: n.pos.Play(m)}
	if ordo.IsCapture(m) {
		c.hist = append(n.hist[len(n.hist):], c.pos.Hash)
		c.sig = mix(c.pos.Hash)
		return c
	}
	seen := 0
	for _, h := range n.hist {
		if h == c.pos.Hash {
			seen++
		}
	}
	c.rep = seen >= 2
	c.hist = append(n.hist, c.pos.Hash)
	c.sig = n.sig + mix(c.pos.Hash)
	return c
}

func (n ordoNode) legal() []games.Move {
	ms := n.pos.Moves(nil)
	slices.SortFunc(ms, func(a, b games.Move) int {
		switch fa, fb := ordo.Format(a), ordo.Format(b); {
		case fa < fb:
			return -1
		case fa > fb:
			return 1
		}
		return 0
	})
	return ms
}

// moves orders the side to move's moves: first, then wins on the spot, captures, and the rest by
// how far they bring a piece toward the goal rank.
func (n ordoNode) moves(buf []games.Move, first games.Move) []games.Move {
	ms := n.pos.Moves(buf)
	side := n.pos.Side
	score := func(m games.Move) int {
		switch {
		case m == first:
			return 1 << 20
		case n.pos.WinsAtOnce(m):
			return 1 << 19
		}
		s := 0
		if ordo.IsCapture(m) {
			s += 1 << 10
		}
		rank := ordo.To(m).Rank()
		if side == 1 {
			rank = 7 - rank
		}
		return s + rank*8 - distance(ordo.From(m), side)
	}
	var keys [256]int
	for i, m := range ms {
		keys[i] = score(m)
	}
	// insertion sort: the lists are short and mostly in generation order
	for i := 1; i < len(ms); i++ {
		m, k := ms[i], keys[i]
		j := i
		for ; j > 0 && keys[j-1] < k; j-- {
			ms[j], keys[j] = ms[j-1], keys[j-1]
		}
		ms[j], keys[j] = m, k
	}
	return ms
}

// distance is how far s is already from seat's own side: moving a piece from further back counts
// as slightly less progress.
func distance(s ordo.Square, seat games.Seat) int {
	if seat == 1 {
		return 7 - s.Rank()
	}
	return s.Rank()
}

// winsAtOnce: reaching the goal rank or taking the last piece (WinsAtOnce), or leaving the opponent
// without a move.
func (n ordoNode) winsAtOnce() (games.Move, bool) {
	var buf [256]games.Move
	ms := n.pos.Moves(buf[:0])
	for _, m := range ms {
		if n.pos.WinsAtOnce(m) {
			return m, true
		}
	}
	for _, m := range ms {
		if c := n.pos.Play(m); !c.HasMove() {
			return m, true
		}
	}
	return 0, false
}
