package main

import (
	"net/http/httptest"
	"testing"
	"time"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// The real binary, the fake Discord holding the server's daily puzzle post: the process is killed
// (SIGKILL) after claiming the day and before Discord answered its post, so the day was neither
// posted nor marked tried; started again on the same file, it posts the day once the dead claim's
// lease is over (10 seconds, the floor: a minute of a pace day of an hour is less), under the
// nonce the dead one's post carried. The binary looks for daily puzzles due at its start and every
// 10 seconds.
func TestADailyPuzzleClaimedBeforeSIGKILLIsPostedOnceAfterRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary, restarts it and waits for its sweeps")
	}
	const lease = 10 * time.Second
	// dmBox holds the first post in a channel whose id starts with 9, as a member's DM has: the
	// puzzle's channel is given one.
	const channel = "9700"
	box := newDMBox()
	api := httptest.NewServer(box)
	t.Cleanup(api.Close)
	t.Cleanup(func() { close(box.release) })
	b := newKilledBot(t, api.URL, "PACE_DAY=1h")
	// The day is the UTC day of the claim, and the test takes half a minute: start with more than
	// that of it ahead.
	if n := time.Now().UTC(); n.Hour() == 23 && n.Minute() >= 58 {
		time.Sleep(time.Duration(60*(60-n.Minute())-n.Second()+1) * time.Second)
	}
	st, err := store.Open(b.db, store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.ChangeServerSettings("100", func(s *store.ServerSettings) {
		s.PuzzleChannel, s.PuzzleHour = channel, time.Now().UTC().Hour()
	}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	// Started, the bot claims the day at its first look and posts it, and Discord holds the post.
	const look = 10*time.Second + 5*time.Second // a look, and slack for a loaded machine
	b.start()
	select {
	case <-box.holding:
	case <-time.After(look):
		t.Fatalf("no daily puzzle was posted within %v", look)
	}
	held := time.Now()
	b.kill()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if _, dropped := box.counts(); dropped == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the held post's sender did not go away with the process")
		}
	}
	b.start()
	for deadline := held.Add(lease + look); ; time.Sleep(50 * time.Millisecond) {
		if posts, _ := box.counts(); len(posts) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no daily puzzle within %v of the dead claim", lease+look)
		}
	}
	if after := time.Since(held); after < lease-time.Second {
		t.Fatalf("the day was posted again %v after the dead claim, before its lease of %v", after, lease)
	}
	t.Logf("posted %v after the dead claim", time.Since(held).Round(100*time.Millisecond))
	time.Sleep(time.Second) // anything else it would post
	b.kill()
	if posts, dropped := box.counts(); len(posts) != 1 || posts[channel] != 1 || dropped != 1 {
		t.Fatalf("daily posts by channel %v and %d held one dropped, want one in %s and one dropped", posts, dropped, channel)
	}
	// Had the held post landed, Discord would not have posted the second: both carry one nonce.
	box.mu.Lock()
	defer box.mu.Unlock()
	if n := box.nonces; len(n) != 2 || n[0] == "" || n[0] != n[1] || len(n[0]) > 25 {
		t.Fatalf("the two posts of the day carry the enforced nonces %q, want one of at most 25 characters", n)
	}
}
