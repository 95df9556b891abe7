package oolongai

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// TestMatchSearchAgainstMCTS is the measurement behind choosing alpha-beta: OOLONG_MATCH=<games>
// plays that many games (paired seats, random layouts and two random opening plies) at
// OOLONG_MOVETIME (default 100ms) per decision and logs alpha-beta's score.
func TestMatchSearchAgainstMCTS(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("OOLONG_MATCH"))
	if n == 0 {
		t.Skip("set OOLONG_MATCH=<games> to run the alpha-beta vs MCTS match")
	}
	moveTime := 100 * time.Millisecond
	if d, err := time.ParseDuration(os.Getenv("OOLONG_MOVETIME")); err == nil {
		moveTime = d
	}
	var win, draw, loss int
	var nodes, playouts, abMoves, mcMoves uint64
	for i := 0; i < n; i++ {
		r := rand.New(rand.NewPCG(uint64(i/2), 77))
		g, _ := oolong.New(games.Options{"layout": oolong.RandomLayout(r).String()})
		for k := 0; k < 2; k++ {
			legal := g.Legal()
			g.Play(legal[r.IntN(len(legal))])
		}
		abSeat := games.Seat(i % 2)
		for !g.Outcome().Over() {
			p := g.Position()
			legal := g.Legal()
			rng := rand.New(rand.NewPCG(uint64(i), uint64(g.Ply())))
			var m games.Move
			if p.ToMove() == abSeat {
				var info Info
				m, info = Search(context.Background(), &p, legal, time.Now().Add(moveTime), rng)
				nodes += info.Nodes
				abMoves++
			} else {
				var k uint64
				m, k = MCTSSearch(context.Background(), &p, legal, time.Now().Add(moveTime), rng)
				playouts += k
				mcMoves++
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		switch g.Outcome().Winner {
		case abSeat:
			win++
		case games.NoSeat:
			draw++
		default:
			loss++
		}
		t.Logf("game %d: alpha-beta +%d =%d -%d", i+1, win, draw, loss)
	}
	secs := moveTime.Seconds()
	t.Logf("alpha-beta vs MCTS: +%d =%d -%d over %d games; %.0f nodes/s, %.0f playouts/s",
		win, draw, loss, n, float64(nodes)/(float64(abMoves)*secs), float64(playouts)/(float64(mcMoves)*secs))
}
