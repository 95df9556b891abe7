package table

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
)

func TestStartCooldown(t *testing.T) {
	type step struct {
		at   time.Duration // since the first start
		user string
		// want is "" for a start that goes through, else the refusal's id and values.
		want string
	}
	refused := func(secs int) string { return fmt.Sprint("refusal.too-fast ", map[string]any{"Count": secs}) }
	for _, c := range []struct {
		name   string
		limit  int
		window time.Duration
		steps  []step
	}{
		{"a member may start as many as the limit at once, and the next is told when to come back", 3, time.Minute, []step{
			{0, "alice", ""}, {0, "alice", ""}, {0, "alice", ""}, {0, "alice", refused(60)}, {48 * time.Second, "alice", refused(12)},
		}},
		{"the limit is per member", 2, time.Minute, []step{
			{0, "alice", ""}, {0, "alice", ""}, {0, "bob", ""}, {0, "alice", refused(60)}, {0, "bob", ""}, {0, "bob", refused(60)},
		}},
		{"the window slides: each start frees its place a window later", 2, time.Minute, []step{
			{0, "alice", ""}, {30 * time.Second, "alice", ""}, {59 * time.Second, "alice", refused(1)},
			{time.Minute, "alice", ""}, {80 * time.Second, "alice", refused(10)}, {90 * time.Second, "alice", ""},
		}},
		{"a refused start does not count, so asking again does not push the wait back", 1, time.Minute, []step{
			{0, "alice", ""}, {10 * time.Second, "alice", refused(50)}, {20 * time.Second, "alice", refused(40)}, {time.Minute, "alice", ""},
		}},
		{"a part of a second is rounded up", 1, 10 * time.Second, []step{
			{0, "alice", ""}, {9500 * time.Millisecond, "alice", refused(1)}, {1100 * time.Millisecond, "alice", refused(9)},
		}},
		{"a clock stepped back never asks for more than a window", 1, time.Minute, []step{
			{time.Hour, "alice", ""}, {0, "alice", refused(60)},
		}},
		{"no limit when negative", -1, time.Minute, []step{
			{0, "alice", ""}, {0, "alice", ""}, {0, "alice", ""}, {0, "alice", ""},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cd := newCooldown(c.limit, c.window)
			start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
			for i, s := range c.steps {
				err := cd.take(s.user, start.Add(s.at))
				got := ""
				if err != nil {
					var r *Refusal
					if !errors.As(err, &r) || r.Code != Refused {
						t.Fatalf("step %d: %v is not a Refused refusal", i, err)
					}
					got = fmt.Sprint(r.ID, " ", r.Args)
				}
				if got != s.want {
					t.Fatalf("step %d (%s at %v): got %q, want %q", i, s.user, s.at, got, s.want)
				}
			}
		})
	}
}

// Members who stop starting games are forgotten: the cooldown holds the last window's members only.
func TestStartCooldownForgetsQuietMembers(t *testing.T) {
	cd := newCooldown(5, time.Minute)
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := range 10_000 {
		cd.take(fmt.Sprint("member", i), at)
		at = at.Add(60 * time.Millisecond) // 1,000 members a minute
	}
	if n := cd.members(); n > 2_000 {
		t.Errorf("%d members remembered; at most two windows' 2,000 expected", n)
	}
}

// Through the table: one member's burst of challenges and vs-bot games stops at the limit, with a
// private refusal, on the table's clock.
func TestTheTableRefusesABurstOfStarts(t *testing.T) {
	f := newFixture(t)
	refusedAt := -1
	for i := range 10 {
		a := f.actor("alice", "ouri")
		a.Place.Channel = fmt.Sprint("c", i) // a channel each, so no game is in the way
		var err error
		if i%2 == 0 {
			_, err = f.tab.Challenge(a, fmt.Sprint("bob", i), false, "me", games.Options{})
		} else {
			_, err = f.tab.VsBot(a, ai.Easy, "bot", games.Options{})
		}
		if err != nil {
			refusal(t, err, Refused)
			if r := err.(*Refusal); r.ID != "refusal.too-fast" {
				t.Fatalf("start %d refused for another reason: %v", i+1, err)
			}
			if refusedAt < 0 {
				refusedAt = i
			}
		} else if refusedAt >= 0 {
			t.Fatalf("start %d went through after start %d was refused", i+1, refusedAt+1)
		}
	}
	if refusedAt != DefaultStartLimit {
		t.Fatalf("the first refused start is number %d, want %d", refusedAt+1, DefaultStartLimit+1)
	}
	f.tab.Wait()
	f.advance(DefaultStartWindow)
	a := f.actor("alice", "ouri")
	a.Place.Channel = "later"
	if _, err := f.tab.Challenge(a, "bob", false, "me", games.Options{}); err != nil {
		t.Errorf("a window later: %v", err)
	}
}
