package bot

import (
	"strings"
	"testing"

	"tabuleiro/ai/puzzle"
)

// The blunder of a reviewed game, proven a puzzle, is the next one /ouri puzzle offers its
// blunderer: here alice and bob reach the position of a shipped Ouri puzzle, whoever is to move
// throws the win away and resigns, and reviews the game.
func TestAReviewedBlunderIsOfferedFirst(t *testing.T) {
	e := newCoachEnv(t)
	const ch = "c-blunder"
	ps, err := puzzle.Load("ouri")
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	e.ouriGame(ch, "alice", "bob", false)
	a, err := puzzle.Start(puzzle.Puzzle{Kind: p.Kind, Options: p.Options})
	if err != nil {
		t.Fatal(err)
	}
	g := a.Game
	users := []string{"alice", "bob"}
	for _, name := range p.Log {
		m, err := g.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		e.play(ch, users[g.ToMove()], name)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	who := users[g.ToMove()]
	truth, _ := puzzle.TruthOf(g.Descriptor())
	_, lose, err := truth.Keeping(g, 0)
	if err != nil || len(lose) == 0 {
		t.Fatalf("the puzzle's losing moves: %v, %v", lose, err)
	}
	e.play(ch, who, g.Format(lose[0]))
	mustPublic(t, e.do(e.in(ch, who, "resign")))
	text := e.deferred(e.in(ch, who, "review"))
	if !says(text, "coach.review.puzzles", "Count", 1) {
		t.Errorf("the review does not offer the blunder as a puzzle:\n%s", text)
	}
	r := e.do(e.in(ch, who, "puzzle"))
	mustPrivate(t, r, "")
	if !strings.Contains(said(r.Message), "puzzle** `blunder-") {
		t.Errorf("the next puzzle is not %s's blunder: %q", who, said(r.Message))
	}
}
