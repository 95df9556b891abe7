package catalog

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

// replayedDeciders finds who made each decision by replaying the log and asking who was to move
// before each one: the slow way Deciders replaces.
func replayedDeciders(t *testing.T, g games.Game) []games.Seat {
	t.Helper()
	start, err := New(g.Kind(), g.Options())
	if err != nil {
		t.Fatal(err)
	}
	var seats []games.Seat
	for _, m := range g.Log() {
		seats = append(seats, start.ToMove())
		if err := start.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return seats
}

func TestDecidersAreWhoWasToMoveAtEachDecision(t *testing.T) {
	for _, d := range All() {
		for _, opts := range []games.Options{nil, {"trigger": "owner"}, {"rules": "abapa"}, {"misere": "true"}} {
			if _, err := d.New(opts, nil); err != nil {
				continue // an option of another game
			}
			t.Run(d.Kind+" "+opts.String(), func(t *testing.T) {
				seenTwice := false
				for i := uint64(0); i < 30; i++ {
					rng := rand.New(rand.NewPCG(i, 11))
					g, err := d.New(opts, rng)
					if err != nil {
						t.Fatal(err)
					}
					for ply := 0; ply < 300 && !g.Outcome().Over(); ply++ {
						legal := g.Legal()
						if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
							t.Fatal(err)
						}
					}
					got, want := g.Deciders(), replayedDeciders(t, g)
					if !slices.Equal(got, want) {
						t.Fatalf("game %d: Deciders %v, replay %v", i, got, want)
					}
					for k := 1; k < len(got); k++ {
						seenTwice = seenTwice || got[k] == got[k-1]
					}
					// A clone keeps its own record: playing on in one leaves the other alone.
					c := g.Clone()
					if !slices.Equal(c.Deciders(), got) {
						t.Fatal("a clone has other deciders")
					}
					if !c.Outcome().Over() {
						if err := c.Play(c.Legal()[0]); err != nil {
							t.Fatal(err)
						}
						if len(g.Deciders()) != len(got) || len(c.Deciders()) != len(got)+1 {
							t.Fatal("playing in a clone changed the original's deciders")
						}
					}
					if ds := g.Deciders(); len(ds) > 0 {
						ds[0] = games.NoSeat // the slice is a copy
						if g.Deciders()[0] == games.NoSeat {
							t.Fatal("Deciders gives its own slice away")
						}
					}
				}
				// Ordo always alternates; Oolong specials and Ouri grand slams let a seat decide twice.
				if d.Kind == "ordo" && seenTwice {
					t.Error("an Ordo side moved twice in a row")
				}
				if d.Kind == "oolong" && !seenTwice {
					t.Error("no Oolong special was decided by the player who just placed")
				}
			})
		}
	}
}

func TestAnOuriGrandSlamLetsTheSamePlayerDecideAgain(t *testing.T) {
	p := ouri.Position{Stores: [2]uint8{18, 18}, Rules: ouri.RulesOuri}
	copy(p.Houses[:6], []uint8{3, 0, 4, 0, 0, 2})
	copy(p.Houses[6:], []uint8{1, 2})
	g, err := ouri.FromPosition(p, false)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.Parse("f")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	if !g.LastSowing().GrandSlam || g.ToMove() != 0 {
		t.Fatalf("f is not a grand slam here: %+v", g.LastSowing())
	}
	m, _ = g.Parse(g.Format(g.Legal()[0]))
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	if got := g.Deciders(); !slices.Equal(got, []games.Seat{0, 0}) {
		t.Errorf("Deciders = %v, want South twice", got)
	}
}
