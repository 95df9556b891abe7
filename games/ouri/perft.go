package ouri

import "math/bits"

// Perft counts the leaves of the legal move tree depth plies deep. A finished game has no
// children; repetitions inside the tree end the game as in play.
func (g *Game) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if g.outcome.Over() {
		return 0
	}
	buf := make([]Position, len(g.since), len(g.since)+depth+1)
	copy(buf, g.since)
	return perft(g.pos, buf, 0, depth)
}

// Perft counts leaves from a position with no history (the position counts as its first
// occurrence). The position must not be finished by a store of 25.
func (p Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if p.Won() {
		return 0
	}
	buf := make([]Position, 1, depth+2)
	buf[0] = p
	return perft(p, buf, 0, depth)
}

// perft expects p to be an unfinished position, last in hist; hist[start:] are the positions since
// the last capture. depth >= 1.
func perft(p Position, hist []Position, start, depth int) uint64 {
	mask := p.LegalMask()
	if depth == 1 {
		return uint64(bits.OnesCount8(mask))
	}
	var total uint64
	for ; mask != 0; mask &= mask - 1 {
		c, captured, _ := p.sow(bits.TrailingZeros8(mask))
		if c.Stores[0] >= Win || c.Stores[1] >= Win {
			continue
		}
		s := start
		if captured > 0 {
			s = len(hist)
		} else if repeatedTwice(hist[start:], c) {
			continue
		}
		total += perft(c, append(hist, c), s, depth-1)
	}
	return total
}

// repeatedTwice reports whether p occurs at least twice in hist, so that p is a third occurrence.
func repeatedTwice(hist []Position, p Position) bool {
	seen := false
	for i := range hist {
		if hist[i] == p {
			if seen {
				return true
			}
			seen = true
		}
	}
	return false
}
