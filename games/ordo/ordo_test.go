package ordo

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tabuleiro/games"
)

func TestStartPosition(t *testing.T) {
	g := newGame(t)
	names := games.Names(g, g.Legal())
	t.Run("White has 56 legal moves: 52 singletons and 4 ordos", func(t *testing.T) {
		var ordos []string
		for _, n := range names {
			if strings.Contains(n, ":") {
				ordos = append(ordos, n)
			}
		}
		if len(names) != 56 || len(names)-len(ordos) != 52 {
			t.Errorf("got %d moves, %d singletons: %v", len(names), len(names)-len(ordos), names)
		}
		if want := []string{"c2:d2-c3", "c2:d2-c4", "g2:h2-g3", "g2:h2-g4"}; !slices.Equal(ordos, want) {
			t.Errorf("ordos = %v, want %v", ordos, want)
		}
	})
	t.Run("legal moves come sorted by their notation", func(t *testing.T) {
		if !slices.IsSorted(names) {
			t.Errorf("not sorted: %v", names)
		}
	})
	for _, bad := range []string{"a3-a5", "a3:b3-a4"} {
		t.Run(bad+" is illegal because it disconnects White", func(t *testing.T) {
			if slices.Contains(names, bad) {
				t.Errorf("%s is listed as legal", bad)
			}
			_, err := g.Parse(bad)
			if err == nil || !strings.Contains(said(err), "disconnected") {
				t.Errorf("Parse(%s) = %v, want a disconnection error", bad, err)
			}
		})
	}
	t.Run("Black's a6-a5 is legal after every White opening that leaves a5 empty", func(t *testing.T) {
		for _, m := range g.Legal() {
			c := g.Clone().(*Game)
			if err := c.Play(m); err != nil {
				t.Fatal(err)
			}
			a5, _ := ParseSquare("a5")
			if c.pos.Occupied().Has(a5) {
				continue
			}
			if _, err := c.Parse("a6 a5"); err != nil {
				t.Errorf("after %s: a6 a5 refused: %v", Format(m), err)
			}
		}
	})
	t.Run("nobody starts disconnected", func(t *testing.T) {
		if g.Disconnected(0) || g.Disconnected(1) || g.Count(0) != 20 || g.Count(1) != 20 {
			t.Errorf("disconnected %v %v, counts %d %d", g.Disconnected(0), g.Disconnected(1), g.Count(0), g.Count(1))
		}
	})
}

func TestPerftFromStart(t *testing.T) {
	// Depth 1 by hand, square by square (forward, the two forward diagonals and sideways, through
	// empty squares, keeping White in one group):
	//   a2, b2-side pieces hemmed in by their neighbours move nowhere: a2 0, e2... see below.
	//   rank 1: c1-b1 c1-a1, d1-e1 d1-f1, g1-f1 g1-e1, h1-i1 h1-j1                  = 8
	//   rank 2: b2-c3 b2-d4, c2-c3 c2-c4 c2-d3 c2-e4, d2-d3 d2-d4 d2-c3 d2-b4,
	//           e2-d3 e2-c4, f2-g3 f2-h4, g2-g3 g2-g4 g2-h3 g2-i4,
	//           h2-h3 h2-h4 h2-g3 h2-f4, i2-h3 i2-g4 (a2 and j2 are boxed in)        = 24
	//   rank 3: a3-a4 a3-b4, b3-b4 b3-a4 b3-c3 b3-d3, e3-e4 e3-f4 e3-d3 e3-c3,
	//           f3-f4 f3-e4 f3-g3 f3-h3, i3-i4 i3-j4 i3-h3 i3-g3, j3-j4 j3-i4        = 20
	//   (a3-a5, b3-b5, b3-c4, e3-e5, e3-d4 ... end out of reach of every other White piece)
	//   singletons 8 + 24 + 20 = 52, ordos c2:d2 and g2:h2 one or two ranks forward = 4: 56.
	// Black's replies mirror White's and no White opening reaches them: 56 × 56 = 3136.
	g := newGame(t)
	for _, tc := range []struct {
		depth int
		want  uint64
	}{{0, 1}, {1, 56}, {2, 3136}, {3, 190114}} {
		if got := g.Perft(tc.depth); got != tc.want {
			t.Errorf("perft(%d) = %d, want %d", tc.depth, got, tc.want)
		}
	}
}

