package ouriai

import (
	"cmp"
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

	"tabuleiro/ai/internal/regress"
	"tabuleiro/games/ouri"
)

// TestTuneEval fits the evaluation's weights on self-play games and prints them as Go source for
// weights.go, fitted two ways on the same positions: least squares on the seeds the mover goes on
// to gain, and logistic regression on the game's result (see fitLogistic). It runs only when
// asked: OURI_TUNE=<games per rule set>, with OURI_DB=<directory of the full endgame databases>
// (built there if missing) and optionally OURI_TUNE_DEPTH (default 8), OURI_TUNE_FROM=current
// (play the games with the current weights instead of the store difference),
// OURI_TUNE_RULES=ouri|abapa (one rule set only), OURI_TUNE_JOBS (games at once, default 2) and
// OURI_TUNE_SAMPLES=<directory> (keep the positions there as <rules>.gob, and fit those kept
// instead of playing again when the file is there).
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
		start := time.Now()
		records, err := regress.Load[record](recordsPath(rules))
		if err != nil {
			t.Fatal(err)
		}
		if records == nil {
			db := envDB(t, rules)
			var eval *Weights
			if os.Getenv("OURI_TUNE_FROM") == "current" {
				eval = &DefaultWeights[rules]
			}
			records = playRecords(n, rules, db, eval, depth)
			if err := regress.Save(recordsPath(rules), records); err != nil {
				t.Fatal(err)
			}
		}
		samples := withFeatures(records)
		w, rmse, base := fit(samples)
		t.Logf("%v: %d positions in %v; residual %.2f seeds (store difference alone: %.2f)",
			rules, len(samples), time.Since(start).Round(time.Second), rmse, base)
		printWeights("least squares", rules, w)
		lw, k, loss, loss0 := fitLogistic(samples)
		t.Logf("%v: logistic loss %.4f (store difference alone: %.4f); the coach's win scale for it: %.2f seeds (WinScales %.0f)",
			rules, loss, loss0, 1/k, evalScale/k)
		printWeights("logistic", rules, lw)
	}
}

// envDB is the full endgame database of rules from the directory OURI_DB names, built and kept
// there when it is missing; nil when OURI_DB is unset.
func envDB(t *testing.T, rules ouri.Rules) *DB {
	dir := os.Getenv("OURI_DB")
	if dir == "" {
		return nil
	}
	path := filepath.Join(dir, FileName(rules, FullSeeds))
	db, err := Load(path, rules, FullSeeds)
	if err != nil {
		db = Build(rules, FullSeeds, 0)
		if err := db.Save(path); err != nil {
			t.Log(err)
		}
	}
	return db
}

// playRecords plays n self-play games of rules at depth, two at a time or OURI_TUNE_JOBS.
func playRecords(n int, rules ouri.Rules, db *DB, eval *Weights, depth int) []record {
	var (
		mu      sync.Mutex
		records []record
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
				records = append(records, got...)
				mu.Unlock()
			}
		}()
	}
	for g := range n {
		next <- g
	}
	close(next)
	wg.Wait()
	return records
}

// printWeights prints w as an entry of DefaultWeights, ten weights a line.
func printWeights(method string, rules ouri.Rules, w Weights) {
	fmt.Printf("\t// %s\n\t%s: {", method, map[ouri.Rules]string{ouri.RulesOuri: "ouri.RulesOuri", ouri.RulesAbapa: "ouri.RulesAbapa"}[rules])
	for i, x := range w {
		if i%10 == 0 {
			fmt.Print("\n\t\t")
		} else {
			fmt.Print(" ")
		}
		fmt.Printf("%.4f,", x)
	}
	fmt.Println("\n\t},")
}

type sample struct {
	F      [NFeatures]float64
	Gain   float64 // what the mover went on to gain beyond the store difference
	Result float64 // the game's result for the mover: 1 a win, 0.5 a draw, 0 a loss
}

// record is a self-play position as OURI_TUNE_SAMPLES keeps it: the position rather than its
// features, so that a fit with other features needs no new games.
type record struct {
	P      ouri.Position
	Gain   float64
	Result float64
}

// withFeatures computes the records' features.
func withFeatures(records []record) []sample {
	out := make([]sample, len(records))
	for i, r := range records {
		out[i] = sample{Features(&r.P), r.Gain, r.Result}
	}
	return out
}

