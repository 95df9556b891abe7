package ouriai

import (
	"math/rand/v2"
	"testing"

	"tabuleiro/games/ouri"
)

func TestBestCaptureMatchesSowing(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, rules := range []ouri.Rules{ouri.RulesOuri, ouri.RulesAbapa} {
		t.Run(rules.String()+" agrees with sowing on random positions", func(t *testing.T) {
			for range 200000 {
				var p ouri.Position
				p.Rules, p.ToMove = rules, uint8(rng.IntN(2))
				n := 1 + rng.IntN(ouri.Seeds)
				for range n {
					// Few seeds per house make captures likely.
					p.Houses[rng.IntN(12)]++
				}
				if got, want := bestCapture(&p), bestCaptureBySowing(&p); got != want {
					t.Fatalf("%v: %d, sowing says %d", p, got, want)
				}
			}
		})
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p := ouri.Start(ouri.RulesOuri)
	p, _ = p.Sow(3)
	p, _ = p.Sow(2)
	w := &DefaultWeights[ouri.RulesOuri]
	for range b.N {
		w.Evaluate(&p)
	}
}

func TestEvaluateIsTheWeightedFeatures(t *testing.T) {
	p := ouri.Start(ouri.RulesAbapa)
	p, _ = p.Sow(3)
	p, _ = p.Sow(1)
	w := &DefaultWeights[ouri.RulesAbapa]
	f := Features(&p)
	v := f[fStores]
	for i, x := range f {
		v += w[i] * x
	}
	if got, want := w.Evaluate(&p), int(v*evalScale); got < want-1 || got > want+1 {
		t.Errorf("Evaluate %d, the features say %d", got, want)
	}
}
