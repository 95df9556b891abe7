package rating

import (
	"fmt"
	"math"
)

// Rating is a player's Glicko-2 standing on the Glicko scale: the rating, its deviation (how
// uncertain it is) and its volatility (how erratic the player's results are).
type Rating struct {
	Rating, Deviation, Volatility float64
}

// Start is a new player's rating.
var Start = Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}

// Tau is the system constant: it limits how fast the volatility changes.
const Tau = 0.5

// ProvisionalAbove is the deviation above which a rating is provisional: shown with a "?".
const ProvisionalAbove = 110

// Scores of a game from one player's side.
const (
	Loss = 0.0
	Draw = 0.5
	Win  = 1.0
)

// scale converts between the Glicko scale and Glicko-2's internal one.
const scale = 173.7178

// epsilon is the convergence tolerance of the volatility iteration (Glickman's example uses it).
const epsilon = 0.000001

// Provisional reports whether the rating is still too uncertain to be taken at face value.
func (r Rating) Provisional() bool { return r.Deviation > ProvisionalAbove }

// Shown is the rating rounded as people see it.
func (r Rating) Shown() int { return int(math.Round(r.Rating)) }

// String is the rating as shown: rounded, with "?" when provisional ("1500?").
func (r Rating) String() string {
	if r.Provisional() {
		return fmt.Sprintf("%d?", r.Shown())
	}
	return fmt.Sprintf("%d", r.Shown())
}

// Result is one game of a rating period: the opponent's rating before the period and the score
// (Win, Draw or Loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// Game rates one game between a and b, scoreA being a's score (Win, Draw or Loss): one rating
// period for each of them, both computed from the values before the game.
func Game(a, b Rating, scoreA float64) (Rating, Rating) {
	return a.Update([]Result{{b, scoreA}}), b.Update([]Result{{a, 1 - scoreA}})
}

// Update is the player's rating after a rating period with these results (steps 2 to 8 of
// Glickman's example). A period without games only widens the deviation.
func (r Rating) Update(results []Result) Rating {
	mu := (r.Rating - 1500) / scale
	phi := r.Deviation / scale
	sigma := r.Volatility
	if len(results) == 0 {
		return Rating{Rating: r.Rating, Deviation: math.Sqrt(phi*phi+sigma*sigma) * scale, Volatility: sigma}
	}
	// Step 3 and 4: the estimated variance v of the rating from the game outcomes alone, and the
	// estimated improvement delta.
	var inv, sum float64
	for _, res := range results {
		muj := (res.Opponent.Rating - 1500) / scale
		phij := res.Opponent.Deviation / scale
		g := g(phij)
		e := expected(mu, muj, g)
		inv += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / inv
	delta := v * sum
	// Step 5: the new volatility.
	sigma = volatility(delta, phi, v, sigma)
	// Steps 6 and 7: the new deviation and rating.
	star := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(star*star)+1/v)
	mu += phi * phi * sum
	// Step 8: back to the Glicko scale.
	return Rating{Rating: mu*scale + 1500, Deviation: phi * scale, Volatility: sigma}
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muj, g float64) float64 { return 1 / (1 + math.Exp(-g*(mu-muj))) }

// volatility solves step 5 by the Illinois algorithm, as Glickman's example does.
func volatility(delta, phi, v, sigma float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 && k < 1000 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	// The bracket halves at least every other step; 100 steps is far past convergence and only
	// guards against a loop on a non-finite input.
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
