package ordoai

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// position sets up a position from a diagram: 8 lines from rank 8 down to rank 1, 10 characters
// each, O for White, X for Black, anything else empty.
func position(t testing.TB, diagram string, toMove games.Seat) ordo.Position {
	t.Helper()
	lines := strings.Fields(diagram)
	if len(lines) != ordo.Ranks {
		t.Fatalf("diagram has %d lines, want %d", len(lines), ordo.Ranks)
	}
	var p ordo.Position
	for i, line := range lines {
		if len(line) != ordo.Files {
			t.Fatalf("diagram line %q is not %d wide", line, ordo.Files)
		}
		for f := 0; f < ordo.Files; f++ {
			sq := ordo.Bit(ordo.SquareAt(f, ordo.Ranks-1-i))
			switch line[f] {
			case 'O':
				p.Pieces[0] = p.Pieces[0].Or(sq)
			case 'X':
				p.Pieces[1] = p.Pieces[1].Or(sq)
			}
		}
	}
	p.Side = toMove
	p.Hash = p.ComputeHash()
	return p
}

func formats(ms []games.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = ordo.Format(m)
	}
	return out
}

// Black's g3 threatens g3-g1 (g1 next to f2, which holds on to f3); White, to move, has no win of
// its own and answers by h2-g2 or h1-g1.
const blackThreatens = `
	..........
	..........
	..........
	.....X....
	.....X....
	.....XX...
	.....X.O..
	.......OO.`

var tactics = []struct {
	name    string
	diagram string
	toMove  games.Seat
	want    []string // any of these; nil: any move after which the opponent cannot win at once
}{
	{"White reaches the goal rank rather than answer Black's threat", `
		..........
		....OO....
		....O.....
		....O.....
		..........
		......X...
		.....XX...
		..........`, 0, []string{"e7-e8", "f7-f8", "f7-e8", "e7-f8"}},
	{"White takes the last Black piece", `
		..........
		..........
		..........
		..........
		...X......
		..OO......
		..........
		..........`, 0, []string{"c3xd4", "d3xd4"}},
	{"Black reaches rank 1", `
		..........
		..........
		..........
		....O.....
		....O.....
		....OX....
		.....XX...
		..........`, 1, []string{"f2-f1", "g2-g1", "f2-g1", "g2-f1", "f2:g2-f1"}},
	{"White stops g3-g1", blackThreatens, 0, nil},
	{"White stops d3-d1 by taking c2", `
		..........
		..........
		..........
		...X......
		...X......
		..XX......
		OOX.......
		OO........`, 0, []string{"b1xc2", "b2xc2"}},
}

// defences lists the moves of p after which the opponent cannot win at once.
func defences(p ordo.Position) []string {
	var buf [256]games.Move
	var out []string
	for _, m := range p.Moves(buf[:0]) {
		c := p.Play(m)
		if !Threatens(&c, c.Side) {
			out = append(out, ordo.Format(m))
		}
	}
	return out
}

func TestTactics(t *testing.T) {
	for _, tc := range tactics {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, tc.diagram, tc.toMove)
			if !p.Connected(0) || !p.Connected(1) {
				t.Fatal("the diagram is not connected")
			}
			want := tc.want
			if want == nil {
				if !Threatens(&p, p.Side.Other()) {
					t.Fatal("the diagram has no threat to stop")
				}
				want = defences(p)
			}
			for _, seed := range []uint64{1, 2, 3} {
				res := NewSearch().Best(context.Background(), p, nil, 200*time.Millisecond, rand.New(rand.NewPCG(seed, 0)))
				got := ordo.Format(res.Move)
				if !slices.Contains(want, got) {
					t.Errorf("seed %d: played %s, want one of %v", seed, got, want)
				}
			}
		})
	}
}

func TestDefencesOfTheDiagrams(t *testing.T) {
	got := defences(position(t, tactics[4].diagram, 0))
	if !slices.Equal(got, []string{"b1xc2", "b2xc2"}) {
		t.Errorf("defences against d3-d1 = %v, want only the captures of c2", got)
	}
}