func TestRepetition(t *testing.T) {
	shuffle := []string{"c1-b1", "c8-b8", "b1-c1", "b8-c8"}
	t.Run("the start position seen a third time is a draw", func(t *testing.T) {
		g := newGame(t, shuffle...)
		if g.Outcome().Over() {
			t.Fatalf("over after the second occurrence: %v", g.Outcome())
		}
		g = newGame(t, append(append([]string{}, shuffle...), shuffle[:3]...)...)
		if g.Outcome().Over() {
			t.Fatalf("over too early: %v", g.Outcome())
		}
		m, _ := g.Parse(shuffle[3])
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if want := (games.Outcome{Winner: games.NoSeat, Method: games.Repetition}); g.Outcome() != want {
			t.Errorf("outcome = %v, want %v", g.Outcome(), want)
		}
		if len(g.Legal()) != 0 || g.Perft(1) != 0 {
			t.Errorf("a drawn game still has moves")
		}
	})
	t.Run("perft does not expand a position seen for the third time", func(t *testing.T) {
		g := newGame(t, append(append([]string{}, shuffle...), shuffle[:2]...)...)
		// b1-c1 then b8-c8 would be the third start position: that node has no children.
		withRep := g.Perft(3)
		noRep := g.pos.Perft(3)
		if withRep >= noRep {
			t.Errorf("perft with repetition %d, without %d: the draw should prune", withRep, noRep)
		}
	})
}

func TestEndings(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		move    string
		want    games.Outcome
	}{
		{"White wins by reaching rank 8", `
			..........
			....OO....
			..........
			..........
			XX........
			..........
			..........
			..........`, "e7-e8", games.Outcome{Winner: 0, Method: games.HomeRow}},
		{"White wins by capturing Black's last piece", `
			..........
			..........
			...X......
			..OO......
			..........
			..........
			..........
			..........`, "d5xd6", games.Outcome{Winner: 0, Method: games.Capture}},
		{"White wins when disconnected Black cannot reconnect", `
			..........
			XOOOOOOOOX
			....O.....
			..........
			..........
			..........
			..........
			..........`, "e6-d6", games.Outcome{Winner: 0, Method: games.NoMoves}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := gameFrom(t, tc.diagram, 0)
			m, err := g.Parse(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if wins := g.pos.WinsAtOnce(m); wins != (tc.want.Method != games.NoMoves) {
				t.Errorf("WinsAtOnce = %v", wins)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if w, how := g.pos.Decided(); (games.Outcome{Winner: w, Method: how}) != tc.want {
				t.Errorf("Decided = %v %v", w, how)
			}
			if g.Outcome() != tc.want {
				t.Errorf("outcome = %v, want %v", g.Outcome(), tc.want)
			}
			if err := g.Play(m); err == nil {
				t.Errorf("a finished game accepted another move")
			}
		})
	}
}

