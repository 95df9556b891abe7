package ordo

import (
	"math/rand/v2"
	"strings"
	"testing"

	"tabuleiro/games"
)

// newGame starts a game and plays the moves given in notation, failing the test on any refusal.
func newGame(t testing.TB, moves ...string) *Game {
	t.Helper()
	g, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := g.Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return g
}

// gameFrom sets up a position from a diagram: 8 lines from rank 8 down to rank 1, 10 characters
// each, O for White, X for Black, anything else empty.
func gameFrom(t testing.TB, diagram string, toMove games.Seat) *Game {
	t.Helper()
	lines := strings.Fields(diagram)
	if len(lines) != Ranks {
		t.Fatalf("diagram has %d lines, want %d", len(lines), Ranks)
	}
	var p Position
	for i, line := range lines {
		if len(line) != Files {
			t.Fatalf("diagram line %q is not %d wide", line, Files)
		}
		for f := 0; f < Files; f++ {
			switch line[f] {
			case 'O':
				p.Pieces[0] = p.Pieces[0].Or(Bit(SquareAt(f, Ranks-1-i)))
			case 'X':
				p.Pieces[1] = p.Pieces[1].Or(Bit(SquareAt(f, Ranks-1-i)))
			}
		}
	}
	p.Side = toMove
	p.Hash = p.ComputeHash()
	return &Game{pos: p, hist: []uint64{p.Hash}, outcome: games.Ongoing}
}

// playout plays up to plies random legal moves, calling visit before each move and at the end.
func playout(g *Game, rng *rand.Rand, plies int, visit func(*Game)) {
	for i := 0; i < plies && !g.Outcome().Over(); i++ {
		visit(g)
		legal := g.Legal()
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			panic(err)
		}
	}
	visit(g)
}