func TestThreatens(t *testing.T) {
	p := position(t, blackThreatens, 0)
	if !Threatens(&p, 1) {
		t.Error("Black's g3-g1 is not seen")
	}
	if Threatens(&p, 0) {
		t.Error("White is said to threaten the goal rank from rank 2")
	}
}

func TestMediumPriorities(t *testing.T) {
	cases := []struct {
		name    string
		diagram string
		toMove  games.Seat
		want    []string
	}{
		{"a win at once comes before a capture", `
			..........
			....OO....
			...XO.....
			..X.O.....
			..X.......
			..........
			..........
			..........`, 0, []string{"e7-e8", "f7-f8", "f7-e8", "e7-f8"}},
		{"a capture comes before an advance", `
			..........
			..........
			..........
			..X.......
			..XO......
			...O......
			...O......
			..........`, 0, []string{"d4xc4"}},
		{"the most advancing move when nothing can be taken", `
			XX........
			..........
			..........
			..........
			..........
			..........
			..........
			OO........`, 0, []string{"a1:b1-a7"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, tc.diagram, tc.toMove)
			var buf [256]games.Move
			legal := p.Moves(buf[:0])
			seen := map[string]bool{}
			for seed := uint64(0); seed < 20; seed++ {
				seen[ordo.Format(Medium(p, legal, rand.New(rand.NewPCG(seed, 1))))] = true
			}
			for got := range seen {
				ok := false
				for _, w := range tc.want {
					ok = ok || got == w
				}
				if !ok {
					t.Errorf("played %s, want one of %v (legal: %v)", got, tc.want, formats(legal))
				}
			}
		})
	}
}

func TestSearchIsDeterministicPerSeed(t *testing.T) {
	p := ordo.Start()
	for seed := uint64(0); seed < 4; seed++ {
		a := NewSearch().Depth(p, nil, 3, rand.New(rand.NewPCG(seed, 5)))
		b := NewSearch().Depth(p, nil, 3, rand.New(rand.NewPCG(seed, 5)))
		if a != b {
			t.Errorf("seed %d: %+v then %+v", seed, a, b)
		}
	}
}

