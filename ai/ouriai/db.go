package ouriai

import (
	"runtime"
	"sync"
	"sync/atomic"

	"tabuleiro/games/ouri"
)

// DB is an endgame database: for every position with at most Seeds seeds on the board, and one
// rule set, the bounds within which the final (mover's gain − opponent's gain) from the seeds still
// on the board lies under perfect play and the real rules, the position being the first of its
// line (as after a capture).
//
// How the values are defined:
//   - No legal move: each side collects its own seeds.
//   - A capture leaves the level for a smaller one, already solved; an Ouri grand slam captures and
//     the same side moves again.
//   - The store of 25 is ignored: seeds only accumulate, so a side that reaches 25 wins whatever
//     follows, and the sign of (store difference + value) is the exact result.
//   - A cycle ends the game at the third occurrence of a position, each side collecting its own
//     seeds. What that gives depends on which position repeats first, so on the whole line of
//     play, which no value per position can hold. Lo is what the mover can force by captures or
//     the end of the game whatever the opponent does (as if every cycle gave the opponent all),
//     Hi what the opponent cannot prevent the mover from reaching (as if every cycle gave the
//     mover all): the real value lies between them, and it is exact when they meet. When they do
//     not, the value depends on repetition, and a search must play the cycles out under the real
//     rule (Search does).
type DB struct {
	Rules ouri.Rules
	Seeds int // the seed cap
	// By rank, fewer seeds first; a position's two bounds side by side, so a probe reads one
	// cache line.
	values []span
}

// span is a position's bounds.
type span struct{ lo, hi int8 }

// Bounds returns the bounds of the value of a position for the side to move, if it is in the
// database (lo == hi: the value does not depend on repetition).
func (db *DB) Bounds(p *ouri.Position) (lo, hi int, ok bool) {
	if db == nil {
		return 0, 0, false
	}
	n := p.SideSeeds(0) + p.SideSeeds(1)
	if n > db.Seeds {
		return 0, 0, false
	}
	h := p.Houses
	if p.ToMove == 1 {
		h = turned(h)
	}
	i := starts[n] + rankIn(&h, n)
	v := db.values[i]
	return int(v.lo), int(v.hi), true
}

// Probe returns the value of a position for the side to move when the database holds it exactly:
// when it has few enough seeds and its value does not depend on repetition.
func (db *DB) Probe(p *ouri.Position) (int, bool) {
	lo, hi, ok := db.Bounds(p)
	if !ok || lo != hi {
		return 0, false
	}
	return lo, true
}

// bounds looks up a board already seen from the mover's side.
func (db *DB) bounds(h *[12]uint8, n int) (lo, hi int) {
	i := starts[n] + rankIn(h, n)
	v := db.values[i]
	return int(v.lo), int(v.hi)
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
	db := &DB{Rules: rules, Seeds: seeds, values: make([]span, Positions(seeds))}
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
	exitLo  []int8   // the best lower bound over the moves that leave the level (or the end of the game)
	exitHi  []int8   // the best upper bound over them
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

// solveLevel finds the bounds of the positions with n seeds by retrograde analysis.
//
// Within a level the moves form cycles, so the bounds are computed together: lo(p), what the mover
// can force in finitely many moves (endless play counting as the worst for p's mover), and hi(p),
// the same with endless play counting as the best. They satisfy lo(p) = max(exitLo(p), max −hi(q))
// and hi(p) = max(exitHi(p), max −lo(q)) over the moves p→q in the level, where the exits use the
// bounds of the smaller levels. Going down the thresholds t = n … −n, lo(p) ≥ t when an exit
// reaches t or some child has hi(q) ≤ −t; hi(q) ≤ −t when exitHi(q) ≤ −t and every child has
// lo ≥ t. Each position enters each side once, so the whole level costs a couple of passes over
// its moves. The forcing lines behind lo never repeat a position (each step goes to a position
// settled earlier), so the repetition rule cannot cut them short; a bound no threshold reaches
// is the worst (or best) the seeds allow, −n (or n).
func (db *DB) solveLevel(n, workers int) {
	size := levelSize(n)
	lv := &level{n: n, size: size, exitLo: make([]int8, size), exitHi: make([]int8, size),
		open: make([]uint8, size), first: make([]uint32, size+1)}
	rules := db.Rules
	// Pass 1: exits and the number of parents of every position.
	forEach(n, size, workers, func(idx int, h *[12]uint8) {
		p := ouri.Position{Houses: *h, Rules: rules}
		bestLo, bestHi := noExit, noExit
		mask := p.LegalMask()
		if mask == 0 {
			bestLo = p.SideSeeds(0) - p.SideSeeds(1)
			bestHi = bestLo
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
			var lo, hi int
			if c.ToMove == 0 { // Ouri grand slam: the capturer moves again
				lo, hi = db.bounds(&c.Houses, n-captured)
				lo, hi = captured+lo, captured+hi
			} else {
				t := turned(c.Houses)
				clo, chi := db.bounds(&t, n-captured)
				lo, hi = captured-chi, captured-clo
			}
			bestLo, bestHi = max(bestLo, lo), max(bestHi, hi)
		}
		lv.exitLo[idx], lv.exitHi[idx] = int8(bestLo), int8(bestHi)
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
	values := db.values[starts[n] : starts[n]+size]
	for i := range values {
		values[i] = span{lo[i], hi[i]}
		if lo[i] == unknown {
			values[i].lo = int8(-n)
		}
		if hi[i] == unknown {
			values[i].hi = int8(n)
		}
	}
}

func turnedPtr(h *[12]uint8) *[12]uint8 {
	t := turned(*h)
	return &t
}

// solve runs the thresholds down; lo and hi hold the bounds (unknown: only endless play reaches them).
func (lv *level) solve() (lo, hi []int8) {
	n, size := lv.n, lv.size
	lo, hi = make([]int8, size), make([]int8, size)
	for i := range lo {
		lo[i], hi[i] = unknown, unknown
	}
	// Positions by exit value, so each threshold finds its new starts without a scan.
	byExitLo, byExitHi := make([][]uint32, 2*n+1), make([][]uint32, 2*n+1)
	for i, e := range lv.exitLo {
		if e != noExit {
			byExitLo[int(e)+n] = append(byExitLo[int(e)+n], uint32(i))
		}
	}
	for i, e := range lv.exitHi {
		if e != noExit {
			byExitHi[int(e)+n] = append(byExitHi[int(e)+n], uint32(i))
		}
	}
	var qLo, qHi []uint32
	for t := n; t >= -n; t-- {
		for _, p := range byExitLo[t+n] {
			if lo[p] == unknown {
				lo[p] = int8(t)
				qLo = append(qLo, p)
			}
		}
		for _, q := range byExitHi[-t+n] {
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
					if lv.open[q] == 0 && hi[q] == unknown && (lv.exitHi[q] == noExit || int(lv.exitHi[q]) <= -t) {
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
