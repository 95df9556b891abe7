package ordo

import (
	"fmt"
	"sort"
	"strings"
)

// refBoard is the brute-force reference: a plain array board, naive rays and BFS connectivity,
// written as simply as possible to check the bitboard engine against.
type refBoard struct {
	cell [Files][Ranks]int // 0 empty, 1 White, 2 Black
	side int               // 1 White, 2 Black to move
}

func refFromGame(g *Game) refBoard {
	var b refBoard
	for f := 0; f < Files; f++ {
		for r := 0; r < Ranks; r++ {
			b.cell[f][r] = int(g.At(f, r)) + 1
		}
	}
	b.side = int(g.ToMove()) + 1
	return b
}

func (b refBoard) key() string {
	k := make([]byte, 0, Files*Ranks+1)
	for f := 0; f < Files; f++ {
		for r := 0; r < Ranks; r++ {
			k = append(k, byte(b.cell[f][r]))
		}
	}
	return string(append(k, byte(b.side)))
}

func onBoard(f, r int) bool { return f >= 0 && f < Files && r >= 0 && r < Ranks }

func sq(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

// connected: BFS from one piece of colour c reaches all of them.
func (b refBoard) connected(c int) bool {
	total, start := 0, [2]int{-1, -1}
	for f := 0; f < Files; f++ {
		for r := 0; r < Ranks; r++ {
			if b.cell[f][r] == c {
				total++
				start = [2]int{f, r}
			}
		}
	}
	if total <= 1 {
		return true
	}
	seen := map[[2]int]bool{start: true}
	queue := [][2]int{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				q := [2]int{p[0] + df, p[1] + dr}
				if onBoard(q[0], q[1]) && b.cell[q[0]][q[1]] == c && !seen[q] {
					seen[q] = true
					queue = append(queue, q)
				}
			}
		}
	}
	return len(seen) == total
}

func (b refBoard) fwd() int {
	if b.side == 1 {
		return 1
	}
	return -1
}

// moves lists the legal moves in canonical notation, sorted; each comes with the board after it.
func (b refBoard) moves() ([]string, map[string]refBoard) {
	me, opp := b.side, 3-b.side
	disc := !b.connected(me)
	fw := b.fwd()
	dirs := [][2]int{{0, fw}, {1, fw}, {-1, fw}, {1, 0}, {-1, 0}}
	if disc {
		dirs = append(dirs, [2]int{0, -fw}, [2]int{1, -fw}, [2]int{-1, -fw})
	}
	out := map[string]refBoard{}
	add := func(name string, after refBoard) {
		if after.connected(me) {
			after.side = opp
			out[name] = after
		}
	}
	for f := 0; f < Files; f++ {
		for r := 0; r < Ranks; r++ {
			if b.cell[f][r] != me {
				continue
			}
			for _, d := range dirs {
				for k := 1; ; k++ {
					tf, tr := f+k*d[0], r+k*d[1]
					if !onBoard(tf, tr) || b.cell[tf][tr] == me {
						break
					}
					after := b
					after.cell[f][r] = 0
					after.cell[tf][tr] = me
					if b.cell[tf][tr] == opp {
						add(sq(f, r)+"x"+sq(tf, tr), after)
						break
					}
					add(sq(f, r)+"-"+sq(tf, tr), after)
				}
			}
		}
	}
	// Ordos: every pair of ends on one rank or file with only own pieces between them.
	for f := 0; f < Files; f++ {
		for r := 0; r < Ranks; r++ {
			for _, line := range [][2]int{{1, 0}, {0, 1}} {
				var seg [][2]int
				for k := 0; ; k++ {
					sf, sr := f+k*line[0], r+k*line[1]
					if !onBoard(sf, sr) || b.cell[sf][sr] != me {
						break
					}
					seg = append(seg, [2]int{sf, sr})
					if len(seg) < 2 {
						continue
					}
					var steps [][2]int
					if line[0] == 1 { // horizontal: forward, backward while disconnected
						steps = [][2]int{{0, fw}}
						if disc {
							steps = append(steps, [2]int{0, -fw})
						}
					} else {
						steps = [][2]int{{1, 0}, {-1, 0}}
					}
					for _, st := range steps {
						for d := 1; ; d++ {
							free := true
							for _, p := range seg {
								tf, tr := p[0]+d*st[0], p[1]+d*st[1]
								if !onBoard(tf, tr) || b.cell[tf][tr] != 0 {
									free = false
								}
							}
							if !free {
								break
							}
							after := b
							for _, p := range seg {
								after.cell[p[0]][p[1]] = 0
							}
							for _, p := range seg {
								after.cell[p[0]+d*st[0]][p[1]+d*st[1]] = me
							}
							first, last := seg[0], seg[len(seg)-1]
							add(sq(first[0], first[1])+":"+sq(last[0], last[1])+"-"+sq(first[0]+d*st[0], first[1]+d*st[1]), after)
						}
					}
				}
			}
		}
	}
	names := make([]string, 0, len(out))
	for n := range out {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, out
}

// over: the player who just moved reached the far rank, or the side to move has no pieces.
// (No legal moves shows up as no children.)
func (b refBoard) over() bool {
	mover := 3 - b.side
	goal := 7
	if mover == 2 {
		goal = 0
	}
	count := 0
	for f := 0; f < Files; f++ {
		if b.cell[f][goal] == mover {
			return true
		}
		for r := 0; r < Ranks; r++ {
			if b.cell[f][r] == b.side {
				count++
			}
		}
	}
	return count == 0
}

// perft counts leaves; history holds the keys of every earlier position of the game, this one
// included, for the threefold repetition draw.
func (b refBoard) perft(depth int, history []string) uint64 {
	if depth == 0 {
		return 1
	}
	names, after := b.moves()
	var n uint64
	for _, name := range names {
		c := after[name]
		k := c.key()
		reps := 0
		for _, h := range history {
			if h == k {
				reps++
			}
		}
		if depth > 1 && (c.over() || reps >= 2) {
			continue
		}
		n += c.perft(depth-1, append(history[:len(history):len(history)], k))
	}
	return n
}

func (b refBoard) String() string {
	var s strings.Builder
	for r := Ranks - 1; r >= 0; r-- {
		for f := 0; f < Files; f++ {
			s.WriteByte(".OX"[b.cell[f][r]])
		}
		s.WriteByte('\n')
	}
	return s.String()
}
