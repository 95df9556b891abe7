package table

import (
	"context"
	"slices"
	"testing"

	"tabuleiro/store"
)

// In this Ouri game alice (South) blunders with her sixth decision, d: it leaves six seeds to
// bob's f, where c was better (ai's TestReviewFindsTheBlunder).
var blunderGame = []string{"e", "c", "c", "f", "b", "d", "f", "f", "a", "e", "d", "f"}

func TestAReviewsBlundersQueueOnceAndWaitForProof(t *testing.T) {
	f := newFixture(t)
	f.tab.cfg.CoachDepth = 8
	f.unrated()
	for i, m := range blunderGame {
		user := []string{"alice", "bob"}[i%2]
		if _, _, err := f.tab.Move(f.actor(user, "ouri"), m); err != nil {
			t.Fatalf("%s plays %s: %v", user, m, err)
		}
	}
	if _, _, err := f.tab.Resign(f.actor("alice", "ouri")); err != nil {
		t.Fatal(err)
	}
	done, err := f.tab.LastFinished(f.actor("alice", "ouri"), "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := f.tab.Review(context.Background(), done)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		user string
		want int
	}{
		{"the blunderer's blunder is queued", "alice", 1},
		{"the same game reviewed again queues nothing more", "alice", 0},
		{"the other player, who did not blunder, gets none", "bob", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if n, err := f.tab.QueueBlunders(c.user, done, r); err != nil || n != c.want {
				t.Fatalf("queued %d, %v; want %d", n, err, c.want)
			}
		})
	}
	queue, _ := f.st.Blunders("alice", "ouri")
	if len(queue) != 1 || !slices.Equal(queue[0].Log, blunderGame[:10]) || queue[0].Proven {
		t.Fatalf("alice's queue: %+v; want the position before her d, unproven", queue)
	}
	puzzles := []PuzzleCandidate{{"ouri-0001", 1500}}
	// Not proven yet, it is not offered.
	if p, _ := f.tab.NextPuzzle("alice", "ouri", puzzles); p.Attempt.Puzzle != "ouri-0001" {
		t.Fatalf("an unproven blunder was offered: %+v", p)
	}
	f.tab.SettlePuzzle("alice", "ouri", "ouri-0001", 1500, true)
	// Proven, it is offered before any shipped puzzle; a position the truth refuses leaves.
	f.st.AddBlunder("alice", store.Blunder{Kind: "ouri", Log: []string{"f"}})
	n, err := f.tab.ProveBlunders("alice", "ouri", func(b store.Blunder) (bool, error) { return len(b.Log) == 10, nil })
	if err != nil || n != 1 {
		t.Fatalf("proving: %d, %v", n, err)
	}
	p, err := f.tab.NextPuzzle("alice", "ouri", []PuzzleCandidate{{"ouri-0002", 1500}})
	if err != nil || p.Blunder.Seq != queue[0].Seq || !slices.Equal(p.Blunder.Log, blunderGame[:10]) {
		t.Fatalf("the next puzzle: %+v, %v; want alice's blunder", p, err)
	}
	if r, err := f.tab.SettlePuzzle("alice", "ouri", p.Attempt.Puzzle, 0, true); err != nil || r.Rated {
		t.Fatalf("solving her blunder: %+v, %v; want it unrated", r, err)
	}
	if queue, _ := f.st.Blunders("alice", "ouri"); len(queue) != 0 {
		t.Fatalf("the queue after: %+v", queue)
	}
}
