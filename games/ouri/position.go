package ouri

import (
	"encoding/binary"
	"math/bits"
)

// Rules selects the rule set: Ouri (the default) or Oware Abapa.
type Rules uint8

const (
	// RulesOuri: singleton rule on; a grand slam captures and the capturer moves again.
	RulesOuri Rules = iota
	// RulesAbapa: no singleton rule; a grand slam is legal but captures nothing.
	RulesAbapa
)

func (r Rules) String() string {
	if r == RulesAbapa {
		return "abapa"
	}
	return "ouri"
}

// Seeds is the number of seeds in play; Win is the store that ends the game at once.
const (
	Seeds = 48
	Win   = 25
)

// Position is the compact, copyable state the search works on: 16 bytes, comparable with ==.
// Houses are indexed 0–5 = South a–f, 6–11 = North a–f. ToMove is 0 (South) or 1 (North).
// Misère does not change play, only the verdict, so it is not part of the position.
type Position struct {
	Houses [12]uint8
	Stores [2]uint8
	ToMove uint8
	Rules  Rules
}

// Start is the opening position under the given rules.
func Start(r Rules) Position {
	p := Position{Rules: r}
	for i := range p.Houses {
		p.Houses[i] = 4
	}
	return p
}

// words loads the board as two little-endian words: byte i of lo is house i (0–7), of hi house 8+i.
func (p *Position) words() (lo uint64, hi uint32) {
	return binary.LittleEndian.Uint64(p.Houses[0:8]), binary.LittleEndian.Uint32(p.Houses[8:12])
}

// side returns a seat's six houses as the low six bytes of a word, a in the lowest byte.
func (p *Position) side(seat uint8) uint64 {
	lo, hi := p.words()
	if seat == 0 {
		return lo & 0xffff_ffff_ffff
	}
	return lo>>48 | uint64(hi)<<16
}

const (
	highBits = 0x8080_8080_8080
	atLeast1 = 0x7f7f_7f7f_7f7f
	atLeast2 = 0x7e7e_7e7e_7e7e
	// Byte i reaches the opposite side when it holds at least 6−i seeds.
	reaches = 0x7f7e_7d7c_7b7a
)

// byteMask gathers the high bit of each of the six low bytes into bits 0–5.
func byteMask(x uint64) uint8 {
	m := x >> 7
	m |= m >> 7
	m |= m >> 14
	m |= m >> 28
	return uint8(m & 0x3f)
}

// LegalMask returns the legal moves of the side to move as a bit set: bit i is the mover's house i
// (a = 0 … f = 5). Zero means the side to move has no legal move (the game is over).
func (p *Position) LegalMask() uint8 {
	// Houses hold at most 48 seeds, so adding up to 0x7f to each byte never carries into the next.
	own := p.side(p.ToMove)
	var mask uint64
	if p.side(1-p.ToMove) == 0 {
		mask = (own + reaches) & highBits
	} else {
		mask = (own + atLeast1) & highBits
	}
	// Singleton rule, applied after feeding: if any candidate holds two or more, only those remain.
	if p.Rules == RulesOuri {
		if big := mask & (own + atLeast2); big != 0 {
			mask = big
		}
	}
	return byteMask(mask)
}

// Legal writes the legal moves (mover's house indices, ascending) into buf and returns the count.
// buf needs room for 6.
func (p *Position) Legal(buf []int) int {
	n := 0
	for m := p.LegalMask(); m != 0; m &= m - 1 {
		buf[n] = bits.TrailingZeros8(m)
		n++
	}
	return n
}

// Sow plays the mover's house h (0–5) and returns the new position and the seeds captured.
// It does not check legality (use LegalMask) nor the end of the game (use Won and LegalMask).
func (p Position) Sow(h int) (Position, int) {
	q, captured, _ := p.sow(h)
	return q, captured
}

// sowing is the effect of lifting n seeds from a house: what each house gains (as words, like
// Position.words) and where the last seed falls.
type sowing struct {
	lo   uint64
	hi   uint32
	last int8
}

// sowings[from][n] is precomputed so that a sowing is two additions, whatever its size.
var sowings = func() (t [12][Seeds + 1]sowing) {
	for from := 0; from < 12; from++ {
		for n := 0; n <= Seeds; n++ {
			var add [12]uint8
			at := from
			for left := n; left > 0; {
				at = (at + 1) % 12
				if at != from {
					add[at]++
					left--
				}
			}
			t[from][n] = sowing{
				lo:   binary.LittleEndian.Uint64(add[0:8]),
				hi:   binary.LittleEndian.Uint32(add[8:12]),
				last: int8(at),
			}
		}
	}
	return t
}()

// sow is Sow that also reports a grand slam (under Abapa one that captured nothing).
func (p Position) sow(h int) (Position, int, bool) {
	me := p.ToMove
	from := int(me)*6 + h
	s := &sowings[from][p.Houses[from]%(Seeds+1)]
	p.Houses[from] = 0
	lo, hi := p.words()
	binary.LittleEndian.PutUint64(p.Houses[0:8], lo+s.lo)
	binary.LittleEndian.PutUint32(p.Houses[8:12], hi+s.hi)
	last := int(s.last)
	first := 6 - int(me)*6 // the opponent's house a
	captured := 0
	slam := false
	if last >= first && last < first+6 && p.Houses[last]-2 < 2 {
		j := last
		for j >= first && p.Houses[j]-2 < 2 {
			captured += int(p.Houses[j])
			j--
		}
		if sideSum(p.side(1-me)) == captured {
			slam = true
			if p.Rules == RulesAbapa {
				captured = 0
			}
		}
		if captured > 0 {
			for k := j + 1; k <= last; k++ {
				p.Houses[k] = 0
			}
			p.Stores[me] += uint8(captured)
		}
	}
	// The opponent moves next if they have a seed; otherwise (after an Ouri grand slam) P again.
	if p.side(1-me) != 0 {
		p.ToMove = 1 - me
	}
	return p, captured, slam
}

// sideSum adds the six low bytes of a side word (each at most 48, so no byte overflows).
func sideSum(w uint64) int { return int(w * 0x0101_0101_0101 >> 40 & 0xff) }

// SideSeeds is the number of seeds on a seat's side (0 = South, 1 = North).
func (p *Position) SideSeeds(seat uint8) int { return sideSum(p.side(seat)) }

// Won reports whether a store has reached 25, which ends the game at once.
func (p *Position) Won() bool { return p.Stores[0] >= Win || p.Stores[1] >= Win }

// Collect moves the seeds on each side into their owner's store, as the game does when it ends by
// no legal move, a third occurrence or agreement.
func (p Position) Collect() Position {
	for i, s := range p.Houses {
		p.Stores[i/6] += s
		p.Houses[i] = 0
	}
	return p
}
