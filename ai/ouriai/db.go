package ouriai

import (
	"runtime"
	"sync"
	"sync/atomic"

	"tabuleiro/games/ouri"
)

// DB is an endgame database: for every position with at most Seeds seeds on the board, the final
// (mover's gain − opponent's gain) from the seeds still on the board under perfect play, for one
// rule set.
//
// How the values are defined:
//   - No legal move: each side collects its own seeds.
//   - A capture leaves the level for a smaller one, already solved; an Ouri grand slam captures and
//     the same side moves again.
//   - The store of 25 is ignored: seeds only accumulate, so a side that reaches 25 wins whatever
//     follows, and the sign of (store difference + value) is the exact result.
//   - Play that never captures and never ends (a cycle: the game's third occurrence) is valued 0,
//     as if the seeds left were shared. The repetition rule (each side collects its own) depends on
//     which position repeats first, so no value per position can be exact for it; 0 keeps the
//     values a true minimax fixed point, and every forced line that ends by capture or by no legal
//     move is valued exactly. A value v > 0 means the mover gets at least v without relying on a
//     cycle; v < 0 means the opponent does.
type DB struct {
	Rules ouri.Rules
	Seeds int    // the seed cap
	vals  []int8 // by rank, fewer seeds first
}

// Probe returns the value of a position for the side to move, if it is in the database.
func (db *DB) Probe(p *ouri.Position) (int, bool) {
	if db == nil {
		return 0, false
	}
	h := p.Houses
	n := boardSeeds(&h)
	if n > db.Seeds {
		return 0, false
	}
	if p.ToMove == 1 {
		h = turned(h)
	}
	return int(db.vals[levelStart(n)+rankIn(&h, n)]), true
}

// value looks up a board already seen from the mover's side.
func (db *DB) value(h *[12]uint8, n int) int {
	return int(db.vals[starts[n]+rankIn(h, n)])
}

var starts = func() (s [MaxSeeds + 2]int) {
	for n := range s {
		s[n] = levelStart(n)
	}
	return s
}()

// Build solves every position with at most seeds seeds on the board, one seed count at a time
// (a capture only ever leads to fewer seeds), on workers goroutines (0: all CPUs).
func Build(rules ouri.Rules, seeds, workers int) *DB {
	if seeds > MaxSeeds {
		seeds = MaxSeeds
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	db := &DB{Rules: rules, Seeds: seeds, vals: make([]int8, Positions(seeds))}
	for n := 0; n <= seeds; n++ {
		db.solveLevel(n, workers)
	}
	return db
}

const (
	noExit  = -128 // a position whose every move stays in the level
	unknown = -128 // a bound not reached by any threshold
)

// level holds the work arrays for solving the positions with n seeds.
type level struct {
	n       int
	size    int
	exit    []int8   // best value over the moves that leave the level (or the end of the game)
	open    []uint8  // moves within the level to positions not yet known to reach the threshold
	first   []uint32 // parents of q are parents[first[q]:first[q+1]]
	parents []uint32
}

// forEach runs f over the level's boards in rank order, split into chunks across workers.
func forEach(n, size, workers int, f func(idx int, h *[12]uint8)) {
	chunk := (size + workers - 1) / workers
	var wg sync.WaitGroup
	for lo := 0; lo < size; lo += chunk {
		hi := min(lo+chunk, size)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := unrankIn(lo, n)
			for idx := lo; ; idx++ {
				f(idx, &h)
				if idx+1 >= hi {
					break
				}
				nextIn(&h)
			}
		}()
	}
	wg.Wait()
}

