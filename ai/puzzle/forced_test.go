package puzzle

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"tabuleiro/ai/prove"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// forcedSets are the shipped sets the prover judges, by name.
func forcedSets(t testing.TB) map[string][]Puzzle {
	out := map[string][]Puzzle{}
	for _, d := range []*games.Descriptor{ordo.Descriptor, oolong.Descriptor} {
		for _, name := range SetsOf(d) {
			ps, err := Load(name)
			if err != nil {
				t.Fatal(err)
			}
			out[name] = ps
		}
	}
	if len(out) < 2 {
		t.Fatalf("sets of Ordo and Oolong: %v", out)
	}
	return out
}

// played is g with m played, on a copy.
func played(t testing.TB, g games.Game, m games.Move) games.Game {
	c := g.Clone()
	if err := c.Play(m); err != nil {
		t.Fatalf("%s does not play: %v", g.Format(m), err)
	}
	return c
}

// minimax is whether solver wins g by force within plies, every line searched: the plain
// definition the prover's answers must meet.
func minimax(g games.Game, solver games.Seat, plies int) bool {
	if o := g.Outcome(); o.Over() {
		return o.Winner == solver
	}
	if plies == 0 {
		return false
	}
	attacking := g.ToMove() == solver
	for _, m := range g.Legal() {
		c := g.Clone()
		if err := c.Play(m); err != nil {
			panic(err)
		}
		if minimax(c, solver, plies-1) == attacking {
			return attacking
		}
	}
	return !attacking
}

// winsWithin is whether solver wins g by force within plies, by the prover where the solver is to
// move and move by move where the other side is (an Oolong special may let it decide twice).
func winsWithin(t testing.TB, g games.Game, solver games.Seat, plies int) bool {
	if o := g.Outcome(); o.Over() {
		return o.Winner == solver
	}
	if plies == 0 {
		return false
	}
	if g.ToMove() == solver {
		p, err := prove.Game(context.Background(), g, plies)
		if err != nil {
			t.Fatal(err)
		}
		return p.Win
	}
	for _, m := range g.Legal() {
		if !winsWithin(t, played(t, g, m), solver, plies-1) {
			return false
		}
	}
	return true
}

// shortestWin is the fewest plies solver needs to win g by force, up to most (most+1: not within).
func shortestWin(t testing.TB, g games.Game, solver games.Seat, most int) int {
	for d := 0; d <= most; d++ {
		if winsWithin(t, g, solver, d) {
			return d
		}
	}
	return most + 1
}

// TestKeepingIsEveryMoveThatKeepsAForcedWin compares the truth with a plain minimax: on Oolong's
// puzzles within their 5 plies, and on Ordo's after the first right move and the defence, with 3
// plies left.
func TestKeepingIsEveryMoveThatKeepsAForcedWin(t *testing.T) {
	truth := forced()
	sets := forcedSets(t)
	rng := rand.New(rand.NewPCG(3, 3))
	n := 8
	if raceEnabled {
		n = 2
	}
	check := func(t *testing.T, id string, g games.Game, plies int) {
		keep, lose, err := truth.Keeping(g, plies)
		if err != nil {
			t.Fatal(err)
		}
		if len(keep)+len(lose) != len(g.Legal()) {
			t.Fatalf("%s: %d kept and %d lost of %d moves", id, len(keep), len(lose), len(g.Legal()))
		}
		for _, m := range g.Legal() {
			want := minimax(played(t, g, m), g.ToMove(), plies-1)
			if got := slices.Contains(keep, m); got != want {
				t.Fatalf("%s: %s kept %v, minimax says it wins within %d plies: %v", id, g.Format(m), got, plies-1, want)
			}
		}
	}
	t.Run("on Oolong's puzzles within 5 plies", func(t *testing.T) {
		for _, p := range sets["oolong"][:min(n, len(sets["oolong"]))] {
			g, _ := p.Game()
			check(t, p.ID, g, p.Plies)
		}
	})
	t.Run("on Ordo's puzzles with 3 plies left", func(t *testing.T) {
		checked := 0
		for _, p := range sets["ordo"] {
			if checked == n/2 {
				break
			}
			a, err := Start(p)
			if err != nil {
				t.Fatal(err)
			}
			keep, _, _ := truth.Keeping(a.Game, a.left())
			if _, err := a.Play(keep[rng.IntN(len(keep))]); err != nil {
				t.Fatal(err)
			}
			if a.Over || a.left() != 3 {
				continue
			}
			check(t, p.ID, a.Game, a.left())
			checked++
		}
		if checked == 0 {
			t.Fatal("no Ordo puzzle lasted past its first move")
		}
	})
}

