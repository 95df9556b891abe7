package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// TestCalibrateWinScale measures how well the coach's win chances match results: hard plays
// itself at a fixed depth from openings of a few random decisions, every position's verdict is
// kept with the game's result for the side that was to move, and the logistic scale that best
// predicts the results (maximum likelihood, draws counting half) is printed beside winScale's.
//
//	COACH_CALIBRATE=100 go test ./ai -run CalibrateWinScale -v
//
// COACH_CALIBRATE_GAME=ordo fits one game; COACH_CALIBRATE_DEPTH=5 searches deeper.
func TestCalibrateWinScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("COACH_CALIBRATE"))
	if n <= 0 {
		t.Skip("set COACH_CALIBRATE=<games per game> to fit the coach's win scales")
	}
	p := New(Config{EndgameSeeds: testSeeds})
	for _, c := range []struct {
		name  string
		fresh func() games.Game
		depth int
	}{
		{"ouri", func() games.Game { g, _ := ouri.New(nil); return g }, 8},
		{"ordo", func() games.Game { g, _ := ordo.New(nil); return g }, 4},
		{"oolong", func() games.Game { g, _ := oolong.New(nil); return g }, 3},
	} {
		if only := os.Getenv("COACH_CALIBRATE_GAME"); only != "" && only != c.name {
			continue
		}
		if d, err := strconv.Atoi(os.Getenv("COACH_CALIBRATE_DEPTH")); err == nil && d > 0 {
			c.depth = d
		}
		type sample struct{ score, result float64 }
		var samples []sample
		for i := range n {
			rng := rand.New(rand.NewPCG(uint64(i), 99))
			g := c.fresh()
			for range 2 + rng.IntN(4) {
				legal := g.Legal()
				if len(legal) == 0 || g.Outcome().Over() {
					break
				}
				g.Play(legal[rng.IntN(len(legal))])
			}
			type seen struct {
				seat  games.Seat
				score float64
			}
			var positions []seen
			for ply := 0; ply < 300 && !g.Outcome().Over(); ply++ {
				v, err := p.Assess(context.Background(), g, Budget{Depth: c.depth}, uint64(i))
				if err != nil {
					t.Fatal(err)
				}
				if !v.Proven && v.Win > 0 && v.Win < 100 {
					// Back to the score: the logit of the chance, in the scale winScale gives.
					positions = append(positions, seen{g.ToMove(), winScale(g) * math.Log(v.Win/(100-v.Win))})
				}
				if err := g.Play(v.Best); err != nil {
					t.Fatal(err)
				}
			}
			if !g.Outcome().Over() {
				continue
			}
			for _, s := range positions {
				samples = append(samples, sample{s.score, result(g, s.seat) / 100})
			}
		}
		loss := func(scale float64) float64 {
			l := 0.0
			for _, s := range samples {
				q := 1 / (1 + math.Exp(-s.score/scale))
				q = min(max(q, 1e-9), 1-1e-9)
				l -= s.result*math.Log(q) + (1-s.result)*math.Log(1-q)
			}
			return l / float64(len(samples))
		}
		best := winScale(c.fresh())
		for scale := 4.0; scale <= 20000; scale *= 1.02 {
			if loss(scale) < loss(best) {
				best = scale
			}
		}
		for _, scale := range []float64{100, 400, 1600, 6400} {
			t.Logf("%s: scale %.0f: log loss %.4f", c.name, scale, loss(scale))
		}
		t.Logf("%s: %d positions from %d games at depth %d: best scale %.0f (log loss %.4f), winScale %.0f (log loss %.4f)",
			c.name, len(samples), n, c.depth, best, loss(best), winScale(c.fresh()), loss(winScale(c.fresh())))
	}
}
