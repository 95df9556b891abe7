package discord

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"tabuleiro/bot"
	"tabuleiro/store"
)

// A process dies once Discord took its post of round 1's message and before it noted it: nothing
// it did after counts in the store, though Discord took its boards too. Another process on the
// same file shows the round again once AnnounceWait is over (table's reshow), and every post it
// makes carries the name the dead one's did, so Discord would show each once: the round's
// message and each pairing's board, each named apart.
func TestARoundShownAgainAfterADeathPostsUnderTheSameNames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabuleiro.db")
	clk := newClock()
	tune := func(c *bot.Config) { c.StartLimit = -1 }
	dying, later := newFakeDiscord(t), newFakeDiscord(t)
	a := newTableOn(t, path, clk.Now, dying, quietLog(), tune)
	var death sync.Once
	died := make(chan struct{})
	dying.mu.Lock()
	dying.taken = func(c call) {
		if strings.Contains(c.Body, `"content":"**Round 1 of`) {
			death.Do(func() {
				if err := a.st.Close(); err != nil {
					t.Errorf("the dying process's store: %v", err)
				}
				close(died)
			})
		}
	}
	dying.mu.Unlock()
	c := &cupRun{t: t, clk: clk, st: a.st, f: dying, post: a.post, settle: a.settle}
	c.open("swiss", 3, []string{"201", "202", "203", "204"})
	select {
	case <-died:
		a.stopped = true // its store is closed
	default:
		t.Fatal("round 1's message was never posted")
	}
	before := c.posted()
	if len(before) != 3 {
		t.Fatalf("the dying process posted %d messages, want the round's and its two boards", len(before))
	}
	b := newTableOn(t, path, clk.Now, later, quietLog(), tune)
	c.st, c.f = b.st, later
	if tr := c.tournament(); tr.Current().MessageID != "" || tr.Current().Boards {
		t.Fatalf("the dead process's notes outlived it: %+v", tr.Current())
	}
	clk.Advance(store.AnnounceWait)
	for range 2 {
		b.bot.Sweep(context.Background())
		b.settle()
	}
	after := c.posted()
	names := func(msgs []postedMessage) []string {
		var out []string
		for _, m := range msgs {
			if !m.Enforce || m.Nonce == "" || len(m.Nonce) > 25 {
				t.Errorf("a post of the round carries the nonce %q, enforced %v: %.80q", m.Nonce, m.Enforce, m.Content)
			}
			out = append(out, m.Nonce)
		}
		slices.Sort(out)
		return out
	}
	was, is := names(before), names(after)
	if !slices.Equal(was, is) || len(slices.Compact(slices.Clone(is))) != 3 {
		t.Fatalf("the round shown again is named %q, the dead process named it %q: want the same three names", is, was)
	}
	if tr := c.tournament(); tr.Current().MessageID == "" || !tr.Current().Boards {
		t.Fatalf("the round shown again is not noted: %+v", tr.Current())
	}
}
