package ordoai

import (
	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// slide is every square a piece of from can slide to in direction step through empty squares,
// the first blocker included (whoever owns it): Kogge–Stone occluded fill on the padded lanes.
// The padding files are never empty, so no fill wraps from one rank into the next. A ray crosses
// at most 9 files or 7 ranks, so sideways steps need four doublings and the others three.
func slide(from, empty ordo.Bits, step int) ordo.Bits {
	if step > 0 {
		n := uint(step)
		gen, pro := from, empty
		gen = or(gen, and(pro, shl(gen, n)))
		pro = and(pro, shl(pro, n))
		gen = or(gen, and(pro, shl(gen, 2*n)))
		pro = and(pro, shl(pro, 2*n))
		gen = or(gen, and(pro, shl(gen, 4*n)))
		if n == 1 {
			pro = and(pro, shl(pro, 4))
			gen = or(gen, and(pro, shl(gen, 8)))
		}
		return and(shl(gen, n), ordo.Board)
	}
	n := uint(-step)
	gen, pro := from, empty
	gen = or(gen, and(pro, shr(gen, n)))
	pro = and(pro, shr(pro, n))
	gen = or(gen, and(pro, shr(gen, 2*n)))
	pro = and(pro, shr(pro, 2*n))
	gen = or(gen, and(pro, shr(gen, 4*n)))
	if n == 1 {
		pro = and(pro, shr(pro, 4))
		gen = or(gen, and(pro, shr(gen, 8)))
	}
	return and(shr(gen, n), ordo.Board)
}

// shl and shr shift b toward higher and lower squares by n (0 < n < 128) without masking the
// padding: slide masks once at the end.
func shl(b ordo.Bits, n uint) ordo.Bits {
	if n >= 64 {
		return ordo.Bits{Hi: b.Lo << (n - 64)}
	}
	return ordo.Bits{Lo: b.Lo << n, Hi: b.Hi<<n | b.Lo>>(64-n)}
}

func shr(b ordo.Bits, n uint) ordo.Bits {
	if n >= 64 {
		return ordo.Bits{Lo: b.Hi >> (n - 64)}
	}
	return ordo.Bits{Lo: b.Lo>>n | b.Hi<<(64-n), Hi: b.Hi >> n}
}

func and(a, b ordo.Bits) ordo.Bits { return ordo.Bits{Lo: a.Lo & b.Lo, Hi: a.Hi & b.Hi} }
func or(a, b ordo.Bits) ordo.Bits  { return ordo.Bits{Lo: a.Lo | b.Lo, Hi: a.Hi | b.Hi} }

// forward is the square step toward seat's goal rank.
func forward(seat games.Seat) int {
	if seat == 0 {
		return 16
	}
	return -16
}

// progress is how many ranks a piece on rank r of seat has advanced from seat's own home row.
func progress(seat games.Seat, r int) int {
	if seat == 0 {
		return r
	}
	return 7 - r
}

// sight is where one side's singletons can slide, connection ignored: along each forward ray (the
// first blocker included) and sideways. A leaf computes it once per side for the threat tests and
// the evaluation alike.
type sight struct {
	seat     games.Seat
	forward  [3]ordo.Bits // straight, then the two diagonals
	sideways ordo.Bits
}

func look(p *ordo.Position, seat games.Seat) sight {
	own := p.Pieces[seat]
	empty := ordo.Board.AndNot(p.Occupied())
	f := forward(seat)
	return sight{
		seat:     seat,
		forward:  [3]ordo.Bits{slide(own, empty, f), slide(own, empty, f+1), slide(own, empty, f-1)},
		sideways: slide(own, empty, 1).Or(slide(own, empty, -1)),
	}
}

// reachGoal is the goal squares the side's singletons could reach at once, connection ignored (a
// cheap over-estimate: threatens confirms with the legal moves).
func (v *sight) reachGoal(p *ordo.Position) ordo.Bits {
	goal := ordo.RowBits(ordo.GoalRank(v.seat), 0x3FF)
	return v.forward[0].Or(v.forward[1]).Or(v.forward[2]).And(goal).AndNot(p.Pieces[v.seat])
}

// attacks is every enemy square the side's singletons could capture (connection ignored, forward
// and sideways directions only).
func (v *sight) attacks(p *ordo.Position) ordo.Bits {
	return v.forward[0].Or(v.forward[1]).Or(v.forward[2]).Or(v.sideways).And(p.Pieces[v.seat.Other()])
}

// Threatens reports whether seat, were it to move in p, could win at once by reaching the goal
// rank: the exact test, connection included, without generating the moves.
func Threatens(p *ordo.Position, seat games.Seat) bool {
	v := look(p, seat)
	return v.threatens(p, p.Connected(seat))
}

// threatens is Threatens for the side of v, whose pieces are connected or not.
func (v *sight) threatens(p *ordo.Position, connected bool) bool {
	seat := v.seat
	own := p.Pieces[seat]
	goal := ordo.RowBits(ordo.GoalRank(seat), 0x3FF)
	empty := ordo.Board.AndNot(p.Occupied())
	f := forward(seat)
	// Only the pieces that see the goal rank can reach it: found by sliding back from the goal
	// squares they see, so that the exact test below looks at those few and not at every piece.
	var runners ordo.Bits
	for i, d := range [3]int{f, f + 1, f - 1} {
		if land := v.forward[i].And(goal).AndNot(own); !land.Empty() {
			runners = runners.Or(slide(land, empty, -d).And(own))
		}
	}
	if runners.Empty() {
		return false
	}
	for b := runners; !b.Empty(); {
		s := b.First()
		b = b.AndNot(ordo.Bit(s))
		one := ordo.Bit(s)
		dest := slide(one, empty, f).Or(slide(one, empty, f+1)).Or(slide(one, empty, f-1)).And(goal).AndNot(own)
		if dest.Empty() {
			continue
		}
		// The runner must land next to every group of the pieces it leaves behind: the one group
		// left when its neighbours hang together around it in a connected side.
		rest := own.AndNot(one)
		if connected && own.RingJoined(s) {
			if !rest.Empty() {
				dest = dest.And(rest.Dilate())
			}
			rest = ordo.Bits{}
		}
		for !rest.Empty() && !dest.Empty() {
			c := rest.Fill(ordo.Bit(rest.First()))
			dest = dest.And(c.Dilate())
			rest = rest.AndNot(c)
		}
		if !dest.Empty() {
			return true
		}
	}
	return ordoThreat(p, seat)
}

// ordoThreat reports whether a horizontal line of seat's can move straight to the goal rank. A
// cheap filter (two neighbouring pieces with clear files up to the goal) comes before the exact
// answer from the legal moves, which is rarely needed.
func ordoThreat(p *ordo.Position, seat games.Seat) bool {
	own := p.Pieces[seat]
	paired := own.And(own.Shift(1).Or(own.Shift(-1)))
	if paired.Empty() {
		return false
	}
	empty := ordo.Board.AndNot(p.Occupied())
	goal := ordo.RowBits(ordo.GoalRank(seat), 0x3FF)
	clear := slide(paired, empty, forward(seat)).And(goal).And(empty)
	if clear.And(clear.Shift(1)).Empty() {
		return false
	}
	q := *p
	q.Side = seat
	var buf [256]games.Move
	for _, m := range q.Moves(buf[:0]) {
		if ordo.IsOrdo(m) && ordo.To(m).Rank() == ordo.GoalRank(seat) {
			return true
		}
	}
	return false
}

// Evaluation weights, in points. Tuned by matches at 20 ms a decision
// against the weights before (piece 40, split 60, front bonus half these): a piece 30 alone
// measured +49, a split 120 alone +63, the three together +149 (200 games each). At 100 ms a
// piece 15 played +115 against 30 (100 games) and a piece 0 +104: what wins is the race, and a
// piece counts mostly by how far it has come and what its capture would split.
const (
	wPiece     = 15
	wProgress  = 6
	wThreat    = 120 // the side not to move can reach the goal next turn
	wCutAttack = 120 // a capturable piece whose capture would split its group
	wAttacked  = 8   // any capturable piece
	wTempo     = 10
)

// frontBonus rewards the most advanced piece by its progress: runners tie the defence down.
var frontBonus = [8]int{0, 0, 0, 20, 50, 100, 180, 0}

// Eval scores p for the side to move.
func Eval(p *ordo.Position) int {
	mine, theirs := look(p, p.Side), look(p, p.Side.Other())
	return side(p, &mine, &theirs, true, p.Connected(p.Side)) - side(p, &theirs, &mine, false, p.Connected(p.Side.Other())) + wTempo
}

// evalSeen is Eval with both sides' sight already taken, both sides connected.
func evalSeen(p *ordo.Position, mine, theirs *sight) int {
	return side(p, mine, theirs, true, true) - side(p, theirs, mine, false, true) + wTempo
}

// side scores the pieces of v's side, connected or not (whole); enemy is the other side's sight.
func side(p *ordo.Position, v, enemy *sight, toMove, whole bool) int {
	s := v.seat
	own := p.Pieces[s]
	n := own.Count()
	score := wPiece * n
	front := 0
	for r := 0; r < ordo.Ranks; r++ {
		k := own.Row(r)
		if k == 0 {
			continue
		}
		pr := progress(s, r)
		score += wProgress * pr * popcount16(k)
		front = max(front, pr)
	}
	score += frontBonus[front]
	if !toMove && !v.reachGoal(p).Empty() {
		score += wThreat
	}
	// Pieces the enemy can take; worse when taking one would split the group.
	att := enemy.attacks(p)
	if !att.Empty() && n > 1 {
		for b := att; !b.Empty(); {
			q := b.First()
			b = b.AndNot(ordo.Bit(q))
			score -= wAttacked
			if whole && own.Splits(q) || !whole && !own.RingJoined(q) && !own.AndNot(ordo.Bit(q)).Connected() {
				score -= wCutAttack
			}
		}
	}
	return score
}

func popcount16(x uint16) int {
	n := 0
	for x != 0 {
		x &= x - 1
		n++
	}
	return n
}
