package ouriai

import (
	"context"
	"math/rand/v2"
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
