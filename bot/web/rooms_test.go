package web

import (
	"context"
	"strings"
	"testing"

	"tabuleiro/table"
)

// Watchers in two languages share a room: each hears every move in their own language.
func TestWatchersHearEachMoveInTheirOwnLanguage(t *testing.T) {
	s := newSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	en, pt := s.client(t, "en-US").stream(ctx, s.people), s.client(t, "pt-BR").stream(ctx, s.people)
	next(t, en)
	next(t, pt)
	if _, _, err := s.b.Table().Move(table.Actor{User: "111", Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}, "a3-a4"); err != nil {
		t.Fatal(err)
	}
	if st := next(t, en); st.Last == nil || st.Last.Said != "Alice (White) played a3-a4." {
		t.Errorf("the English watcher heard %+v", st.Last)
	}
	if st := next(t, pt); st.Last == nil || st.Last.Said != "Alice (Brancas) jogou a3-a4." {
		t.Errorf("the Portuguese watcher heard %+v", st.Last)
	}
	s.web.rooms.mu.Lock()
	n := len(s.web.rooms.m)
	s.web.rooms.mu.Unlock()
	if n != 1 {
		t.Errorf("two watchers of one game make %d rooms", n)
	}
	cancel()
}

// A watcher that has not taken a state gets the newer one in its place, and offering never waits.
func TestASlowWatcherGetsTheNewestStateOnly(t *testing.T) {
	w := &seatless{c: make(chan []byte, 1)}
	for _, b := range []string{"ply 1", "ply 2", "ply 3"} {
		w.offer([]byte(b))
	}
	if got := string(<-w.c); !strings.HasSuffix(got, "3") {
		t.Errorf("the slow watcher got %q, want the newest", got)
	}
	select {
	case b := <-w.c:
		t.Errorf("the slow watcher holds a second state %q", b)
	default:
	}
}