// solveLevel finds the values of the positions with n seeds by retrograde analysis.
//
// Within a level the moves form cycles, so values come from two bounds computed together:
// lo(p), what the mover can force in finitely many moves (endless play counting as the worst for
// p's mover), and hi(p), the same with endless play counting as the best. They satisfy
// lo(p) = max(exit(p), max −hi(q)) and hi(p) = max(exit(p), max −lo(q)) over the moves p→q in the
// level. Going down the thresholds t = n … −n, lo(p) ≥ t when an exit reaches t or some child has
// hi(q) ≤ −t; hi(q) ≤ −t when exit(q) ≤ −t and every child has lo ≥ t. Each position enters each
// side once, so the whole level costs a couple of passes over its moves. With endless play
// valued 0, the value is lo if lo > 0, hi if hi < 0, and 0 otherwise.
func (db *DB) solveLevel(n, workers int) {
	size := levelSize(n)
	lv := &level{n: n, size: size, exit: make([]int8, size), open: make([]uint8, size),
		first: make([]uint32, size+1)}
	rules := db.Rules
	// Pass 1: exits and the number of parents of every position.
	forEach(n, size, workers, func(idx int, h *[12]uint8) {
		p := ouri.Position{Houses: *h, Rules: rules}
		best := noExit
		mask := p.LegalMask()
		if mask == 0 {
			best = p.SideSeeds(0) - p.SideSeeds(1)
		}
		for m := 0; m < 6; m++ {
			if mask&(1<<m) == 0 {
				continue
			}
			c, captured := p.Sow(m)
			if captured == 0 {
				q := rankIn(turnedPtr(&c.Houses), n)
				atomic.AddUint32(&lv.first[q+1], 1)
				continue
			}
			var v int
			if c.ToMove == 0 { // Ouri grand slam: the capturer moves again
				v = captured + db.value(&c.Houses, n-captured)
			} else {
				t := turned(c.Houses)
				v = captured - db.value(&t, n-captured)
			}
			best = max(best, v)
		}
		lv.exit[idx] = int8(best)
	})
	for q := 0; q < size; q++ {
		lv.first[q+1] += lv.first[q]
	}
	lv.parents = make([]uint32, lv.first[size])
	cursor := make([]uint32, size)
	copy(cursor, lv.first[:size])
	// Pass 2: the parent lists.
	forEach(n, size, workers, func(idx int, h *[12]uint8) {
		p := ouri.Position{Houses: *h, Rules: rules}
		mask := p.LegalMask()
		open := uint8(0)
		for m := 0; m < 6; m++ {
			if mask&(1<<m) == 0 {
				continue
			}
			c, captured := p.Sow(m)
			if captured == 0 {
				q := rankIn(turnedPtr(&c.Houses), n)
				lv.parents[atomic.AddUint32(&cursor[q], 1)-1] = uint32(idx)
				open++
			}
		}
		lv.open[idx] = open
	})
	cursor = nil
	lo, hi := lv.solve()
	vals := db.vals[starts[n] : starts[n]+size]
	for i := range vals {
		switch {
		case lo[i] != unknown && lo[i] > 0:
			vals[i] = lo[i]
		case hi[i] != unknown && hi[i] < 0:
			vals[i] = hi[i]
		}
	}
}

func turnedPtr(h *[12]uint8) *[12]uint8 {
	t := turned(*h)
	return &t
}

// solve runs the thresholds down; lo and hi hold the bounds (unknown: endless play decides).
func (lv *level) solve() (lo, hi []int8) {
	n, size := lv.n, lv.size
	lo, hi = make([]int8, size), make([]int8, size)
	for i := range lo {
		lo[i], hi[i] = unknown, unknown
	}
	// Positions by exit value, so each threshold finds its new starts without a scan.
	byExit := make([][]uint32, 2*n+1)
	for i, e := range lv.exit {
		if e != noExit {
			byExit[int(e)+n] = append(byExit[int(e)+n], uint32(i))
		}
	}
	var qLo, qHi []uint32
	for t := n; t >= -n; t-- {
		for _, p := range byExit[t+n] {
			if lo[p] == unknown {
				lo[p] = int8(t)
				qLo = append(qLo, p)
			}
		}
		for _, q := range byExit[-t+n] {
			if lv.open[q] == 0 && hi[q] == unknown {
				hi[q] = int8(-t)
				qHi = append(qHi, q)
			}
		}
		for len(qLo) > 0 || len(qHi) > 0 {
			for len(qLo) > 0 {
				p := qLo[len(qLo)-1]
				qLo = qLo[:len(qLo)-1]
				for _, q := range lv.parents[lv.first[p]:lv.first[p+1]] {
					lv.open[q]--
					if lv.open[q] == 0 && hi[q] == unknown && (lv.exit[q] == noExit || int(lv.exit[q]) <= -t) {
						hi[q] = int8(-t)
						qHi = append(qHi, q)
					}
				}
			}
			for len(qHi) > 0 {
				q := qHi[len(qHi)-1]
				qHi = qHi[:len(qHi)-1]
				for _, p := range lv.parents[lv.first[q]:lv.first[q+1]] {
					if lo[p] == unknown {
						lo[p] = int8(t)
						qLo = append(qLo, p)
					}
				}
			}
		}
	}
	return lo, hi
}
