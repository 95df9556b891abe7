package ouriai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"tabuleiro/games/ouri"
)

// TestTuneEval fits the evaluation's weights on self-play games and prints them as Go source for
// weights.go. It runs only when asked: OURI_TUNE=<games per rule set>, with OURI_DB=<directory of
// the full endgame databases> (built there if missing) and optionally OURI_TUNE_DEPTH (default 8)
// and OURI_TUNE_FROM=current (play the games with the current weights instead of the store
// difference), OURI_TUNE_RULES=ouri|abapa (one rule set only).
//
//	OURI_TUNE=3000 OURI_DB=/tmp/cache go test ./ai/ouriai -run TuneEval -v -timeout 1h
func TestTuneEval(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("OURI_TUNE"))
	if n <= 0 {
		t.Skip("set OURI_TUNE=<games> to fit the evaluation")
	}
	depth := 8
	if d, err := strconv.Atoi(os.Getenv("OURI_TUNE_DEPTH")); err == nil && d > 0 {
		depth = d
	}
	for _, rules := range []ouri.Rules{ouri.RulesOuri, ouri.RulesAbapa} {
		if only := os.Getenv("OURI_TUNE_RULES"); only != "" && only != rules.String() {
			continue
		}
		var db *DB
		if dir := os.Getenv("OURI_DB"); dir != "" {
			path := filepath.Join(dir, FileName(rules, FullSeeds))
			var err error
			if db, err = Load(path, rules, FullSeeds); err != nil {
				db = Build(rules, FullSeeds, 0)
				if err := db.Save(path); err != nil {
					t.Log(err)
				}
			}
		}
		var eval *Weights
		if os.Getenv("OURI_TUNE_FROM") == "current" {
			eval = &DefaultWeights[rules]
		}
		start := time.Now()
		var (
			mu      sync.Mutex
			samples []sample
			wg      sync.WaitGroup
			next    = make(chan int)
		)
		for range workers() {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := &Search{DB: db, Eval: eval, MaxDepth: depth, TableBits: 16}
				for g := range next {
					got := selfPlay(s, rules, uint64(g))
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
		w, rmse, base := fit(samples)
		t.Logf("%v: %d games, %d positions in %v; residual %.2f seeds (store difference alone: %.2f)",
			rules, n, len(samples), time.Since(start).Round(time.Second), rmse, base)
		fmt.Printf("\t%s: {", map[ouri.Rules]string{ouri.RulesOuri: "ouri.RulesOuri", ouri.RulesAbapa: "ouri.RulesAbapa"}[rules])
		for i, x := range w {
			if i > 0 {
				fmt.Print(", ")
			}
			fmt.Printf("%.4f", x)
		}
		fmt.Println("},")
	}
}

type sample struct {
	f    [NFeatures]float64
	gain float64 // what the mover went on to gain beyond the store difference
}

// selfPlay plays one game from a few random plies and returns its positions with more seeds on
// the board than the database holds, labelled by how the game ended.
func selfPlay(s *Search, rules ouri.Rules, seed uint64) []sample {
	rng := rand.New(rand.NewPCG(seed, uint64(rules)))
	p := ouri.Start(rules)
	seen := map[ouri.Position]int{p: 1}
	var hist []ouri.Position
	hist = append(hist, p)
	type at struct {
		f  [NFeatures]float64
		me uint8
		d  int
	}
	var line []at
	random := 2 + rng.IntN(7)
	for ply := 0; ply < 400; ply++ {
		if p.Won() {
			break
		}
		mask := p.LegalMask()
		if mask == 0 {
			p = p.Collect()
			break
		}
		var m int
		if ply < random {
			var legal [6]int
			k := p.Legal(legal[:])
			m = legal[rng.IntN(k)]
		} else {
			if p.SideSeeds(0)+p.SideSeeds(1) > FullSeeds {
				line = append(line, at{Features(&p), p.ToMove, int(p.Stores[p.ToMove]) - int(p.Stores[1-p.ToMove])})
			}
			m = s.Best(context.Background(), p, hist, time.Hour, rng).Move
		}
		q, got := p.Sow(m)
		p = q
		if got > 0 {
			clear(seen)
			hist = hist[:0]
		}
		seen[p]++
		hist = append(hist, p)
		if seen[p] >= 3 {
			p = p.Collect()
			break
		}
	}
	if !p.Won() && p.SideSeeds(0)+p.SideSeeds(1) > 0 {
		p = p.Collect() // the ply cap: as if the game were agreed
	}
	final := [2]int{int(p.Stores[0]), int(p.Stores[1])}
	if left := ouri.Seeds - final[0] - final[1]; left > 0 { // a store reached 25: the winner takes the rest
		if final[0] > final[1] {
			final[0] += left
		} else {
			final[1] += left
		}
	}
	out := make([]sample, len(line))
	for i, a := range line {
		out[i] = sample{a.f, float64(final[a.me] - final[1-a.me] - a.d)}
	}
	return out
}

// fit solves the ridge-regularised least squares for the gain and returns the weights, the
// residual and the residual of predicting no gain at all.
func fit(samples []sample) (w Weights, rmse, base float64) {
	const n = NFeatures
	var a [n][n + 1]float64
	for _, s := range samples {
		for i := range n {
			for j := range n {
				a[i][j] += s.f[i] * s.f[j]
			}
			a[i][n] += s.f[i] * s.gain
		}
	}
	for i := range n {
		a[i][i] += 1e-3 * float64(len(samples))
	}
	for c := range n { // Gaussian elimination with partial pivoting
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		a[c], a[piv] = a[piv], a[c]
		for r := range n {
			if r == c || a[c][c] == 0 {
				continue
			}
			k := a[r][c] / a[c][c]
			for j := c; j <= n; j++ {
				a[r][j] -= k * a[c][j]
			}
		}
	}
	for i := range n {
		if a[i][i] != 0 {
			w[i] = a[i][n] / a[i][i]
		}
	}
	for _, s := range samples {
		pred := 0.0
		for i, x := range s.f {
			pred += w[i] * x
		}
		rmse += (s.gain - pred) * (s.gain - pred)
		base += s.gain * s.gain
	}
	k := float64(max(1, len(samples)))
	return w, math.Sqrt(rmse / k), math.Sqrt(base / k)
}

// workers is how many games TestTuneEval plays at once (OURI_TUNE_JOBS, default 2).
func workers() int {
	if n, err := strconv.Atoi(os.Getenv("OURI_TUNE_JOBS")); err == nil && n > 0 {
		return n
	}
	return 2
}
