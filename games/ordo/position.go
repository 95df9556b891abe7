package ordo

import (
	"tabuleiro/games"
)

// Move packing (a games.Move): bits 0–6 the from square (for an ordo, its first end in file-then-rank
// order), bits 7–13 where that piece lands, bits 14–20 an ordo's other end, bit 21 set for an ordo,
// bit 22 set for a capture. That is everything the notation needs, so Format never looks at a position.
const (
	ordoFlag    = 1 << 21
	captureFlag = 1 << 22
)

// Singleton packs a singleton move.
func Singleton(from, to Square, capture bool) games.Move {
	m := games.Move(from) | games.Move(to)<<7
	if capture {
		m |= captureFlag
	}
	return m
}

// OrdoMove packs an ordo move: end1 comes first in file-then-rank order and lands on to.
func OrdoMove(end1, end2, to Square) games.Move {
	return games.Move(end1) | games.Move(to)<<7 | games.Move(end2)<<14 | ordoFlag
}

// From is the moving piece (an ordo's first end).
func From(m games.Move) Square { return Square(m & 127) }

// To is where From lands.
func To(m games.Move) Square { return Square(m >> 7 & 127) }

// End2 is an ordo's other end.
func End2(m games.Move) Square { return Square(m >> 14 & 127) }

// IsOrdo reports whether m moves an ordo.
func IsOrdo(m games.Move) bool { return m&ordoFlag != 0 }

// IsCapture reports whether m captures.
func IsCapture(m games.Move) bool { return m&captureFlag != 0 }

// Moved are the squares m leaves and reaches, in pairs: From and To first, then each other square
// of an ordo's line (end1 to end2) and the square its piece lands on. The boards mark them all.
func Moved(m games.Move) []Square {
	from, to := From(m), To(m)
	if !IsOrdo(m) {
		return []Square{from, to}
	}
	shift := int(to) - int(from)
	var out []Square
	for b := segment(from, End2(m)); !b.Empty(); b = b.AndNot(Bit(b.First())) {
		out = append(out, b.First(), Square(int(b.First())+shift))
	}
	return out
}

// segment is the set of an ordo's squares, end1 to end2.
func segment(end1, end2 Square) Bits {
	step := 1
	if end1.File() == end2.File() {
		step = 16
	}
	var b Bits
	for s := int(end1); s <= int(end2); s += step {
		b = b.Or(Bit(Square(s)))
	}
	return b
}

// Position is a bare Ordo position: the pieces and the side to move, with its Zobrist hash kept up to
// date. It is a small value: copy it to keep a position, Play returns the next one.
type Position struct {
	Pieces [2]Bits
	Side   games.Seat
	Hash   uint64
}

// Start is the starting position, White to move.
func Start() Position {
	var p Position
	for _, s := range []string{"c1", "d1", "g1", "h1", "a3", "b3", "e3", "f3", "i3", "j3"} {
		sq, _ := ParseSquare(s)
		p.Pieces[0] = p.Pieces[0].Or(Bit(sq))
		p.Pieces[1] = p.Pieces[1].Or(Bit(SquareAt(sq.File(), 7-sq.Rank())))
	}
	p.Pieces[0] = p.Pieces[0].Or(RowBits(1, 0x3FF))
	p.Pieces[1] = p.Pieces[1].Or(RowBits(6, 0x3FF))
	p.Hash = p.ComputeHash()
	return p
}

// ComputeHash is the Zobrist hash of the pieces and the side to move, from scratch.
func (p *Position) ComputeHash() uint64 {
	var h uint64
	for c := 0; c < 2; c++ {
		b := p.Pieces[c]
		for s := b.First(); s != NoSquare; s = b.First() {
			h ^= zobrist[c][s]
			b = b.AndNot(Bit(s))
		}
	}
	if p.Side == 1 {
		h ^= zobristSide
	}
	return h
}

var zobrist [2][128]uint64
var zobristSide uint64

