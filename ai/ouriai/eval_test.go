package ouriai

import (
	"math/rand/v2"
	"testing"

	"tabuleiro/games/ouri"
)

func TestCapturesMatchSowing(t *testing.T) {
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
				best, mask := captures(&p)
				if wantBest, wantMask := capturesBySowing(&p); best != wantBest || mask != wantMask {
					t.Fatalf("%v: best %d, sowings %06b; sowing says %d, %06b", p, best, mask, wantBest, wantMask)
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

func TestFeaturesCountMovesHomeGiftAndTheFullestHouse(t *testing.T) {
	for _, c := range []struct {
		name   string
		p      ouri.Position
		mine   [4]int // moves, home, gift, biggest for the side to move
		theirs [4]int
	}{
		{"at the start each side keeps 14 seeds home and hands 10 over", ouri.Start(ouri.RulesOuri), [4]int{6, 14, 10, 4}, [4]int{6, 14, 10, 4}},
		{"the singleton rule leaves Ouri one move where Abapa has three",
			ouri.Position{Houses: [12]uint8{1, 3, 0, 0, 1, 0, 2}, Rules: ouri.RulesOuri}, [4]int{1, 5, 0, 3}, [4]int{1, 2, 0, 2}},
		{"Abapa keeps the singletons",
			ouri.Position{Houses: [12]uint8{1, 3, 0, 0, 1, 0, 2}, Rules: ouri.RulesAbapa}, [4]int{3, 5, 0, 3}, [4]int{1, 2, 0, 2}},
		{"a lap hands six seeds over once, and the mover is North",
			ouri.Position{Houses: [12]uint8{0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 15}, ToMove: 1, Rules: ouri.RulesAbapa}, [4]int{1, 0, 6, 15}, [4]int{1, 0, 1, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, _ := baseFeatures(&c.p)
			got := [2][4]int{{b[fMyMoves], b[fMyHome], b[fMyGift], b[fMyBiggest]}, {b[fTheirMoves], b[fTheirHome], b[fTheirGift], b[fTheirBiggest]}}
			if want := [2][4]int{c.mine, c.theirs}; got != want {
				t.Errorf("moves, home, gift, fullest house: %v, want %v", got, want)
			}
		})
	}
}

func TestCountFeaturesTellEachHouseItsSeeds(t *testing.T) {
	// North to move: South's houses are theirs. South's a holds 20 seeds, counted with 12.
	p := ouri.Position{Houses: [12]uint8{20, 0, 1, 2, 3, 11, 4, 4, 4, 4, 4, 4}, ToMove: 1, Rules: ouri.RulesOuri}
	b, _ := baseFeatures(&p)
	want := map[int]bool{}
	for i, n := range []int{4, 4, 4, 4, 4, 4} {
		want[fMyCount+i*counts+n] = true
	}
	for i, n := range []int{12, 0, 1, 2, 3, 11} {
		want[fTheirCount+i*counts+n] = true
	}
	for f := fMyCount; f < nBase; f++ {
		if got := b[f] == 1; got != want[f] || b[f] > 1 {
			t.Errorf("count feature %d (house %d of %s, %d seeds): %d", f, (f-fMyCount)%(6*counts)/counts,
				[]string{"mine", "theirs"}[(f-fMyCount)/(6*counts)], (f-fMyCount)%counts, b[f])
		}
	}
}

// The search's evaluator gives Evaluate's estimate, but for rounding, under both rule sets and
// from both seats.
func TestEvaluatorIsEvaluate(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, rules := range []ouri.Rules{ouri.RulesOuri, ouri.RulesAbapa} {
		w := &DefaultWeights[rules]
		e := newEvaluator(w)
		for range 100000 {
			p := ouri.Position{Rules: rules, ToMove: uint8(rng.IntN(2))}
			board := 1 + rng.IntN(ouri.Seeds)
			for range board {
				p.Houses[rng.IntN(12)]++
			}
			p.Stores[0] = uint8(rng.IntN(ouri.Seeds - board + 1))
			p.Stores[1] = uint8(ouri.Seeds - board - int(p.Stores[0]))
			got, capturing := e.evaluate(&p, p.LegalMask())
			if want := w.Evaluate(&p); got < want-1 || got > want+1 {
				t.Fatalf("%v: the evaluator says %d, Evaluate %d", p, got, want)
			}
			if _, want := captures(&p); capturing != want {
				t.Fatalf("%v: the evaluator says sowings %06b capture, captures %06b", p, capturing, want)
			}
		}
	}
}
