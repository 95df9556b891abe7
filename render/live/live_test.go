package live

import (
	"slices"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// Every decision is clicked as the marks of the board it names, in the order a player picks them.
func TestADecisionIsClickedAsItsMarks(t *testing.T) {
	game := func(kind string, moves ...string) games.Game {
		g, err := catalog.New(kind, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			mv, err := g.Parse(m)
			if err != nil {
				t.Fatal(err)
			}
			g.Play(mv)
		}
		return g
	}
	ouri, ouriNorth, ordo, oolong := game("ouri"), game("ouri", "a"), game("ordo"), game("oolong")
	for _, tt := range []struct {
		name string
		g    games.Game
		play string
		want []string
	}{
		{"South's house a is the first of its row", ouri, "a", []string{"h0"}},
		{"North's house f is the last of all twelve", ouriNorth, "f", []string{"h11"}},
		{"an Ordo step is a piece, then its destination", ordo, "a3-a4", []string{"a3", "a4"}},
		{"an Ordo capture too", ordo, "e4xb4", []string{"e4", "b4"}},
		{"an ordo is its line's ends, then where its first piece goes", ordo, "c2:d2-c3", []string{"c2", "d2", "c3"}},
		{"a tea served is its seat", oolong, "c.ne", []string{"c.ne"}},
		{"Move Tea is the tea, then the seat it goes to", oolong, "move nw.s e.c", []string{"nw.s", "e.c"}},
		{"Waiter is the table the waiter goes to", oolong, "waiter se", []string{"t:se"}},
		{"Swap is its two tables", oolong, "swap n s", []string{"t:n", "t:s"}},
		{"Rotate is a button", oolong, "rotate 3", []string{"!rotate 3"}},
		{"Skip is a button", oolong, "skip", []string{"!skip"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Path(tt.g, tt.play); !slices.Equal(got, tt.want) {
				t.Errorf("%s is clicked as %v, want %v", tt.play, got, tt.want)
			}
		})
	}
}

// A line moved by an ordo marks every square it left and reached.
func TestAnOrdosSquaresAreAllMarked(t *testing.T) {
	g, _ := catalog.New("ordo", nil)
	m, err := g.Parse("c2:d2-c3")
	if err != nil {
		t.Fatal(err)
	}
	got := movedSquares(m)
	slices.Sort(got)
	if want := []string{"c2", "c3", "d2", "d3"}; !slices.Equal(got, want) {
		t.Errorf("c2:d2-c3 marks %v, want %v", got, want)
	}
}