// TestForcedPuzzlesAreSolvedByAnyRightMoveAndFailedByAWrongOne plays puzzles of Ordo and Oolong
// through: a right move other than the prover's first solves within the plies, a losing one is
// refuted by an answer after which no forced win is left.
func TestForcedPuzzlesAreSolvedByAnyRightMoveAndFailedByAWrongOne(t *testing.T) {
	truth := forced()
	rng := rand.New(rand.NewPCG(4, 4))
	n := 40
	if raceEnabled {
		n = 8
	}
	for name, ps := range forcedSets(t) {
		t.Run(name, func(t *testing.T) {
			solvedByOther, refuted, tried := 0, 0, 0
			for _, p := range ps {
				// n puzzles, and on until one had several right moves and one was refuted
				if tried >= n && solvedByOther > 0 && refuted > 0 {
					break
				}
				tried++
				a, err := Start(p)
				if err != nil {
					t.Fatal(err)
				}
				keep, lose, err := truth.Keeping(a.Game, p.Plies)
				if err != nil {
					t.Fatal(err)
				}

				w, _ := Start(p)
				wrong := lose[rng.IntN(len(lose))]
				step, err := w.Play(wrong)
				if err != nil {
					t.Fatal(err)
				}
				if step.Right || step.Solved || !w.Over || !slices.Equal(step.Keeping, keep) {
					t.Fatalf("%s: the losing move %s gave %+v", p.ID, a.Game.Format(wrong), step)
				}
				if step.HasAnswer {
					after := played(t, w.Game, step.Answer)
					if winsWithin(t, after, w.Solver, p.Plies-2) {
						t.Fatalf("%s: after %s the refutation %s leaves a forced win within %d plies", p.ID, a.Game.Format(wrong), w.Game.Format(step.Answer), p.Plies-2)
					}
					refuted++
				}

				// The last right move, never the one the prover lists first when there are several.
				m := keep[len(keep)-1]
				if len(keep) > 1 {
					solvedByOther++
				}
				for {
					step, err := a.Play(m)
					if err != nil {
						t.Fatal(err)
					}
					if !step.Right {
						t.Fatalf("%s: the kept move %s was judged wrong", p.ID, a.Game.Format(m))
					}
					if len(a.Played) > p.Plies {
						t.Fatalf("%s: %d plies played, the win was within %d", p.ID, len(a.Played), p.Plies)
					}
					if a.Over {
						o := a.Game.Outcome()
						if !step.Solved || a.Made < MaxDecisions && o.Winner != a.Solver {
							t.Fatalf("%s ended unsolved (%v) after %d decisions", p.ID, o, a.Made)
						}
						break
					}
					k, _, err := truth.Keeping(a.Game, a.left())
					if err != nil || len(k) == 0 {
						t.Fatalf("%s: after the defence no forced win within %d plies (%v)", p.ID, a.left(), err)
					}
					m = k[rng.IntN(len(k))]
				}
				r, err := Resume(p, a.Played)
				if err != nil {
					t.Fatal(err)
				}
				if r.Game.Hash() != a.Game.Hash() || r.Made != a.Made || r.Over != a.Over {
					t.Fatalf("%s: resumed to another attempt", p.ID)
				}
			}
			if solvedByOther == 0 || refuted == 0 {
				t.Fatalf("of %d puzzles none solved by a right move not listed first (%d) or none refuted (%d)", tried, solvedByOther, refuted)
			}
		})
	}
}

// TestTheForcedDefencePutsTheWinOffLongest: after a right first move, no answer of the defender
// holds out longer than the one the truth plays.
func TestTheForcedDefencePutsTheWinOffLongest(t *testing.T) {
	truth := forced()
	n := 12
	if raceEnabled {
		n = 3
	}
	for name, ps := range forcedSets(t) {
		t.Run(name, func(t *testing.T) {
			defended := 0
			for _, p := range ps[:min(n, len(ps))] {
				g, _ := p.Game()
				solver := g.ToMove()
				keep, _, _ := truth.Keeping(g, p.Plies)
				c := played(t, g, keep[0])
				if c.Outcome().Over() || c.ToMove() == solver {
					continue
				}
				d, err := truth.Defence(c, p.Plies-1)
				if err != nil {
					t.Fatal(err)
				}
				chosen := shortestWin(t, played(t, c, d), solver, p.Plies-2)
				for _, m := range c.Legal() {
					if other := shortestWin(t, played(t, c, m), solver, p.Plies-2); other > chosen {
						t.Fatalf("%s: the defence %s is lost in %d plies, %s in %d", p.ID, c.Format(d), chosen, c.Format(m), other)
					}
				}
				defended++
			}
			if defended == 0 {
				t.Fatal("no puzzle left the defender a move")
			}
		})
	}
}

