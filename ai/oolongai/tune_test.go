package oolongai

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"tabuleiro/ai/internal/regress"
	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// TestTuneEval fits the evaluation's weights by logistic regression on the results of self-play
// games and prints them as Go source for weights. It runs only when asked: OOLONG_TUNE=<games>,
// optionally OOLONG_TUNE_DEPTH (default 4), OOLONG_TUNE_FROM=current (play with the current
// weights instead of the race alone), OOLONG_TUNE_JOBS (games at once, default 2) and
// OOLONG_TUNE_SAMPLES=<file> (keep the positions there, and fit those kept instead of playing
// again when the file is there).
//
//	OOLONG_TUNE=2000 OOLONG_TUNE_SAMPLES=/tmp/oolong.gob go test ./ai/oolongai -run TuneEval -v -timeout 1h
func TestTuneEval(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("OOLONG_TUNE"))
	if n <= 0 {
		t.Skip("set OOLONG_TUNE=<games> to fit the evaluation")
	}
	depth := 4
	if d, err := strconv.Atoi(os.Getenv("OOLONG_TUNE_DEPTH")); err == nil && d > 0 {
		depth = d
	}
	start := time.Now()
	path := os.Getenv("OOLONG_TUNE_SAMPLES")
	samples, err := regress.Load[sample](path)
	if err != nil {
		t.Fatal(err)
	}
	if samples == nil {
		kept := weights
		if os.Getenv("OOLONG_TUNE_FROM") != "current" {
			weights = nil
		}
		samples = playSamples(n, depth)
		weights = kept
		if err := regress.Save(path, samples); err != nil {
			t.Fatal(err)
		}
	}
	theta, loss := logistic(samples, func(int) bool { return true })
	_, base := logistic(samples, func(i int) bool { return i == fBias || i == fRace || i == fTempo })
	t.Logf("%d positions in %v; log loss %.4f (race and tempo alone: %.4f)", len(samples), time.Since(start).Round(time.Second), loss, base)
	fmt.Print("var fitted = features{")
	for i, x := range theta {
		if i > 0 {
			fmt.Print(", ")
		}
		fmt.Printf("%.4f", x)
	}
	fmt.Println("}")
	t.Logf("the coach's win scale for it: %.0f", winScaleOf(samples, theta))
}

// winScaleOf fits the scale the coach reads scores with (ai's winChance: the chance is the
// logistic function of score/scale) on the samples scored by the weights theta.
func winScaleOf(samples []sample, theta features) float64 {
	k := 1.0 / evalScale
	for range 50 {
		var g, h float64
		for _, s := range samples {
			z := 0.0
			for i, x := range s.F {
				z += theta[i] * x
			}
			v := evalScale * (2/(1+math.Exp(-z)) - 1)
			p := 1 / (1 + math.Exp(-k*v))
			g += (p - s.Result) * v
			h += p * (1 - p) * v * v
		}
		if h == 0 {
			break
		}
		k -= g / h
	}
	return 1 / k
}

type sample struct {
	F      features
	Result float64 // the game's result for the mover: 1 a win, 0.5 a draw, 0 a loss
}

// playSamples plays n self-play games at depth, OOLONG_TUNE_JOBS (default 2) at a time.
func playSamples(n, depth int) []sample {
	jobs := 2
	if j, err := strconv.Atoi(os.Getenv("OOLONG_TUNE_JOBS")); err == nil && j > 0 {
		jobs = j
	}
	var (
		mu      sync.Mutex
		samples []sample
		wg      sync.WaitGroup
		next    = make(chan int)
	)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				got := selfPlay(uint64(g), depth)
				mu.Lock()
				samples = append(samples, got...)
				mu.Unlock()
			}
		}()
	}
	for g := range n {
		next <- g
	}
	close(next)
	wg.Wait()
	return samples
}

// selfPlay plays one game from a random layout and a few random decisions, and returns the
// positions the search decided, labelled by how the game ended.
func selfPlay(seed uint64, depth int) []sample {
	rng := rand.New(rand.NewPCG(seed, 0x0010))
	g, _ := oolong.New(games.Options{"layout": oolong.RandomLayout(rng).String()})
	type at struct {
		f  features
		me games.Seat
	}
	var line []at
	random := 1 + rng.IntN(6)
	for ply := 0; !g.Outcome().Over(); ply++ {
		legal := g.Legal()
		var m games.Move
		if ply < random {
			m = legal[rng.IntN(len(legal))]
		} else {
			p := g.Position()
			line = append(line, at{featuresOf(&p), p.ToMove()})
			m, _ = SearchDepth(&p, legal, depth, rng)
		}
		if err := g.Play(m); err != nil {
			panic(err)
		}
	}
	out := make([]sample, len(line))
	w := g.Outcome().Winner
	for i, a := range line {
		r := 0.5
		switch w {
		case a.me:
			r = 1
		case a.me.Other():
			r = 0
		}
		out[i] = sample{a.f, r}
	}
	return out
}

// logistic fits the samples' results by the features use keeps (regress.Logistic) and returns
// the weights and the mean log loss.
func logistic(samples []sample, use func(int) bool) (theta features, loss float64) {
	xs, results := make([][]float64, len(samples)), make([]float64, len(samples))
	for i := range samples {
		xs[i], results[i] = samples[i].F[:], samples[i].Result
	}
	fitted, loss := regress.Logistic(xs, results, use)
	copy(theta[:], fitted)
	return theta, loss
}
