package ouri

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tabuleiro/games"
)

// naive is a deliberately plain second implementation of the rules, written straight from
// rules/ouri.md with none of the engine's shortcuts, to check the fast code against.
type naive struct {
	houses [12]int
	stores [2]int
	side   int
	abapa  bool
	seen   []string // every position so far, for repetition
	over   bool
}

func (n naive) key() string { return fmt.Sprint(n.houses, n.side) }

func (n naive) moves() []int {
	own, opp := n.side*6, (1-n.side)*6
	oppSeeds := 0
	for i := 0; i < 6; i++ {
		oppSeeds += n.houses[opp+i]
	}
	var cands []int
	for i := 0; i < 6; i++ {
		if n.houses[own+i] == 0 {
			continue
		}
		if oppSeeds == 0 && n.houses[own+i] < 6-i {
			continue
		}
		cands = append(cands, i)
	}
	if n.abapa {
		return cands
	}
	var big []int
	for _, i := range cands {
		if n.houses[own+i] >= 2 {
			big = append(big, i)
		}
	}
	if len(big) > 0 {
		return big
	}
	return cands
}

func (n naive) play(i int) naive {
	n.seen = append(n.seen[:len(n.seen):len(n.seen)], "") // copy on write
	n.seen = n.seen[:len(n.seen)-1]
	from := n.side*6 + i
	seeds := n.houses[from]
	n.houses[from] = 0
	at := from
	for seeds > 0 {
		at = (at + 1) % 12
		if at == from {
			continue
		}
		n.houses[at]++
		seeds--
	}
	oppSide := 1 - n.side
	taken := 0
	var takenHouses []int
	for j := at; j >= 0 && j/6 == oppSide && (n.houses[j] == 2 || n.houses[j] == 3); j-- {
		taken += n.houses[j]
		takenHouses = append(takenHouses, j)
	}
	oppSeeds := 0
	for j := oppSide * 6; j < oppSide*6+6; j++ {
		oppSeeds += n.houses[j]
	}
	if taken > 0 && !(taken == oppSeeds && n.abapa) {
		for _, j := range takenHouses {
			n.houses[j] = 0
		}
		n.stores[n.side] += taken
		oppSeeds -= taken
	}
	if oppSeeds > 0 {
		n.side = oppSide
	}
	k := n.key()
	count := 1
	for _, s := range n.seen {
		if s == k {
			count++
		}
	}
	n.seen = append(n.seen, k)
	n.over = n.stores[0] >= 25 || n.stores[1] >= 25 || count >= 3 || len(n.moves()) == 0
	if count >= 3 {
		naiveRepetitions++
	}
	return n
}

func (n naive) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if n.over {
		return 0
	}
	var total uint64
	for _, m := range n.moves() {
		total += n.play(m).perft(depth - 1)
	}
	return total
}

// naiveRepetitions counts third occurrences met by naive play, to prove the tests reach them.
var naiveRepetitions int

func naiveStart(abapa bool) naive {
	n := naive{abapa: abapa}
	for i := range n.houses {
		n.houses[i] = 4
	}
	n.seen = []string{n.key()}
	return n
}

func TestPerftFromTheStart(t *testing.T) {
	// Depth 1: South has six full houses, so 6.
	// Depth 2: every South sowing leaves all six North houses with 4 or 5 seeds, none a singleton
	// and none empty, so North has 6 replies to each: 6 × 6 = 36.
	want := map[Rules][]uint64{
		RulesOuri:  {1, 6, 36, 180, 900, 3767, 16126, 63495, 259250},
		RulesAbapa: {1, 6, 36, 190, 1014, 5219, 27332, 139157, 711414},
	}
	for rules, counts := range want {
		for depth, n := range counts {
			t.Run(fmt.Sprintf("%s perft %d from the start is %d", rules, depth, n), func(t *testing.T) {
				g := newGame(t, games.Options{"rules": rules.String()})
				if got := g.Perft(depth); got != n {
					t.Fatalf("got %d", got)
				}
				if got := Start(rules).Perft(depth); got != n {
					t.Fatalf("Position.Perft got %d", got)
				}
			})
		}
	}
}

func TestPerftAgreesWithTheNaiveRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, opts := range allOptions() {
		abapa := opts["rules"] == "abapa"
		for trial := 0; trial < 6; trial++ {
			// trial 0 is the start; the others are random positions 10 to 70 plies in.
			plies := 0
			if trial > 0 {
				plies = 10 + rng.IntN(60)
			}
			g := newGame(t, opts)
			n := naiveStart(abapa)
			for i := 0; i < plies && !n.over; i++ {
				ms := n.moves()
				m := ms[rng.IntN(len(ms))]
				n = n.play(m)
				if err := g.Play(games.Move(m)); err != nil {
					t.Fatalf("naive move %d refused: %v", m, err)
				}
			}
			name := fmt.Sprintf("%s after %d random plies %v", opts, g.Ply(), games.Names(g, g.Log()))
			t.Run(name+" agrees to depth 7", func(t *testing.T) {
				for depth := 1; depth <= 7; depth++ {
					if got, want := g.Perft(depth), n.perft(depth); got != want {
						t.Fatalf("perft %d: fast %d, naive %d", depth, got, want)
					}
				}
			})
		}
	}
}

// Sparse endgames where seeds chase each other round the board. Where a prefix is given it plays
// one whole cycle back to the first position, so the tree below meets third occurrences.
func TestPerftCountsRepetitionsLikeTheNaiveRules(t *testing.T) {
	cases := []struct {
		south, north [6]int
		cycle        string
	}{
		{[6]int{0, 0, 0, 0, 1, 1}, [6]int{0, 0, 0, 0, 0, 1}, "f a e f a b b c c d d e"},
		{[6]int{0, 0, 0, 1, 0, 1}, [6]int{0, 1, 0, 0, 0, 1}, "d b f a e f a c b d c e"},
		{[6]int{1, 0, 2, 0, 0, 0}, [6]int{0, 0, 1, 0, 0, 0}, ""},
	}
	for _, r := range []Rules{RulesOuri, RulesAbapa} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s %v / %v after %q to depth 16", r, c.south, c.north, c.cycle), func(t *testing.T) {
				before := naiveRepetitions
				p := board(r, c.south, c.north, [2]int{0, 0}, 0)
				seeds := 0
				for _, s := range p.Houses {
					seeds += int(s)
				}
				p.Stores = [2]uint8{uint8((48 - seeds) / 2), uint8(48 - seeds - (48-seeds)/2)}
				g := fromPosition(t, p, false)
				n := naive{abapa: r == RulesAbapa, side: 0}
				for i, s := range p.Houses {
					n.houses[i] = int(s)
				}
				n.stores = [2]int{int(p.Stores[0]), int(p.Stores[1])}
				n.seen = []string{n.key()}
				play(t, g, c.cycle)
				for _, m := range g.Log() {
					n = n.play(int(m))
				}
				if c.cycle != "" && g.Position() != p {
					t.Fatalf("the cycle does not come back: %v", g.Position())
				}
				for depth := 1; depth <= 16; depth++ {
					if got, want := g.Perft(depth), n.perft(depth); got != want {
						t.Fatalf("perft %d: fast %d, naive %d", depth, got, want)
					}
				}
				if c.cycle != "" && naiveRepetitions == before {
					t.Fatal("no third occurrence was reached: the case tests nothing")
				}
			})
		}
	}
}

func allOptions() []games.Options {
	var out []games.Options
	for _, r := range []string{"ouri", "abapa"} {
		for _, m := range []string{"false", "true"} {
			out = append(out, games.Options{"rules": r, "misere": m})
		}
	}
	return out
}

func BenchmarkPerft11(b *testing.B) {
	g, _ := New(nil)
	for b.Loop() {
		g.Perft(11)
	}
}

func BenchmarkPerft11Abapa(b *testing.B) {
	g, _ := New(games.Options{"rules": "abapa"})
	for b.Loop() {
		g.Perft(11)
	}
}
