package store

import (
	"testing"
	"time"

	"tabuleiro/games"
)

// signalled reports whether c signals within a second.
func signalled(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	case <-time.After(time.Second):
		return false
	}
}

// quiet reports whether c has no signal waiting.
func quiet(c <-chan struct{}) bool {
	select {
	case <-c:
		return false
	default:
		return true
	}
}

func TestWatchersHearOfTheirGameOnly(t *testing.T) {
	s, _, _ := openTest(t)
	a := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
	b := newGame(t, s, "c2", "ouri", person("bob"), bot("easy"))
	changedA, stopA := s.Watch(a.ID)
	defer stopA()
	changedB, stopB := s.Watch(b.ID)
	defer stopB()

	if _, _, err := s.Update(a.ID, a.Ply, playFirst); err != nil {
		t.Fatal(err)
	}
	if !signalled(changedA) {
		t.Fatal("a decision in game A did not reach A's watcher within a second")
	}
	if !quiet(changedB) {
		t.Fatal("a decision in game A reached B's watcher")
	}
	// A refused decision changed nothing: nobody hears of it.
	if _, _, err := s.Update(a.ID, a.Ply, playFirst); err == nil {
		t.Fatal("a decision at a stale ply was taken")
	}
	if !quiet(changedA) {
		t.Fatal("a refused decision reached the watcher")
	}
}

func TestASlowWatcherNeverHoldsUpADecision(t *testing.T) {
	s, _, _ := openTest(t)
	g := newGame(t, s, "c1", "ordo", person("alice"), person("bob"))
	changed, stop := s.Watch(g.ID)
	defer stop()
	// The watcher reads nothing while forty decisions are made: each commits at once, and the
	// watcher is left one signal that stands for all of them.
	done := make(chan error, 1)
	go func() {
		for i := 0; i < 40; i++ {
			if _, _, err := s.Update(g.ID, -1, playFirst); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("decisions waited for a watcher that reads nothing")
	}
	if !signalled(changed) {
		t.Fatal("the watcher was not told that the game changed")
	}
	if !quiet(changed) {
		t.Fatal("the watcher holds more than one signal: it should read the game once")
	}
}

func TestAStoppedWatcherHearsNothing(t *testing.T) {
	s, _, _ := openTest(t)
	g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
	changed, stop := s.Watch(g.ID)
	stop()
	stop() // twice is harmless
	if _, _, err := s.Update(g.ID, -1, playFirst); err != nil {
		t.Fatal(err)
	}
	if !quiet(changed) {
		t.Fatal("a watcher that stopped was told of a change")
	}
	if n := len(s.feed.watchers); n != 0 {
		t.Fatalf("the feed still keeps watchers of %d games after the only one stopped", n)
	}
}

// The timers are carried out on the duty's store: its changes reach the watchers too.
func TestWatchersHearOfTheDutysChanges(t *testing.T) {
	s, _, _ := openTest(t)
	g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
	changed, stop := s.Watch(g.ID)
	defer stop()
	if _, _, err := s.Duty().Update(g.ID, -1, func(rec *Game, g games.Game) error { return g.End(games.Time, g.ToMove()) }); err != nil {
		t.Fatal(err)
	}
	if !signalled(changed) {
		t.Fatal("a loss on time did not reach the watcher")
	}
}
