package ai

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tabuleiro/games/catalog"
)

// BenchmarkHardBudget measures how long hard takes past its budget (100 ms and 1 s), over
// decisions from random mid-game positions of each game: the issue asks for budget + 50 ms at
// most. Reported: the p50, p99 and worst overshoot in milliseconds (negative: it answered early).
func BenchmarkHardBudget(b *testing.B) {
	p := New(Config{EndgameSeeds: testSeeds})
	for _, budget := range []time.Duration{100 * time.Millisecond, time.Second} {
		for _, kind := range catalog.Names {
			benchmarkBudget(b, p, kind, budget)
		}
	}
}

func benchmarkBudget(b *testing.B, p *Player, kind string, budget time.Duration) {
	b.Run(kind+"/"+budget.String(), func(b *testing.B) {
		var over []time.Duration
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < b.N; i++ {
			g, _ := catalog.NewDealt(kind, nil, rng)
			// Seven plies or more, past any opening book's lines, so that every decision searches.
			for n := 7 + rng.IntN(30); n > 0 && !g.Outcome().Over(); n-- {
				legal := g.Legal()
				g.Play(legal[rng.IntN(len(legal))])
			}
			if g.Outcome().Over() || len(g.Legal()) < 2 {
				i--
				continue
			}
			start := time.Now()
			if _, err := p.Choose(context.Background(), g, Settings{Level: Hard, MoveTime: budget, Seed: uint64(i)}); err != nil {
				b.Fatal(err)
			}
			over = append(over, time.Since(start)-budget)
		}
		slices.Sort(over)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		b.ReportMetric(ms(over[len(over)/2]), "p50-over-ms")
		b.ReportMetric(ms(over[min(len(over)-1, len(over)*99/100)]), "p99-over-ms")
		b.ReportMetric(ms(over[len(over)-1]), "max-over-ms")
	})
}
