package oolongai

import (
	"math"
	"math/rand/v2"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// playedPositions are the positions of a few seeded games of random decisions.
func playedPositions(t *testing.T, n int) []oolong.Position {
	t.Helper()
	var out []oolong.Position
	for seed := range uint64(n) {
		r := rand.New(rand.NewPCG(seed, 9))
		g, err := oolong.New(games.Options{"layout": oolong.RandomLayout(r).String()})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Outcome().Over() {
			out = append(out, g.Position())
			legal := g.Legal()
			if err := g.Play(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

func TestEvaluationAndFeatures(t *testing.T) {
	positions := playedPositions(t, 20)
	t.Run("each seat's score is the other's negated", func(t *testing.T) {
		for i, p := range positions {
			if a, b := Evaluate(&p, 0), Evaluate(&p, 1); a != -b {
				t.Fatalf("position %d: black %d, green %d", i, a, b)
			}
		}
	})
	t.Run("an estimate stays inside the evaluation's scale, below any proven result", func(t *testing.T) {
		for i, p := range positions {
			if v := Evaluate(&p, p.ToMove()); math.Abs(float64(v)) > evalScale || Proven(v) {
				t.Fatalf("position %d scores %d", i, v)
			}
		}
	})
	t.Run("the features read the position from the mover's side", func(t *testing.T) {
		for i, p := range positions {
			f := featuresOf(&p)
			me := p.ToMove()
			if want := float64(p.Claimed(me) - p.Claimed(me.Other())); f[fClaimed] != want {
				t.Fatalf("position %d: claimed %v, want %v", i, f[fClaimed], want)
			}
			if f[fTempo] < 0 || f[fSend] > 0 {
				t.Fatalf("position %d: the mover's tea takes (%v) or the opponent's gives (%v)", i, f[fTempo], f[fSend])
			}
			if !p.Placing() && (f[fTempo] != 0 || f[fSend] != 0 || f[fPendMine] == 0) {
				t.Fatalf("position %d: a special is due, yet the features say %v", i, f)
			}
		}
	})
}

func TestLogisticFindsTheModelTheResultsCameFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var theta features
	for i := range theta {
		theta[i] = rng.Float64() - 0.5
	}
	samples := make([]sample, 20000)
	for i := range samples {
		s := &samples[i]
		s.F[fBias] = 1
		for j := fBias + 1; j < nFeatures; j++ {
			s.F[j] = rng.NormFloat64()
		}
		z := 0.0
		for j, x := range s.F {
			z += theta[j] * x
		}
		if rng.Float64() < 1/(1+math.Exp(-z)) {
			s.Result = 1
		}
	}
	got, loss := logistic(samples, func(int) bool { return true })
	_, base := logistic(samples, func(i int) bool { return i == fBias })
	if loss >= base {
		t.Errorf("log loss %.4f, no better than the bias alone (%.4f)", loss, base)
	}
	for i := range got {
		if math.Abs(got[i]-theta[i]) > 0.06 {
			t.Errorf("weight %d fitted %.3f, the model's %.3f", i, got[i], theta[i])
		}
	}
}