// selfPlay plays one game from a few random plies and returns its positions with more seeds on
// the board than the database holds, labelled by how the game ended.
func selfPlay(s *Search, rules ouri.Rules, seed uint64) []record {
	rng := rand.New(rand.NewPCG(seed, uint64(rules)))
	p := ouri.Start(rules)
	seen := map[ouri.Position]int{p: 1}
	var hist []ouri.Position
	hist = append(hist, p)
	type at struct {
		p ouri.Position
		d int
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
				line = append(line, at{p, int(p.Stores[p.ToMove]) - int(p.Stores[1-p.ToMove])})
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
	out := make([]record, len(line))
	for i, a := range line {
		d := final[a.p.ToMove] - final[1-a.p.ToMove]
		out[i] = record{a.p, float64(d - a.d), 0.5 + 0.5*float64(cmp.Compare(d, 0))}
	}
	return out
}

// fit solves the ridge-regularised least squares for the gain and returns the weights, the
// residual and the residual of predicting no gain at all.
func fit(samples []sample) (w Weights, rmse, base float64) {
	const n = NFeatures
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n+1)
	}
	var nz []int
	for _, s := range samples {
		nz = nz[:0] // most features are 0 (a house holds one count) and add nothing
		for i, x := range s.F {
			if x != 0 {
				nz = append(nz, i)
			}
		}
		for _, i := range nz {
			for _, j := range nz {
				a[i][j] += s.F[i] * s.F[j]
			}
			a[i][n] += s.F[i] * s.Gain
		}
	}
	for i := range n {
		a[i][i] += 1e-3 * float64(len(samples))
	}
	copy(w[:], regress.Solve(a))
	for _, s := range samples {
		pred := 0.0
		for i, x := range s.F {
			pred += w[i] * x
		}
		rmse += (s.Gain - pred) * (s.Gain - pred)
		base += s.Gain * s.Gain
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

// fitLogistic fits the chance that the mover wins (a draw half) as the logistic function of a
// weighted sum of the features, by Newton's method on the ridge-regularised log loss, and returns
// the weights in the evaluation's units with the mean log loss and that of the store difference
// alone (fitted the same way). The logit is divided by what a seed in store is worth where the
// search hands over to the endgame database (FullSeeds on the board): there a stored seed counts
// one seed, as in the database's and the finished game's scores, and the order of the estimates
// is the model's order of the chances.
//
// k, the logit of a seed where the database takes over, also gives the coach its scale: by the
// model, an estimate of 1/k seeds is a logit of 1, a win chance of 73 % (ai's winChance).
func fitLogistic(samples []sample) (w Weights, k, loss, base float64) {
	theta, loss := logistic(samples, func(int) bool { return true })
	_, base = logistic(samples, func(i int) bool { return i == fStores || i == fStores+nBase || i == 2*nBase })
	phase := float64(FullSeeds) / ouri.Seeds
	k = theta[fStores] + theta[nBase+fStores]*phase
	for i, x := range theta {
		w[i] = x / k
	}
	w[fStores]-- // Evaluate adds the store difference itself
	return w, k, loss, base
}

// logistic fits the samples' results by the features use keeps (regress.Logistic) and returns
// the weights and the mean log loss.
func logistic(samples []sample, use func(int) bool) (theta Weights, loss float64) {
	xs, results := make([][]float64, len(samples)), make([]float64, len(samples))
	for i := range samples {
		xs[i], results[i] = samples[i].F[:], samples[i].Result
	}
	fitted, loss := regress.Logistic(xs, results, use)
	copy(theta[:], fitted)
	return theta, loss
}

// recordsPath is where OURI_TUNE_SAMPLES keeps the positions of rules ("" when unset).
func recordsPath(rules ouri.Rules) string {
	dir := os.Getenv("OURI_TUNE_SAMPLES")
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, rules.String()+".gob")
}

func TestFitLogisticFindsTheModelTheResultsCameFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	// The count features stay 0: each house holds one count, so their weights are told apart
	// only up to a constant, and the model's own cannot be found again.
	counted := func(i int) bool { return i < 2*nBase && i%nBase >= fMyCount }
	var theta Weights
	for i := range theta {
		if !counted(i) {
			theta[i] = rng.Float64() - 0.5
		}
	}
	theta[fStores], theta[nBase+fStores] = 0.6, -0.4
	samples := make([]sample, 20000)
	for i := range samples {
		s := &samples[i]
		for j := range 2 * nBase {
			if !counted(j) {
				s.F[j] = rng.NormFloat64()
			}
		}
		s.F[2*nBase] = 1
		z := 0.0
		for j, x := range s.F {
			z += theta[j] * x
		}
		if rng.Float64() < 1/(1+math.Exp(-z)) {
			s.Result = 1
		}
	}
	w, fitted, loss, base := fitLogistic(samples)
	if loss >= base {
		t.Errorf("log loss %.4f, no better than the store difference alone (%.4f)", loss, base)
	}
	k := 0.6 - 0.4*float64(FullSeeds)/ouri.Seeds
	if math.Abs(fitted-k) > 0.05 {
		t.Errorf("a stored seed's logit where the database takes over fitted %.3f, the model's %.3f", fitted, k)
	}
	t.Run("a seed in store counts one seed where the database takes over", func(t *testing.T) {
		if got := 1 + w[fStores] + w[nBase+fStores]*float64(FullSeeds)/ouri.Seeds; math.Abs(got-1) > 1e-9 {
			t.Errorf("a seed in store counts %.4f seeds", got)
		}
	})
	t.Run("the weights are the model's in seeds", func(t *testing.T) {
		for i, x := range w {
			if i == fStores {
				x++
			}
			if got, want := x*k, theta[i]; math.Abs(got-want) > 0.08 {
				t.Errorf("feature %d: %.3f, the model %.3f", i, got, want)
			}
		}
	})
}
