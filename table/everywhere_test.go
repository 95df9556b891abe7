package table

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// stored creates an active game directly in the store: seat 0 decides first.
func stored(t testing.TB, st store.Store, guild, channel, kind string, a, b store.Player, deadline time.Time, pace store.Pace) store.Game {
	t.Helper()
	g, err := catalog.New(kind, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := st.CreateGame(store.Game{Guild: guild, Channel: channel, Kind: kind, Seats: [2]store.Player{a, b},
		Encoded: games.Encode(g), Deadline: deadline, Pace: pace, MessageID: "msg-" + channel})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestAMembersGamesAreListedEverywhereTheirMoveFirst(t *testing.T) {
	f := newFixture(t)
	now := f.now
	me, them := store.Player{UserID: "m"}, store.Player{UserID: "o"}
	// Three servers and a DM.
	late := stored(t, f.st, "g1", "c1", "ouri", me, them, now.Add(5*24*time.Hour), 7)
	theirs := stored(t, f.st, "g2", "c2", "ordo", them, me, now.Add(time.Hour), 1)
	soon := stored(t, f.st, "g3", "c3", "oolong", me, store.Player{UserID: "p"}, now.Add(20*time.Hour), 1)
	dm := stored(t, f.st, "", "dm", "ouri", store.Player{Bot: true, Level: "easy"}, me, time.Time{}, store.PaceLive)
	// Not theirs, and not active.
	stored(t, f.st, "g1", "c1", "ordo", them, store.Player{UserID: "p"}, now.Add(time.Hour), 1)
	done := stored(t, f.st, "g1", "c4", "ordo", me, them, now.Add(time.Hour), 1)
	if _, _, err := f.st.Update(done.ID, -1, func(r *store.Game, g games.Game) error { return g.End(games.Resignation, 0) }); err != nil {
		t.Fatal(err)
	}
	got, err := f.tab.GamesOf("m")
	if err != nil {
		t.Fatal(err)
	}
	var order []uint64
	for _, l := range got {
		order = append(order, l.Game.ID)
	}
	// Their move, soonest deadline first; then the others, the bot's (no deadline) last.
	if want := []uint64{soon.ID, late.ID, theirs.ID, dm.ID}; !slices.Equal(order, want) {
		t.Fatalf("listed %v, want %v", order, want)
	}
	links := []string{"https://discord.com/channels/g3/c3/msg-c3", "https://discord.com/channels/g1/c1/msg-c1",
		"https://discord.com/channels/g2/c2/msg-c2", "https://discord.com/channels/@me/dm/msg-dm"}
	for i, l := range got {
		if l.Link() != links[i] {
			t.Errorf("game %d links to %s, want %s", l.Game.ID, l.Link(), links[i])
		}
	}
	if !got[0].YourMove || !got[1].YourMove || got[2].YourMove || got[3].YourMove {
		t.Errorf("whose move: %v %v %v %v", got[0].YourMove, got[1].YourMove, got[2].YourMove, got[3].YourMove)
	}
	if got[2].Opponent.UserID != "o" || !got[3].Opponent.Bot || got[0].Game.Pace != 1 || !got[2].Deadline.Equal(theirs.Deadline) {
		t.Errorf("opponents, paces, deadlines: %+v", got)
	}
	// A game played in a thread links there.
	if l := (Listed{Game: store.Game{Guild: "g", Channel: "c", Thread: "th", MessageID: "b"}}); l.Link() != "https://discord.com/channels/g/th/b" {
		t.Errorf("a thread's game links to %s", l.Link())
	}
}

func TestTheOpponentOnVacationIsShown(t *testing.T) {
	f := newFixture(t)
	v := f.paced(2)
	vac, _, err := f.tab.StartVacation("alice")
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.tab.GamesOf("bob")
	if err != nil || len(got) != 1 || got[0].Game.ID != v.Game.ID {
		t.Fatalf("bob's games: %+v, %v", got, err)
	}
	if !got[0].Away.Equal(vac.Until) || !got[0].Deadline.IsZero() || got[0].YourMove {
		t.Fatalf("alice away: %+v, want away until %v", got[0], vac.Until)
	}
}

func TestGamesArePagedByTen(t *testing.T) {
	f := newFixture(t)
	for i := range 23 {
		stored(t, f.st, "g1", fmt.Sprint("c", i), "ordo", store.Player{UserID: "m"}, store.Player{UserID: "o"}, f.now.Add(time.Duration(i)*time.Hour), 1)
	}
	for _, c := range []struct{ page, want, first int }{{0, 10, 0}, {1, 10, 10}, {2, 3, 20}, {7, 3, 20}, {-1, 10, 0}} {
		got, pages, err := f.tab.GamesPage("m", c.page)
		if err != nil || pages != 3 || len(got) != c.want || got[0].Game.Channel != fmt.Sprint("c", c.first) {
			t.Errorf("page %d: %d games of %d pages, first in %s, %v", c.page, len(got), pages, got[0].Game.Channel, err)
		}
	}
	got, pages, err := f.tab.GamesPage("nobody", 0)
	if err != nil || pages != 1 || len(got) != 0 {
		t.Errorf("nobody's games: %v of %d pages, %v", got, pages, err)
	}
}

// BenchmarkGamesOf lists the games of a member in 50 games, each in another channel.
//
//	go test -run '^$' -bench GamesOf ./table/
func BenchmarkGamesOf(b *testing.B) {
	st, err := store.Open(b.TempDir()+"/t.db", store.Options{Decode: catalog.Decode})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	tab := New(st, &heard{}, Config{AI: testAI})
	now := time.Now()
	for i := range 50 {
		stored(b, st, fmt.Sprint("g", i%5), fmt.Sprint("c", i), "ordo", store.Player{UserID: "m"}, store.Player{UserID: fmt.Sprint("o", i)},
			now.Add(time.Duration(i)*time.Hour), 2)
	}
	for b.Loop() {
		got, err := tab.GamesOf("m")
		if err != nil || len(got) != 50 {
			b.Fatalf("%d games, %v", len(got), err)
		}
	}
}
