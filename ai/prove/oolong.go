package prove

import (
	"sort"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// oolongNode is an Oolong position: teas only accumulate, so no position comes back and the
// position alone decides the rest of the game.
type oolongNode struct{ pos oolong.Position }

func (n oolongNode) over() (bool, games.Seat) {
	if !n.pos.Over() {
		return false, games.NoSeat
	}
	return true, n.pos.Outcome().Winner
}

// stuck is never true: Oolong ends (Over) before a player is left without a decision.
func (n oolongNode) stuck() bool { return false }

func (n oolongNode) toMove() games.Seat { return n.pos.ToMove() }

func (n oolongNode) key() uint64 { return n.pos.Hash() }

func (n oolongNode) play(m games.Move) oolongNode {
	c := n
	c.pos.Apply(m)
	return c
}

func (n oolongNode) legal() []games.Move {
	ms := n.pos.AppendDecisions(nil)
	sort.Slice(ms, func(i, j int) bool { return oolong.FormatMove(ms[i]) < oolong.FormatMove(ms[j]) })
	return ms
}

// moves puts first first and keeps the generation order otherwise.
func (n oolongNode) moves(buf []games.Move, first games.Move) []games.Move {
	ms := n.pos.AppendDecisions(buf)
	if first != 0 {
		for i, m := range ms {
			if m == first {
				copy(ms[1:i+1], ms[:i])
				ms[0] = first
				break
			}
		}
	}
	return ms
}

// winsAtOnce tries each decision: a claim is the only way to win, and it shows only after Apply.
func (n oolongNode) winsAtOnce() (games.Move, bool) {
	me := n.pos.ToMove()
	var buf [oolong.MaxDecisions]games.Move
	for _, m := range n.pos.AppendDecisions(buf[:0]) {
		c := n.pos
		c.Apply(m)
		if c.Over() && c.Outcome().Winner == me {
			return m, true
		}
	}
	return 0, false
}
