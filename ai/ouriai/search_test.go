package ouriai

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tabuleiro/games/ouri"
)

func TestSearchIsDeterministicAtAFixedDepth(t *testing.T) {
	for _, rules := range ruleSets {
		t.Run(rules.String(), func(t *testing.T) {
			p := ouri.Start(rules)
			p, _ = p.Sow(3)
			var first Result
			for i := range 3 {
				s := &Search{MaxDepth: 7}
				got := s.Best(context.Background(), p, nil, time.Minute, rand.New(rand.NewPCG(5, 6)))
				if got.Depth != 7 {
					t.Fatalf("completed depth %d, want 7", got.Depth)
				}
				if i == 0 {
					first = got
				} else if got != first {
					t.Errorf("run %d gave %+v, first run %+v", i, got, first)
				}
			}
		})
	}
}

func TestSearchHonoursBudgetAndCancellation(t *testing.T) {
	p := ouri.Start(ouri.RulesOuri)
	t.Run("the budget", func(t *testing.T) {
		start := time.Now()
		(&Search{}).Best(context.Background(), p, nil, 150*time.Millisecond, nil)
		if took := time.Since(start); took > 650*time.Millisecond {
			t.Errorf("took %v with a 150ms budget", took)
		}
	})
	t.Run("cancellation", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		start := time.Now()
		r := (&Search{}).Best(ctx, p, nil, time.Minute, nil)
		if took := time.Since(start); took > 550*time.Millisecond {
			t.Errorf("took %v after a 50ms cancellation", took)
		}
		if r.Move < 0 || r.Move > 5 {
			t.Errorf("move %d", r.Move)
		}
	})
}

