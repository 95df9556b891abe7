package rating

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

// Glickman's worked example: a 1500/200/0.06 player beats a 1400/30 player and loses to 1550/100
// and 1700/300 players in one rating period.
func TestGlickmansExample(t *testing.T) {
	player := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got := player.Update([]Result{
		{Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Win},
		{Rating{Rating: 1550, Deviation: 100, Volatility: 0.06}, Loss},
		{Rating{Rating: 1700, Deviation: 300, Volatility: 0.06}, Loss},
	})
	near(t, "rating", got.Rating, 1464.06, 0.01)
	near(t, "deviation", got.Deviation, 151.52, 0.01)
	near(t, "volatility", got.Volatility, 0.05999, 0.00001)
}

func TestGame(t *testing.T) {
	t.Run("two new players: the winner gains what the loser loses", func(t *testing.T) {
		a, b := Game(Start, Start, Win)
		near(t, "winner", a.Rating, 1662.31, 0.01)
		near(t, "loser", b.Rating, 1337.69, 0.01)
		near(t, "deviations", a.Deviation, 290.32, 0.01)
		near(t, "same deviation", b.Deviation, a.Deviation, 1e-9)
		if a.String() != "1662?" || b.String() != "1338?" {
			t.Errorf("shown %s and %s, want 1662? and 1338?", a, b)
		}
	})
	t.Run("a draw between equals moves neither rating but narrows both deviations", func(t *testing.T) {
		a, b := Game(Start, Start, Draw)
		near(t, "a", a.Rating, 1500, 1e-9)
		near(t, "b", b.Rating, 1500, 1e-9)
		if a.Deviation >= Start.Deviation {
			t.Errorf("deviation %.2f did not narrow", a.Deviation)
		}
	})
	t.Run("a draw against a stronger player gains", func(t *testing.T) {
		weak := Rating{Rating: 1400, Deviation: 80, Volatility: 0.06}
		strong := Rating{Rating: 1700, Deviation: 80, Volatility: 0.06}
		w, s := Game(weak, strong, Draw)
		if w.Rating <= weak.Rating || s.Rating >= strong.Rating {
			t.Errorf("draw: %v→%v and %v→%v", weak.Rating, w.Rating, strong.Rating, s.Rating)
		}
	})
	t.Run("a new player against an established one moves far, the established one little", func(t *testing.T) {
		old := Rating{Rating: 1800, Deviation: 50, Volatility: 0.06}
		n, o := Game(Start, old, Win)
		if n.Rating-Start.Rating < 200 || o.Rating-old.Rating < -20 {
			t.Errorf("new %.1f→%.1f, established %.1f→%.1f", Start.Rating, n.Rating, old.Rating, o.Rating)
		}
		if !n.Provisional() || o.Provisional() {
			t.Errorf("provisional: new %v, established %v", n.Provisional(), o.Provisional())
		}
	})
}

// The volatility iteration converges on both of its starting brackets: delta² above φ²+v (a big
// surprise) and below (an expected result), and on extreme inputs it still ends finite.
func TestVolatilityConverges(t *testing.T) {
	cases := []struct {
		name   string
		player Rating
		opp    Rating
		score  float64
	}{
		{"an expected win", Rating{1500, 60, 0.06}, Rating{1200, 60, 0.06}, Win},
		{"a huge upset by a settled player", Rating{1000, 30, 0.06}, Rating{2500, 30, 0.06}, Win},
		{"a settled player with a tiny volatility", Rating{1500, 30, 0.0001}, Rating{1500, 30, 0.0001}, Loss},
		{"a wildly volatile player", Rating{1500, 350, 1.5}, Rating{1500, 350, 0.06}, Win},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.player.Update([]Result{{c.opp, c.score}})
			for _, x := range []float64{got.Rating, got.Deviation, got.Volatility} {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("not finite: %+v", got)
				}
			}
			if got.Volatility <= 0 || got.Deviation <= 0 {
				t.Fatalf("%+v", got)
			}
			// The volatility solves f(x) = 0 for x = ln σ'² (step 5's equation).
			phi, mu := c.player.Deviation/scale, (c.player.Rating-1500)/scale
			gj := g(c.opp.Deviation / scale)
			e := expected(mu, (c.opp.Rating-1500)/scale, gj)
			v := 1 / (gj * gj * e * (1 - e))
			delta := v * gj * (c.score - e)
			a := math.Log(c.player.Volatility * c.player.Volatility)
			x := math.Log(got.Volatility * got.Volatility)
			ex := math.Exp(x)
			d := phi*phi + v + ex
			f := ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
			if math.Abs(f) > 1e-4 {
				t.Errorf("f(ln σ'²) = %g, want 0", f)
			}
		})
	}
}

func TestNoGamesWidensTheDeviation(t *testing.T) {
	r := Rating{Rating: 1600, Deviation: 50, Volatility: 0.06}
	got := r.Update(nil)
	near(t, "deviation", got.Deviation, math.Sqrt(50*50/scale/scale+0.06*0.06)*scale, 1e-9)
	if got.Rating != r.Rating {
		t.Errorf("rating moved: %v", got.Rating)
	}
}

func TestShown(t *testing.T) {
	for _, c := range []struct {
		r    Rating
		want string
	}{
		{Start, "1500?"},
		{Rating{1662.5, 110, 0.06}, "1663"},
		{Rating{1662.49, 110.01, 0.06}, "1662?"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%+v shows %q, want %q", c.r, got, c.want)
		}
	}
}
