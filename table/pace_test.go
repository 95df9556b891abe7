package table

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
	"tabuleiro/tournament"
)

// paced starts an Ouri game at pace between alice (South, to move) and bob, in channel c1.
func (f *fixture) paced(pace store.Pace) View {
	f.t.Helper()
	c, err := f.tab.ChallengePaced(f.actor("alice", "ouri"), "bob", false, "me", games.Options{}, nil, pace)
	if err != nil {
		f.t.Fatal(err)
	}
	if c.Pace != pace {
		f.t.Fatalf("the challenge's pace is %v, want %v", c.Pace, pace)
	}
	a, err := f.tab.Answer(f.actor("bob", "ouri"), c.ID, true, "m1")
	if err != nil {
		f.t.Fatal(err)
	}
	return *a.Game
}

// game reads a game back from the store.
func (f *fixture) game(id uint64) store.Game {
	f.t.Helper()
	rec, _, err := f.st.Game(id)
	if err != nil {
		f.t.Fatal(err)
	}
	return rec
}

// lost sweeps and reports whether game id is over, lost on time.
func (f *fixture) sweepLost(id uint64) bool {
	f.t.Helper()
	f.tab.Sweep(context.Background())
	rec := f.game(id)
	return rec.State == store.Finished && rec.Outcome.Method == games.Time
}

// timeOuts counts the games the notifier heard lost on time.
func (f *fixture) timeOuts() int {
	f.heard.mu.Lock()
	defer f.heard.mu.Unlock()
	n := 0
	for _, v := range f.heard.games {
		if v.Live.Outcome().Method == games.Time {
			n++
		}
	}
	return n
}

