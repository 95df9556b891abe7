package store_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"tabuleiro/store"
)

// token is a test's personal link token: as long as bot/web's.
func token(name string) string { return fmt.Sprintf("%-22s", name) }

func links(t *testing.T, f fixture) {
	now := f.clock.Now()
	until := now.Add(15 * time.Minute)
	keep := func(s store.Store, name, member string, game uint64, expires time.Time) {
		t.Helper()
		if err := s.KeepLink(token(name), store.Link{Member: member, Game: game, Expires: expires}, now); err != nil {
			t.Fatal(err)
		}
	}
	take := func(s store.Store, name string, game uint64, at time.Time) store.Link {
		t.Helper()
		l, ok, err := s.TakeLink(token(name), game, at)
		if err != nil {
			t.Fatal(err)
		}
		if ok != (l != store.Link{}) {
			t.Fatalf("taking %s gave %v and %+v", name, ok, l)
		}
		l.Expires = l.Expires.UTC() // the instant, as the test wrote it
		return l
	}
	none := store.Link{}
	keep(f, "alice", "a", 7, until)
	keep(f, "bob", "b", 8, until)
	want(t, "another game's link", take(f.other(), "bob", 7, now), none)
	want(t, "a link kept on one handle, taken on another", take(f.other(), "alice", 7, now), store.Link{Member: "a", Game: 7, Expires: until})
	want(t, "the same link again", take(f, "alice", 7, now), none)
	want(t, "the same link again, on the other handle", take(f.other(), "alice", 7, now), none)
	want(t, "a link tried on another game first", take(f, "bob", 8, now), store.Link{Member: "b", Game: 8, Expires: until})
	want(t, "a link never kept", take(f, "carol", 7, now), none)

	keep(f, "late", "a", 7, until)
	want(t, "a link at its expiry", take(f.other(), "late", 7, until), none)
	want(t, "an expired link is gone, even for an earlier clock", take(f, "late", 7, now), none)

	if err := f.KeepLink("short", store.Link{Member: "a", Game: 7, Expires: until}, now); err == nil {
		t.Error("a token of 5 characters was kept")
	}
	if err := f.KeepLink(token("nobody"), store.Link{Game: 7, Expires: until}, now); err == nil {
		t.Error("a link for nobody was kept")
	}
}

// Keeping a link deletes the expired ones, earliest first, a few at a time.
func linkSweep(t *testing.T, f fixture) {
	now := f.clock.Now()
	for i := range 20 {
		l := store.Link{Member: "a", Game: 7, Expires: now.Add(time.Duration(i+1) * time.Second)}
		if err := f.KeepLink(token(fmt.Sprint("old", i)), l, now); err != nil {
			t.Fatal(err)
		}
	}
	later := now.Add(time.Hour)
	if err := f.other().KeepLink(token("new"), store.Link{Member: "b", Game: 7, Expires: later.Add(time.Minute)}, later); err != nil {
		t.Fatal(err)
	}
	var left []int
	for i := range 20 {
		if _, ok, err := f.TakeLink(token(fmt.Sprint("old", i)), 7, now); err != nil {
			t.Fatal(err)
		} else if ok {
			left = append(left, i)
		}
	}
	want(t, "the links left after one sweep (taken at an earlier clock)", left, []int{16, 17, 18, 19})
	if _, ok, err := f.TakeLink(token("new"), 7, later); err != nil || !ok {
		t.Fatalf("the link kept with the sweep: %v, %v", ok, err)
	}
}

// Processes racing for the same links take each once.
func racingLinks(t *testing.T, f fixture) {
	now := f.clock.Now()
	const n = 8
	for i := range n {
		if err := f.KeepLink(token(fmt.Sprint("race", i)), store.Link{Member: "a", Game: 7, Expires: now.Add(time.Minute)}, now); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	taken := map[int]int{}
	var wg sync.WaitGroup
	for r := range 4 {
		s := f.Store
		if r%2 == 1 {
			s = f.other()
		}
		wg.Go(func() {
			for i := range n {
				_, ok, err := s.TakeLink(token(fmt.Sprint("race", i)), 7, now)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					taken[i]++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	for i := range n {
		if taken[i] != 1 {
			t.Errorf("link %d was taken %d times", i, taken[i])
		}
	}
}