func init() {
	x := uint64(0x0bd0_2009_5731_57a1)
	next := func() uint64 { // splitmix64: fixed keys, so hashes are stable across runs
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range zobrist {
		for s := range zobrist[c] {
			zobrist[c][s] = next()
		}
	}
	zobristSide = next()
}

// Occupied is every piece of both sides.
func (p *Position) Occupied() Bits { return p.Pieces[0].Or(p.Pieces[1]) }

// Connected reports whether seat's pieces form one group.
func (p *Position) Connected(seat games.Seat) bool { return p.Pieces[seat].Connected() }

// forward is the rank step toward the opponent's home row.
func forward(seat games.Seat) int {
	if seat == 0 {
		return 16
	}
	return -16
}

// GoalRank is the rank index (0–7) seat must reach: the opponent's home row.
func GoalRank(seat games.Seat) int { return 7 * int(1-seat) }

// Play returns the position after m, which must be legal here (Play does not check).
func (p Position) Play(m games.Move) Position {
	me, op := p.Side, p.Side.Other()
	from, to := From(m), To(m)
	if IsOrdo(m) {
		seg := segment(from, End2(m))
		moved := seg.Shift(int(to) - int(from))
		for b := seg; !b.Empty(); {
			s := b.First()
			p.Hash ^= zobrist[me][s] ^ zobrist[me][int(s)+int(to)-int(from)]
			b = b.AndNot(Bit(s))
		}
		p.Pieces[me] = p.Pieces[me].AndNot(seg).Or(moved)
	} else {
		p.Pieces[me] = p.Pieces[me].AndNot(Bit(from)).Or(Bit(to))
		p.Hash ^= zobrist[me][from] ^ zobrist[me][to]
		if IsCapture(m) {
			p.Pieces[op] = p.Pieces[op].AndNot(Bit(to))
			p.Hash ^= zobrist[op][to]
		}
	}
	p.Side = op
	p.Hash ^= zobristSide
	return p
}

// dirs lists the singleton steps: the five forward and sideways ones, then the three backward ones
// a disconnected player may also use.
func dirs(seat games.Seat) [8]int {
	f := forward(seat)
	return [8]int{f, f + 1, f - 1, 1, -1, -f, -f + 1, -f - 1}
}

// reach is every square a piece on s can slide to: empty squares, and the first enemy piece met.
// Each ray stops at its first blocker, found as the nearest occupied square on the precomputed ray.
func reach(s Square, own, occ Bits, steps []int) Bits {
	var d Bits
	for _, step := range steps {
		k := rayIndex[step+17]
		ray := rays[k][s]
		blockers := ray.And(occ)
		if blockers.Empty() {
			d = d.Or(ray)
			continue
		}
		var b Square
		if step > 0 {
			b = blockers.First()
		} else {
			b = blockers.Last()
		}
		d = d.Or(ray.AndNot(rays[k][b]))
		if own.Has(b) {
			d = d.AndNot(Bit(b))
		}
	}
	return d
}

var raySteps = [8]int{16, 17, 15, 1, -1, -16, -15, -17}

// rayIndex maps a step+17 to its index in raySteps.
var rayIndex [35]int

// rays[k][s] is every square from s (excluded) to the edge in direction raySteps[k].
var rays [8][128]Bits

func init() {
	for k, step := range raySteps {
		rayIndex[step+17] = k
		for s := 0; s < 128; s++ {
			if !Square(s).OnBoard() {
				continue
			}
			for t := s + step; t >= 0 && t < 128 && Square(t).OnBoard(); t += step {
				rays[k][s] = rays[k][s].Or(Bit(Square(t)))
			}
		}
	}
}

// ringJoined[pattern] says whether the neighbours of a square present in pattern (bit i for
// the i-th neighbour clockwise from north: N NE E SE S SW W NW) are connected among themselves
// (no neighbours: nothing to split). Then taking the square away cannot split a connected group,
// which spares most flood fills.
var ringJoined = [256]bool{0: true}

func init() {
	for p := 1; p < 256; p++ {
		seen := p & -p
		for changed := true; changed; {
			changed = false
			for i := 0; i < 8; i++ {
				if seen>>i&1 == 0 {
					continue
				}
				for _, j := range []int{(i + 1) % 8, (i + 7) % 8} {
					if p>>j&1 != 0 && seen>>j&1 == 0 {
						seen |= 1 << j
						changed = true
					}
				}
				if i%2 == 0 {
					for _, j := range []int{(i + 2) % 8, (i + 6) % 8} {
						if p>>j&1 != 0 && seen>>j&1 == 0 {
							seen |= 1 << j
							changed = true
						}
					}
				}
			}
		}
		ringJoined[p] = seen == p
	}
}

// ringWindow is the 3×3 window around s in b, bit 3·(row) + column with row 0 the rank below s and
// column 0 the file to its left.
func ringWindow(b Bits, s Square) int {
	f, r := s.File(), s.Rank()
	w := 0
	for dr := -1; dr <= 1; dr++ {
		if rr := r + dr; rr >= 0 && rr < Ranks {
			w |= int(uint32(b.Row(rr))<<1>>uint(f)&7) << (3 * (dr + 1))
		}
	}
	return w
}

// windowJoined[w] is ringJoined for the neighbours in a 3×3 window (the centre ignored).
var windowJoined [512]bool

func init() {
	// The ring order N NE E SE S SW W NW as (column, row) positions in the window.
	pos := [8][2]int{{1, 2}, {2, 2}, {2, 1}, {2, 0}, {1, 0}, {0, 0}, {0, 1}, {0, 2}}
	for w := 0; w < 512; w++ {
		pat := 0
		for i, q := range pos {
			if w>>(3*q[1]+q[0])&1 != 0 {
				pat |= 1 << i
			}
		}
		windowJoined[w] = ringJoined[pat]
	}
}

// touchesAll returns the squares next to every connected component of rest: where one more piece
// joins rest into one group. Empty rest is joined by anything, reported as all of the board.
func touchesAll(rest Bits) Bits {
	if rest.Empty() {
		return Board
	}
	need := Board
	for !rest.Empty() {
		c := rest.Fill(Bit(rest.First()))
		need = need.And(c.Dilate())
		rest = rest.AndNot(c)
	}
	return need
}

// lineJoiners is the squares next to rest when rest is one group (Board when it is empty), and
// empty when it is not: then joins falls back to a flood fill.
func lineJoiners(rest Bits) Bits {
	switch {
	case rest.Empty():
		return Board
	case rest.Connected():
		return rest.Dilate()
	}
	return Bits{}
}

// joins reports whether rest plus the line moved is one group, need being lineJoiners(rest).
func joins(rest, moved, need Bits) bool {
	if need.Empty() {
		return rest.Or(moved).Connected()
	}
	return !moved.And(need).Empty()
}

// joiners is touchesAll(own without s), with a shortcut: when own is connected and s is no cut
// point, own without s is one group.
func joiners(own Bits, s Square, ownConnected bool) Bits {
	rest := own.AndNot(Bit(s))
	if ownConnected && !own.Splits(s) {
		if rest.Empty() {
			return Board
		}
		return rest.Dilate()
	}
	return touchesAll(rest)
}

// Moves appends every legal move of the side to move to buf and returns it, in generation order
// (not notation order). It allocates only if buf is too small; 256 is always enough in practice.
func (p *Position) Moves(buf []games.Move) []games.Move {
	buf, _ = p.generate(buf, false)
	return buf
}

// CountMoves counts the legal moves of the side to move without making them (perft's last ply).
func (p *Position) CountMoves() int {
	_, n := p.generate(nil, true)
	return n
}

// HasMove reports whether the side to move has a legal move, stopping at the first: a prover asks
// it of every position a move might leave without one, and nearly all have one at once.
func (p *Position) HasMove() bool {
	me := p.Side
	own, opp := p.Pieces[me], p.Pieces[me.Other()]
	occ := own.Or(opp)
	conn := own.Connected()
	d := dirs(me)
	steps := d[:5]
	if !conn {
		steps = d[:]
	}
	for b := own; !b.Empty(); {
		s := b.First()
		b = b.AndNot(Bit(s))
		if dest := reach(s, own, occ, steps); !dest.Empty() && !dest.And(joiners(own, s, conn)).Empty() {
			return true
		}
	}
	_, n := p.ordos(nil, 0, own, occ, conn, true)
	return n > 0
}

// generate appends every legal move to buf, or only counts them when count is set.
func (p *Position) generate(buf []games.Move, count bool) ([]games.Move, int) {
	me := p.Side
	own, opp := p.Pieces[me], p.Pieces[me.Other()]
	occ := own.Or(opp)
	conn := own.Connected()
	d := dirs(me)
	steps := d[:5]
	if !conn {
		steps = d[:]
	}
	n := 0
	for b := own; !b.Empty(); {
		s := b.First()
		b = b.AndNot(Bit(s))
		dest := reach(s, own, occ, steps)
		if dest.Empty() {
			continue
		}
		ok := dest.And(joiners(own, s, conn))
		if count {
			n += ok.Count()
			continue
		}
		for !ok.Empty() {
			q := ok.First()
			ok = ok.AndNot(Bit(q))
			buf = append(buf, Singleton(s, q, opp.Has(q)))
			n++
		}
	}
	return p.ordos(buf, n, own, occ, conn, count)
}

// ordos adds the ordo moves: horizontal lines straight forward (and backward while disconnected),
// vertical lines sideways. A moved line is one group, so when the pieces left behind are one group
// the result is connected exactly when the line touches them; otherwise a flood fill decides.
func (p *Position) ordos(buf []games.Move, n int, own, occ Bits, conn bool, count bool) ([]games.Move, int) {
	fwd := forward(p.Side) / 16
	rankSteps := [2]int{fwd, -fwd}
	nSteps := 2
	if conn {
		nSteps = 1
	}
	for r := 0; r < Ranks; r++ {
		row := own.Row(r)
		if row&(row>>1) == 0 {
			continue
		}
		for i := 0; i < Files-1; i++ {
			if row>>i&3 != 3 {
				continue
			}
			for j := i + 1; j < Files && row>>j&1 != 0; j++ {
				mask := uint16(1)<<(j+1) - uint16(1)<<i
				var need Bits
				needed := false
				for _, dr := range rankSteps[:nSteps] {
					for rr := r + dr; rr >= 0 && rr < Ranks && occ.Row(rr)&mask == 0; rr += dr {
						if !needed {
							need, needed = lineJoiners(own.AndNot(RowBits(r, mask))), true
						}
						if !joins(own.AndNot(RowBits(r, mask)), RowBits(rr, mask), need) {
							continue
						}
						if !count {
							buf = append(buf, OrdoMove(SquareAt(i, r), SquareAt(j, r), SquareAt(i, rr)))
						}
						n++
					}
				}
			}
		}
	}
	// Vertical lines: start from each piece with a friend right above it.
	for starts := own.And(own.Shift(-16)); !starts.Empty(); {
		sa := starts.First()
		starts = starts.AndNot(Bit(sa))
		seg := Bit(sa)
		for rb := sa.Rank() + 1; rb < Ranks && own.Has(SquareAt(sa.File(), rb)); rb++ {
			sb := SquareAt(sa.File(), rb)
			seg = seg.Or(Bit(sb))
			var need Bits
			needed := false
			for _, df := range [2]int{-1, 1} {
				for ff := sa.File() + df; ff >= 0 && ff < Files; ff += df {
					moved := seg.Shift(ff - sa.File())
					if !moved.And(occ).Empty() {
						break
					}
					if !needed {
						need, needed = lineJoiners(own.AndNot(seg)), true
					}
					if !joins(own.AndNot(seg), moved, need) {
						continue
					}
					if !count {
						buf = append(buf, OrdoMove(sa, sb, SquareAt(ff, sa.Rank())))
					}
					n++
				}
			}
		}
	}
	return buf, n
}

// Decided says whether the game is over in this position by the rules of play, except repetition
// (which needs the history): the player who just moved reached the goal rank, the side to move has
// no pieces, or the side to move has no legal move.
func (p *Position) Decided() (winner games.Seat, method games.Method) {
	mover := p.Side.Other()
	if p.Pieces[mover].Row(GoalRank(mover)) != 0 {
		return mover, games.HomeRow
	}
	if p.Pieces[p.Side].Empty() {
		return mover, games.Capture
	}
	if p.CountMoves() == 0 {
		return mover, games.NoMoves
	}
	return games.NoSeat, games.NotOver
}

// finished is Decided without the move count: the cheap checks perft makes before expanding a node
// (a node without moves has no children anyway).
func (p *Position) finished() bool {
	mover := p.Side.Other()
	return p.Pieces[mover].Row(GoalRank(mover)) != 0 || p.Pieces[p.Side].Empty()
}

// WinsAtOnce reports whether m wins on the spot by reaching the goal rank or taking the last enemy
// piece. (Leaving the opponent without moves also wins; Decided on the result tells that.)
func (p *Position) WinsAtOnce(m games.Move) bool {
	if IsCapture(m) && p.Pieces[p.Side.Other()].Count() == 1 {
		return true
	}
	return To(m).Rank() == GoalRank(p.Side)
}

// Perft counts the leaves depth plies below p, ignoring repetition (Game.Perft counts it).
func (p *Position) Perft(depth int) uint64 {
	return perft(*p, depth, nil)
}

// perft counts leaves below p, which is not finished. hist holds the hashes of the positions since
// the last capture, p included, for the repetition draw; nil skips repetition.
func perft(p Position, depth int, hist []uint64) uint64 {
	if depth == 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	var buf [256]games.Move
	var n uint64
	for _, m := range p.Moves(buf[:0]) {
		c := p.Play(m)
		if c.finished() {
			continue
		}
		if hist == nil {
			n += perft(c, depth-1, nil)
			continue
		}
		h := hist
		if IsCapture(m) {
			h = h[len(h):]
		} else if occurrences(h, c.Hash) >= 2 {
			continue
		}
		n += perft(c, depth-1, append(h, c.Hash))
	}
	return n
}

func occurrences(hist []uint64, h uint64) int {
	n := 0
	for _, x := range hist {
		if x == h {
			n++
		}
	}
	return n
}
