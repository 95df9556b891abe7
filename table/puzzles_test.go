package table

import (
	"errors"
	"log/slog"
	"math"
	"testing"

	"tabuleiro/games/catalog"
	"tabuleiro/rating"
	"tabuleiro/store"
)

// glicko2 is Glickman's "Example of the Glicko-2 system", steps 1-8, written out again here so
// that the table's ratings are checked against the paper rather than against rating/ itself.
func glicko2(r, rd, sigma float64, opp [][2]float64, score []float64) (float64, float64, float64) {
	const tau, k = 0.5, 173.7178
	mu, phi := (r-1500)/k, rd/k
	gf := func(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }
	var vinv, dsum float64
	for j, o := range opp {
		muj, phij := (o[0]-1500)/k, o[1]/k
		e := 1 / (1 + math.Exp(-gf(phij)*(mu-muj)))
		vinv += gf(phij) * gf(phij) * e * (1 - e)
		dsum += gf(phij) * (score[j] - e)
	}
	v := 1 / vinv
	delta := v * dsum
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		return ex*(delta*delta-phi*phi-v-ex)/(2*(phi*phi+v+ex)*(phi*phi+v+ex)) - (x-a)/(tau*tau)
	}
	A, B := a, 0.0
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		n := 1.0
		for f(a-n*tau) < 0 {
			n++
		}
		B = a - n*tau
	}
	fa, fb := f(A), f(B)
	for math.Abs(B-A) > 0.000001 {
		C := A + (A-B)*fa/(fb-fa)
		fc := f(C)
		if fc*fb <= 0 {
			A, fa = B, fb
		} else {
			fa /= 2
		}
		B, fb = C, fc
	}
	sigma = math.Exp(A / 2)
	star := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(star*star)+1/v)
	mu += phi * phi * dsum
	return mu*k + 1500, phi * k, sigma
}

func TestTheTestsGlicko2IsGlickmansExample(t *testing.T) {
	r, rd, s := glicko2(1500, 200, 0.06, [][2]float64{{1400, 30}, {1550, 100}, {1700, 300}}, []float64{1, 0, 0})
	if math.Abs(r-1464.06) > 0.01 || math.Abs(rd-151.52) > 0.01 || math.Abs(s-0.05999) > 0.00001 {
		t.Fatalf("Glickman's example: %.2f %.2f %.5f, want 1464.06 151.52 0.05999", r, rd, s)
	}
}

// near compares a rating with the paper's numbers.
func near(t *testing.T, what string, got rating.Rating, r, rd, sigma float64) {
	t.Helper()
	if math.Abs(got.Rating-r) > 1e-6 || math.Abs(got.Deviation-rd) > 1e-6 || math.Abs(got.Volatility-sigma) > 1e-9 {
		t.Errorf("%s: %+v, Glicko-2 says %.6f %.6f %.8f", what, got, r, rd, sigma)
	}
}

func TestAnAttemptRatesTheSolverAgainstThePuzzleAsGlicko2Says(t *testing.T) {
	f := newFixture(t)
	const id, shipped = "ordo-0003", 1820.0
	puzzles := []PuzzleCandidate{{id, shipped}}
	// alice solves it, then bob fails it: each attempt is one game between solver and puzzle.
	attempts := []struct {
		user   string
		solved bool
	}{{"alice", true}, {"bob", false}}
	pr, prd, psigma := shipped, rating.Start.Deviation, rating.Start.Volatility
	for _, a := range attempts {
		t.Run(a.user+" moves both ratings once", func(t *testing.T) {
			if p, err := f.tab.NextPuzzle(a.user, "ordo", puzzles); err != nil || p.Attempt.Puzzle != id {
				t.Fatalf("picking: %+v, %v", p, err)
			}
			score := 0.0
			if a.solved {
				score = 1
			}
			sr, srd, ssigma := glicko2(1500, 350, 0.06, [][2]float64{{pr, prd}}, []float64{score})
			nr, nrd, nsigma := glicko2(pr, prd, psigma, [][2]float64{{1500, 350}}, []float64{1 - score})
			r, err := f.tab.SettlePuzzle(a.user, "ordo", id, shipped, a.solved)
			if err != nil || !r.Rated || r.Already {
				t.Fatalf("settling: %+v, %v", r, err)
			}
			near(t, "the solver", r.After, sr, srd, ssigma)
			near(t, "the puzzle", r.PuzzleAfter, nr, nrd, nsigma)
			// A double click settles nothing more.
			again, err := f.tab.SettlePuzzle(a.user, "ordo", id, shipped, !a.solved)
			if err != nil || !again.Already || again.After != r.After {
				t.Fatalf("settling again: %+v, %v", again, err)
			}
			sv, _ := f.st.Solver(a.user, "ordo")
			near(t, "the stored solver", sv.Rating, sr, srd, ssigma)
			pr, prd, psigma = nr, nrd, nsigma
		})
	}
	if _, err := f.tab.SettlePuzzle("carol", "ordo", id, shipped, true); !errors.Is(err, ErrNoPuzzle) {
		t.Errorf("settling a puzzle never served: %v, want ErrNoPuzzle", err)
	}
}