func TestEnd(t *testing.T) {
	tests := []struct {
		name   string
		method games.Method
		loser  games.Seat
		want   games.Outcome
	}{
		{"agreement is a draw", games.Agreement, games.NoSeat, games.Outcome{Winner: games.NoSeat, Method: games.Agreement}},
		{"White resigning gives Black the win", games.Resignation, 0, games.Outcome{Winner: 1, Method: games.Resignation}},
		{"Black running out of time gives White the win", games.Time, 1, games.Outcome{Winner: 0, Method: games.Time}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, "c1-b1")
			if err := g.End(tc.method, tc.loser); err != nil {
				t.Fatal(err)
			}
			if g.Outcome() != tc.want {
				t.Errorf("outcome = %v, want %v", g.Outcome(), tc.want)
			}
			if err := g.End(games.Agreement, 0); err == nil {
				t.Errorf("ending a finished game was accepted")
			}
			if len(g.Legal()) != 0 {
				t.Errorf("a finished game lists moves")
			}
		})
	}
	t.Run("ending by a rule of play or without a loser is refused", func(t *testing.T) {
		g := newGame(t)
		for _, m := range []games.Method{games.HomeRow, games.NotOver, games.Repetition} {
			if err := g.End(m, 0); err == nil {
				t.Errorf("End(%v) accepted", m)
			}
		}
		if err := g.End(games.Resignation, games.NoSeat); err == nil {
			t.Errorf("resignation without a loser accepted")
		}
		if g.Outcome().Over() {
			t.Errorf("refused endings changed the outcome")
		}
	})
}

func TestOptions(t *testing.T) {
	if _, err := New(games.Options{"misere": "true"}); err == nil || err.Error() != "ordo has no options" {
		t.Errorf("New with an option: %v", err)
	}
	g := newGame(t)
	if g.Kind() != "ordo" || len(g.Options()) != 0 || g.ToMove() != 0 {
		t.Errorf("kind %q options %v to move %v", g.Kind(), g.Options(), g.ToMove())
	}
}

