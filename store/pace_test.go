package store_test

import (
	"sync"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/store"
)

func memberGames(t *testing.T, f fixture) {
	a := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	dm, err := f.CreateGame(store.Game{Channel: "dm-a", Kind: "ordo", Seats: [2]store.Player{person("a"), bot("easy")},
		Encoded: fresh(t, "ordo", 0), Pace: 3})
	if err != nil {
		t.Fatal(err)
	}
	other, err := f.CreateGame(store.Game{Guild: "g2", Channel: "c9", Kind: "oolong", Seats: [2]store.Player{person("c"), person("a")},
		Encoded: fresh(t, "oolong", 0), Pace: 14})
	if err != nil {
		t.Fatal(err)
	}
	newGame(t, f, "c1", "ordo", person("b"), person("c"))
	team := newGame(t, f, "c2", "ouri", store.Player{Team: true}, bot("easy"))
	want(t, "a's games", ids(f.other().MemberGames("a")), []uint64{a.ID, dm.ID, other.ID})
	want(t, "b's games", len(must(f.MemberGames("b"))), 2)
	want(t, "the team's", ids(f.MemberGames(store.TeamKey)), []uint64{})
	want(t, "nobody's", ids(f.MemberGames("z")), []uint64{})
	got := must(f.MemberGames("a"))
	want(t, "the paces", []store.Pace{got[0].Pace, got[1].Pace, got[2].Pace}, []store.Pace{store.PaceLive, 3, 14})
	// A game paused by a vacation keeps the time left; one that ends leaves the list.
	if _, _, err := f.Update(other.ID, -1, func(r *store.Game, _ games.Game) error {
		r.Deadline, r.Left = time.Time{}, 50*time.Hour
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if g, _, err := f.other().Game(other.ID); err != nil || g.Left != 50*time.Hour || g.Pace != 14 {
		t.Fatalf("the paused game read back as %+v, %v", g, err)
	}
	if _, _, err := f.Update(a.ID, -1, resign(1)); err != nil {
		t.Fatal(err)
	}
	want(t, "a's games after one ended", ids(f.MemberGames("a")), []uint64{dm.ID, other.ID})
	want(t, "the team game stays out", team.Seats[0].Team, true)
	// A challenge carries its pace into its game.
	now := f.clock.Now()
	c, err := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c5", Kind: "ordo", First: "me",
		Challenger: "d", Opponent: "e", Expires: now.Add(time.Minute), Pace: 7})
	if err != nil {
		t.Fatal(err)
	}
	want(t, "the challenge's pace", must(f.other().Challenge(c.ID)).Pace, store.Pace(7))
	g, err := f.AcceptChallenge(c.ID, store.Game{Seats: [2]store.Player{person("d"), person("e")}, Encoded: fresh(t, "ordo", 0)})
	if err != nil {
		t.Fatal(err)
	}
	want(t, "the accepted game's pace", g.Pace, store.Pace(7))
	want(t, "e's games", ids(f.MemberGames("e")), []uint64{g.ID})
}

func vacationsDue(t *testing.T, f fixture) {
	now := f.clock.Now()
	away := func(user string, since, until time.Time) {
		t.Helper()
		if _, err := f.ChangeMemberSettings(user, func(m *store.MemberSettings) {
			m.Vacation.Since, m.Vacation.Until = since, until
		}); err != nil {
			t.Fatal(err)
		}
	}
	away("a", now, now.Add(14*24*time.Hour))
	away("b", now, now.Add(time.Hour))
	want(t, "due now", must(f.VacationsDue(now)), []string(nil))
	want(t, "due in an hour", must(f.other().VacationsDue(now.Add(time.Hour))), []string{"b"})
	want(t, "due in 15 days", must(f.VacationsDue(now.Add(15*24*time.Hour))), []string{"b", "a"})
	// Ending it sooner moves its entry; a finished vacation leaves the list.
	away("a", now, now.Add(time.Minute))
	want(t, "a ended sooner", must(f.VacationsDue(now.Add(time.Hour))), []string{"a", "b"})
	if _, err := f.ChangeMemberSettings("b", func(m *store.MemberSettings) {
		m.Vacation = store.Vacation{Year: 2025, Spent: time.Hour}
	}); err != nil {
		t.Fatal(err)
	}
	want(t, "b back", must(f.VacationsDue(now.Add(time.Hour))), []string{"a"})
	m := must(f.other().MemberSettings("b"))
	want(t, "b's budget spent", m.Vacation, store.Vacation{Year: 2025, Spent: time.Hour})
	on := must(f.MemberSettings("a")).Vacation
	want(t, "a on vacation now", on.On(now), true)
	want(t, "a on vacation at its end", on.On(now.Add(time.Minute)), false)
}

func digestClaims(t *testing.T, f fixture) {
	hour := func(user string, on bool, h int) {
		t.Helper()
		if _, err := f.ChangeMemberSettings(user, func(m *store.MemberSettings) { m.Digest, m.DigestHour = on, h }); err != nil {
			t.Fatal(err)
		}
	}
	hour("a", true, 8)
	hour("b", true, 8)
	hour("c", true, 9)
	hour("d", false, 8)
	want(t, "due at 8", must(f.DigestsDue("2025-03-01", 8)), []string{"a", "b"})
	want(t, "due at 9", must(f.other().DigestsDue("2025-03-01", 9)), []string{"c"})
	want(t, "due at 10", must(f.DigestsDue("2025-03-01", 10)), []string(nil))
	// Two processes race for a's digest: one wins.
	var wins sync.WaitGroup
	won := make(chan bool, 2)
	for _, s := range []store.Store{f, f.other()} {
		wins.Add(1)
		go func() {
			defer wins.Done()
			w, err := s.ClaimDigest("a", "2025-03-01", time.Minute)
			if err != nil {
				t.Error(err)
			}
			won <- w
		}()
	}
	wins.Wait()
	close(won)
	n := 0
	for w := range won {
		if w {
			n++
		}
	}
	want(t, "winners of a's claim", n, 1)
	// Claimed and not sent: still due (its sender may die), not claimable within the lease.
	want(t, "due while claimed", must(f.DigestsDue("2025-03-01", 8)), []string{"a", "b"})
	want(t, "a claim within the lease", must(f.ClaimDigest("a", "2025-03-01", time.Minute)), false)
	f.clock.Add(time.Minute)
	want(t, "a claim past the lease", must(f.other().ClaimDigest("a", "2025-03-01", time.Minute)), true)
	if err := f.DigestSent("a", "2025-03-01"); err != nil {
		t.Fatal(err)
	}
	want(t, "due once sent", must(f.DigestsDue("2025-03-01", 8)), []string{"b"})
	f.clock.Add(time.Hour)
	want(t, "a claim once sent", must(f.ClaimDigest("a", "2025-03-01", time.Minute)), false)
	// The next day is claimed anew; turning the digest off leaves the list.
	want(t, "the next day", must(f.ClaimDigest("a", "2025-03-02", time.Minute)), true)
	hour("b", false, 8)
	want(t, "due at 8 the next day", must(f.DigestsDue("2025-03-02", 8)), []string{"a"})
}
