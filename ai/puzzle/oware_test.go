package puzzle

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"tabuleiro/ai/ouriai"
	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

func TestEveryShippedPuzzleIsProven(t *testing.T) {
	for _, name := range Sets() {
		t.Run(name, func(t *testing.T) {
			ps, err := Load(name)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) < 300 {
				t.Fatalf("%d puzzles, want at least 300", len(ps))
			}
			ids, positions := map[string]bool{}, map[uint64]bool{}
			for _, p := range ps {
				if ids[p.ID] || !strings.HasPrefix(p.ID, name+"-") {
					t.Fatalf("puzzle id %q is repeated or not of the set", p.ID)
				}
				ids[p.ID] = true
				g, err := p.Game()
				if err != nil {
					t.Fatal(err)
				}
				if positions[g.Hash()] {
					t.Fatalf("%s repeats a position", p.ID)
				}
				positions[g.Hash()] = true
				truth, _ := TruthOf(g.Descriptor())
				keep, lose, err := truth.Keeping(g, p.Plies)
				if err != nil {
					t.Fatalf("%s: %v", p.ID, err)
				}
				if len(keep) == 0 || len(lose) == 0 {
					t.Fatalf("%s: %d moves keep the win and %d lose it: not a puzzle", p.ID, len(keep), len(lose))
				}
				if p.Kind == ouri.Descriptor.Kind && len(lose) <= len(keep) {
					t.Fatalf("%s: only %d of %d moves throw the win away, not most", p.ID, len(lose), len(keep)+len(lose))
				}
				// Every line of right moves, to the end of the puzzle, is judged.
				if err := Check(p); err != nil {
					t.Fatal(err)
				}
			}
			// Puzzles of one game share its opening: no two may stand on neighbouring plies.
			for i, a := range ps {
				for _, b := range ps[i+1:] {
					short, long := a.Log, b.Log
					if len(short) > len(long) {
						short, long = long, short
					}
					if slices.Equal(short, long[:len(short)]) && len(long)-len(short) < 2 {
						t.Fatalf("%s and %s stand on neighbouring plies of one game", a.ID, b.ID)
					}
				}
			}
		})
	}
}

// randomEnding is a position of Ouri or Abapa with few seeds on the board, the side to move close
// to 25, as a game.
func randomEnding(rng *rand.Rand, rules ouri.Rules, onBoard int) *ouri.Game {
	for {
		var p ouri.Position
		p.Rules = rules
		p.ToMove = uint8(rng.IntN(2))
		for range onBoard {
			p.Houses[rng.IntN(12)]++
		}
		rest := 48 - onBoard
		mine := 24 - rng.IntN(4)
		if mine > rest {
			continue
		}
		p.Stores[p.ToMove], p.Stores[1-p.ToMove] = uint8(mine), uint8(rest-mine)
		if p.Stores[1-p.ToMove] >= ouri.Win {
			continue
		}
		g, err := ouri.FromPosition(p, false)
		if err != nil || g.Outcome().Over() {
			continue
		}
		return g
	}
}

// searched is the deep search's verdict on whether solver wins g: decided only when the search
// reached the end of every line (its score beyond ±Decided).
func searched(g *ouri.Game, solver games.Seat) (Verdict, bool) {
	if o := g.Outcome(); o.Over() {
		if o.Winner == solver {
			return Win, true
		}
		return NoWin, true
	}
	if legal := g.Legal(); len(legal) == 1 {
		// The search answers a lone move at once, without a score: look past it.
		return searched(after(g, legal[0]), solver)
	}
	sr := &ouriai.Search{MaxDepth: 14} // capped, so the verdicts are the same on any machine
	r := sr.Best(context.Background(), g.Position(), g.History(), time.Minute, rand.New(rand.NewPCG(1, 1)))
	var moverWins bool
	switch {
	case r.Score > ouriai.Decided:
		moverWins = true
	case r.Score < -ouriai.Decided:
		moverWins = false
	default: // an estimate, or a draw: the search cannot tell a drawn end from an even estimate
		return Unknown, false
	}
	if moverWins == (g.ToMove() == solver) {
		return Win, true
	}
	return NoWin, true
}

