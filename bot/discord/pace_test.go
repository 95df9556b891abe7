package discord

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/store"
)

// movingClock is the bot's clock in a test that lets days pass; the endpoint keeps its own.
type movingClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *movingClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *movingClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Through the signed endpoint with the fake Discord: a 2-day game whose player goes on vacation is
// not lost while they are away, and is lost exactly when the time they had left runs out after
// they are back, once, its end told in the channel once.
func TestADayPacedGameOverTheEndpoint(t *testing.T) {
	clock := &movingClock{t: now}
	tb := newTableOn(t, filepath.Join(t.TempDir(), "tabuleiro.db"), clock.Now, newFakeDiscord(t), quietLog(), nil)
	const channel, alice, bob = "700", "71", "72"
	r, token := tb.send(command(alice, channel, "ouri", "challenge", opt{"opponent", 6, bob}, opt{"first", 3, "me"}, opt{"pace", 3, "2d"}))
	if r.private() || !strings.Contains(r.Data.Content, "pace: 2d") {
		t.Fatalf("the challenge: %+v", r)
	}
	accept := ""
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/accept") {
			accept = id
		}
	}
	r, _ = tb.send(click(bob, channel, accept, "orig-"+token))
	if !strings.Contains(r.Data.Content, "2 days a move") || !strings.Contains(r.Data.Content, "<t:") {
		t.Fatalf("the board shows no clock: %s", r.Data.Content)
	}
	// Alice moves an hour in; bob's two days start.
	clock.Advance(time.Hour)
	if r, _ = tb.send(command(alice, channel, "ouri", "move", opt{"play", 3, "d"})); r.private() {
		t.Fatalf("the move: %s", r.Data.Content)
	}
	tb.settle()
	deadline := clock.Now().Add(48 * time.Hour)
	sweep := func() store.Game {
		t.Helper()
		tb.bot.Sweep(context.Background())
		tb.settle()
		games, err := tb.st.MemberGames(bob)
		if err != nil {
			t.Fatal(err)
		}
		if len(games) == 0 {
			rec, err := tb.st.LastFinished(channel, "ouri", bob)
			if err != nil {
				t.Fatal(err)
			}
			return rec
		}
		return games[0]
	}
	// Bob leaves a day in, with a day left; five days later he is back.
	clock.Advance(24 * time.Hour)
	if r, _ = tb.send(command(bob, channel, "tabuleiro", "me", opt{"vacation", 3, "start"})); !r.private() || !strings.Contains(r.Data.Content, "on vacation") {
		t.Fatalf("the vacation: %s", r.Data.Content)
	}
	tb.settle()
	clock.Advance(5 * 24 * time.Hour)
	if rec := sweep(); rec.State != store.Active {
		t.Fatal("lost on vacation")
	}
	if r, _ = tb.send(command(bob, channel, "tabuleiro", "me", opt{"vacation", 3, "end"})); !strings.Contains(r.Data.Content, "Welcome back") {
		t.Fatalf("back: %s", r.Data.Content)
	}
	tb.settle()
	moved := deadline.Add(5 * 24 * time.Hour)
	clock.Advance(moved.Sub(clock.Now()) - time.Second)
	if rec := sweep(); rec.State != store.Active || !rec.Deadline.Equal(moved) {
		t.Fatalf("a second before the moved deadline: %v, deadline %v, want %v", rec.State, rec.Deadline, moved)
	}
	clock.Advance(time.Second)
	rec := sweep()
	if rec.State != store.Finished {
		t.Fatal("not lost at the moved deadline")
	}
	sweep()
	told := 0
	for _, c := range tb.f.recorded() {
		if c.Method == "POST" && c.Path == "/api/v10/channels/"+channel+"/messages" && says(c.Body, "notify.time") {
			told++
		}
	}
	if told != 1 {
		t.Fatalf("the loss on time was told %d times", told)
	}
}
