package ouriai

// Positions of the database are ranked combinatorially: every way to lay n seeds in the 12 houses
// (the mover's a–f first, then the opponent's a–f) gets a number, the positions with fewer seeds
// first, and within a seed count in lexicographic order of the houses. No slot is wasted, so the
// database is two bytes per position (its bounds) and nothing else.

// MaxSeeds is the largest seed cap a database can be built for: every position with at most 18
// seeds, C(30,12) = 86,493,225 of them, 165 MiB a rule set (a server opts into it).
const MaxSeeds = 18

// FullSeeds is the seed cap of the database hard plays with by default: every position with at
// most 17 seeds on the board, C(29,12) = 51,895,935 of them, 99 MiB a rule set.
const FullSeeds = 17

// compositions[k][r] is the number of ways to lay r seeds in k houses: C(r+k−1, k−1).
var compositions = func() (c [13][MaxSeeds + 1]uint32) {
	for r := 0; r <= MaxSeeds; r++ {
		c[1][r] = 1
	}
	for k := 2; k <= 12; k++ {
		for r := 0; r <= MaxSeeds; r++ {
			var s uint32
			for v := 0; v <= r; v++ {
				s += c[k-1][r-v]
			}
			c[k][r] = s
		}
	}
	return c
}()

// below[i][r][h] counts the layouts of r seeds in houses i..11 whose house i holds fewer than h.
var below = func() (b [12][MaxSeeds + 1][MaxSeeds + 2]uint32) {
	for i := 0; i < 11; i++ {
		for r := 0; r <= MaxSeeds; r++ {
			for h := 1; h <= r+1; h++ {
				b[i][r][h] = b[i][r][h-1] + compositions[11-i][r-(h-1)]
			}
		}
	}
	return b
}()

// levelSize is the number of positions with exactly n seeds; levelStart the rank of the first.
func levelSize(n int) int { return int(compositions[12][n]) }

func levelStart(n int) int {
	s := 0
	for k := 0; k < n; k++ {
		s += levelSize(k)
	}
	return s
}

// Positions is the number of positions with at most n seeds on the board.
func Positions(n int) int { return levelStart(n + 1) }

// rankIn is the rank of a board with n seeds among the boards with n seeds.
func rankIn(h *[12]uint8, n int) int {
	r, idx := n, uint32(0)
	for i := 0; i < 11; i++ {
		idx += below[i][r][h[i]]
		r -= int(h[i])
	}
	return int(idx)
}

// unrankIn is the inverse of rankIn.
func unrankIn(idx, n int) (h [12]uint8) {
	r, x := n, uint32(idx)
	for i := 0; i < 11; i++ {
		v := 0
		for v < r && below[i][r][v+1] <= x {
			v++
		}
		x -= below[i][r][v]
		h[i] = uint8(v)
		r -= v
	}
	h[11] = uint8(r)
	return h
}

// nextIn steps a board to the next one in rank order (same seed count); it must not be the last.
func nextIn(h *[12]uint8) {
	k := 11
	for h[k] == 0 {
		k--
	}
	if k == 11 {
		h[10]++
		h[11]--
		return
	}
	h[k-1]++
	h[11] = h[k] - 1
	h[k] = 0
}

// turned is the board seen from the other side: the opponent's houses first.
func turned(h [12]uint8) (t [12]uint8) {
	copy(t[:6], h[6:])
	copy(t[6:], h[:6])
	return t
}
