package oolongai

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// replay plays a decision log (canonical notation, space-separated; "move a.b c.d" and the like
// are kept together) on the default layout.
func replay(t testing.TB, log string) *oolong.Game {
	t.Helper()
	g, err := oolong.New(games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(log)
	for i := 0; i < len(f); i++ {
		text := f[i]
		switch text {
		case "move", "swap":
			text += " " + f[i+1] + " " + f[i+2]
			i += 2
		case "waiter", "rotate":
			text += " " + f[i+1]
			i++
		}
		m, err := g.Parse(text)
		if err != nil {
			t.Fatalf("decision %q: %v", text, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("decision %q: %v", text, err)
		}
	}
	return g
}

// winsAt once lists the decisions that win at once for the player to move.
func winsAtOnce(p *oolong.Position) []games.Move {
	me := p.ToMove()
	var out []games.Move
	for _, m := range p.AppendDecisions(nil) {
		c := *p
		c.Apply(m)
		if c.Over() && c.Outcome().Winner == me {
			out = append(out, m)
		}
	}
	return out
}

// losesInOne reports whether decision m hands the opponent a decision that wins at once.
func losesInOne(p *oolong.Position, m games.Move) bool {
	c := *p
	c.Apply(m)
	return !c.Over() && c.ToMove() != p.ToMove() && len(winsAtOnce(&c)) > 0
}

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

// Positions reached by play (seeded medium-vs-random games), kept as decision logs.
var (
	winInOne = []struct{ name, log string }{
		{"black has one winning seat among seven", "c.nw nw.e e.ne ne.n n.n n.nw nw.s s.s s.e e.w w.sw sw.ne ne.se se.se se.w w.n n.s s.sw sw.e e.s s.c c.sw sw.w w.w w.nw nw.ne ne.ne ne.sw sw.c move n.nw ne.e c.se se.s s.nw nw.n n.e e.e e.c c.c c.n n.sw move se.w n.ne sw.se se.n n.w w.se se.ne ne.nw nw.nw nw.se se.w w.ne ne.c skip c.w w.e e.n n.se se.nw nw.c c.e e.nw nw.w w.c c.s s.se rotate 2 se.sw skip sw.s s.e e.sw waiter c c.ne ne.w w.s skip s.se se.e n.c nw.sw waiter se se.c"},
		{"black has one winning seat among five", "c.n n.nw nw.c c.se se.ne ne.s s.nw nw.n n.s s.w w.sw sw.sw sw.w w.s s.sw sw.e e.n n.ne ne.e e.nw nw.se se.w w.e e.c c.s s.n n.se se.s s.ne ne.se se.c c.sw sw.nw nw.ne ne.w w.c c.c c.e e.sw sw.n move s.w c.nw n.w move ne.w s.e skip w.ne ne.nw nw.e e.s s.w w.se se.sw sw.s s.s s.se se.nw skip nw.nw nw.w w.n n.sw sw.ne ne.ne ne.n n.n n.e e.se se.se se.e e.ne ne.c rotate 7 c.w w.nw nw.s s.c c.ne ne.sw sw.c nw.sw waiter s e.e waiter n n.c"},
		{"green has one winning seat among four", "c.e e.e e.nw nw.ne ne.n n.s s.c c.nw nw.se se.n n.w w.s s.sw sw.se se.s s.w w.ne ne.sw sw.w w.c c.n n.n n.se se.nw nw.nw nw.e e.n n.sw move ne.n nw.w sw.s s.ne ne.e e.s s.s s.se se.ne ne.c c.c c.ne ne.nw nw.n n.c c.w w.se se.c c.sw sw.ne ne.w w.w w.e e.sw sw.sw move ne.c e.ne sw.e e.w w.nw nw.c c.se se.se se.w skip w.n n.e e.se se.sw sw.nw nw.s s.n skip n.ne ne.ne rotate 4 ne.n n.nw nw.sw waiter w w.sw skip sw.c c.s s.e e.c waiter e sw.n ne.c"},
		{"green has one winning seat among four, after a declined special", "c.n n.nw nw.s s.e e.nw nw.sw sw.s s.s s.c c.ne ne.s s.se se.e e.c c.nw nw.w w.sw sw.n n.se se.sw sw.ne ne.w w.w w.e e.s s.nw skip nw.nw nw.se se.ne ne.nw nw.e e.w w.c c.s s.w w.ne ne.se se.n n.n n.sw sw.sw move sw.n s.sw sw.e e.se se.se se.w w.n n.ne move sw.s e.ne ne.ne ne.sw sw.s s.n n.c c.e e.sw sw.c c.se se.nw skip nw.ne ne.n skip n.s s.ne ne.c c.w w.nw nw.c c.sw sw.se se.s ne.e e.n n.w w.se skip se.c c.c sw.n n.e e.e skip"},
	}
	lossInOne = []struct{ name, log string }{
		{"black must not send green to its fifth claim", "c.se se.sw sw.nw nw.w w.s s.e e.sw sw.ne ne.n n.se se.c c.sw sw.w w.se se.ne ne.nw nw.e e.s s.n n.c c.c c.n n.nw nw.nw nw.se se.s s.ne ne.e e.c c.ne ne.sw sw.n n.s s.sw sw.e move w.se c.s e.w w.w w.c c.e e.nw nw.sw sw.se se.w w.ne ne.s s.w w.nw nw.s s.se se.e e.ne ne.ne ne.w rotate 5 w.n n.n move e.ne ne.n n.ne ne.c c.nw nw.n n.e e.e e.n n.sw sw.s s.s skip s.c c.w w.se se.n skip n.w w.e e.se waiter n s.nw nw.c sw.sw sw.c"},
		{"black's move waiter must not direct green to a win", "c.s s.w w.ne ne.n n.w w.se se.ne ne.nw nw.nw nw.w w.n n.s s.e e.sw sw.sw sw.ne ne.ne ne.e e.c c.nw nw.se se.e e.w w.s s.nw nw.n n.e e.ne ne.c c.se se.s s.sw sw.se se.c c.sw sw.e e.n n.nw nw.c c.n n.n move sw.se e.s n.ne ne.sw sw.se move e.ne w.nw se.se se.sw sw.nw nw.s s.s s.c c.e e.se se.n swap w c n.c c.e e.nw nw.ne ne.w rotate 6 w.c c.sw sw.s s.n rotate 3 n.sw sw.c c.c c.w w.w swap c s w.ne ne.e e.e e.ne skip ne.ne se.nw nw.sw sw.n n.se se.w c.w nw.e"},
		{"black's special must not leave green a win", "c.e e.w w.c c.s s.s s.se se.n n.w w.w w.ne ne.ne ne.sw sw.se se.nw nw.nw nw.e e.sw sw.ne ne.nw nw.n n.se se.sw sw.sw sw.s s.ne ne.se se.c c.c c.w w.nw nw.s s.n n.sw sw.e move n.w sw.nw e.s s.c c.sw sw.n n.n move nw.s c.se n.nw nw.ne ne.w w.e e.se se.se se.s s.nw nw.sw sw.w w.n n.e e.e e.nw nw.se se.e swap nw e nw.ne ne.n n.w w.s s.e rotate 2 e.w w.sw sw.c c.n n.s s.nw nw.c c.ne ne.e skip e.s waiter se se.ne ne.s s.n n.ne ne.c c.nw nw.n"},
		{"green must pick one of few safe seats", "c.sw sw.n n.ne ne.se se.w w.e e.ne ne.nw nw.w w.w w.se se.ne ne.c c.s s.n n.sw sw.sw sw.c c.se se.n n.e e.sw sw.s s.e e.nw nw.s s.s s.nw nw.n n.w w.c c.ne ne.e e.se se.nw nw.sw sw.se move s.e ne.n se.c c.nw nw.nw nw.e e.s s.sw sw.w w.s s.ne ne.ne ne.w skip w.n n.c move e.nw w.ne skip c.w w.nw nw.c c.c c.e e.e e.w w.sw sw.e e.n waiter c c.n n.n n.s s.e e.nw nw.se se.sw sw.ne ne.s s.se rotate 3 se.se skip se.s s.ne ne.sw sw.nw nw.ne skip s.c"},
		{"green, late in the game", "c.s s.se se.n n.n n.sw sw.c c.ne ne.e e.n n.se se.nw nw.nw nw.n n.e move n.sw c.sw e.c c.w w.se se.ne ne.w w.n n.s s.e e.sw sw.sw sw.ne ne.s s.nw nw.w w.e e.s s.c c.nw nw.se se.s s.w w.sw sw.e e.ne ne.nw nw.sw sw.w move sw.sw nw.e w.c c.c c.n n.sw sw.nw nw.s s.n n.ne ne.se se.sw sw.s s.s skip s.ne ne.sw sw.n n.w w.w w.ne ne.n rotate 6 n.c c.se se.e skip e.nw nw.ne ne.c c.e e.w w.s s.sw sw.se se.w w.nw skip nw.c skip se.se se.c ne.nw"},
	}
)

func TestSearchTakesAWinInOne(t *testing.T) {
	for _, tc := range winInOne {
		t.Run(tc.name, func(t *testing.T) {
			g := replay(t, tc.log)
			p := g.Position()
			legal := g.Legal()
			wins := winsAtOnce(&p)
			if len(wins) == 0 || len(wins) == len(legal) {
				t.Fatalf("the position has %d winning decisions of %d: not a test", len(wins), len(legal))
			}
			for _, depth := range []int{1, 3} {
				m, _ := SearchDepth(&p, legal, depth, rng(7))
				c := p
				c.Apply(m)
				if !c.Over() || c.Outcome().Winner != p.ToMove() {
					t.Errorf("depth %d chose %s, which does not win", depth, oolong.FormatMove(m))
				}
			}
			m, _ := Search(context.Background(), &p, legal, time.Now().Add(100*time.Millisecond), rng(7))
			if c := p; true {
				c.Apply(m)
				if !c.Over() || c.Outcome().Winner != p.ToMove() {
					t.Errorf("the timed search chose %s, which does not win", oolong.FormatMove(m))
				}
			}
		})
	}
}

func TestSearchStopsALossInOne(t *testing.T) {
	for _, tc := range lossInOne {
		t.Run(tc.name, func(t *testing.T) {
			g := replay(t, tc.log)
			p := g.Position()
			legal := g.Legal()
			if len(winsAtOnce(&p)) > 0 {
				t.Fatal("the player to move can win at once: not a test")
			}
			losing := 0
			for _, m := range legal {
				if losesInOne(&p, m) {
					losing++
				}
			}
			if losing == 0 || losing == len(legal) {
				t.Fatalf("%d of %d decisions lose in one: not a test", losing, len(legal))
			}
			for _, depth := range []int{2, 4} {
				if m, _ := SearchDepth(&p, legal, depth, rng(3)); losesInOne(&p, m) {
					t.Errorf("depth %d chose %s, which lets the opponent win at once", depth, oolong.FormatMove(m))
				}
			}
			m, _ := Search(context.Background(), &p, legal, time.Now().Add(100*time.Millisecond), rng(3))
			if losesInOne(&p, m) {
				t.Errorf("the timed search chose %s, which lets the opponent win at once", oolong.FormatMove(m))
			}
		})
	}
}

// positions plays seeded games (medium against random) and calls f on every position.
func positions(t testing.TB, n int, f func(g *oolong.Game, p *oolong.Position, legal []games.Move)) {
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g, err := oolong.New(games.Options{"layout": oolong.RandomLayout(rng(seed)).String()})
		if err != nil {
			t.Fatal(err)
		}
		r := rng(seed + 100)
		for !g.Outcome().Over() {
			p := g.Position()
			legal := g.Legal()
			f(g, &p, legal)
			m := legal[r.IntN(len(legal))]
			if r.IntN(3) > 0 {
				m = Medium(&p, legal, r)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestMedium(t *testing.T) {
	var checked [5]int
	positions(t, 30, func(g *oolong.Game, p *oolong.Position, legal []games.Move) {
		me := p.ToMove()
		m := Medium(p, legal, rng(uint64(g.Ply())))
		c := *p
		c.Apply(m)
		wins := winsAtOnce(p)
		switch {
		case len(wins) > 0:
			checked[0]++
			if !c.Over() || c.Outcome().Winner != me {
				t.Fatalf("ply %d: medium chose %s over the win %s", g.Ply(), oolong.FormatMove(m), oolong.FormatMove(wins[0]))
			}
		case p.Pending() != nil:
			checked[1]++
			// A special is decided one ply deep: nothing evaluates better than the choice.
			got := Evaluate(&c, me)
			for _, o := range legal {
				oc := *p
				oc.Apply(o)
				if v := Evaluate(&oc, me); v > got {
					t.Fatalf("ply %d: medium chose %s (%d) over %s (%d)", g.Ply(), oolong.FormatMove(m), got, oolong.FormatMove(o), v)
				}
			}
		default:
			claims := func(o games.Move) bool {
				oc := *p
				oc.Apply(o)
				return oc.Claimed(me) > p.Claimed(me)
			}
			canClaim := false
			for _, o := range legal {
				canClaim = canClaim || claims(o)
			}
			if canClaim {
				checked[2]++
				if !claims(m) {
					t.Fatalf("ply %d: medium chose %s, which claims nothing, though a claim was there", g.Ply(), oolong.FormatMove(m))
				}
				return
			}
			checked[3]++
			if g.Free() {
				checked[4]++
			}
			// The opponent goes to the table named by the seat served; fewest of their teas wins,
			// a table with no open seat (a free placement for them) is the worst.
			sent := func(o games.Move) int {
				oc := *p
				oc.Apply(o)
				wt, ws := oc.Waiter()
				for s := oolong.Dir(0); s < 9; s++ {
					if s != ws && oc.At(wt, s) == oolong.Empty {
						return oc.Count(me.Other(), wt)
					}
				}
				return 10
			}
			for _, o := range legal {
				if sent(o) < sent(m) {
					t.Fatalf("ply %d: medium chose %s (opponent has %d there) over %s (%d)", g.Ply(), oolong.FormatMove(m), sent(m), oolong.FormatMove(o), sent(o))
				}
			}
		}
	})
	for i, what := range []string{"wins", "specials", "claims", "placements", "free placements"} {
		if checked[i] == 0 {
			t.Errorf("no position with %s was checked", what)
		}
	}
}

func TestSearchDecidesEverySpecial(t *testing.T) {
	seen := map[oolong.Marker]int{}
	positions(t, 6, func(g *oolong.Game, p *oolong.Position, legal []games.Move) {
		sp := p.Pending()
		if sp == nil {
			return
		}
		seen[sp[0].Marker]++
		m, info := SearchDepth(p, legal, 2, rng(1))
		if !contains(legal, m) {
			t.Fatalf("ply %d: %s is not a legal decision of the %s special", g.Ply(), oolong.FormatMove(m), sp[0].Marker)
		}
		if info.Depth < 1 && len(legal) > 1 {
			t.Fatalf("ply %d: the search did not finish one iteration", g.Ply())
		}
	})
	for _, mk := range []oolong.Marker{oolong.BM, oolong.GM, oolong.BW, oolong.GW, oolong.RO, oolong.SU} {
		if seen[mk] == 0 {
			t.Errorf("no %s special came up", mk)
		}
	}
}

func contains(ms []games.Move, m games.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func TestSearchIsDeterministicForASeed(t *testing.T) {
	g := replay(t, lossInOne[0].log)
	p := g.Position()
	legal := g.Legal()
	a, ia := SearchDepth(&p, legal, 5, rng(11))
	b, ib := SearchDepth(&p, legal, 5, rng(11))
	if a != b || ia != ib {
		t.Errorf("two searches with one seed differ: %s %+v, %s %+v", oolong.FormatMove(a), ia, oolong.FormatMove(b), ib)
	}
	ma := Medium(&p, legal, rng(5))
	if mb := Medium(&p, legal, rng(5)); ma != mb {
		t.Errorf("medium differs with one seed: %s, %s", oolong.FormatMove(ma), oolong.FormatMove(mb))
	}
}

func TestSearchHonoursTheClockAndTheContext(t *testing.T) {
	start := replay(t, "")
	p := start.Position()
	legal := start.Legal()
	t.Run("it stops at the deadline", func(t *testing.T) {
		el := fastestOf3(func() {
			m, info := Search(context.Background(), &p, legal, time.Now().Add(50*time.Millisecond), rng(1))
			if !contains(legal, m) || info.Depth < 1 {
				t.Errorf("answer %s after depth %d", oolong.FormatMove(m), info.Depth)
			}
		})
		if el > 550*time.Millisecond {
			t.Errorf("took %v with a 50ms budget", el)
		}
	})
	t.Run("it stops when the context ends", func(t *testing.T) {
		el := fastestOf3(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			defer cancel()
			if m, _ := Search(ctx, &p, legal, time.Now().Add(time.Minute), rng(1)); !contains(legal, m) {
				t.Errorf("answer %s is not legal", oolong.FormatMove(m))
			}
		})
		if el > 530*time.Millisecond {
			t.Errorf("took %v after the context ended at 30ms", el)
		}
	})
}

// fastestOf3 is the shortest of three runs of f: the test machine is shared and can stall a
// process for a second, so a timing assert fails only when every try is slow.
func fastestOf3(f func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 3 {
		began := time.Now()
		f()
		best = min(best, time.Since(began))
		if best < 100*time.Millisecond {
			break
		}
	}
	return best
}

func BenchmarkOolongSearch(b *testing.B) {
	g := replay(b, "c.ne ne.s s.nw nw.nw nw.c c.e e.n n.nw nw.w w.c")
	p := g.Position()
	legal := g.Legal()
	var nodes uint64
	began := time.Now()
	for b.Loop() {
		_, info := SearchDepth(&p, legal, 6, rng(1))
		nodes += info.Nodes
	}
	b.ReportMetric(float64(nodes)/time.Since(began).Seconds(), "nodes/s")
}

func TestMCTSAnswersLegallyInTime(t *testing.T) {
	g := replay(t, winInOne[0].log)
	p := g.Position()
	legal := g.Legal()
	el := fastestOf3(func() {
		m, playouts := MCTSSearch(context.Background(), &p, legal, time.Now().Add(50*time.Millisecond), rng(2))
		if !contains(legal, m) || playouts == 0 {
			t.Errorf("answer %s after %d playouts", oolong.FormatMove(m), playouts)
		}
	})
	if el > 550*time.Millisecond {
		t.Errorf("took %v with a 50ms budget", el)
	}
}

func BenchmarkOolongMCTS(b *testing.B) {
	g := replay(b, "c.ne ne.s s.nw nw.nw nw.c c.e e.n n.nw nw.w w.c")
	p := g.Position()
	legal := g.Legal()
	var playouts uint64
	began := time.Now()
	for b.Loop() {
		_, n := MCTSSearch(context.Background(), &p, legal, time.Now().Add(20*time.Millisecond), rng(1))
		playouts += n
	}
	b.ReportMetric(float64(playouts)/time.Since(began).Seconds(), "playouts/s")
}

// TestNullWindowsChangeNoValue: principal-variation search (at the root too) and searching the
// table's decision before ordering the others only save work: at a fixed depth the root's value
// is the one every decision searched with the full window gives.
func TestNullWindowsChangeNoValue(t *testing.T) {
	compared := 0
	positions(t, 3, func(g *oolong.Game, p *oolong.Position, legal []games.Move) {
		if g.Ply()%8 != 4 {
			return
		}
		values := make(map[bool]int)
		for _, noPVS := range []bool{false, true} {
			s := newSearcher(context.Background(), time.Time{})
			s.noPVS = noPVS
			_, info := s.root(p, legal, rng(3), 4)
			s.noPVS = false
			s.release()
			values[noPVS] = info.Score
		}
		if values[false] != values[true] {
			t.Errorf("after %v: %d with null windows, %d without", g.Log(), values[false], values[true])
		}
		compared++
	})
	if compared < 10 {
		t.Errorf("only %d positions compared", compared)
	}
}
