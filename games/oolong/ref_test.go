package oolong

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ref is a deliberately naive second implementation of the rules, written straight from
// rules/oolong.md with a [9][9] board and string decisions, to cross-check Position.

var refDirs = []string{"nw", "n", "ne", "w", "c", "e", "sw", "s", "se"}
var refRing = []string{"n", "ne", "e", "se", "s", "sw", "w", "nw"}

func refIdx(name string) int { return slices.Index(refDirs, name) }

type refSpecial struct {
	marker string
	table  int
	actor  int
}

type ref struct {
	board   [9][9]int // 0 empty, 1 black, 2 green
	wt, ws  int
	markers [9]string
	used    [9]bool
	trigger string
	supply  [2]int
	queue   []refSpecial
	placer  int
	toMove  int
	winner  int // -1 none
	draw    bool
}

func newRef(layout string, trigger string) *ref {
	r := &ref{wt: 4, ws: 4, trigger: trigger, supply: [2]int{40, 40}, placer: 1, winner: -1}
	for i, code := range strings.Split(layout, ",") {
		r.markers[refIdx(refRing[i])] = code
	}
	return r
}

func (r *ref) clone() *ref {
	c := *r
	c.queue = slices.Clone(r.queue)
	return &c
}

func (r *ref) count(table, colour int) int {
	n := 0
	for s := 0; s < 9; s++ {
		if r.board[table][s] == colour {
			n++
		}
	}
	return n
}

// claimedBy is 1 or 2 for the colour with ≥5 teas, 0 when unclaimed.
func (r *ref) claimedBy(table int) int {
	for c := 1; c <= 2; c++ {
		if r.count(table, c) >= 5 {
			return c
		}
	}
	return 0
}

func (r *ref) over() bool { return r.winner >= 0 || r.draw }

func (r *ref) legal() []string {
	var out []string
	if r.over() {
		return out
	}
	if len(r.queue) == 0 {
		for s := 0; s < 9; s++ {
			if r.board[r.wt][s] == 0 && s != r.ws {
				out = append(out, refDirs[r.wt]+"."+refDirs[s])
			}
		}
		if len(out) == 0 {
			for t := 0; t < 9; t++ {
				for s := 0; s < 9; s++ {
					if t != r.wt && r.board[t][s] == 0 {
						out = append(out, refDirs[t]+"."+refDirs[s])
					}
				}
			}
		}
		slices.Sort(out)
		return out
	}
	out = r.choices(r.queue[0])
	if len(out) > 0 {
		out = append(out, "skip")
	}
	slices.Sort(out)
	return out
}

func (r *ref) choices(sp refSpecial) []string {
	var out []string
	switch sp.marker {
	case "BM", "GM":
		for a := 0; a < 9; a++ {
			for s := 0; s < 9; s++ {
				if r.claimedBy(a) != 0 || r.board[a][s] != sp.actor+1 {
					continue
				}
				for z := 0; z < 9; z++ {
					for e := 0; e < 9; e++ {
						if z != a && r.claimedBy(z) == 0 && r.board[z][e] == 0 && !(z == r.wt && e == r.ws) {
							out = append(out, fmt.Sprintf("move %s.%s %s.%s", refDirs[a], refDirs[s], refDirs[z], refDirs[e]))
						}
					}
				}
			}
		}
	case "BW", "GW":
		for t := 0; t < 9; t++ {
			if t != r.wt {
				out = append(out, "waiter "+refDirs[t])
			}
		}
	case "RO":
		for k := 1; k <= 7; k++ {
			out = append(out, "rotate "+strconv.Itoa(k))
		}
	case "SU":
		for p := 0; p < 9; p++ {
			for q := p + 1; q < 9; q++ {
				if r.claimedBy(p) == 0 && r.claimedBy(q) == 0 {
					out = append(out, "swap "+refDirs[p]+" "+refDirs[q])
				}
			}
		}
	case "SC":
		for p := 0; p < 9; p++ {
			for q := 0; q < 9; q++ {
				if r.claimedBy(p) != 0 && r.claimedBy(q) == 0 {
					out = append(out, "swap "+refDirs[p]+" "+refDirs[q])
				}
			}
		}
	}
	return out
}

var refThreshold = map[string]int{"BM": 3, "GM": 3, "BW": 5, "GW": 5, "RO": 4, "SU": 4, "SC": 5}

// received runs steps 5 and 6 for a table that got a tea of player c.
func (r *ref) received(table, c int) {
	m := r.markers[table]
	if m != "" && !r.used[table] && r.count(table, c+1) >= refThreshold[m] {
		actor := c
		fires := true
		if m[0] == 'B' && m != "BM" && m != "BW" || m[0] == 'G' && m != "GM" && m != "GW" {
			panic("bad marker")
		}
		if m == "BM" || m == "BW" {
			actor = 0
			fires = r.trigger == "any" || c == 0
		}
		if m == "GM" || m == "GW" {
			actor = 1
			fires = r.trigger == "any" || c == 1
		}
		if fires {
			r.used[table] = true
			r.queue = append(r.queue, refSpecial{m, table, actor})
		}
	}
	for p := 0; p < 2; p++ {
		n := 0
		for t := 0; t < 9; t++ {
			if r.claimedBy(t) == p+1 {
				n++
			}
		}
		if n >= 5 {
			r.winner = p
		}
	}
}

func (r *ref) play(m string) {
	f := strings.Fields(m)
	switch f[0] {
	case "move":
		sp := r.queue[0]
		r.queue = r.queue[1:]
		a, s, _ := strings.Cut(f[1], ".")
		z, e, _ := strings.Cut(f[2], ".")
		r.board[refIdx(a)][refIdx(s)] = 0
		r.board[refIdx(z)][refIdx(e)] = sp.actor + 1
		r.received(refIdx(z), sp.actor)
	case "waiter":
		r.queue = r.queue[1:]
		r.wt = refIdx(f[1])
	case "rotate":
		sp := r.queue[0]
		r.queue = r.queue[1:]
		k, _ := strconv.Atoi(f[1])
		old := r.board[sp.table]
		for i, d := range refRing {
			r.board[sp.table][refIdx(refRing[(i+k)%8])] = old[refIdx(d)]
		}
		if r.wt == sp.table && r.ws != 4 {
			i := slices.Index(refRing, refDirs[r.ws])
			r.ws = refIdx(refRing[(i+k)%8])
		}
	case "swap":
		r.queue = r.queue[1:]
		p, q := refIdx(f[1]), refIdx(f[2])
		r.board[p], r.board[q] = r.board[q], r.board[p]
		if r.wt == p {
			r.wt = q
		} else if r.wt == q {
			r.wt = p
		}
	case "skip":
		r.queue = r.queue[1:]
	default:
		t, s, _ := strings.Cut(f[0], ".")
		c := r.toMove
		r.board[refIdx(t)][refIdx(s)] = c + 1
		r.supply[c]--
		r.placer = c
		r.wt, r.ws = refIdx(s), refIdx(t)
		r.received(refIdx(t), c)
	}
	if r.over() {
		return
	}
	for len(r.queue) > 0 && len(r.choices(r.queue[0])) == 0 {
		r.queue = r.queue[1:]
	}
	if len(r.queue) > 0 {
		r.toMove = r.queue[0].actor
		return
	}
	r.toMove = 1 - r.placer
	if r.supply[r.toMove] == 0 {
		r.draw = true
	}
}

func (r *ref) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range r.legal() {
		c := r.clone()
		c.play(m)
		n += c.perft(depth - 1)
	}
	return n
}