// BenchmarkSearch reports the search speed from a few opening positions (no database).
func BenchmarkSearch(b *testing.B) {
	var nodes int64
	start := time.Now()
	for i := range b.N {
		p := ouri.Start(ouri.RulesOuri)
		p, _ = p.Sow(i % 6)
		s := &Search{MaxDepth: 11}
		nodes += s.Best(context.Background(), p, nil, time.Minute, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// From positions whose value depends on repetition (the database holds only bounds for them), the
// search plays the cycles out: the score it plays for is the value under the real rule (the third
// occurrence ends the game, each side collecting its own seeds), not an even split of the seeds.
// Every board of 2 to 5 seeds whose lines the brute force can walk is checked.
func TestSearchPlaysForTheRealRepetitionRule(t *testing.T) {
	const seeds = 5
	const budget = 4_000 // nodes of the brute force per position
	for _, rules := range ruleSets {
		t.Run(rules.String(), func(t *testing.T) {
			db := Build(rules, seeds+2, 1)
			checked, uneven := 0, 0
			for n := 2; n <= seeds; n++ {
				b := unrankIn(0, n)
				for idx := 0; idx < levelSize(n); idx, b = idx+1, next(b, n, idx) {
					p := ouri.Position{Houses: b, Rules: rules}
					if lo, hi, _ := db.Bounds(&p); lo == hi || bitsSet(p.LegalMask()) < 2 {
						continue
					}
					r := &realRule{rules: rules, memo: map[[12]uint8]int{}, nodes: budget}
					want := r.fresh(b)
					if r.nodes < 0 {
						continue
					}
					checked++
					if want != 0 {
						uneven++
					}
					s := &Search{DB: db, MaxDepth: 24}
					got := s.Best(context.Background(), p, nil, time.Minute, rand.New(rand.NewPCG(1, 2)))
					if got.Score != s.decided(want) {
						t.Errorf("board %v: hard plays for %d, the real rule gives %d (%d)", b, got.Score, s.decided(want), want)
					}
				}
			}
			if checked < 3 || uneven < 3 { // 11 and 9 in Ouri, 3 and 3 in Abapa
				t.Fatalf("only %d positions that depend on repetition checked, %d of them not worth 0", checked, uneven)
			}
			t.Logf("%d positions checked, %d of them not worth 0", checked, uneven)
		})
	}
}

// next is the board after b (of rank idx among those of n seeds), or b itself after the last.
func next(b [12]uint8, n, idx int) [12]uint8 {
	if idx+1 < levelSize(n) {
		nextIn(&b)
	}
	return b
}

func bitsSet(m uint8) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// TestSearchScoreIsTheMinimax holds the search's root score at a fixed depth — aspiration windows
// from the fifth depth, principal-variation re-searches, the captures played out below the
// leaves — to a plain minimax over the same tree, with the table and the reductions off and the
// store difference as the estimate.
func TestSearchScoreIsTheMinimax(t *testing.T) {
	const depth = 6
	compared := 0
	for _, rules := range ruleSets {
		rng := rand.New(rand.NewPCG(8, uint64(rules)))
		for i := 0; i < 12; i++ {
			p := ouri.Start(rules)
			for n := 4 + rng.IntN(20); n > 0 && p.LegalMask() != 0 && !p.Won(); n-- {
				var legal [6]int
				p, _ = p.Sow(legal[rng.IntN(p.Legal(legal[:]))])
			}
			if p.LegalMask() == 0 || p.Won() {
				continue
			}
			want := minimax(&Search{}, p, depth, []ouri.Position{p})
			// The default window, and one of an eighth of a seed that most depths fall out of.
			for _, window := range []int{0, 1} {
				s := &Search{MaxDepth: depth, TableDepth: maxDepth, NoReductions: true, Aspiration: window}
				got := s.Best(context.Background(), p, nil, time.Hour, rand.New(rand.NewPCG(1, uint64(i))))
				if got.Depth < depth {
					continue // settled sooner: nothing estimated to compare
				}
				compared++
				if got.Score != want {
					t.Errorf("%v, position %d, window %d: search scores %d, minimax %d", rules, i, window, got.Score, want)
				}
			}
		}
	}
	if compared < 40 {
		t.Errorf("only %d searches reached depth %d to be compared", compared, depth)
	}
}

// minimax scores p for its mover as the search does, without pruning: a finished game by its
// result, a position that came back since the last capture (line holds them, the game's first) as
// the cycle it starts, a leaf by the store difference unless capturing (up to captureDepth plies)
// scores more.
func minimax(s *Search, p ouri.Position, depth int, line []ouri.Position) int {
	if p.Won() {
		return s.won(&p)
	}
	mask := p.LegalMask()
	if mask == 0 || slices.Contains(line[:len(line)-1], p) {
		c := p.Collect()
		return s.final(&c)
	}
	best := -inf
	if depth <= 0 {
		best = (int(p.Stores[p.ToMove]) - int(p.Stores[1-p.ToMove])) * evalScale
		if depth <= -captureDepth {
			return best
		}
	}
	for m := 0; m < 6; m++ {
		if mask&(1<<m) == 0 {
			continue
		}
		c, got := p.Sow(m)
		if depth <= 0 && got == 0 {
			continue
		}
		next := append(line, c)
		if got > 0 {
			next = []ouri.Position{c}
		}
		v := minimax(s, c, depth-1, next)
		if c.ToMove != p.ToMove {
			v = -v
		}
		best = max(best, v)
	}
	return best
}

// A timed search keeps its table for the next move of its game; anything else starts clear.
func TestTableIsKeptOnlyForTheNextMoveOfAGame(t *testing.T) {
	start := ouri.Start(ouri.RulesOuri)
	a, _ := start.Sow(3)
	twoLater, _ := a.Sow(2)
	twoLater, _ = twoLater.Sow(0)
	other := start
	other.Houses[0], other.Houses[11], other.Stores = 0, 0, [2]uint8{4, 4} // no game reaches it within plies
	w := DefaultWeights[ouri.RulesOuri]
	owner := ttOwner{rules: ouri.RulesOuri, eval: &DefaultWeights[ouri.RulesOuri]}
	tests := []struct {
		name     string
		maxDepth int
		owner    ttOwner
		root     ouri.Position
		kept     bool
	}{
		{"the same game two plies on", 0, owner, twoLater, true},
		{"the same position again", 0, owner, a, true},
		{"a search capped in depth", 9, owner, twoLater, false},
		{"misère", 0, ttOwner{rules: ouri.RulesOuri, misere: true, eval: owner.eval}, twoLater, false},
		{"another evaluation", 0, ttOwner{rules: ouri.RulesOuri, eval: &w}, twoLater, false},
		{"Abapa", 0, ttOwner{rules: ouri.RulesAbapa, eval: owner.eval}, twoLater, false},
		{"another game", 0, owner, other, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Search{}
			s.prepareTable(4, owner, a)
			s.tt[5] = ttEntry{key: 77, depth: 9}
			s.MaxDepth = tt.maxDepth
			s.prepareTable(4, tt.owner, tt.root)
			if kept := s.tt[5].key == 77; kept != tt.kept {
				t.Errorf("table kept: %v, want %v", kept, tt.kept)
			}
			if len(s.tt) != 16 {
				t.Errorf("table of %d entries, want 16", len(s.tt))
			}
		})
	}
}