// TestTheTruthAgreesWithADeepSearch judges every move of small endings by the database and by a
// search to the end of the game under the real repetition rule, which must agree: where several
// moves win, all of them are kept.
func TestTheTruthAgreesWithADeepSearch(t *testing.T) {
	truth := oware()
	rng := rand.New(rand.NewPCG(7, 7))
	compared, several := 0, 0
	positions, least := 250, 100
	if raceEnabled {
		positions, least = 60, 25
	}
	for range positions {
		rules := ouri.Rules(rng.IntN(2))
		g := randomEnding(rng, rules, 2+rng.IntN(4))
		keep, lose, err := truth.Keeping(g, 0)
		if errors.Is(err, ErrUnknown) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(keep) >= 2 {
			several++
		}
		solver := g.ToMove()
		for _, m := range g.Legal() {
			c := after(g, m)
			want, ok := searched(c, solver)
			if !ok {
				continue
			}
			compared++
			got := NoWin
			if slices.Contains(keep, m) {
				got = Win
			} else if !slices.Contains(lose, m) {
				t.Fatalf("move %s is neither kept nor lost", g.Format(m))
			}
			if got != want {
				t.Fatalf("%v: after %s the database says %v and the search %v", g.Position(), g.Format(m), got, want)
			}
		}
	}
	t.Logf("%d moves compared, %d positions with several winning moves", compared, several)
	if compared < least || several < 5 {
		t.Fatalf("compared %d moves, %d positions with several winning moves: too few to mean anything", compared, several)
	}
}

func TestARepetitionLeavesTheTruthSilent(t *testing.T) {
	truth := oware()
	rng := rand.New(rand.NewPCG(8, 8))
	for range 20000 {
		g := randomEnding(rng, ouri.Rules(rng.IntN(2)), 2+rng.IntN(6))
		if _, _, err := truth.Keeping(g, 0); errors.Is(err, ErrUnknown) {
			return
		}
	}
	t.Fatal("no ending found where a repetition decides a move: the database's bounds are never apart?")
}

func TestAnyRightMoveSolvesAndAWrongOneIsRefuted(t *testing.T) {
	truth := oware()
	rng := rand.New(rand.NewPCG(9, 9))
	solvedByOther, failed := 0, 0
	for _, name := range SetsOf(ouri.Descriptor) {
		ps, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range ps {
			a, err := Start(p)
			if err != nil {
				t.Fatal(err)
			}
			keep, lose, _ := truth.Keeping(a.Game, 0)
			// The first sixty, and every puzzle that more than one move solves.
			if i >= 60 && len(keep) < 2 {
				continue
			}
			// A wrong move: over, refuted, with the right moves shown.
			w, _ := Start(p)
			step, err := w.Play(lose[rng.IntN(len(lose))])
			if err != nil {
				t.Fatal(err)
			}
			if step.Right || step.Solved || !w.Over || !slices.Equal(step.Keeping, keep) {
				t.Fatalf("%s: a losing move gave %+v", p.ID, step)
			}
			if step.HasAnswer {
				c := after(w.Game.(*ouri.Game), step.Answer)
				if verdict(c, truth.DB[c.Rules()&1], w.Solver) != NoWin {
					t.Fatalf("%s: the refutation %s leaves the solver a win", p.ID, w.Game.Format(step.Answer))
				}
			}
			failed++
			// Right moves, the last one first (not the one a stored line would hold), to the end.
			m := keep[len(keep)-1]
			if len(keep) > 1 {
				solvedByOther++
			}
			for !a.Over {
				step, err := a.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				if !step.Right {
					t.Fatalf("%s: a kept move %s was judged wrong", p.ID, a.Game.Format(m))
				}
				if a.Over {
					if !step.Solved || a.Made > MaxDecisions {
						t.Fatalf("%s ended unsolved after %d decisions", p.ID, a.Made)
					}
					break
				}
				k, _, err := truth.Keeping(a.Game, 0)
				if err != nil || len(k) == 0 {
					t.Fatalf("%s: after the defence the solver has no proven win (%v)", p.ID, err)
				}
				m = k[rng.IntN(len(k))]
			}
			// The record resumes to the same attempt.
			r, err := Resume(p, a.Played)
			if err != nil {
				t.Fatal(err)
			}
			if r.Game.Hash() != a.Game.Hash() || r.Made != a.Made || r.Over != a.Over {
				t.Fatalf("%s: resumed to another attempt", p.ID)
			}
		}
	}
	if solvedByOther == 0 || failed == 0 {
		t.Fatalf("no puzzle solved by another right move (%d) or failed (%d)", solvedByOther, failed)
	}
}

