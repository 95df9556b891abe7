package ouri

import (
	"strings"
	"testing"

	"tabuleiro/games"
)

func TestRepetition(t *testing.T) {
	// South 1,0,0,0,0,1 with North empty: the two seeds chase each other round the board and come
	// back after these 12 sowings.
	cycle := "f a a b b c c d d e e f"
	p := board(RulesOuri, [6]int{1, 0, 0, 0, 0, 1}, [6]int{}, [2]int{23, 23}, 0)
	for _, misere := range []bool{false, true} {
		name := "the third occurrence ends the game and South wins 25-23 on collected seeds"
		winner := games.Seat(0)
		if misere {
			name = "under misère the third occurrence makes North the winner with 23"
			winner = 1
		}
		t.Run(name, func(t *testing.T) {
			g := fromPosition(t, p, misere)
			play(t, g, cycle)
			if g.Outcome().Over() {
				t.Fatal("the second occurrence ended the game")
			}
			play(t, g, "f a a b b c c d d e e")
			if g.Outcome().Over() {
				t.Fatal("the game ended one sowing early")
			}
			play(t, g, "f")
			want := games.Outcome{Winner: winner, Method: games.Repetition}
			if g.Outcome() != want || g.Stores() != [2]int{25, 23} || g.Houses() != [12]int{} {
				t.Fatalf("outcome %v, stores %v, houses %v", g.Outcome(), g.Stores(), g.Houses())
			}
			if len(g.Legal()) != 0 {
				t.Fatal("a finished game has legal moves")
			}
		})
	}
	t.Run("the start position counts as the first occurrence", func(t *testing.T) {
		g := fromPosition(t, p, false)
		play(t, g, cycle)
		play(t, g, cycle)
		if g.Ply() != 24 || g.Outcome().Method != games.Repetition {
			t.Fatalf("ply %d outcome %v", g.Ply(), g.Outcome())
		}
	})
}

func TestOutcomes(t *testing.T) {
	// South f takes North a and b (4 seeds): 23 + 4 = 27 ends the game at once.
	reach := board(RulesOuri, [6]int{0, 0, 0, 0, 0, 2}, [6]int{1, 1, 1, 0, 0, 0}, [2]int{23, 20}, 0)
	// South d, North f, and South (a=1, e=1) cannot feed North: no moves, South collects 2.
	stuck := board(RulesOuri, [6]int{0, 0, 0, 1, 0, 0}, [6]int{0, 0, 0, 0, 0, 1}, [2]int{24, 22}, 0)
	cases := []struct {
		name   string
		p      Position
		misere bool
		moves  string
		want   games.Outcome
		stores [2]int
	}{
		{"reaching 25 wins by capture", reach, false, "f", games.Outcome{Winner: 0, Method: games.Capture}, [2]int{27, 20}},
		{"under misère reaching 25 loses", reach, true, "f", games.Outcome{Winner: 1, Method: games.Capture}, [2]int{27, 20}},
		{"a player who cannot feed ends the game and seeds are collected", stuck, false, "d f",
			games.Outcome{Winner: 0, Method: games.NoMoves}, [2]int{26, 22}},
		{"under misère the smaller store wins after no moves", stuck, true, "d f",
			games.Outcome{Winner: 1, Method: games.NoMoves}, [2]int{26, 22}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := fromPosition(t, c.p, c.misere)
			play(t, g, c.moves)
			if g.Outcome() != c.want || g.Stores() != c.stores {
				t.Fatalf("outcome %v, stores %v", g.Outcome(), g.Stores())
			}
			if err := g.Play(0); err == nil {
				t.Fatal("a finished game accepted a move")
			}
			if g.Perft(1) != 0 || g.Perft(0) != 1 {
				t.Fatal("a finished game has children")
			}
		})
	}
}

func TestEnd(t *testing.T) {
	even := board(RulesOuri, [6]int{0, 0, 0, 0, 0, 1}, [6]int{1, 0, 0, 0, 0, 0}, [2]int{23, 23}, 0)
	t.Run("agreement collects the seeds and 24-24 is a draw", func(t *testing.T) {
		g := fromPosition(t, even, false)
		if err := g.End(games.Agreement, 0); err != nil {
			t.Fatal(err)
		}
		if o := g.Outcome(); !o.Draw() || o.Method != games.Agreement || g.Stores() != [2]int{24, 24} {
			t.Fatalf("outcome %v stores %v", o, g.Stores())
		}
	})
	t.Run("agreement compares stores after collecting", func(t *testing.T) {
		g := newGame(t, nil)
		play(t, g, "d")
		// South 4,4,4,0,5,5 = 22, North 26.
		if err := g.End(games.Agreement, games.NoSeat); err != nil {
			t.Fatal(err)
		}
		if o := g.Outcome(); o.Winner != 1 || g.Stores() != [2]int{22, 26} {
			t.Fatalf("outcome %v stores %v", o, g.Stores())
		}
	})
	for _, m := range []games.Method{games.Resignation, games.Time} {
		t.Run("by "+m.String()+" the other seat wins", func(t *testing.T) {
			g := newGame(t, games.Options{"misere": "true"})
			if err := g.End(m, 0); err != nil {
				t.Fatal(err)
			}
			if o := g.Outcome(); o.Winner != 1 || o.Method != m {
				t.Fatalf("outcome %v", o)
			}
		})
	}
	t.Run("ending a finished game is an error", func(t *testing.T) {
		g := newGame(t, nil)
		if err := g.End(games.Resignation, 1); err != nil {
			t.Fatal(err)
		}
		if err := g.End(games.Agreement, 0); err == nil {
			t.Fatal("no error")
		}
	})
	t.Run("resignation without a seat and rules-of-play methods are refused", func(t *testing.T) {
		g := newGame(t, nil)
		for _, bad := range []struct {
			m games.Method
			s games.Seat
		}{{games.Resignation, games.NoSeat}, {games.Time, 7}, {games.Capture, 0}, {games.NotOver, 0}} {
			if err := g.End(bad.m, bad.s); err == nil {
				t.Fatalf("End(%v, %v) accepted", bad.m, bad.s)
			}
		}
		if g.Outcome().Over() {
			t.Fatal("a refused End changed the game")
		}
	})
}

