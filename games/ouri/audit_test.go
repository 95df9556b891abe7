package ouri

import (
	"testing"

	"tabuleiro/games"
)

// Rules audit: each test sets up one situation from rules/ouri.md and checks what the text says.

func TestAuditFeedingThreshold(t *testing.T) {
	// North is empty: house a needs 6 seeds to reach North's side, b needs 5 (rule 2.2).
	for _, r := range []Rules{RulesOuri, RulesAbapa} {
		p := board(r, [6]int{5, 4, 0, 0, 0, 0}, [6]int{}, [2]int{19, 20}, 0)
		if got := legalNames(fromPosition(t, p, false)); got != "" {
			// a (5 < 6) and b (4 < 5) both fall short: no legal move, the game is over.
			t.Errorf("%s: legal %q, want none", r, got)
		}
		p = board(r, [6]int{6, 5, 0, 0, 0, 0}, [6]int{}, [2]int{17, 20}, 0)
		if got := legalNames(fromPosition(t, p, false)); got != "a b" {
			t.Errorf("%s: legal %q, want a b", r, got)
		}
	}
}

func TestAuditCaptureWalkBack(t *testing.T) {
	for _, r := range []Rules{RulesOuri, RulesAbapa} {
		t.Run("the walk back stops at the first house that is not 2 or 3 ("+r.String()+")", func(t *testing.T) {
			// South e (3 seeds) sows f, North a, North b: North b 1→2 is taken, North a 3→4 stops
			// the walk, so North c's 2 (not reached by the walk) stays.
			p := board(r, [6]int{0, 0, 0, 0, 3, 0}, [6]int{3, 1, 2, 0, 0, 0}, [2]int{20, 19}, 0)
			g := fromPosition(t, p, false)
			play(t, g, "e")
			s, n := split(g.Houses())
			if n != [6]int{4, 0, 2, 0, 0, 0} || s != [6]int{0, 0, 0, 0, 0, 1} || g.Stores() != [2]int{22, 19} {
				t.Errorf("got %v / %v stores %v", s, n, g.Stores())
			}
		})
		t.Run("the walk back never crosses to the mover's own side ("+r.String()+")", func(t *testing.T) {
			// South e (2 seeds) sows f (1→2) and North a (1→2): North a is taken, South f is not.
			p := board(r, [6]int{0, 0, 0, 0, 2, 1}, [6]int{1, 0, 0, 0, 0, 5}, [2]int{20, 19}, 0)
			g := fromPosition(t, p, false)
			play(t, g, "e")
			s, n := split(g.Houses())
			if n != [6]int{0, 0, 0, 0, 0, 5} || s != [6]int{0, 0, 0, 0, 0, 2} || g.Stores() != [2]int{22, 19} {
				t.Errorf("got %v / %v stores %v", s, n, g.Stores())
			}
		})
	}
	t.Run("23 seeds go round twice skipping the origin and take 3 at North a", func(t *testing.T) {
		p := board(RulesOuri, [6]int{0, 0, 0, 0, 0, 23}, [6]int{}, [2]int{12, 13}, 0)
		g := fromPosition(t, p, false)
		play(t, g, "f")
		s, n := split(g.Houses())
		if s != [6]int{2, 2, 2, 2, 2, 0} || n != [6]int{0, 2, 2, 2, 2, 2} || g.Stores() != [2]int{15, 13} {
			t.Errorf("got %v / %v stores %v", s, n, g.Stores())
		}
	})
}

func TestAuditGrandSlamThenNoFeedingMove(t *testing.T) {
	// South a 1, f 2; North a 1, b 1; stores 19/24. South must sow f (singleton rule under Ouri).
	p := board(RulesOuri, [6]int{1, 0, 0, 0, 0, 2}, [6]int{1, 1, 0, 0, 0, 0}, [2]int{19, 24}, 0)
	t.Run("Ouri: the slam takes 4, South moves again but cannot feed, collects 1: 24-24 is a draw", func(t *testing.T) {
		g := fromPosition(t, p, false)
		if got := legalNames(g); got != "f" {
			t.Fatalf("legal %q", got)
		}
		play(t, g, "f")
		if o := g.Outcome(); o != (games.Outcome{Winner: games.NoSeat, Method: games.NoMoves}) {
			t.Fatalf("outcome %v", o)
		}
		if g.Stores() != [2]int{24, 24} || g.Houses() != [12]int{} {
			t.Errorf("stores %v houses %v", g.Stores(), g.Houses())
		}
	})
	t.Run("Abapa: the slam takes nothing and North moves", func(t *testing.T) {
		q := p
		q.Rules = RulesAbapa
		g := fromPosition(t, q, false)
		if got := legalNames(g); got != "a f" {
			t.Fatalf("legal %q", got)
		}
		play(t, g, "f")
		s, n := split(g.Houses())
		if g.Outcome().Over() || g.ToMove() != 1 || n != [6]int{2, 2, 0, 0, 0, 0} || s != [6]int{1, 0, 0, 0, 0, 0} {
			t.Errorf("outcome %v, to move %v, %v / %v", g.Outcome(), g.ToMove(), s, n)
		}
	})
	t.Run("a slam that reaches 25 ends the game at once, without collecting", func(t *testing.T) {
		q := board(RulesOuri, [6]int{1, 0, 0, 0, 0, 2}, [6]int{1, 1, 0, 0, 0, 0}, [2]int{23, 20}, 0)
		g := fromPosition(t, q, false)
		play(t, g, "f")
		s, _ := split(g.Houses())
		if o := g.Outcome(); o != (games.Outcome{Winner: 0, Method: games.Capture}) || g.Stores() != [2]int{27, 20} || s[0] != 1 {
			t.Errorf("outcome %v, stores %v, South %v", o, g.Stores(), s)
		}
	})
}
