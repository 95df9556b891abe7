package render

import (
	"math/rand/v2"
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

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

func TestBoardIsTheBlockThenTheNotesThenTheLegendThenTheStatus(t *testing.T) {
	n := 10
	if testing.Short() {
		n = 2
	}
	randomPositions(t, n, func(g games.Game) {
		b := BlockOf(g, en)
		want := strings.Join(append(append(b.Lines, b.Notes...), b.Legend...), "\n") + "\n"
		if st := b.Status.Line(en); st != "" {
			want += st + "\n"
		}
		if got := Board(g, en); got != want {
			t.Fatalf("%s at ply %d: Board\n%s\nBlockOf\n%s", g.Kind(), g.Ply(), got, want)
		}
		if st := b.Status.Line(en); b.Status.Seat != games.NoSeat && !strings.HasPrefix(st, seatName(g.Kind(), b.Status.Seat)+" ") {
			t.Fatalf("status %q does not start with its seat's colour", st)
		}
	})
}

func TestStatusSaysItsSeatApart(t *testing.T) {
	g, _ := catalog.New("oolong", nil)
	if st := BlockOf(g, en).Status; st.Seat != 0 || st.Line(en) != "Black to move: serve at table `c`" {
		t.Errorf("the start of Oolong: %+v", st)
	}
	g, _ = catalog.New("ordo", nil)
	b := BlockOf(g, en)
	if b.Lines[0] != "O 20  X 20" || b.Notes[0] != "Move 1; White plays `O` (20 pieces), Black plays `X` (20 pieces)" ||
		b.Status.Seat != 0 || b.Status.Line(en) != "White to move" {
		t.Errorf("the start of Ordo: %q, %q, %+v", b.Lines[0], b.Notes[0], b.Status)
	}
	_ = g.End(games.Agreement, games.NoSeat)
	if st := BlockOf(g, en).Status; st.Seat != games.NoSeat || st.Line(en) != "Draw by agreement" {
		t.Errorf("an agreed Ordo draw: %+v", st)
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
	if st := BlockOf(g, en).Status; st.Seat != games.NoSeat || st.Line(en) != "Draw: the same position came up a third time" {
		t.Errorf("an Ordo repetition: %+v", st)
	}
}
