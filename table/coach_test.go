package table

import (
	"context"
	"errors"
	"sync"
	"testing"

	"tabuleiro/ai"
	"tabuleiro/games"
)

// unrated starts an unrated Ouri game between alice (South, to move) and bob in channel c1.
func (f *fixture) unrated() View {
	f.t.Helper()
	no := false
	c, err := f.tab.ChallengeRated(f.actor("alice", "ouri"), "bob", false, "me", games.Options{}, &no)
	if err != nil {
		f.t.Fatal(err)
	}
	a, err := f.tab.Answer(f.actor("bob", "ouri"), c.ID, true, "m1")
	if err != nil || a.Game == nil {
		f.t.Fatalf("accepting gave %+v, %v", a, err)
	}
	return *a.Game
}

func TestNoHintsInRatedGames(t *testing.T) {
	f := newFixture(t)
	f.twoPlayers()
	if _, err := f.tab.Hint(context.Background(), f.actor("alice", "ouri")); !errors.Is(err, ErrHintRated) {
		t.Errorf("a hint in a rated game: %v, want ErrHintRated", err)
	}
}

func TestHintsAreCountedOncePerPlayerEvenWhenAskedAtOnce(t *testing.T) {
	f := newFixture(t)
	f.tab.cfg.CoachDepth = 4
	f.unrated()
	// Six requests at once for alice's three hints: three are given, three refused, none lost.
	var wg sync.WaitGroup
	results := make(chan error, 6)
	for range 6 {
		a := f.actor("alice", "ouri")
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := f.tab.Hint(context.Background(), a)
			results <- err
		}()
	}
	wg.Wait()
	close(results)
	given := 0
	for err := range results {
		switch {
		case err == nil:
			given++
		case errors.Is(err, ErrNoHintsLeft), errors.Is(err, ErrHintMoved):
		default:
			t.Errorf("a hint failed: %v", err)
		}
	}
	v, err := f.tab.Find(f.actor("alice", "ouri"), "", false)
	if err != nil {
		t.Fatal(err)
	}
	if used := v.Game.Hints; used[0] != given || used[1] != 0 || given < 1 || given > HintsPerGame {
		t.Errorf("%d hints given, the record counts %v", given, used)
	}
	for given < HintsPerGame {
		if _, err := f.tab.Hint(context.Background(), f.actor("alice", "ouri")); err != nil {
			t.Fatal(err)
		}
		given++
	}
	if _, err := f.tab.Hint(context.Background(), f.actor("alice", "ouri")); !errors.Is(err, ErrNoHintsLeft) {
		t.Errorf("a fourth hint: %v, want ErrNoHintsLeft", err)
	}
	if _, err := f.tab.CanHint(f.actor("bob", "ouri")); !errors.Is(err, ErrHintTurn) {
		t.Errorf("a hint out of turn: %v, want ErrHintTurn", err)
	}
}

func TestHintAndReviewOfAGameAgainstTheBot(t *testing.T) {
	f := newFixture(t)
	f.tab.cfg.CoachDepth = 4
	a := f.actor("alice", "ordo")
	v, err := f.tab.VsBot(a, ai.Easy, "me", nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := f.tab.Hint(context.Background(), f.actor("alice", "ordo"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Live.Parse(h.Move); err != nil || h.Used != 1 || h.Left() != 2 || h.Win <= 0 || h.Win >= 100 {
		t.Errorf("hint %+v (%v)", h, err)
	}
	if _, err := f.tab.Review(context.Background(), v); err == nil {
		t.Error("a game still being played was reviewed")
	}
	if _, _, err := f.tab.Resign(f.actor("alice", "ordo")); err != nil {
		t.Fatal(err)
	}
	done, err := f.tab.LastFinished(f.actor("alice", "ordo"), "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := f.tab.Review(context.Background(), done)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Decisions) != len(done.Live.Log()) {
		t.Errorf("%d decisions reviewed, the game has %d", len(r.Decisions), len(done.Live.Log()))
	}
}
