package ordo

import (
	"math/rand/v2"
	"testing"

	"tabuleiro/games"
)

func BenchmarkPerft4(b *testing.B) {
	g := newGame(b)
	for b.Loop() {
		if n := g.Perft(4); n != 11501158 {
			b.Fatalf("perft(4) = %d", n)
		}
	}
}

// benchPositions are positions from random playouts: mixed mid-game positions, not only the start.
func benchPositions(b *testing.B) []Position {
	rng := rand.New(rand.NewPCG(9, 9))
	var ps []Position
	for len(ps) < 256 {
		playout(newGame(b), rng, 60, func(g *Game) {
			if !g.Outcome().Over() {
				ps = append(ps, g.Position())
			}
		})
	}
	return ps
}

func BenchmarkMoves(b *testing.B) {
	ps := benchPositions(b)
	var buf [256]games.Move
	i := 0
	for b.Loop() {
		_ = ps[i%len(ps)].Moves(buf[:0])
		i++
	}
}

func BenchmarkCountMoves(b *testing.B) {
	ps := benchPositions(b)
	i := 0
	for b.Loop() {
		_ = ps[i%len(ps)].CountMoves()
		i++
	}
}

func BenchmarkConnected(b *testing.B) {
	ps := benchPositions(b)
	i := 0
	for b.Loop() {
		_ = ps[i%len(ps)].Connected(games.Seat(i & 1))
		i++
	}
}