func TestTheDefencePutsTheWinOffLongest(t *testing.T) {
	truth := oware()
	ps, err := Load(Sets()[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps[:40] {
		g, _ := p.Game()
		og := g.(*ouri.Game)
		keep, _, _ := truth.Keeping(og, 0)
		c := after(og, keep[0])
		if c.ToMove() == og.ToMove() || c.Outcome().Over() {
			continue
		}
		d, err := truth.Defence(c, 0)
		if err != nil {
			t.Fatal(err)
		}
		db := truth.DB[og.Rules()&1]
		memo := map[memoKey]int{}
		chosen := truth.sealIn(after(c, d), db, og.ToMove(), horizon-1, memo)
		for _, m := range c.Legal() {
			if other := truth.sealIn(after(c, m), db, og.ToMove(), horizon-1, memo); other > chosen {
				t.Fatalf("%s: the defence %s seals in %d plies, %s would hold %d", p.ID, c.Format(d), chosen, c.Format(m), other)
			}
		}
	}
}

func TestALineOfASetReadsBack(t *testing.T) {
	cases := []struct {
		name string
		p    Puzzle
	}{
		{"a puzzle of Abapa", Puzzle{ID: "ouri-0007", Kind: "ouri", Options: games.Options{"rules": "abapa", "misere": "false"}, Log: []string{"c", "f"}, Rating: 1650}},
		{"a puzzle of a game without options", Puzzle{ID: "ordo-0001", Kind: "ordo", Options: games.Options{}, Log: []string{"c2-d3", "b7-c6"}, Rating: 1200}},
		{"a puzzle whose decisions hold spaces", Puzzle{ID: "oolong-0002", Kind: "oolong", Options: games.Options{"trigger": "any"}, Log: []string{"c.e", "move c.e nw.c", "skip"}, Rating: 1350}},
	}
	for _, c := range cases {
		t.Run(c.name+" reads back", func(t *testing.T) {
			q, err := Parse(c.p.Kind, c.p.Line())
			if err != nil {
				t.Fatal(err)
			}
			if q.ID != c.p.ID || q.Rating != c.p.Rating || q.Options.String() != c.p.Options.String() || !slices.Equal(q.Log, c.p.Log) {
				t.Fatalf("%+v read back as %+v", c.p, q)
			}
		})
	}
	for _, bad := range []string{"", "x", "ouri-1 high rules=ouri a", "ouri-1 1500 rules a"} {
		if _, err := Parse("ouri", bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// BenchmarkServeAPuzzle is what serving one costs with the databases loaded: the set, the puzzle's
// game replayed, its right and wrong moves.
func BenchmarkServeAPuzzle(b *testing.B) {
	oware()
	ps, err := Load(Sets()[0])
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		a, err := Start(ps[i%len(ps)])
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := a.truth.Keeping(a.Game, 0); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