func TestParse(t *testing.T) {
	accepted := []struct{ in, want string }{
		{"a3-a4", "a3-a4"},
		{"a3 a4", "a3-a4"},
		{"a3a4", "a3-a4"},
		{"  A3 - A4 ", "a3-a4"},
		{"a3xa4", "a3-a4"},
		{"C2:D2-C4", "c2:d2-c4"},
		{"d2:c2-d4", "c2:d2-c4"},
		{"c2:d2 c4", "c2:d2-c4"},
		{"c2 : d2 - c4", "c2:d2-c4"},
		{"c2:d2c3", "c2:d2-c3"},
	}
	for _, tc := range accepted {
		t.Run("the start accepts "+tc.in, func(t *testing.T) {
			g := newGame(t)
			m, err := g.Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Format(m); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	t.Run("a capture may be written with x or -", func(t *testing.T) {
		g := gameFrom(t, capturePosition, 0)
		for _, in := range []string{"d5xd6", "d5-d6", "D5 d6"} {
			m, err := g.Parse(in)
			if err != nil || g.Format(m) != "d5xd6" {
				t.Errorf("Parse(%q) = %s, %v", in, g.Format(m), err)
			}
		}
	})
	sq := func(t *testing.T, name string) Square {
		t.Helper()
		s, err := ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// Each refusal is the engine's problem: its catalogue id, and its values where they are plain.
	refused := []struct {
		name, setup, in, id string
		args                map[string]any
	}{
		{"an empty square", "", "a5-a4", "ordo.empty", nil},
		{"an enemy piece", "", "e7-e6", "ordo.theirs", nil},
		{"a move that disconnects", "", "a3-a5", "ordo.disconnects", map[string]any{"Move": "a3-a5"}},
		{"a blocked path", "", "e2-e5", "ordo.blocked-path", map[string]any{"From": sq(t, "e2"), "Square": sq(t, "e3"), "To": sq(t, "e5")}},
		{"landing on a friend", "", "e2-e3", "ordo.own-piece", map[string]any{"From": sq(t, "e2"), "To": sq(t, "e3")}},
		{"not a straight line", "", "a3-b5", "ordo.not-line", map[string]any{"Move": "a3-b5"}},
		{"a backward move while connected", "", "c2-c1", "ordo.backward", map[string]any{"Move": "c2-c1"}},
		{"a square off the board", "", "z9-a4", "ordo.not-square", map[string]any{"Input": `"z9"`}},
		{"rank 9", "", "a3-a9", "ordo.not-square", map[string]any{"Input": `"a9"`}},
		{"garbage", "", "hello", "ordo.not-move", map[string]any{"Input": `"hello"`}},
		{"an odd character", "", "a3/a4", "ordo.bad-char", map[string]any{"Char": "/"}},
		{"one square", "", "a3", "ordo.whole", map[string]any{"Square": sq(t, "a3"), "Moves": "a3-a4, a3-b4"}},
		{"an ordo written as a capture", "", "c2:d2xc4", "ordo.ordo-capture", nil},
		{"an ordo moving sideways", "", "a3:b3-c3", "ordo.horizontal", map[string]any{"Move": "a3:b3-c3"}},
		{"an ordo over a gap", "", "a3:f3-a4", "ordo.gap", map[string]any{"A": sq(t, "a3"), "B": sq(t, "f3"), "Square": sq(t, "c3")}},
		{"ends not in line", "", "a3:b2-a4", "ordo.not-ordo", map[string]any{"A": sq(t, "a3"), "B": sq(t, "b2")}},
		{"a vertical ordo moving along its file", "", "a2:a3-a4", "ordo.vertical", map[string]any{"Move": "a2:a3-a4"}},
		{"a blocked ordo", "", "a2:b2-a4", "ordo.ordo-blocked", map[string]any{"Move": "a2:b2-a4", "Square": sq(t, "a3")}},
		{"an ordo that disconnects", "", "a3:b3-a4", "ordo.disconnects", map[string]any{"Move": "a3:b3-a4"}},
		{"a disconnected player who does not reconnect", "disconnected", "b2-b3", "ordo.must-reconnect", map[string]any{"Move": "b2-b3"}},
		{"any move once the game is over", "over", "a3-a4", "ordo.over", nil},
	}
	for _, tc := range refused {
		t.Run("Parse refuses "+tc.name, func(t *testing.T) {
			g := newGame(t)
			switch tc.setup {
			case "disconnected":
				g = gameFrom(t, disconnectedPosition, 0)
			case "over":
				_ = g.End(games.Agreement, games.NoSeat)
			}
			_, err := g.Parse(tc.in)
			var p *games.Problem
			if !errors.As(err, &p) || p.ID != tc.id || tc.args != nil && fmt.Sprint(p.Args) != fmt.Sprint(tc.args) {
				t.Errorf("Parse(%q) = %#v, want the problem %s %v", tc.in, err, tc.id, tc.args)
			}
		})
	}
}

const capturePosition = `
	..........
	..........
	...X......
	..OO......
	..........
	..........
	..........
	..........`

// White is in two groups: b2 c2 and e4. Only moves that join them are legal, backward ones included.
const disconnectedPosition = `
	..........
	.......XX.
	..........
	..........
	....O.....
	..........
	.OO.......
	..........`

func TestDisconnected(t *testing.T) {
	g := gameFrom(t, disconnectedPosition, 0)
	if !g.Disconnected(0) || g.Disconnected(1) {
		t.Fatalf("Disconnected = %v, %v", g.Disconnected(0), g.Disconnected(1))
	}
	names := games.Names(g, g.Legal())
	t.Run("a disconnected player may move backward to reconnect", func(t *testing.T) {
		if !slices.Contains(names, "e4-d3") {
			t.Errorf("e4-d3 missing from %v", names)
		}
	})
	t.Run("every legal move reconnects", func(t *testing.T) {
		for _, m := range g.Legal() {
			p := g.pos.Play(m)
			if !p.Connected(0) {
				t.Errorf("%s leaves White apart", Format(m))
			}
		}
	})
	want, _ := refFromGame(g).moves()
	if !slices.Equal(names, want) {
		t.Errorf("moves %v, reference %v", names, want)
	}
}

func TestNotationRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	checked := 0
	for game := 0; game < 20; game++ {
		playout(newGame(t), rng, 120, func(g *Game) {
			for _, m := range g.Legal() {
				name := g.Format(m)
				variants := []string{name, strings.ToUpper(name), strings.ReplaceAll(name, "-", " "), strings.ReplaceAll(strings.ReplaceAll(name, "-", ""), "x", "")}
				if IsOrdo(m) { // the other end first, with where that end lands
					d := int(To(m)) - int(From(m))
					variants = append(variants, End2(m).String()+":"+From(m).String()+"-"+Square(int(End2(m))+d).String())
				}
				for _, v := range variants {
					got, err := g.Parse(v)
					if err != nil || got != m {
						t.Fatalf("Parse(%q) = %s, %v; want %s", v, Format(got), err, name)
					}
				}
				checked++
			}
		})
	}
	if checked < 10000 {
		t.Errorf("only %d moves checked", checked)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 20; i++ {
		g := newGame(t)
		playout(g, rng, 80+rng.IntN(200), func(*Game) {})
		if i%3 == 0 && !g.Outcome().Over() {
			_ = g.End(games.Resignation, games.Seat(i%2))
		}
		r, err := games.DecodeRecord(games.Encode(g))
		if err != nil {
			t.Fatal(err)
		}
		h, _ := New(r.Options)
		for _, m := range r.Log {
			if err := h.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if r.Ending != games.NotOver {
			if err := h.End(r.Ending, r.Loser); err != nil {
				t.Fatal(err)
			}
		}
		if h.Hash() != g.Hash() || h.Outcome() != g.Outcome() || h.Ply() != g.Ply() {
			t.Errorf("game %d replays to hash %x %v, want %x %v", i, h.Hash(), h.Outcome(), g.Hash(), g.Outcome())
		}
	}
}

func TestHasMoveAgreesWithCountMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	checked := 0
	for game := 0; game < 30; game++ {
		playout(newGame(t), rng, 200, func(g *Game) {
			p := g.Position()
			flipped := p // the other side to move: more disconnected and blocked positions
			flipped.Side = p.Side.Other()
			for _, q := range []Position{p, flipped} {
				if got, want := q.HasMove(), q.CountMoves() > 0; got != want {
					t.Fatalf("HasMove %v, CountMoves %d after %v", got, q.CountMoves(), g.Log())
				}
				checked++
			}
		})
	}
	if checked < 1000 {
		t.Errorf("only %d positions checked", checked)
	}
}

// Splits must say what a flood fill of the rest says, for every piece of every connected side met
// along random games, cut points and not.
func TestSplitsAgreesWithConnected(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	var cuts, whole int
	for game := 0; game < 30; game++ {
		playout(newGame(t), rng, 200, func(g *Game) {
			p := g.Position()
			for _, own := range p.Pieces {
				if !own.Connected() {
					continue
				}
				for _, s := range own.Squares() {
					want := !own.AndNot(Bit(s)).Connected()
					if got := own.Splits(s); got != want {
						t.Fatalf("Splits(%v) = %v, a flood fill says %v, after %v", s, got, want, g.Log())
					}
					if want {
						cuts++
					} else {
						whole++
					}
				}
			}
		})
	}
	if cuts == 0 || whole == 0 {
		t.Errorf("%d cut points and %d other pieces checked: both kinds are needed", cuts, whole)
	}
}

func TestMovedNamesEverySquareLeftAndReached(t *testing.T) {
	at := func(name string) Square {
		s, err := ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, tt := range []struct {
		name string
		move games.Move
		want string
	}{
		{"a singleton leaves one square and reaches one", Singleton(at("a3"), at("a5"), false), "a3 a5"},
		{"a capture reaches the square it takes", Singleton(at("e3"), at("e6"), true), "e3 e6"},
		{"a horizontal ordo moves its whole line forward", OrdoMove(at("c2"), at("e2"), at("c4")), "c2 c4 d2 d4 e2 e4"},
		{"a vertical ordo moves its whole line sideways", OrdoMove(at("f3"), at("f5"), at("d3")), "f3 d3 f4 d4 f5 d5"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, s := range Moved(tt.move) {
				got = append(got, s.String())
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("Moved = %v, want %s", got, tt.want)
			}
		})
	}
}
