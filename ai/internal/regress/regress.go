// Package regress fits an evaluation's weights to the results of self-play games, for the tuning
// tests of the engines: logistic regression on the result, by Newton's method on the
// ridge-regularised log loss, and the linear solve under it.
package regress

import "math"

// Logistic fits the chance that the mover wins (a draw counts half) as the logistic function of a
// weighted sum of the features use keeps: xs[i] are sample i's features (all of one length) and
// results[i] its result, 1, ½ or 0. It returns the weights, 0 where use says no, and the mean log
// loss. The ridge (10⁻⁴ per sample) keeps a feature that never varies from running off.
func Logistic(xs [][]float64, results []float64, use func(int) bool) (theta []float64, loss float64) {
	if len(xs) == 0 {
		return nil, 0
	}
	n := len(xs[0])
	theta = make([]float64, n)
	// Only the features some sample has are fitted (their weights in the ridge's minimum are 0
	// otherwise): the system solved is theirs alone, and a sample's sums run over its own.
	var active []int
	for i := range n {
		if !use(i) {
			continue
		}
		for _, x := range xs {
			if x[i] != 0 {
				active = append(active, i)
				break
			}
		}
	}
	m := len(active)
	lambda := 1e-4 * float64(len(xs))
	a := make([][]float64, m)
	type entry struct {
		col int // in active
		v   float64
	}
	var nz []entry
	for range 25 {
		for i := range a {
			a[i] = make([]float64, m+1)
		}
		loss = 0
		for k, x := range xs {
			r := results[k]
			nz = nz[:0]
			z := 0.0
			for c, i := range active {
				if v := x[i]; v != 0 {
					nz = append(nz, entry{c, v})
					z += theta[i] * v
				}
			}
			p := 1 / (1 + math.Exp(-z))
			loss -= r*math.Log(max(p, 1e-12)) + (1-r)*math.Log(max(1-p, 1e-12))
			h := p * (1 - p)
			for ii, e := range nz {
				row := a[e.col]
				for _, f := range nz[ii:] {
					row[f.col] += h * e.v * f.v
				}
				row[m] -= (p - r) * e.v
			}
		}
		for c := range m {
			for d := 0; d < c; d++ {
				a[c][d] = a[d][c]
			}
			a[c][c] += lambda
			a[c][m] -= lambda * theta[active[c]]
		}
		step := Solve(a)
		done := true
		for c, i := range active {
			theta[i] += step[c]
			done = done && math.Abs(step[c]) < 1e-6
		}
		if done {
			break
		}
	}
	return theta, loss / float64(len(xs))
}

// Solve solves the linear system a (n rows of n+1 numbers, the last column the right-hand side)
// by Gaussian elimination with partial pivoting, overwriting a. An unknown whose column is all
// zeros comes out 0.
func Solve(a [][]float64) []float64 {
	n := len(a)
	for c := range n {
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
	x := make([]float64, n)
	for i := range n {
		if a[i][i] != 0 {
			x[i] = a[i][n] / a[i][i]
		}
	}
	return x
}