// solve has user take the next puzzle and solve (or fail) it.
func (f *fixture) solve(user, kind string, puzzles []PuzzleCandidate, solved bool) {
	f.t.Helper()
	p, err := f.tab.NextPuzzle(user, kind, puzzles)
	if err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.tab.SettlePuzzle(user, kind, p.Attempt.Puzzle, p.Rating.Rating, solved); err != nil {
		f.t.Fatal(err)
	}
}

func TestTheNextPuzzle(t *testing.T) {
	puzzles := []PuzzleCandidate{{"ouri-0001", 1200}, {"ouri-0002", 1480}, {"ouri-0003", 1530}, {"ouri-0004", 1900}}
	cases := []struct {
		name  string
		setup func(f *fixture)
		want  string
		err   error
	}{
		{"is the unseen one nearest a new solver's 1500", func(*fixture) {}, "ouri-0002", nil},
		{"skips the puzzles the solver has seen", func(f *fixture) { f.solve("alice", "ouri", puzzles, true) }, "ouri-0003", nil},
		{"follows the solver's rating down", func(f *fixture) { f.solve("alice", "ouri", puzzles, false) }, "ouri-0001", nil},
		{"is the attempt under way, after any number of asks", func(f *fixture) {
			f.tab.NextPuzzle("alice", "ouri", puzzles[3:])
			f.tab.NextPuzzle("alice", "ouri", puzzles[3:])
		}, "ouri-0004", nil},
		{"is the solver's own proven blunder first", func(f *fixture) {
			f.st.AddBlunder("alice", store.Blunder{Kind: "ouri", Log: []string{"a"}})
			b, _, _ := f.st.AddBlunder("alice", store.Blunder{Kind: "ouri", Log: []string{"b"}})
			f.st.ProveBlunder("alice", b.Seq, true)
		}, "blunder-2", nil},
		{"is refused when every puzzle was seen", func(f *fixture) {
			for range puzzles {
				f.solve("alice", "ouri", puzzles, true)
			}
		}, "", ErrPuzzlesSeen},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			c.setup(f)
			p, err := f.tab.NextPuzzle("alice", "ouri", puzzles)
			if !errors.Is(err, c.err) || p.Attempt.Puzzle != c.want {
				t.Fatalf("got %q, %v; want %q, %v", p.Attempt.Puzzle, err, c.want, c.err)
			}
		})
	}
}

func TestAPuzzleUnderWayResumesAfterARestart(t *testing.T) {
	f := newFixture(t)
	puzzles := []PuzzleCandidate{{"ordo-0009", 1500}}
	p, err := f.tab.NextPuzzle("alice", "ordo", puzzles)
	if err != nil || p.Resumed {
		t.Fatalf("picking: %+v, %v", p, err)
	}
	p.Attempt.Played = []string{"a3-a4", "h6-h5"}
	if _, err := f.tab.PlayPuzzle("alice", "ordo", p.Attempt, 0); err != nil {
		t.Fatal(err)
	}
	// The same answer again (a double click) is stale.
	if _, err := f.tab.PlayPuzzle("alice", "ordo", p.Attempt, 0); !errors.Is(err, ErrPuzzleMoved) {
		t.Fatalf("the same decision twice: %v, want ErrPuzzleMoved", err)
	}
	// The process dies; another starts on the same file.
	f.tab.Wait()
	f.st.Close()
	st, err := store.Open(f.path, store.Options{Decode: catalog.Decode, Now: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f.st = st
	f.tab = New(st, f.heard, Config{Now: f.clock, Seed: 3, Log: slog.New(slog.DiscardHandler), AI: testAI})
	back, err := f.tab.NextPuzzle("alice", "ordo", puzzles)
	if err != nil || !back.Resumed || back.Attempt.Puzzle != "ordo-0009" || len(back.Attempt.Played) != 2 {
		t.Fatalf("after the restart: %+v, %v; want ordo-0009 resumed after two decisions", back, err)
	}
	back.Attempt.Played = append(back.Attempt.Played, "b3-b4")
	if _, err := f.tab.PlayPuzzle("alice", "ordo", back.Attempt, 2); err != nil {
		t.Fatal(err)
	}
	if r, err := f.tab.SettlePuzzle("alice", "ordo", "ordo-0009", 1500, true); err != nil || !r.Solved || r.After.Rating <= 1500 {
		t.Fatalf("solving it after the restart: %+v, %v", r, err)
	}
	if _, err := f.tab.PlayPuzzle("alice", "ordo", back.Attempt, 3); !errors.Is(err, ErrNoPuzzle) {
		t.Fatalf("a decision after the end: %v, want ErrNoPuzzle", err)
	}
}

func TestAPuzzleIsUnderWayFromItsPickUntilItIsSettled(t *testing.T) {
	f := newFixture(t)
	under := func(want bool) {
		t.Helper()
		if got, err := f.tab.PuzzleUnderWay("alice", "ordo"); err != nil || got != want {
			t.Fatalf("under way: %v, %v; want %v", got, err, want)
		}
	}
	under(false)
	if _, err := f.tab.NextPuzzle("alice", "ordo", []PuzzleCandidate{{"ordo-0009", 1500}}); err != nil {
		t.Fatal(err)
	}
	under(true)
	if _, err := f.tab.SettlePuzzle("alice", "ordo", "ordo-0009", 1500, true); err != nil {
		t.Fatal(err)
	}
	under(false)
}
