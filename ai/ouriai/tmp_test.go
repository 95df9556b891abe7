package ouriai

import (
	"context"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

func TestTmpDepth(t *testing.T) {
	g, _ := ouri.New(games.Options{"rules": "abapa"})
	g.Play(3)
	s := new(Search)
	s.Eval = &DefaultWeights[1]
	res := s.Best(context.Background(), g.Position(), g.History(), 100*time.Millisecond, nil)
	t.Logf("100ms: depth %d nodes %d", res.Depth, res.Nodes)
	for _, d := range []int{14, 16, 18} {
		s.MaxDepth = d
		start := time.Now()
		res := s.Best(context.Background(), g.Position(), g.History(), time.Hour, nil)
		t.Logf("depth %d: %v move %d score %d nodes %d", d, time.Since(start), res.Move, res.Score, res.Nodes)
	}
}
