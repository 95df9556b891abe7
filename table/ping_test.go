package table

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

func TestTurnPings(t *testing.T) {
	f := newFixture(t)
	v := f.twoPlayers() // alice to move
	sweep := func() []ping {
		f.heard.mu.Lock()
		before := len(f.heard.pings)
		f.heard.mu.Unlock()
		f.tab.Sweep(context.Background())
		f.heard.mu.Lock()
		defer f.heard.mu.Unlock()
		return append([]ping(nil), f.heard.pings[before:]...)
	}
	// The first turn starts with the accepted challenge.
	f.advance(time.Minute)
	if got := sweep(); len(got) != 0 {
		t.Fatalf("pinged after a minute: %+v", got)
	}
	f.advance(time.Minute + time.Second)
	got := sweep()
	if len(got) != 1 || got[0].user != "alice" || got[0].reminder || got[0].game != v.Game.ID {
		t.Fatalf("after 2 minutes: %+v", got)
	}
	if again := sweep(); len(again) != 0 {
		t.Fatalf("pinged twice: %+v", again)
	}
	// Alice moves: her ping message is stale, and bob's turn is pinged in its turn.
	moved, _, err := f.tab.Move(f.actor("alice", "ouri"), "d")
	if err != nil {
		t.Fatal(err)
	}
	if moved.StalePing != "ping1" {
		t.Fatalf("the move's stale ping is %q, want ping1", moved.StalePing)
	}
	f.advance(2*time.Minute + time.Second)
	if got := sweep(); len(got) != 1 || got[0].user != "bob" || got[0].stale != "" {
		t.Fatalf("bob's turn: %+v", got)
	}
	// Half the idle timeout: the reminder, replacing the first ping.
	f.advance(36 * time.Hour)
	got = sweep()
	if len(got) != 1 || !got[0].reminder || got[0].user != "bob" || got[0].stale != "ping2" {
		t.Fatalf("the reminder: %+v", got)
	}
	f.advance(10 * time.Hour)
	if got := sweep(); len(got) != 0 {
		t.Fatalf("a third ping: %+v", got)
	}
}

func TestNoPingForWhoTurnedThemOff(t *testing.T) {
	f := newFixture(t)
	f.twoPlayers()
	if _, err := f.tab.ChangeMemberSettings("bob", func(m *store.MemberSettings) { m.NoPings = true }); err != nil {
		t.Fatal(err)
	}
	f.tab.Move(f.actor("alice", "ouri"), "d")
	f.advance(3 * time.Minute)
	f.tab.Sweep(context.Background())
	if len(f.heard.pings) != 0 {
		t.Fatalf("pinged a player who turned pings off: %+v", f.heard.pings)
	}
	// A server without pings.
	g := newFixture(t)
	g.twoPlayers()
	if _, err := g.tab.ChangeSettings("g1", func(s *store.ServerSettings) { s.NoPings = true }); err != nil {
		t.Fatal(err)
	}
	g.tab.Move(g.actor("alice", "ouri"), "d")
	g.advance(3 * time.Minute)
	g.tab.Sweep(context.Background())
	if len(g.heard.pings) != 0 {
		t.Fatalf("pinged on a server without pings: %+v", g.heard.pings)
	}
}

// A ping that came due while the bot was down is sent once after it starts again.
func TestAPingDueDuringARestartIsSentOnce(t *testing.T) {
	f := newFixture(t)
	f.twoPlayers()
	f.tab.Move(f.actor("alice", "ouri"), "d")
	path := f.path
	f.st.Close()
	f.advance(10 * time.Minute)
	for i := 0; i < 2; i++ {
		st, err := store.Open(path, store.Options{Decode: catalog.Decode, Now: f.clock})
		if err != nil {
			t.Fatal(err)
		}
		tab := New(st, f.heard, Config{Now: f.clock, Log: slog.New(slog.DiscardHandler), AI: testAI})
		tab.Sweep(context.Background())
		st.Close()
	}
	if len(f.heard.pings) != 1 || f.heard.pings[0].user != "bob" {
		t.Fatalf("after two restarts: %+v", f.heard.pings)
	}
}
