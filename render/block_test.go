package render

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// splitStatus is the bot's way, before BlockOf, of taking the status line out of a rendered block
// (bot/message.go at commit 1973f52), kept here as the oracle BlockOf must agree with.
func splitStatus(kind string, g games.Game, block string) (rest, status string) {
	o := g.Outcome()
	lines := strings.Split(block, "\n")
	var prefixes []string
	if o.Over() {
		prefixes = []string{"Draw"}
		if o.Winner == 0 || o.Winner == 1 {
			prefixes = append(prefixes, SeatName(kind, o.Winner)+" wins")
		}
	} else {
		colour := SeatName(kind, g.ToMove())
		prefixes = []string{colour + " to move", colour + " decides"}
	}
	// Ordo's heading carries the turn ("Ordo - move 3, White to move"): keep just the move number.
	headTurn := ""
	if kind == "ordo" && len(lines) > 0 && strings.HasPrefix(lines[0], "Ordo - move ") {
		if head, turn, ok := strings.Cut(lines[0], ", "); ok {
			lines[0], headTurn = head, turn
		}
	}
	for i, l := range lines {
		for _, p := range prefixes {
			if strings.HasPrefix(l, p) {
				status = l
				lines = append(lines[:i:i], lines[i+1:]...)
				return strings.TrimRight(strings.Join(lines, "\n"), "\n "), status
			}
		}
	}
	if headTurn != "" && !o.Over() {
		return strings.TrimRight(strings.Join(lines, "\n"), "\n "), headTurn
	}
	return block, ""
}

// variants are every game with every option value the commands offer.
func variants() []struct {
	kind string
	opts games.Options
} {
	var out []struct {
		kind string
		opts games.Options
	}
	for _, d := range catalog.All() {
		sets := []games.Options{{}}
		for _, o := range d.Options {
			values := o.Choices
			if o.Bool {
				values = []string{"false", "true"}
			}
			var next []games.Options
			for _, s := range sets {
				for _, v := range values {
					c := games.Options{o.Name: v}
					for k, x := range s {
						c[k] = x
					}
					next = append(next, c)
				}
			}
			sets = next
		}
		for _, s := range sets {
			out = append(out, struct {
				kind string
				opts games.Options
			}{d.Kind, s})
		}
	}
	return out
}

// randomPositions calls visit with every position of n seeded random games of each variant, some of
// them ended outside play (agreement, resignation, time) at a random ply.
func randomPositions(t *testing.T, n int, visit func(games.Game)) {
	t.Helper()
	for vi, v := range variants() {
		for i := 0; i < n; i++ {
			rng := rand.New(rand.NewPCG(uint64(vi), uint64(i)))
			g, err := catalog.NewDealt(v.kind, v.opts, rng)
			if err != nil {
				t.Fatal(err)
			}
			stop := -1
			if i%2 == 1 {
				stop = rng.IntN(120)
			}
			for ply := 0; ; ply++ {
				visit(g)
				if g.Outcome().Over() || ply > 400 {
					break
				}
				if ply == stop {
					method := []games.Method{games.Agreement, games.Resignation, games.Time}[rng.IntN(3)]
					if err := g.End(method, games.Seat(rng.IntN(2))); err != nil {
						t.Fatal(err)
					}
					continue
				}
				legal := g.Legal()
				if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestBlockOfAgreesWithSplittingTheRenderedBoard(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 4
	}
	positions := 0
	randomPositions(t, n, func(g games.Game) {
		positions++
		board := Board(g)
		wantRest, wantStatus := splitStatus(g.Kind(), g, strings.TrimRight(board, "\n"))
		b := BlockOf(g)
		rest, status := strings.Join(b.Lines, "\n"), b.Status.Line(g.Kind())
		if rest != wantRest || status != wantStatus {
			t.Fatalf("%s at ply %d (%v):\nBlockOf: %q / %q\nsplit:   %q / %q", g.Kind(), g.Ply(), g.Outcome(), rest, status, wantRest, wantStatus)
		}
		if status != "" && b.Status.Seat != games.NoSeat && !strings.HasPrefix(status, SeatName(g.Kind(), b.Status.Seat)+" ") {
			t.Fatalf("status %q does not start with its seat's colour", status)
		}
		for _, l := range b.Lines {
			if strings.Contains(l, "\n") {
				t.Fatalf("line %q holds a newline", l)
			}
		}
	})
	if positions < 2000 && !testing.Short() {
		t.Errorf("only %d positions compared", positions)
	}
	t.Logf("%d positions compared", positions)
}

func TestStatusSaysItsSeatApart(t *testing.T) {
	g, _ := catalog.New("oolong", nil)
	if st := BlockOf(g).Status; st.Seat != 0 || st.Text != " to move: serve at table c" {
		t.Errorf("the start of Oolong: %+v", st)
	}
	g, _ = catalog.New("ordo", nil)
	b := BlockOf(g)
	if b.Lines[0] != "Ordo - move 1" || b.Status != (Status{Seat: 0, Text: " to move"}) {
		t.Errorf("the start of Ordo: %q, %+v", b.Lines[0], b.Status)
	}
	_ = g.End(games.Agreement, games.NoSeat)
	if st := BlockOf(g).Status; st.Seat != games.NoSeat || st.Text != "Draw by agreement" {
		t.Errorf("an agreed Ordo draw: %+v", st)
	}
	if s := fmt.Sprint(BlockOf(g).Lines[0]); s != "Ordo - move 1" {
		t.Errorf("a finished Ordo heading: %q", s)
	}
	// Random games seldom repeat a position three times; two shuffles back and forth do.
	g, _ = catalog.New("ordo", nil)
	for _, s := range strings.Fields(strings.Repeat("b3-c3 b6-c6 c3-b3 c6-b6 ", 2)) {
		m, err := g.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	b = BlockOf(g)
	rest, status := splitStatus("ordo", g, strings.TrimRight(Board(g), "\n"))
	if b.Status != (Status{Seat: games.NoSeat, Text: "Draw: the same position came up a third time"}) ||
		strings.Join(b.Lines, "\n") != rest || b.Status.Line("ordo") != status {
		t.Errorf("an Ordo repetition: %+v", b.Status)
	}
}
