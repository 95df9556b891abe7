package oolong

import (
	"strings"
	"testing"

	"tabuleiro/games"
)

func mustNew(t *testing.T, opts games.Options) *Game {
	t.Helper()
	g, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play parses and plays each decision in turn, failing the test on the first refusal.
func play(t *testing.T, g *Game, decisions ...string) {
	t.Helper()
	for _, d := range decisions {
		m, err := g.Parse(d)
		if err != nil {
			t.Fatalf("after %v: %s: %v", games.Names(g, g.Log()), d, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
	}
}

func waiterAt(g *Game) string {
	t, s := g.Waiter()
	return t.String() + "/" + s.String()
}

func TestWorkedExample(t *testing.T) {
	g := mustNew(t, nil)
	if got := strings.Join(games.Names(g, g.Legal()), " "); got != "c.e c.n c.ne c.nw c.s c.se c.sw c.w" {
		t.Errorf("Black's opening moves are %s", got)
	}
	moves := strings.Fields("c.ne ne.s s.nw nw.nw nw.c c.e e.n n.nw nw.w w.c")
	waiters := strings.Fields("ne/c s/ne nw/s nw/nw c/nw e/c n/e nw/n w/nw c/w")
	for i, m := range moves {
		play(t, g, m)
		if got := waiterAt(g); got != waiters[i] {
			t.Errorf("after %s the waiter is at %s, want %s", m, got, waiters[i])
		}
		if want := games.Seat((i + 1) % 2); g.ToMove() != want {
			t.Errorf("after %s %v is to move, want %v", m, g.ToMove(), want)
		}
	}
	if g.At(NW, NW) != Green || g.At(C, NE) != Black || g.At(W, C) != Green {
		t.Error("the teas are not where the example put them")
	}
}

func TestOptions(t *testing.T) {
	g := mustNew(t, nil)
	if got := g.Options().String(); got != "layout=BM,RO,GW,SU,RO,GM,SC,BW;trigger=any" {
		t.Errorf("default options are %s", got)
	}
	g = mustNew(t, games.Options{"layout": "su,sc,bm,gm,bw,gw,ro,ro", "trigger": "OWNER"})
	if got := g.Options().String(); got != "layout=SU,SC,BM,GM,BW,GW,RO,RO;trigger=owner" {
		t.Errorf("options are %s", got)
	}
	for _, bad := range []games.Options{{"colour": "x"}, {"trigger": "mine"}, {"layout": "BM,BM,GW,SU,RO,GM,SC,BW"}} {
		if _, err := New(bad); err == nil {
			t.Errorf("New(%v) accepted", bad)
		}
	}
}

func TestParseLayout(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"BM,RO,GW,SU,RO,GM,SC,BW", "BM,RO,GW,SU,RO,GM,SC,BW", ""},
		{" bm, ro ,gw,su,Ro,gm,sc,bw", "BM,RO,GW,SU,RO,GM,SC,BW", ""},
		{"BM,RO,GW,SU,RO,GM,SC", "", "has 7 markers"},
		{"BM,RO,GW,SU,RO,GM,SC,XX", "", `"XX" (table nw) is not a marker`},
		{"BM,RO,GW,SU,SU,GM,SC,BW", "", "has 1 RO, want 2"},
	} {
		l, err := ParseLayout(tc.in)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("ParseLayout(%q): %v", tc.in, err)
		case tc.err == "" && l.String() != tc.want:
			t.Errorf("ParseLayout(%q) = %s", tc.in, l)
		case tc.err != "" && (err == nil || !strings.Contains(said(err), tc.err)):
			t.Errorf("ParseLayout(%q) error %v, want one containing %q", tc.in, err, tc.err)
		}
	}
}

func TestEnd(t *testing.T) {
	for _, tc := range []struct {
		name   string
		method games.Method
		loser  games.Seat
		want   games.Outcome
	}{
		{"an agreement is a draw", games.Agreement, 0, games.Outcome{Winner: games.NoSeat, Method: games.Agreement}},
		{"a resignation wins for the other", games.Resignation, 0, games.Outcome{Winner: 1, Method: games.Resignation}},
		{"running out of time loses", games.Time, 1, games.Outcome{Winner: 0, Method: games.Time}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := mustNew(t, nil)
			if err := g.End(tc.method, tc.loser); err != nil {
				t.Fatal(err)
			}
			if g.Outcome() != tc.want {
				t.Errorf("outcome %v, want %v", g.Outcome(), tc.want)
			}
			if len(g.Legal()) != 0 || g.Perft(1) != 0 {
				t.Error("a finished game still has decisions")
			}
			if g.End(games.Agreement, 0) == nil {
				t.Error("ending a finished game again was accepted")
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	g := mustNew(t, nil)
	play(t, g, "c.ne", "ne.s", "s.c") // waiter now at table c, seat s
	for _, tc := range []struct{ name, in, want string }{
		{"a seat on another table is refused", "n.s", "you must serve at table c (the waiter's table)"},
		{"the waiter's seat is refused", "c.s", "the waiter stands on c.s — you may not serve that seat"},
		{"a taken seat lists the empty ones", "c.ne", "seat c.ne is taken — empty seats here: nw, n, w, c, e, sw, se"},
		{"an unknown seat names the seats", "c.xx", `"xx" is not a seat — seats are nw n ne w c e sw s se`},
		{"an unknown table names the tables", "xx.n", `"xx" is not a table — tables are nw n ne w c e sw s se`},
		{"a special when none is pending is refused", "rotate 3", "no special is pending"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := g.Parse(tc.in)
			if err == nil || !strings.Contains(said(err), tc.want) {
				t.Errorf("Parse(%q) error %v, want %q", tc.in, err, tc.want)
			}
		})
	}
	for _, in := range []string{"C.N", "  c . n ", "n", " N ", "c n"} {
		m, err := g.Parse(in)
		if err != nil || g.Format(m) != "c.n" {
			t.Errorf("Parse(%q) = %s, %v; want c.n", in, g.Format(m), err)
		}
	}
}