func TestOptions(t *testing.T) {
	good := []struct {
		in   games.Options
		want string
	}{
		{nil, "misere=false;rules=ouri"},
		{games.Options{"rules": "abapa"}, "misere=false;rules=abapa"},
		{games.Options{"Rules": " ABAPA ", "misere": "True"}, "misere=true;rules=abapa"},
		{games.Options{"misere": "true"}, "misere=true;rules=ouri"},
	}
	for _, c := range good {
		t.Run(c.in.String()+" is read as "+c.want, func(t *testing.T) {
			g := newGame(t, c.in)
			if got := g.Options().String(); got != c.want {
				t.Fatalf("got %s", got)
			}
			again := newGame(t, g.Options())
			if again.Options().String() != c.want {
				t.Fatal("options do not round-trip")
			}
		})
	}
	bad := []struct {
		in   games.Options
		want string
	}{
		{games.Options{"rules": "oware"}, "rules=ouri or rules=abapa"},
		{games.Options{"misere": "yes"}, "misere=true or misere=false"},
		{games.Options{"layout": "x"}, "rules=ouri|abapa and misere=true|false"},
	}
	for _, c := range bad {
		t.Run(c.in.String()+" is refused saying what is accepted", func(t *testing.T) {
			_, err := New(c.in)
			if err == nil || !strings.Contains(said(err), c.want) {
				t.Fatalf("error %v", err)
			}
		})
	}
}

func TestParse(t *testing.T) {
	t.Run("letters are read in either case with spaces around", func(t *testing.T) {
		g := newGame(t, nil)
		for s, want := range map[string]games.Move{"a": 0, " F ": 5, "C": 2, "\td\n": 3} {
			if m, err := g.Parse(s); err != nil || m != want {
				t.Fatalf("%q: %v %v", s, m, err)
			}
		}
	})
	single := board(RulesOuri, [6]int{1, 3, 0, 0, 1, 0}, [6]int{2, 0, 0, 0, 0, 0}, [2]int{20, 21}, 0)
	feed := board(RulesOuri, [6]int{2, 0, 0, 4, 0, 1}, [6]int{}, [2]int{20, 21}, 0)
	feedAbapa := feed
	feedAbapa.Rules = RulesAbapa
	cases := []struct {
		name string
		p    Position
		in   string
		want string
	}{
		{"an empty house is refused with the houses one may sow", single, "c", "house c is empty — you may sow b"},
		{"a house that does not feed is refused", feed, "a", "you must feed North: only d reaches their side (house a does not)"},
		{"several feeding houses are all named", feedAbapa, "a", "you must feed North: only d, f reach their side (house a does not)"},
		{"a singleton is refused by the singleton rule", single, "a", "singleton rule"},
		{"a letter past f is not a house", single, "z", `"z" is not a house — name one of a–f`},
		{"a word is not a house", single, "ab", `"ab" is not a house`},
		{"nothing is not a house", single, "  ", "no house named — you may sow b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := fromPosition(t, c.p, false)
			_, err := g.Parse(c.in)
			if err == nil || !strings.Contains(said(err), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
	t.Run("a finished game accepts nothing", func(t *testing.T) {
		g := newGame(t, nil)
		_ = g.End(games.Resignation, 0)
		if _, err := g.Parse("a"); err == nil {
			t.Fatal("accepted")
		}
	})
}

func TestPlayRefusesIllegalMoves(t *testing.T) {
	g := newGame(t, nil)
	play(t, g, "d")
	before := g.Hash()
	for _, m := range []games.Move{6, 99, 1 << 31} {
		if err := g.Play(m); err == nil {
			t.Fatalf("move %d accepted", m)
		}
	}
	if g.Hash() != before || g.Ply() != 1 {
		t.Fatal("a refused move changed the game")
	}
}

func TestEncodingRoundTrip(t *testing.T) {
	g := newGame(t, games.Options{"rules": "abapa", "misere": "true"})
	play(t, g, "d c f a")
	_ = g.End(games.Agreement, 0)
	r, err := games.DecodeRecord(games.Encode(g))
	if err != nil {
		t.Fatal(err)
	}
	h, err := replay(r)
	if err != nil {
		t.Fatal(err)
	}
	if h.Hash() != g.Hash() || h.Outcome() != g.Outcome() || h.Options().String() != g.Options().String() {
		t.Fatalf("replayed %v %v, want %v %v", h.Outcome(), h.Stores(), g.Outcome(), g.Stores())
	}
}

// replay rebuilds a game from a record as catalog.Replay does (catalog imports every engine, so
// this package's tests stay independent of the others).
func replay(r games.Record) (*Game, error) {
	g, err := New(r.Options)
	if err != nil {
		return nil, err
	}
	for _, m := range r.Log {
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	if r.Ending != games.NotOver {
		if err := g.End(r.Ending, r.Loser); err != nil {
			return nil, err
		}
	}
	return g, nil
}
