package regress

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestSolve(t *testing.T) {
	for _, c := range []struct {
		name string
		a    [][]float64
		want []float64
	}{
		{"a system that needs a row swap is solved", [][]float64{{0, 2, 4}, {3, 1, 5}}, []float64{1, 2}},
		{"three unknowns are solved", [][]float64{{2, 1, -1, 8}, {-3, -1, 2, -11}, {-2, 1, 2, -3}}, []float64{2, 3, -1}},
		{"an unknown no equation mentions comes out 0", [][]float64{{2, 0, 6}, {0, 0, 0}}, []float64{3, 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Solve(c.a)
			for i := range c.want {
				if math.Abs(got[i]-c.want[i]) > 1e-9 {
					t.Fatalf("Solve = %v, want %v", got, c.want)
				}
			}
		})
	}
}

func TestLogisticFindsTheModelTheResultsCameFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	model := []float64{0.8, -0.5, 0.3, 0} // the last feature is noise the results never saw
	xs := make([][]float64, 20000)
	results := make([]float64, len(xs))
	for k := range xs {
		x := []float64{rng.NormFloat64(), rng.NormFloat64(), 1, rng.NormFloat64()}
		z := 0.0
		for i, v := range x {
			z += model[i] * v
		}
		if rng.Float64() < 1/(1+math.Exp(-z)) {
			results[k] = 1
		}
		xs[k] = x
	}
	theta, loss := Logistic(xs, results, func(int) bool { return true })
	for i, w := range model {
		if math.Abs(theta[i]-w) > 0.06 {
			t.Errorf("weight %d fitted %.3f, the model's %.3f", i, theta[i], w)
		}
	}
	t.Run("leaving out a feature that matters fits worse and weighs it 0", func(t *testing.T) {
		less, worse := Logistic(xs, results, func(i int) bool { return i != 0 })
		if less[0] != 0 {
			t.Errorf("the feature left out weighs %.3f", less[0])
		}
		if worse <= loss {
			t.Errorf("log loss without it %.4f, with it %.4f", worse, loss)
		}
	})
	t.Run("no samples fit nothing", func(t *testing.T) {
		if theta, loss := Logistic(nil, nil, func(int) bool { return true }); theta != nil || loss != 0 {
			t.Errorf("Logistic(nil) = %v, %v", theta, loss)
		}
	})
}

func TestSamplesAreKept(t *testing.T) {
	type sample struct {
		F      [2]float64
		Result float64
	}
	path := filepath.Join(t.TempDir(), "kept", "samples.gob")
	t.Run("nothing kept yet loads none", func(t *testing.T) {
		if s, err := Load[sample](path); s != nil || err != nil {
			t.Fatalf("Load = %v, %v", s, err)
		}
	})
	want := []sample{{[2]float64{1, -2}, 1}, {[2]float64{0.5, 3}, 0.5}}
	if err := Save(path, want); err != nil {
		t.Fatal(err)
	}
	t.Run("what was saved loads back", func(t *testing.T) {
		got, err := Load[sample](path)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("Load = %v, %v; want %v", got, err, want)
		}
	})
	t.Run("an empty path keeps and loads nothing", func(t *testing.T) {
		if err := Save("", want); err != nil {
			t.Fatal(err)
		}
		if s, err := Load[sample](""); s != nil || err != nil {
			t.Fatalf("Load = %v, %v", s, err)
		}
	})
	t.Run("a file that is not samples is an error", func(t *testing.T) {
		bad := filepath.Join(t.TempDir(), "bad.gob")
		if err := os.WriteFile(bad, []byte("not gob"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load[sample](bad); err == nil {
			t.Fatal("Load read a file that is not samples")
		}
	})
}
