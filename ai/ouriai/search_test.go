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
