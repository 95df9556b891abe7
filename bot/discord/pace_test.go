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

// Through the signed endpoint: a 2-day game's player is reminded once, when a quarter of their
// time is left and not an hour before; a vacation longer than the year's budget is ended by the
// budget, by itself, the deadline moved by exactly the budget; and no second vacation that year.
func TestTheReminderComesOnceAndTheBudgetEndsAVacation(t *testing.T) {
	clock := &movingClock{t: now}
	f := newFakeDiscord(t)
	tb := newTableOn(t, filepath.Join(t.TempDir(), "tabuleiro.db"), clock.Now, f, quietLog(), nil)
	const channel, alice, bob = "710", "73", "74"
	tb.challenged(guild, channel, "ordo", alice, bob, opt{"first", 3, "them"}, opt{"pace", 3, "2d"})
	tb.settle()
	reminders := func() int {
		n := 0
		for _, c := range f.recorded() {
			if c.Method == "POST" && strings.Contains(c.Path, "/channels/"+channel+"/messages") && says(c.Body, "notify.reminder-paced") {
				n++
			}
		}
		return n
	}
	hourly := func(hours int) {
		for range hours {
			clock.Advance(time.Hour)
			tb.bot.Sweep(context.Background())
			tb.settle()
		}
	}
	// Bob has 48 hours from the accept; a quarter is left at 36.
	hourly(35)
	if n := reminders(); n != 0 {
		t.Fatalf("%d reminders with more than a quarter of the time left", n)
	}
	hourly(1)
	if n := reminders(); n != 1 {
		t.Fatalf("%d reminders when a quarter is left, want 1", n)
	}
	hourly(11)
	if n := reminders(); n != 1 {
		t.Fatalf("%d reminders by the last hour, want 1", n)
	}
	// An hour left; bob goes away for longer than this year's 14 days.
	games, err := tb.st.MemberGames(bob)
	if err != nil || len(games) != 1 {
		t.Fatalf("bob's games: %v, %v", games, err)
	}
	deadline := games[0].Deadline
	if r, _ := tb.send(command(bob, channel, "tabuleiro", "me", opt{"vacation", 3, "start"})); !r.private() || !says(r.Data.Content, "vacation.started", "Count", 1) {
		t.Fatalf("the vacation: %s", r.Data.Content)
	}
	tb.settle()
	for range 14 {
		clock.Advance(24 * time.Hour)
		tb.bot.Sweep(context.Background())
		tb.settle()
		if games, err = tb.st.MemberGames(bob); err != nil || len(games) != 1 {
			t.Fatalf("bob's game on vacation, %v: %v, %v", clock.Now(), games, err)
		}
	}
	if m, _ := tb.st.MemberSettings(bob); !m.Vacation.Until.IsZero() && m.Vacation.Until.After(clock.Now()) {
		t.Fatalf("still on vacation past the budget: %+v", m.Vacation)
	}
	if want := deadline.Add(14 * 24 * time.Hour); !games[0].Deadline.Equal(want) {
		t.Fatalf("the deadline after the budget's end is %v, want %v (moved by 14 days)", games[0].Deadline, want)
	}
	if r, _ := tb.send(command(bob, channel, "tabuleiro", "me", opt{"vacation", 3, "start"})); !r.private() || !says(r.Data.Content, "vacation.refuse.spent") {
		t.Fatalf("a second vacation the same year: %s", r.Data.Content)
	}
	// Back from the budget's end, bob has the hour he had left.
	clock.Advance(time.Hour - time.Second)
	tb.bot.Sweep(context.Background())
	if games, _ = tb.st.MemberGames(bob); len(games) != 1 {
		t.Fatal("lost before the hour bob had left")
	}
	clock.Advance(time.Second)
	tb.bot.Sweep(context.Background())
	tb.settle()
	if games, _ = tb.st.MemberGames(bob); len(games) != 0 {
		t.Fatal("not lost when the hour bob had left ran out")
	}
}