func TestPacesReadAndWrite(t *testing.T) {
	for _, p := range store.Paces {
		back, err := store.ParsePace(p.String())
		if err != nil || back != p {
			t.Errorf("%v read back as %v, %v", p, back, err)
		}
	}
	for in, want := range map[string]store.Pace{"": store.PaceLive, "LIVE": store.PaceLive, " 2d": 2, "14d": 14} {
		if got, err := store.ParsePace(in); err != nil || got != want {
			t.Errorf("%q read as %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"4d", "2", "1w", "0d", "-1d"} {
		if _, err := store.ParsePace(in); err == nil {
			t.Errorf("%q read as a pace", in)
		}
	}
}

func TestADayPacedGameIsLostAtItsDeadlineNeverBefore(t *testing.T) {
	f := newFixture(t)
	v := f.paced(2)
	start := f.now
	if want := start.Add(48 * time.Hour); !v.Game.Deadline.Equal(want) {
		t.Fatalf("alice's first deadline is %v, want %v", v.Game.Deadline, want)
	}
	// Alice decides an hour in: bob's 48 hours start then.
	f.advance(time.Hour)
	moved, _, err := f.tab.Move(f.actor("alice", "ouri"), "d")
	if err != nil {
		t.Fatal(err)
	}
	deadline := start.Add(49 * time.Hour)
	if !moved.Game.Deadline.Equal(deadline) {
		t.Fatalf("bob's deadline is %v, want %v", moved.Game.Deadline, deadline)
	}
	// The sweep runs every ten seconds: one sweep before the deadline, and a nanosecond before.
	f.advance(48*time.Hour - sweepEvery)
	if f.sweepLost(v.Game.ID) {
		t.Fatal("lost one sweep before the deadline")
	}
	f.advance(sweepEvery - time.Nanosecond)
	if f.sweepLost(v.Game.ID) {
		t.Fatal("lost a nanosecond before the deadline")
	}
	f.advance(time.Nanosecond)
	if !f.sweepLost(v.Game.ID) {
		t.Fatal("not lost at the deadline")
	}
	if rec := f.game(v.Game.ID); rec.Outcome.Winner != 0 {
		t.Fatalf("bob's time ran out, but the winner is seat %d", rec.Outcome.Winner)
	}
	// Swept again, here and after a restart: lost once.
	f.tab.Sweep(context.Background())
	g := f.reopen()
	g.tab.Sweep(context.Background())
	if n := f.timeOuts() + g.timeOuts(); n != 1 {
		t.Fatalf("the loss on time was told %d times", n)
	}
}

// reopen closes the fixture's store and opens its file under a new table, as a restarted process.
func (f *fixture) reopen() *fixture {
	f.t.Helper()
	f.tab.Wait()
	if err := f.st.Close(); err != nil {
		f.t.Fatal(err)
	}
	g := &fixture{t: f.t, heard: &heard{}, now: f.clock(), path: f.path, n: f.n}
	st, err := store.Open(f.path, store.Options{Decode: catalog.Decode, Now: g.clock})
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { g.tab.Wait(); st.Close() })
	g.st = st
	g.tab = New(st, g.heard, Config{Now: g.clock, Seed: 3, Log: slog.New(slog.DiscardHandler), AI: testAI})
	return g
}

func TestADeadlineSurvivesARestart(t *testing.T) {
	f := newFixture(t)
	v := f.paced(1)
	f.advance(24*time.Hour - time.Second)
	g := f.reopen()
	if g.sweepLost(v.Game.ID) {
		t.Fatal("lost before the deadline after a restart")
	}
	g.advance(time.Second)
	if !g.sweepLost(v.Game.ID) || g.timeOuts() != 1 {
		t.Fatalf("after a restart, at the deadline: told %d times", g.timeOuts())
	}
}

func TestALiveGameKeepsTheIdleTimeout(t *testing.T) {
	f := newFixture(t)
	v := f.paced(store.PaceLive)
	if want := f.now.Add(72 * time.Hour); !v.Game.Deadline.Equal(want) {
		t.Fatalf("a live game's deadline is %v, want %v", v.Game.Deadline, want)
	}
}

func TestAShortPaceDayPlaysTwoDaysInSeconds(t *testing.T) {
	f := newFixture(t)
	f.tab = New(f.st, f.heard, Config{Now: f.clock, Seed: 3, Log: slog.New(slog.DiscardHandler), AI: testAI, PaceDay: time.Second})
	v := f.paced(2)
	if want := f.now.Add(2 * time.Second); !v.Game.Deadline.Equal(want) {
		t.Fatalf("a 2-day game with 1s days has its deadline at %v, want %v", v.Game.Deadline, want)
	}
}

func TestTheReminderComesOnceWithAQuarterLeft(t *testing.T) {
	f := newFixture(t)
	v := f.paced(2) // alice has 48 hours
	sweep := func() []ping {
		f.heard.mu.Lock()
		before := len(f.heard.pings)
		f.heard.mu.Unlock()
		f.tab.Sweep(context.Background())
		f.heard.mu.Lock()
		defer f.heard.mu.Unlock()
		return append([]ping(nil), f.heard.pings[before:]...)
	}
	f.advance(2*time.Minute + time.Second)
	if got := sweep(); len(got) != 1 || got[0].reminder {
		t.Fatalf("the turn's ping: %+v", got)
	}
	// Half the time gone is a live game's reminder, not a day-paced one's.
	f.advance(24*time.Hour - 2*time.Minute - time.Second)
	if got := sweep(); len(got) != 0 {
		t.Fatalf("pinged with half the time left: %+v", got)
	}
	f.advance(12*time.Hour - time.Second)
	if got := sweep(); len(got) != 0 {
		t.Fatalf("reminded a second before a quarter was left: %+v", got)
	}
	f.advance(time.Second)
	got := sweep()
	if len(got) != 1 || !got[0].reminder || got[0].user != "alice" || got[0].game != v.Game.ID {
		t.Fatalf("with a quarter left: %+v", got)
	}
	f.advance(11 * time.Hour)
	if got := sweep(); len(got) != 0 {
		t.Fatalf("reminded again: %+v", got)
	}
}

func TestADayPacedTournamentGameEndsAtItsOwnDeadline(t *testing.T) {
	f := newFixture(t)
	tr, err := f.tab.CreateTournament(f.actor("p1", "ordo"), NewTournament{Format: tournament.RoundRobinFormat,
		RoundTime: 7 * 24 * time.Hour, Pace: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"p1", "p2"} {
		if _, err := f.tab.JoinTournament(f.actor(p, "ordo"), tr.ID); err != nil {
			t.Fatal(err)
		}
	}
	adv, err := f.tab.StartTournament(context.Background(), f.actor("p1", "ordo"), tr.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(adv.Started) != 1 {
		t.Fatalf("started %d games", len(adv.Started))
	}
	v := adv.Started[0]
	if want := f.now.Add(24 * time.Hour); v.Game.Pace != 1 || !v.Game.Deadline.Equal(want) {
		t.Fatalf("the tournament game: pace %v, deadline %v, want 1d and %v", v.Game.Pace, v.Game.Deadline, want)
	}
	f.advance(24*time.Hour - time.Second)
	if f.sweepLost(v.Game.ID) {
		t.Fatal("lost before its deadline")
	}
	f.advance(time.Second)
	if !f.sweepLost(v.Game.ID) {
		t.Fatal("a day-paced tournament game was not lost at its deadline, within its round")
	}
}

func TestAVacationStopsTheClockAndMovesTheDeadline(t *testing.T) {
	f := newFixture(t)
	v := f.paced(2)
	if _, _, err := f.tab.Move(f.actor("alice", "ouri"), "d"); err != nil {
		t.Fatal(err)
	}
	deadline := f.now.Add(48 * time.Hour)
	// Bob's live game with alice elsewhere, where he is to move, is not paused.
	elsewhere := Place{Guild: "g2", Channel: "c2"}
	c, err := f.tab.Challenge(Actor{User: "alice", Kind: "ordo", Place: elsewhere, Salt: "x"}, "bob", false, "them", nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := f.tab.Answer(Actor{User: "bob", Kind: "ordo", Place: elsewhere, Salt: "y"}, c.ID, true, "m2")
	if err != nil || a.Game.Mover().UserID != "bob" {
		t.Fatalf("the live game: %+v, %v", a.Game, err)
	}
	// Bob leaves ten hours into his turn, with 38 hours left.
	f.advance(10 * time.Hour)
	vac, paused, err := f.tab.StartVacation("bob")
	if err != nil {
		t.Fatal(err)
	}
	if len(paused) != 1 || paused[0].Game.Left != 38*time.Hour || !paused[0].Game.Deadline.IsZero() {
		t.Fatalf("paused %+v", paused)
	}
	if want := f.now.Add(14 * 24 * time.Hour); !vac.On || !vac.Until.Equal(want) {
		t.Fatalf("the vacation: %+v, want until %v", vac, want)
	}
	if _, _, err := f.tab.StartVacation("bob"); !errors.Is(err, ErrOnVacation) {
		t.Fatalf("a second vacation: %v", err)
	}
	if rec := f.game(a.Game.Game.ID); !rec.Deadline.Equal(a.Game.Game.Deadline) || rec.Left != 0 {
		t.Fatalf("the live game was paused: %+v", rec)
	}
	// Past the old deadline, far past: nothing happens, and bob is not pinged.
	f.advance(5 * 24 * time.Hour)
	if f.sweepLost(v.Game.ID) {
		t.Fatal("lost while on vacation")
	}
	f.heard.mu.Lock()
	for _, p := range f.heard.pings {
		if p.game == v.Game.ID {
			t.Errorf("pinged on vacation in a day-paced game: %+v", p)
		}
	}
	f.heard.mu.Unlock()
	// Back after five days: the deadline moves by exactly that.
	resumed, err := f.tab.EndVacation("bob")
	if err != nil {
		t.Fatal(err)
	}
	moved := deadline.Add(5 * 24 * time.Hour)
	if len(resumed) != 1 || !resumed[0].Game.Deadline.Equal(moved) || resumed[0].Game.Left != 0 {
		t.Fatalf("resumed %+v, want the deadline at %v", resumed, moved)
	}
	if _, err := f.tab.EndVacation("bob"); !errors.Is(err, ErrNoVacation) {
		t.Fatalf("ending a vacation twice: %v", err)
	}
	left, _ := f.tab.VacationOf("bob")
	if left.On || left.Left != 9*24*time.Hour {
		t.Fatalf("after five days away: %+v, want 9 days left", left)
	}
	f.advance(38*time.Hour - time.Second)
	if f.sweepLost(v.Game.ID) {
		t.Fatal("lost before the moved deadline")
	}
	f.advance(time.Second)
	if !f.sweepLost(v.Game.ID) {
		t.Fatal("not lost at the moved deadline")
	}
}

func TestATurnThatStartsOnVacationWaits(t *testing.T) {
	f := newFixture(t)
	v := f.paced(3)
	if _, _, err := f.tab.StartVacation("bob"); err != nil {
		t.Fatal(err)
	}
	f.advance(time.Hour)
	moved, _, err := f.tab.Move(f.actor("alice", "ouri"), "d")
	if err != nil {
		t.Fatal(err)
	}
	if moved.Game.Left != 72*time.Hour || !moved.Game.Deadline.IsZero() || !moved.Game.Ping.Due.IsZero() {
		t.Fatalf("bob's turn on vacation: %+v", moved.Game)
	}
	f.advance(10 * time.Hour)
	resumed, err := f.tab.EndVacation("bob")
	if err != nil || len(resumed) != 1 || resumed[0].Game.ID != v.Game.ID {
		t.Fatalf("resumed %+v, %v", resumed, err)
	}
	if want := f.now.Add(72 * time.Hour); !resumed[0].Game.Deadline.Equal(want) {
		t.Fatalf("bob's deadline once back: %v, want %v", resumed[0].Game.Deadline, want)
	}
	if want := f.now.Add(2 * time.Minute); !resumed[0].Game.Ping.Due.Equal(want) {
		t.Fatalf("bob's ping once back: %v, want %v", resumed[0].Game.Ping.Due, want)
	}
}

func TestTheBudgetEndsAVacationByItself(t *testing.T) {
	f := newFixture(t)
	f.tab = New(f.st, f.heard, Config{Now: f.clock, Seed: 3, Log: slog.New(slog.DiscardHandler), AI: testAI, VacationDays: 3})
	v := f.paced(1)
	// Alice leaves with her whole day left.
	if _, _, err := f.tab.StartVacation("alice"); err != nil {
		t.Fatal(err)
	}
	f.advance(3*24*time.Hour - time.Second)
	f.tab.Sweep(context.Background())
	if on, _ := f.tab.VacationOf("alice"); !on.On {
		t.Fatal("the vacation ended before its budget was spent")
	}
	f.advance(time.Second)
	back := f.now
	f.tab.Sweep(context.Background())
	on, _ := f.tab.VacationOf("alice")
	if on.On || on.Left != 0 {
		t.Fatalf("once the budget is spent: %+v", on)
	}
	if rec := f.game(v.Game.ID); rec.Left != 0 || !rec.Deadline.Equal(back.Add(24*time.Hour)) {
		t.Fatalf("the game after the vacation: deadline %v, left %v; want %v", rec.Deadline, rec.Left, back.Add(24*time.Hour))
	}
	if _, _, err := f.tab.StartVacation("alice"); !errors.Is(err, ErrNoDaysLeft) {
		t.Fatalf("a vacation with no budget left: %v", err)
	}
	f.advance(24*time.Hour - time.Second)
	if f.sweepLost(v.Game.ID) {
		t.Fatal("lost before the moved deadline")
	}
	f.advance(time.Second)
	if !f.sweepLost(v.Game.ID) {
		t.Fatal("not lost at the moved deadline")
	}
}

// A process that dies between starting a vacation and pausing its games leaves them to the sweep:
// at the deadline the game is paused as if in time, not lost; one that dies before resuming them
// leaves them to the sweep too, with the deadline moved by the time away.
func TestTheSweepPausesAndResumesWhatACrashLeft(t *testing.T) {
	f := newFixture(t)
	v := f.paced(1)
	f.advance(6 * time.Hour)
	since := f.now
	if _, err := f.st.ChangeMemberSettings("alice", func(m *store.MemberSettings) {
		m.Vacation.Since, m.Vacation.Until = since, since.Add(14*24*time.Hour)
	}); err != nil {
		t.Fatal(err)
	}
	f.advance(18 * time.Hour)
	if f.sweepLost(v.Game.ID) {
		t.Fatal("lost at the deadline while on vacation")
	}
	if rec := f.game(v.Game.ID); rec.Left != 18*time.Hour || !rec.Deadline.IsZero() {
		t.Fatalf("paused by the sweep: left %v, deadline %v", rec.Left, rec.Deadline)
	}
	// She ends it; the process dies before her games are back.
	f.advance(2 * 24 * time.Hour)
	back := f.now
	if _, err := f.st.ChangeMemberSettings("alice", func(m *store.MemberSettings) { m.Vacation.Until = back }); err != nil {
		t.Fatal(err)
	}
	g := f.reopen()
	g.advance(time.Second)
	g.tab.Sweep(context.Background())
	if rec := g.game(v.Game.ID); rec.Left != 0 || !rec.Deadline.Equal(back.Add(18*time.Hour)) {
		t.Fatalf("resumed by the sweep: left %v, deadline %v, want %v", rec.Left, rec.Deadline, back.Add(18*time.Hour))
	}
	if on, _ := g.tab.VacationOf("alice"); on.On || on.Left != 14*24*time.Hour-66*time.Hour {
		t.Fatalf("after the sweep: %+v", on)
	}
}

// A vacation ended and not yet finished by the sweep is finished by the next start.
func TestANewVacationFinishesTheLastOne(t *testing.T) {
	f := newFixture(t)
	v := f.paced(1)
	if _, _, err := f.tab.StartVacation("alice"); err != nil {
		t.Fatal(err)
	}
	f.advance(time.Hour)
	back := f.now
	if _, err := f.st.ChangeMemberSettings("alice", func(m *store.MemberSettings) { m.Vacation.Until = back }); err != nil {
		t.Fatal(err)
	}
	f.advance(time.Hour)
	vac, paused, err := f.tab.StartVacation("alice")
	if err != nil || !vac.On || len(paused) != 1 {
		t.Fatalf("the second vacation: %+v, %d paused, %v", vac, len(paused), err)
	}
	// Back for an hour in between: an hour of her day gone.
	if rec := f.game(v.Game.ID); rec.Left != 23*time.Hour {
		t.Fatalf("left %v after an hour back, want 23h", rec.Left)
	}
	if left := f.tab.VacationLeft(must(f.st.MemberSettings("alice")).Vacation, f.now); left != 14*24*time.Hour-time.Hour {
		t.Fatalf("budget left %v", left)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestTheBudgetIsACalendarYears(t *testing.T) {
	tab := New(nil, nil, Config{Log: slog.New(slog.DiscardHandler), AI: testAI})
	day := 24 * time.Hour
	at := func(s string) time.Time {
		t, err := time.Parse(time.DateTime, s)
		if err != nil {
			panic(err)
		}
		return t
	}
	for _, c := range []struct {
		name      string
		v         store.Vacation
		now       time.Time
		left, end time.Duration // from now
		closeAt   time.Time
		spent     store.Vacation // closed at closeAt
	}{
		{name: "a fresh member has the whole budget", now: at("2026-06-01 00:00:00"), left: 14 * day, end: 14 * day},
		{name: "what was spent this year counts", v: store.Vacation{Year: 2026, Spent: 4 * day}, now: at("2026-06-01 00:00:00"),
			left: 10 * day, end: 10 * day},
		{name: "last year's spending does not", v: store.Vacation{Year: 2025, Spent: 14 * day}, now: at("2026-06-01 00:00:00"),
			left: 14 * day, end: 14 * day},
		{name: "a vacation reaching the new year goes on with its budget", v: store.Vacation{Year: 2026, Spent: 10 * day},
			now: at("2026-12-30 00:00:00"), left: 4 * day, end: 2*day + 14*day},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := tab.VacationLeft(c.v, c.now); got != c.left {
				t.Errorf("left %v, want %v", got/day, c.left/day)
			}
			if got := tab.vacationEnd(c.v, c.now); !got.Equal(c.now.Add(c.end)) {
				t.Errorf("ends %v, want %v", got, c.now.Add(c.end))
			}
		})
	}
	// A vacation across the new year books only the new year's part to it.
	v := closeVacation(store.Vacation{Since: at("2026-12-30 00:00:00"), Until: at("2027-01-03 00:00:00"), Year: 2026, Spent: 10 * day})
	if v != (store.Vacation{Year: 2027, Spent: 2 * day}) {
		t.Errorf("across the new year: %+v", v)
	}
	v = closeVacation(store.Vacation{Since: at("2026-03-01 00:00:00"), Until: at("2026-03-04 12:00:00"), Year: 2026, Spent: day})
	if v != (store.Vacation{Year: 2026, Spent: 4*day + 12*time.Hour}) {
		t.Errorf("within a year: %+v", v)
	}
}
