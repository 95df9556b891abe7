package bot

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// noFollowup stands for an interaction's webhook: it keeps what was edited in.
type noFollowup struct {
	mu     sync.Mutex
	edited []string
}

func (f *noFollowup) Original(ctx context.Context) (string, error) { return "m", nil }
func (f *noFollowup) EditOriginal(ctx context.Context, m Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.edited = append(f.edited, m.Content)
	return nil
}
func (f *noFollowup) ClearOriginal(ctx context.Context) error { return nil }
func (f *noFollowup) FollowUp(ctx context.Context, m Message) (string, error) {
	return "f", nil
}

func TestOneCoachJobAtATimePerPerson(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	st, err := store.Open(t.TempDir()+"/coach.db", store.Options{Decode: catalog.Decode, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b := New(st, nil, Config{Now: clock, Seed: 1, Log: slog.New(slog.DiscardHandler), AI: ai.New(ai.Config{EndgameSeeds: 8}), CoachDepth: 2})
	n := 0
	slash := func(user, sub string) Reply {
		n++
		return b.Handle(context.Background(), &Interaction{Type: Command, ID: "i" + string(rune('a'+n)), User: user,
			Guild: "g1", Channel: "c1", Command: CommandData{Name: "ordo", Sub: sub, Options: map[string]Value{
				"level": {Str: "easy"}, "first": {Str: "me"}}, Bots: map[string]bool{}}})
	}
	if r := slash("alice", "vs-bot"); r.Message.Private {
		t.Fatalf("vs-bot refused: %s", r.Message.Content)
	}
	if r := slash("alice", "resign"); r.Message.Private {
		t.Fatalf("resign refused: %s", r.Message.Content)
	}

	first := slash("alice", "review")
	if first.Type != Deferred || first.After == nil {
		t.Fatalf("a review: %+v", first)
	}
	if r := slash("alice", "review"); r.Type != Post || !strings.Contains(r.Message.Content, "still being worked on") {
		t.Errorf("a second review while the first runs: %+v", r)
	}
	if r := slash("bob", "review"); r.Type != Deferred {
		t.Errorf("someone else's review is refused: %+v", r)
	}
	f := &noFollowup{}
	first.After(context.Background(), f)
	if len(f.edited) != 1 || !strings.Contains(f.edited[0], "Review of") {
		t.Fatalf("the review edited in: %q", f.edited)
	}
	lost := slash("alice", "review")
	if lost.Type != Deferred {
		t.Fatalf("a review once the first is done: %+v", lost)
	}
	// Its After never runs (the interaction was lost): the turn frees itself in time.
	mu.Lock()
	now = now.Add(coachTimeout + time.Minute)
	mu.Unlock()
	if r := slash("alice", "review"); r.Type != Deferred {
		t.Errorf("a review after a lost one timed out: %+v", r)
	}
}
