package ordo

import "math/bits"

// Square is a board square: rank*16 + file, with files 0–9 (a–j) and ranks 0–7 (1–8). Each rank is a
// 16-bit lane of a Bits, so files 10–15 are padding that keeps sideways shifts from wrapping into the
// next rank: shift, then mask.
type Square int8

// NoSquare marks "no square".
const NoSquare Square = -1

const (
	Files = 10
	Ranks = 8
)

// SquareAt returns the square on file f (0 = a) and rank r (0 = rank 1).
func SquareAt(f, r int) Square { return Square(r*16 + f) }

// File is the square's file, 0 (a) to 9 (j).
func (s Square) File() int { return int(s) & 15 }

// Rank is the square's rank, 0 (rank 1) to 7 (rank 8).
func (s Square) Rank() int { return int(s) >> 4 }

// OnBoard reports whether s is one of the 80 squares.
func (s Square) OnBoard() bool { return s >= 0 && s&15 < Files }

func (s Square) String() string {
	if !s.OnBoard() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Bits is a set of squares: ranks 1–4 in Lo, ranks 5–8 in Hi, 16 bits per rank.
type Bits struct{ Lo, Hi uint64 }

const laneMask = 0x03FF_03FF_03FF_03FF

// Board is every square of the board.
var Board = Bits{laneMask, laneMask}

// Bit is the set holding only s.
func Bit(s Square) Bits {
	if s < 64 {
		return Bits{Lo: 1 << uint(s)}
	}
	return Bits{Hi: 1 << uint(s-64)}
}

// Has reports whether s is in b; squares off the board are never in b.
func (b Bits) Has(s Square) bool {
	switch {
	case s < 0:
		return false
	case s < 64:
		return b.Lo>>uint(s)&1 != 0
	}
	return b.Hi>>uint(s-64)&1 != 0
}

func (b Bits) Or(c Bits) Bits     { return Bits{b.Lo | c.Lo, b.Hi | c.Hi} }
func (b Bits) And(c Bits) Bits    { return Bits{b.Lo & c.Lo, b.Hi & c.Hi} }
func (b Bits) AndNot(c Bits) Bits { return Bits{b.Lo &^ c.Lo, b.Hi &^ c.Hi} }
func (b Bits) Empty() bool        { return b.Lo|b.Hi == 0 }
func (b Bits) Count() int         { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// First is the lowest square in b, or NoSquare.
func (b Bits) First() Square {
	if b.Lo != 0 {
		return Square(bits.TrailingZeros64(b.Lo))
	}
	if b.Hi != 0 {
		return Square(64 + bits.TrailingZeros64(b.Hi))
	}
	return NoSquare
}

// Last is the highest square in b, or NoSquare.
func (b Bits) Last() Square {
	if b.Hi != 0 {
		return Square(127 - bits.LeadingZeros64(b.Hi))
	}
	if b.Lo != 0 {
		return Square(63 - bits.LeadingZeros64(b.Lo))
	}
	return NoSquare
}

// Squares lists the squares of b in increasing order (rank, then file).
func (b Bits) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for s := b.First(); s != NoSquare; s = b.First() {
		out = append(out, s)
		b = b.AndNot(Bit(s))
	}
	return out
}

// Row is rank r's lane: bit f set when file f is in b.
func (b Bits) Row(r int) uint16 {
	if r < 4 {
		return uint16(b.Lo >> (16 * uint(r)))
	}
	return uint16(b.Hi >> (16 * uint(r-4)))
}

// RowBits is the set holding row's files on rank r.
func RowBits(r int, row uint16) Bits {
	if r < 4 {
		return Bits{Lo: uint64(row) << (16 * uint(r))}
	}
	return Bits{Hi: uint64(row) << (16 * uint(r-4))}
}

// Shift moves every square by n (n = 16·ranks + files), dropping what leaves the board.
func (b Bits) Shift(n int) Bits {
	var out Bits
	switch {
	case n == 0:
		return b
	case n >= 128 || n <= -128:
		return Bits{}
	case n >= 64:
		out = Bits{Hi: b.Lo << uint(n-64)}
	case n > 0:
		out = Bits{Lo: b.Lo << uint(n), Hi: b.Hi<<uint(n) | b.Lo>>uint(64-n)}
	case n <= -64:
		out = Bits{Lo: b.Hi >> uint(-n-64)}
	default:
		m := uint(-n)
		out = Bits{Lo: b.Lo>>m | b.Hi<<(64-m), Hi: b.Hi >> m}
	}
	return out.And(Board)
}

// Dilate adds every square next to b (8-neighbourhood).
func (b Bits) Dilate() Bits {
	lo := b.Lo | (b.Lo<<1|b.Lo>>1)&laneMask
	hi := b.Hi | (b.Hi<<1|b.Hi>>1)&laneMask
	return Bits{
		Lo: lo | lo<<16 | lo>>16 | hi<<48,
		Hi: hi | hi<<16 | hi>>16 | lo>>48,
	}
}

// Fill is the part of b connected to seed (8-neighbourhood), seed included if in b.
func (b Bits) Fill(seed Bits) Bits {
	f := seed.And(b)
	for {
		n := f.Dilate().And(b)
		if n == f {
			return f
		}
		f = n
	}
}

// Connected reports whether b is one group under 8-neighbourhood; the empty set and one square are.
func (b Bits) Connected() bool {
	if b.Lo&(b.Lo-1) == 0 && b.Hi == 0 || b.Hi&(b.Hi-1) == 0 && b.Lo == 0 {
		return true
	}
	return b.Fill(Bit(b.First())) == b
}

// RingJoined reports whether the neighbours of s in b hang together around s (or s has none):
// then taking s out of a connected b cannot split it. It is the cheap half of Splits.
func (b Bits) RingJoined(s Square) bool { return windowJoined[ringWindow(b, s)] }

// Splits reports whether taking s out of b, a connected set holding s, leaves more than one group:
// none when its neighbours hang together around it (RingJoined), else a flood fill from one
// neighbour of s that stops as soon as it has met all the others (mostly a few steps around s),
// where Connected would fill the whole group.
func (b Bits) Splits(s Square) bool {
	if b.RingJoined(s) {
		return false
	}
	rest := b.AndNot(Bit(s))
	nb := Bit(s).Dilate().And(rest)
	if nb.Empty() {
		return false
	}
	f := Bit(nb.First())
	for {
		if f.And(nb) == nb {
			return false
		}
		n := f.Dilate().And(rest)
		if n == f {
			return true
		}
		f = n
	}
}