func TestTheForcedTruthRefusesWhatItCannotJudge(t *testing.T) {
	truth := forced()
	ordoGame, _ := catalog.New(ordo.Descriptor.Kind, nil)
	ouriGame, _ := catalog.New(ouri.Descriptor.Kind, games.Options{"rules": "abapa"})
	cases := []struct {
		name  string
		g     games.Game
		plies int
		not   error
	}{
		{"a horizon of no plies", ordoGame, 0, nil},
		{"a horizon beyond the prover's", ordoGame, prove.MaxPlies + 1, nil},
		{"a game of Ouri, which the database judges", ouriGame, 5, prove.ErrNotProvable},
	}
	for _, c := range cases {
		t.Run("refuses "+c.name, func(t *testing.T) {
			if _, _, err := truth.Keeping(c.g, c.plies); err == nil || c.not != nil && !errors.Is(err, c.not) {
				t.Errorf("Keeping: %v", err)
			}
			if _, err := truth.Defence(c.g, c.plies); err == nil || c.not != nil && !errors.Is(err, c.not) {
				t.Errorf("Defence: %v", err)
			}
		})
	}
	t.Run("refuses to refute the start, where no move was made", func(t *testing.T) {
		if _, err := truth.Refutation(ordoGame, 5); err == nil {
			t.Error("a refutation of no move")
		}
	})
}

func TestTheWinIsSealedOnlyWhenTheSolverHasWon(t *testing.T) {
	truth := forced()
	ongoing, _ := catalog.New(ordo.Descriptor.Kind, nil)
	cases := []struct {
		name   string
		end    games.Method
		loser  games.Seat
		sealed bool
	}{
		{"a game going on is not sealed", games.NotOver, 0, false},
		{"a game the solver won is sealed", games.Resignation, 1, true},
		{"a game the solver lost is not", games.Resignation, 0, false},
		{"a draw is not", games.Agreement, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := ongoing.Clone()
			if c.end != games.NotOver {
				if err := g.End(c.end, c.loser); err != nil {
					t.Fatal(err)
				}
			}
			if got := truth.Sealed(g, 0); got != c.sealed {
				t.Errorf("sealed %v, want %v", got, c.sealed)
			}
		})
	}
}

// BenchmarkServeAForcedPuzzle is what serving a puzzle of Ordo or Oolong costs: the puzzle's game
// replayed and its right and wrong moves proven, over the whole set in turn (the acceptance: at
// most 5 ms). "first" replays and proves each anew, as for the first solver of a puzzle; "again"
// finds the game and the moves kept.
func BenchmarkServeAForcedPuzzle(b *testing.B) {
	truth := forced()
	for name, ps := range forcedSets(b) {
		for _, again := range []bool{false, true} {
			sub := name + "/first"
			if again {
				sub = name + "/again"
			}
			b.Run(sub, func(b *testing.B) {
				for _, p := range ps[:min(len(ps), knownMost)] {
					if a, err := Start(p); again && err == nil {
						truth.Keeping(a.Game, a.left()) // remembered before the clock starts
					}
				}
				i := 0
				for b.Loop() {
					if !again { // nothing kept: neither the game replayed nor the moves proven
						truth.mu.Lock()
						truth.known = nil
						truth.mu.Unlock()
						replays.Lock()
						replays.games = nil
						replays.Unlock()
					}
					a, err := Start(ps[i%len(ps)])
					if err != nil {
						b.Fatal(err)
					}
					if _, _, err := a.truth.Keeping(a.Game, a.left()); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
	}
}

// TestTheDefenceDecidesAsOftenAsItsSideIsToMove plays Oolong's puzzles through with right moves:
// where a special of its own gives the defender a second decision, it makes it too, and the
// solver is asked only on its own turn.
func TestTheDefenceDecidesAsOftenAsItsSideIsToMove(t *testing.T) {
	ps := forcedSets(t)["oolong"]
	rng := rand.New(rand.NewPCG(5, 5))
	twice := 0
	for _, p := range ps {
		a, err := Start(p)
		if err != nil {
			t.Fatal(err)
		}
		for !a.Over {
			keep, _, err := a.truth.Keeping(a.Game, a.left())
			if err != nil || len(keep) == 0 {
				t.Fatalf("%s: no right move after %v (%v)", p.ID, a.Played, err)
			}
			step, err := a.Play(keep[rng.IntN(len(keep))])
			if err != nil {
				t.Fatalf("%s: %v after %v", p.ID, err, a.Played)
			}
			if len(step.Then) > 0 {
				twice++
				if !a.Over && a.Game.ToMove() != a.Solver {
					t.Fatalf("%s: after the defence %v the defender is still to move", p.ID, a.Played)
				}
			}
		}
	}
	if twice == 0 {
		t.Fatal("no puzzle where the defender decided twice in a row")
	}
}