func TestSearchHonoursBudgetAndContext(t *testing.T) {
	p := ordo.Start()
	start := time.Now()
	res := NewSearch().Best(context.Background(), p, nil, 100*time.Millisecond, rand.New(rand.NewPCG(1, 1)))
	if d := time.Since(start); d > 600*time.Millisecond {
		t.Errorf("a 100 ms search took %v", d)
	}
	if res.Move == 0 {
		t.Error("no move")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	res = NewSearch().Best(ctx, p, nil, time.Minute, rand.New(rand.NewPCG(1, 1)))
	if d := time.Since(start); d > 550*time.Millisecond {
		t.Errorf("a search cancelled after 50 ms took %v", d)
	}
	if res.Move == 0 {
		t.Error("no move after cancellation")
	}
}

func TestRepetitionIsADraw(t *testing.T) {
	// History says the position after White's only sensible move was seen already.
	p := position(t, blackThreatens, 0)
	var buf [256]games.Move
	moves := p.Moves(buf[:0])
	for _, m := range moves {
		c := p.Play(m)
		s := NewSearch()
		s.reset(context.Background(), time.Time{}, []uint64{c.Hash, p.Hash})
		if !s.repeats(c.Hash) {
			t.Fatalf("%s: a position of the history is not a repetition", ordo.Format(m))
		}
	}
}

// BenchmarkOrdoSearch searches mid-game positions to a fixed depth and reports nodes per second.
func BenchmarkOrdoSearch(b *testing.B) {
	ps := midGames(16, 3)
	s := NewSearch()
	var nodes uint64
	start := time.Now()
	i := 0
	for b.Loop() {
		clear(s.tt) // a fresh search each time: the table is kept between searches
		nodes += s.Depth(ps[i%len(ps)], nil, 4, rand.New(rand.NewPCG(1, 1))).Nodes
		i++
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// TestThreatensAgreesWithTheMoves compares Threatens with the legal moves along random games.
func TestThreatensAgreesWithTheMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	checked := 0
	for game := 0; game < 60; game++ {
		p := ordo.Start()
		var buf [256]games.Move
		for ply := 0; ply < 200; ply++ {
			for _, seat := range []games.Seat{0, 1} {
				q := p
				q.Side = seat
				want := false
				for _, m := range q.Moves(buf[:0]) {
					want = want || ordo.To(m).Rank() == ordo.GoalRank(seat)
				}
				if got := Threatens(&p, seat); got != want {
					t.Fatalf("game %d ply %d seat %d: Threatens = %v, the moves say %v", game, ply, seat, got, want)
				}
				if want {
					checked++
				}
			}
			ms := p.Moves(buf[:0])
			if len(ms) == 0 {
				break
			}
			p = p.Play(ms[rng.IntN(len(ms))])
			if _, how := p.Decided(); how != games.NotOver {
				break
			}
		}
	}
	if checked == 0 {
		t.Error("no position with a threat was met")
	}
}

// TestSlideWalksTheRays compares slide with a walk square by square, in all eight directions, from
// every square of random boards.
func TestSlideWalksTheRays(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	steps := [8][2]int{{0, 1}, {1, 1}, {-1, 1}, {1, 0}, {-1, 0}, {0, -1}, {1, -1}, {-1, -1}}
	for board := 0; board < 300; board++ {
		var empty ordo.Bits
		for f := 0; f < ordo.Files; f++ {
			for r := 0; r < ordo.Ranks; r++ {
				if rng.IntN(100) < 20+board/4 {
					empty = empty.Or(ordo.Bit(ordo.SquareAt(f, r)))
				}
			}
		}
		for _, st := range steps {
			for f := 0; f < ordo.Files; f++ {
				for r := 0; r < ordo.Ranks; r++ {
					var want ordo.Bits
					for ff, rr := f+st[0], r+st[1]; ff >= 0 && ff < ordo.Files && rr >= 0 && rr < ordo.Ranks; ff, rr = ff+st[0], rr+st[1] {
						want = want.Or(ordo.Bit(ordo.SquareAt(ff, rr)))
						if !empty.Has(ordo.SquareAt(ff, rr)) {
							break
						}
					}
					from := ordo.SquareAt(f, r)
					if got := slide(ordo.Bit(from), empty, 16*st[1]+st[0]); got != want {
						t.Fatalf("board %d, from %v by (%d,%d): slide = %v, the walk says %v", board, from, st[0], st[1], got.Squares(), want.Squares())
					}
				}
			}
		}
	}
}

// midGames are n positions of random play, 10 to 39 plies from the start, not over.
func midGames(n int, seed uint64) []ordo.Position {
	rng := rand.New(rand.NewPCG(seed, seed))
	var ps []ordo.Position
	for len(ps) < n {
		p := ordo.Start()
		var buf [256]games.Move
		for i := 10 + rng.IntN(30); i > 0; i-- {
			ms := p.Moves(buf[:0])
			if len(ms) == 0 {
				break
			}
			if p = p.Play(ms[rng.IntN(len(ms))]); !notOver(&p) {
				break
			}
		}
		if notOver(&p) {
			ps = append(ps, p)
		}
	}
	return ps
}

// The null move prunes only where a pass would still beat beta: on random mid-games it searches
// fewer positions to the same depth and chooses as the full-width search does.
func TestNullMoveKeepsTheChoice(t *testing.T) {
	var with, without uint64
	for i, p := range midGames(12, 3) {
		full := NewSearch()
		full.NoNull = true
		want := full.Depth(p, nil, 5, rand.New(rand.NewPCG(1, 1)))
		got := NewSearch().Depth(p, nil, 5, rand.New(rand.NewPCG(1, 1)))
		if got.Move != want.Move {
			t.Errorf("position %d: %s with the null move, %s without", i, ordo.Format(got.Move), ordo.Format(want.Move))
		}
		with, without = with+got.Nodes, without+want.Nodes
	}
	if with >= without {
		t.Errorf("the null move searched %d positions, full width %d", with, without)
	}
}

func notOver(p *ordo.Position) bool {
	_, how := p.Decided()
	return how == games.NotOver
}
