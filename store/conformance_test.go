package store_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/rating"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv/etcdtest"
)

// The conformance suite: every behaviour of a store.Store the table and the bot rely on, run on a
// bbolt file, on a three-member etcd cluster and on the smallest KV (memkv_test.go). Each case gets a fresh store (a file, or a key
// prefix of its own on the shared cluster) and ends with the store's Check. open gives a second
// handle on the same store (another process's client on etcd; the same *DB on a file, which one
// process owns), so the races run across processes where the store allows several.

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// fixture is one store under test.
type fixture struct {
	store.Store
	clock *clock
	// other opens another handle on the same records (another process on etcd).
	other func() store.Store
}

type opener func(t *testing.T) fixture

func TestConformance(t *testing.T) {
	stores := map[string]opener{
		"bbolt": func(t *testing.T) fixture {
			c := &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
			s, err := store.Open(filepath.Join(t.TempDir(), "t.db"), store.Options{Decode: catalog.Decode, Now: c.Now})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return fixture{s, c, func() store.Store { return s }}
		},
	}
	// The smallest KV, in memory, bounded so that one transaction of DeleteFinished cannot take
	// all twelve games of its case.
	stores["memory"] = func(t *testing.T) fixture {
		c := &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
		s, err := store.OpenKV(newMemKV(40), store.Options{Decode: catalog.Decode, Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return fixture{s, c, func() store.Store { return s }}
	}
	if !testing.Short() {
		var cluster *etcdtest.Cluster
		stores["etcd"] = func(t *testing.T) fixture {
			c := &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
			prefix := etcdtest.Prefix()
			opt := store.Options{Decode: catalog.Decode, Now: c.Now}
			s, _ := cluster.Store(t, prefix, opt)
			return fixture{s, c, func() store.Store { o, _ := cluster.Store(t, prefix, opt); return o }}
		}
		// One cluster for every case (each has a key prefix of its own), as long as this test.
		cluster = etcdtest.Start(t, 3)
	}
	for _, name := range []string{"bbolt", "memory", "etcd"} {
		open := stores[name]
		if open == nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			for _, c := range conformance {
				t.Run(c.name, func(t *testing.T) {
					f := open(t)
					c.run(t, f)
					if err := f.Check(); err != nil {
						t.Errorf("the store fails its check afterwards: %v", err)
					}
				})
			}
		})
	}
}

var conformance = []struct {
	name string
	run  func(t *testing.T, f fixture)
}{
	{"a challenge is stored, listed, noted and answered once", challengeLife},
	{"an expired challenge can only expire", challengeExpiry},
	{"accepting creates the game and closes the challenge in one step", challengeAccepted},
	{"a game derives its fields and is found by every index", gameIndexes},
	{"one active game of a kind per person and channel", oneActiveGame},
	{"a decision at a stale ply or on a stale game is refused", staleDecisions},
	{"a refusal from the caller writes nothing", refusalWritesNothing},
	{"the end of a game moves it to the finished indexes", finishedIndexes},
	{"deadlines, pings and the bot's turns are listed when due", dueLists},
	{"a rated game settles both ratings once", ratings},
	{"a game against the bot counts in the person's record", botRecord},
	{"settings keep what was chosen", settings},
	{"game pages keep one key and the names last seen", pages},
	{"old finished games are deleted, active ones stay", deleteFinished},
	{"a readable game cannot be retired", retire},
	{"a person's move reads once and commits once", moveCost},
	{"counts tally the games not over and the challenges open, by game", counts},
	{"racing decisions land once per ply, across handles", racingDecisions},
	{"racing acceptances and creations keep one active game", racingCreations},
	{"an open challenge raced by two people on two handles is accepted once", racingOpenChallenge},
	{"a team game keeps its votes until a decision, and is one per channel and game", teamVotes},
	{"a member's active games are listed everywhere, and a pace round-trips", memberGames},
	{"vacations under way are listed by their end", vacationsDue},
	{"a digest is claimed once a day, again only when its sender died", digestClaims},
	{"a personal link is taken once, on any handle, for its game, before its expiry", links},
	{"keeping a link deletes the expired ones, earliest first", linkSweep},
	{"racing handles take each link once", racingLinks},
}

func person(id string) store.Player { return store.Player{UserID: id} }
func bot(level string) store.Player { return store.Player{Bot: true, Level: level} }

func fresh(t testing.TB, kind string, n int) []byte {
	t.Helper()
	g, err := catalog.New(kind, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := g.Play(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	return games.Encode(g)
}

func newGame(t testing.TB, s store.Store, channel, kind string, a, b store.Player) store.Game {
	t.Helper()
	g, err := s.CreateGame(store.Game{Guild: "g1", Channel: channel, Kind: kind, Seats: [2]store.Player{a, b},
		Encoded: fresh(t, kind, 0)})
	if err != nil {
		t.Fatalf("creating a %s game in %s: %v", kind, channel, err)
	}
	return g
}

func playFirst(_ *store.Game, g games.Game) error { return g.Play(g.Legal()[0]) }

func resign(seat games.Seat) func(*store.Game, games.Game) error {
	return func(_ *store.Game, g games.Game) error { return g.End(games.Resignation, seat) }
}

// ids are the records' ids; a failure to list them fails the test (as a panic).
func ids[T any](list []T, err error) []uint64 {
	if err != nil {
		panic(err)
	}
	out := []uint64{}
	for _, x := range list {
		switch v := any(x).(type) {
		case store.Game:
			out = append(out, v.ID)
		case store.Challenge:
			out = append(out, v.ID)
		}
	}
	return out
}

func want[T any](t testing.TB, what string, got, wanted T) {
	t.Helper()
	if !reflect.DeepEqual(got, wanted) {
		t.Fatalf("%s: got %v, want %v", what, got, wanted)
	}
}

func challengeLife(t *testing.T, f fixture) {
	now := f.clock.Now()
	c, err := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c1", Kind: "ordo", First: "me",
		Challenger: "a", Opponent: "b", Expires: now.Add(10 * time.Minute), Rated: true,
		Options: games.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if c.ID == 0 || c.State != store.ChallengeOpen || !c.Created.Equal(now) {
		t.Fatalf("created %+v", c)
	}
	c2, _ := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c1", Kind: "ouri", Challenger: "a", Opponent: "c",
		Expires: now.Add(time.Minute)})
	if c2.ID <= c.ID {
		t.Fatalf("ids %d then %d: want increasing", c.ID, c2.ID)
	}
	f.NoteChallengeMessage(c.ID, "m1")
	got, err := f.other().Challenge(c.ID)
	if err != nil || got.MessageID != "m1" || !got.Rated || got.Challenger != "a" || !got.Expires.Equal(c.Expires) {
		t.Fatalf("read back %+v, %v", got, err)
	}
	want(t, "open in c1", ids(f.OpenChallenges("c1")), []uint64{c.ID, c2.ID})
	want(t, "open in c2", ids(f.OpenChallenges("c2")), []uint64{})
	if _, err := f.CloseChallenge(c.ID, store.ChallengeDeclined); err != nil {
		t.Fatal(err)
	}
	if _, err := f.CloseChallenge(c.ID, store.ChallengeWithdrawn); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("closing twice: %v, want ErrClosed", err)
	}
	if _, err := f.AcceptChallenge(c.ID, store.Game{Encoded: fresh(t, "ordo", 0)}); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("accepting a declined challenge: %v, want ErrClosed", err)
	}
	want(t, "open in c1 after declining", ids(f.OpenChallenges("c1")), []uint64{c2.ID})
	if _, err := f.Challenge(999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a missing challenge: %v", err)
	}
}

func challengeExpiry(t *testing.T, f fixture) {
	now := f.clock.Now()
	late, _ := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c1", Kind: "ouri", Challenger: "a", Opponent: "b",
		Expires: now.Add(2 * time.Minute)})
	early, _ := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c1", Kind: "ordo", Challenger: "a", Opponent: "b",
		Expires: now.Add(time.Minute)})
	want(t, "due now", ids(f.ChallengesDue(now)), []uint64{})
	f.clock.Add(5 * time.Minute)
	want(t, "due later, earliest first", ids(f.ChallengesDue(f.clock.Now())), []uint64{early.ID, late.ID})
	if _, err := f.AcceptChallenge(early.ID, store.Game{Encoded: fresh(t, "ordo", 0),
		Seats: [2]store.Player{person("a"), person("b")}}); !errors.Is(err, store.ErrExpired) {
		t.Fatalf("accepting past the deadline: %v, want ErrExpired", err)
	}
	if _, err := f.CloseChallenge(early.ID, store.ChallengeDeclined); !errors.Is(err, store.ErrExpired) {
		t.Fatalf("declining past the deadline: %v, want ErrExpired", err)
	}
	if c, err := f.CloseChallenge(early.ID, store.ChallengeExpired); err != nil || c.State != store.ChallengeExpired {
		t.Fatalf("expiring: %+v, %v", c, err)
	}
	// A second sweeper (another process) finds it closed: the expiry happens once.
	if _, err := f.other().CloseChallenge(early.ID, store.ChallengeExpired); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("expiring twice: %v, want ErrClosed", err)
	}
	want(t, "due after one expiry", ids(f.ChallengesDue(f.clock.Now())), []uint64{late.ID})
}

func challengeAccepted(t *testing.T, f fixture) {
	now := f.clock.Now()
	c, _ := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c1", Kind: "ordo", Challenger: "a", Opponent: "b",
		Expires: now.Add(time.Minute), Rated: true})
	g, err := f.AcceptChallenge(c.ID, store.Game{Seats: [2]store.Player{person("b"), person("a")}, Encoded: fresh(t, "ordo", 0)})
	if err != nil {
		t.Fatal(err)
	}
	if g.ID == 0 || g.Guild != "g1" || g.Channel != "c1" || !g.Rated || g.State != store.Active {
		t.Fatalf("the game: %+v", g)
	}
	got, _ := f.Challenge(c.ID)
	if got.State != store.ChallengeAccepted || got.GameID != g.ID {
		t.Fatalf("the challenge after: %+v", got)
	}
	if _, err := f.other().AcceptChallenge(c.ID, store.Game{Seats: [2]store.Player{person("b"), person("a")},
		Encoded: fresh(t, "ordo", 0)}); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("accepting twice: %v, want ErrClosed", err)
	}
	// A challenge whose players already play that game there stays open.
	c2, _ := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c1", Kind: "ordo", Challenger: "a", Opponent: "z",
		Expires: now.Add(time.Minute)})
	if _, err := f.AcceptChallenge(c2.ID, store.Game{Seats: [2]store.Player{person("a"), person("z")},
		Encoded: fresh(t, "ordo", 0)}); !errors.Is(err, store.ErrBusy) {
		t.Fatalf("accepting while busy: %v, want ErrBusy", err)
	}
	if got, _ := f.Challenge(c2.ID); got.State != store.ChallengeOpen {
		t.Fatalf("the refused challenge: %v", got.State)
	}
}

func gameIndexes(t *testing.T, f fixture) {
	g := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	if g.ID == 0 || g.Ply != 0 || g.State != store.Active || g.ToMove != 0 || g.Kind != "ouri" || !g.Created.Equal(f.clock.Now()) {
		t.Fatalf("created %+v", g)
	}
	other := f.other()
	rec, live, err := other.Game(g.ID)
	if err != nil || live == nil || live.Kind() != "ouri" || rec.Seats != g.Seats {
		t.Fatalf("Game: %+v, %v", rec, err)
	}
	for _, who := range []string{"a", "b"} {
		if rec, err := other.ActiveGame("c1", "ouri", who); err != nil || rec.ID != g.ID {
			t.Fatalf("ActiveGame(%s): %d, %v", who, rec.ID, err)
		}
		if rec, live, err := other.ActiveLive("c1", "ouri", who); err != nil || rec.ID != g.ID || live.Ply() != 0 {
			t.Fatalf("ActiveLive(%s): %d, %v", who, rec.ID, err)
		}
	}
	for _, miss := range [][3]string{{"c1", "ouri", "z"}, {"c1", "ordo", "a"}, {"c2", "ouri", "a"}} {
		if _, err := f.ActiveGame(miss[0], miss[1], miss[2]); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("ActiveGame%v: %v, want ErrNotFound", miss, err)
		}
	}
	h := newGame(t, f, "c1", "ordo", person("a"), bot("easy"))
	newGame(t, f, "c2", "ordo", person("a"), person("b"))
	want(t, "games in c1", ids(f.ChannelGames("c1")), []uint64{g.ID, h.ID})
	f.NoteMessage(g.ID, "board1")
	if rec, err := other.ActiveGame("c1", "ouri", "a"); err != nil || rec.MessageID != "board1" {
		t.Fatalf("after NoteMessage: %q, %v", rec.MessageID, err)
	}
	// A thread's game is found by its thread.
	th, err := f.CreateGame(store.Game{Guild: "g1", Channel: "c3", Kind: "ordo", Thread: "t1",
		Seats: [2]store.Player{person("a"), person("b")}, Encoded: fresh(t, "ordo", 0)})
	if err != nil {
		t.Fatal(err)
	}
	if rec, err := other.ThreadGame("t1"); err != nil || rec.ID != th.ID {
		t.Fatalf("ThreadGame: %d, %v", rec.ID, err)
	}
	if _, err := f.ThreadGame("t2"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no thread: %v", err)
	}
	if _, _, err := f.Game(9999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a missing game: %v", err)
	}
}

func oneActiveGame(t *testing.T, f fixture) {
	newGame(t, f, "c1", "ouri", person("a"), person("b"))
	for _, seats := range [][2]store.Player{{person("a"), person("c")}, {person("c"), person("b")}, {person("a"), bot("hard")}} {
		if _, err := f.other().CreateGame(store.Game{Guild: "g1", Channel: "c1", Kind: "ouri", Seats: seats,
			Encoded: fresh(t, "ouri", 0)}); !errors.Is(err, store.ErrBusy) {
			t.Fatalf("a second ouri game for %v: %v, want ErrBusy", seats, err)
		}
	}
	// Another kind, another channel, and two bots' games are all allowed.
	newGame(t, f, "c1", "ordo", person("a"), person("b"))
	newGame(t, f, "c2", "ouri", person("a"), person("b"))
	newGame(t, f, "c1", "ouri", person("c"), bot("easy"))
	// A person playing themselves counts once.
	newGame(t, f, "c3", "ouri", person("d"), person("d"))
}

func staleDecisions(t *testing.T, f fixture) {
	g := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	rec, live, _ := f.ActiveLive("c1", "ouri", "a")
	after, _, err := f.other().Update(g.ID, 0, playFirst)
	if err != nil || after.Ply != 1 || after.ToMove != 1 {
		t.Fatalf("the first decision: %+v, %v", after, err)
	}
	if _, _, err := f.Update(g.ID, 0, playFirst); !errors.Is(err, store.ErrMovedOn) {
		t.Fatalf("a decision at ply 0: %v, want ErrMovedOn", err)
	}
	if _, _, err := f.UpdateLive(rec, live, playFirst); !errors.Is(err, store.ErrMovedOn) {
		t.Fatalf("a decision on the game read before: %v, want ErrMovedOn", err)
	}
	if _, _, err := f.Update(9999, -1, playFirst); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a missing game: %v", err)
	}
	rec, _, _ = f.Game(g.ID)
	if rec.Ply != 1 {
		t.Fatalf("stored ply %d, want 1", rec.Ply)
	}
	// Unconditional updates (wantPly < 0) land on whatever is there.
	if rec, _, err := f.Update(g.ID, -1, playFirst); err != nil || rec.Ply != 2 {
		t.Fatalf("Update(-1): %d, %v", rec.Ply, err)
	}
}

func refusalWritesNothing(t *testing.T, f fixture) {
	g := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	no := errors.New("not now")
	_, _, err := f.Update(g.ID, 0, func(r *store.Game, live games.Game) error {
		r.Deadline = f.clock.Now()
		live.Play(live.Legal()[0])
		return no
	})
	if err != no {
		t.Fatalf("Update: %v, want the caller's refusal as is", err)
	}
	rec, _, _ := f.Game(g.ID)
	if rec.Ply != 0 || !rec.Deadline.IsZero() {
		t.Fatalf("after a refusal: ply %d, deadline %v", rec.Ply, rec.Deadline)
	}
	want(t, "due", ids(f.GamesDue(f.clock.Now())), []uint64{})
}

func finishedIndexes(t *testing.T, f fixture) {
	g := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	f.clock.Add(time.Minute)
	rec, _, err := f.Update(g.ID, 0, resign(1))
	if err != nil || rec.State != store.Finished || rec.ToMove != games.NoSeat || rec.Outcome.Winner != 0 ||
		!rec.LastMove.Equal(f.clock.Now()) {
		t.Fatalf("resigned: %+v, %v", rec, err)
	}
	if _, _, err := f.Update(g.ID, -1, resign(0)); err == nil {
		t.Fatal("a finished game took another ending")
	}
	if _, err := f.ActiveGame("c1", "ouri", "a"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("ActiveGame of a finished game: %v", err)
	}
	want(t, "games in c1", ids(f.ChannelGames("c1")), []uint64{})
	for _, who := range []string{"a", "b", ""} {
		if rec, err := f.other().LastGame("c1", "ouri", who); err != nil || rec.ID != g.ID {
			t.Fatalf("LastGame(%q): %d, %v", who, rec.ID, err)
		}
		if rec, err := f.LastFinished("c1", "ouri", who); err != nil || rec.ID != g.ID {
			t.Fatalf("LastFinished(%q): %d, %v", who, rec.ID, err)
		}
	}
	// A new game is the one LastGame shows; LastFinished still the finished one.
	h := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	if rec, _ := f.LastGame("c1", "ouri", "a"); rec.ID != h.ID {
		t.Fatalf("LastGame with an active game: %d, want %d", rec.ID, h.ID)
	}
	if rec, _ := f.LastFinished("c1", "ouri", "a"); rec.ID != g.ID {
		t.Fatalf("LastFinished with an active game: %d, want %d", rec.ID, g.ID)
	}
	if _, err := f.LastFinished("c1", "ordo", "a"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("LastFinished of another kind: %v", err)
	}
}

func dueLists(t *testing.T, f fixture) {
	now := f.clock.Now()
	a := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	b := newGame(t, f, "c2", "ouri", person("a"), person("b"))
	c := newGame(t, f, "c3", "ouri", bot("easy"), person("b"))
	set := func(id uint64, deadline, ping time.Time) {
		t.Helper()
		if _, _, err := f.Update(id, -1, func(r *store.Game, _ games.Game) error {
			r.Deadline, r.Ping.Due = deadline, ping
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	set(a.ID, now.Add(2*time.Hour), now.Add(2*time.Minute))
	set(b.ID, now.Add(time.Hour), now.Add(3*time.Minute))
	want(t, "due now", ids(f.GamesDue(now)), []uint64{})
	want(t, "due in 90m", ids(f.other().GamesDue(now.Add(90*time.Minute))), []uint64{b.ID})
	want(t, "due in 3h", ids(f.GamesDue(now.Add(3*time.Hour))), []uint64{b.ID, a.ID})
	want(t, "pings due in 2m", ids(f.PingsDue(now.Add(2*time.Minute))), []uint64{a.ID})
	want(t, "pings due in 5m", ids(f.PingsDue(now.Add(5*time.Minute))), []uint64{a.ID, b.ID})
	want(t, "the bot's turns", ids(f.other().BotToMove()), []uint64{c.ID})
	if _, _, err := f.Update(c.ID, 0, playFirst); err != nil {
		t.Fatal(err)
	}
	want(t, "the bot's turns after its move", ids(f.BotToMove()), []uint64{})
	// An ending clears the deadline and the ping from the lists.
	if _, _, err := f.Update(a.ID, -1, resign(0)); err != nil {
		t.Fatal(err)
	}
	want(t, "due after an ending", ids(f.GamesDue(now.Add(3*time.Hour))), []uint64{b.ID})
	want(t, "pings after an ending", ids(f.PingsDue(now.Add(5*time.Minute))), []uint64{b.ID})
}

// ratedGame stores a rated game between two people after each has decided once.
func ratedGame(t testing.TB, s store.Store, channel, kind, a, b string) store.Game {
	t.Helper()
	rec, err := s.CreateGame(store.Game{Guild: "g1", Channel: channel, Kind: kind,
		Seats: [2]store.Player{person(a), person(b)}, Encoded: fresh(t, kind, 2), Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func ratings(t *testing.T, f fixture) {
	g := ratedGame(t, f, "c1", "ordo", "a", "b")
	out, _, err := f.Update(g.ID, -1, resign(1))
	if err != nil {
		t.Fatal(err)
	}
	wa, wb := rating.Game(rating.Start, rating.Start, rating.Win)
	a, _ := f.other().Standing("g1", "ordo", "a")
	b, _ := f.Standing("g1", "ordo", "b")
	if a.Rating != wa || b.Rating != wb || a.Won != 1 || b.Lost != 1 {
		t.Fatalf("standings %+v and %+v", a, b)
	}
	if out.Change[0].After != wa.Shown() || out.Change[1].Before != rating.Start.Shown() {
		t.Fatalf("the game's change: %+v", out.Change)
	}
	// Ending it again changes nothing.
	f.Update(g.ID, -1, resign(0))
	if again, _ := f.Standing("g1", "ordo", "a"); !reflect.DeepEqual(again, a) {
		t.Fatalf("a second ending changed %+v to %+v", a, again)
	}
	h := ratedGame(t, f, "c1", "ordo", "c", "b")
	if _, _, err := f.Update(h.ID, -1, resign(0)); err != nil {
		t.Fatal(err)
	}
	lb, err := f.other().Leaderboard("g1", "ordo", "b", 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if lb.Total != 3 || len(lb.Entries) != 2 || lb.Entries[0].Rank != 1 || lb.Mine.Rank == 0 {
		t.Fatalf("leaderboard %+v", lb)
	}
	if lb.Entries[0].Rating.Rating < lb.Entries[1].Rating.Rating {
		t.Fatalf("leaderboard out of order: %+v", lb.Entries)
	}
	page2, _ := f.Leaderboard("g1", "ordo", "z", 2, 2)
	if len(page2.Entries) != 1 || page2.Entries[0].Rank != 3 || page2.Mine.Rank != 0 {
		t.Fatalf("page 2 %+v", page2)
	}
	want(t, "b's recent ordo games", ids(f.RecentGames("g1", "ordo", "b", 5)), []uint64{h.ID, g.ID})
	want(t, "b's recent ouri games", ids(f.RecentGames("g1", "ouri", "b", 5)), []uint64{})
}

func botRecord(t *testing.T, f fixture) {
	g := newGame(t, f, "c1", "ouri", person("a"), bot("medium"))
	if _, _, err := f.Update(g.ID, -1, resign(0)); err != nil {
		t.Fatal(err)
	}
	st, _ := f.other().Standing("g1", "ouri", "a")
	want(t, "vs-bot record", st.Bot, []store.BotRecord{{Level: "medium", Lost: 1}})
	if st.Rated() != 0 || st.Rating != rating.Start {
		t.Fatalf("a bot game rated %+v", st)
	}
}

func settings(t *testing.T, f fixture) {
	if s, err := f.ServerSettings("g1"); err != nil || s != (store.ServerSettings{}) {
		t.Fatalf("defaults: %+v, %v", s, err)
	}
	if _, err := f.ChangeServerSettings("g1", func(s *store.ServerSettings) {
		s.Threads, s.Language, s.IdleTimeout = true, "pt-BR", time.Hour
	}); err != nil {
		t.Fatal(err)
	}
	want(t, "server settings", must(f.other().ServerSettings("g1")),
		store.ServerSettings{Threads: true, Language: "pt-BR", IdleTimeout: time.Hour})
	if _, err := f.ChangeMemberSettings("u1", func(m *store.MemberSettings) { m.NoPings = true }); err != nil {
		t.Fatal(err)
	}
	want(t, "member settings", must(f.other().MemberSettings("u1")), store.MemberSettings{NoPings: true})
	want(t, "another member", must(f.MemberSettings("u2")), store.MemberSettings{})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func deleteFinished(t *testing.T, f fixture) {
	var old []uint64
	for i := range 12 {
		g := newGame(t, f, fmt.Sprint("c", i), "ouri", person("a"), person("b"))
		f.Update(g.ID, -1, resign(0))
		old = append(old, g.ID)
	}
	active := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	f.clock.Add(time.Hour)
	recent := newGame(t, f, "c2", "ouri", person("a"), person("b"))
	f.Update(recent.ID, -1, resign(0))
	n, err := f.DeleteFinished(f.clock.Now().Add(-time.Minute))
	if err != nil || n != len(old) {
		t.Fatalf("DeleteFinished: %d, %v; want %d", n, err, len(old))
	}
	for _, id := range old {
		if _, _, err := f.Game(id); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("game %d after deletion: %v", id, err)
		}
	}
	for _, id := range []uint64{active.ID, recent.ID} {
		if _, _, err := f.other().Game(id); err != nil {
			t.Fatalf("game %d was kept? %v", id, err)
		}
	}
	if rec, _ := f.LastFinished("c2", "ouri", "a"); rec.ID != recent.ID {
		t.Fatalf("LastFinished after deletion: %d", rec.ID)
	}
}

func retire(t *testing.T, f fixture) {
	g := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	if err := f.Retire(g.ID); !errors.Is(err, store.ErrReadable) {
		t.Fatalf("retiring a readable game: %v", err)
	}
	if err := f.Retire(999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("retiring a missing game: %v", err)
	}
}

func moveCost(t *testing.T, f fixture) {
	newGame(t, f, "c1", "ouri", person("a"), person("b"))
	before := f.Stats()
	rec, live, err := f.ActiveLive("c1", "ouri", "a")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.UpdateLive(rec, live, playFirst); err != nil {
		t.Fatal(err)
	}
	after := f.Stats()
	if d, c := after.Decodes-before.Decodes, after.Commits-before.Commits; d != 1 || c != 1 {
		t.Fatalf("a move decoded %d times and committed %d times, want 1 and 1", d, c)
	}
}

func racingDecisions(t *testing.T, f fixture) {
	handles := []store.Store{f, f.other(), f.other()}
	var gs []uint64
	for i := range 3 {
		gs = append(gs, newGame(t, f, fmt.Sprint("c", i), "ouri", person(fmt.Sprint("a", i)), person(fmt.Sprint("b", i))).ID)
	}
	var landed, movedOn atomic.Int64
	var wg sync.WaitGroup
	for _, id := range gs {
		for w := range 6 {
			st := handles[w%len(handles)]
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 8 {
					rec, _, err := st.Game(id)
					if err != nil {
						t.Error(err)
						return
					}
					_, _, err = st.Update(id, rec.Ply, playFirst)
					switch {
					case err == nil:
						landed.Add(1)
					case errors.Is(err, store.ErrMovedOn):
						movedOn.Add(1)
					case rec.State == store.Finished:
					default:
						t.Error(err)
						return
					}
				}
			}()
		}
	}
	wg.Wait()
	plies := 0
	for _, id := range gs {
		rec, live, err := f.Game(id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Ply != live.Ply() {
			t.Fatalf("game %d: record at ply %d, its game at %d", id, rec.Ply, live.Ply())
		}
		plies += rec.Ply
	}
	if int64(plies) != landed.Load() {
		t.Fatalf("%d decisions reported as landed, %d plies stored", landed.Load(), plies)
	}
	t.Logf("%d landed, %d refused as moved on", landed.Load(), movedOn.Load())
}

func racingCreations(t *testing.T, f fixture) {
	now := f.clock.Now()
	handles := []store.Store{f, f.other()}
	var cs []uint64
	for i := range 6 {
		c, err := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c1", Kind: "ordo", Challenger: fmt.Sprint("x", i),
			Opponent: "a", Expires: now.Add(time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c.ID)
	}
	var won atomic.Int64
	var wg sync.WaitGroup
	for i, id := range cs {
		for h := range handles {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := handles[h].AcceptChallenge(id, store.Game{Seats: [2]store.Player{person("a"), person(fmt.Sprint("x", i))},
					Encoded: fresh(t, "ordo", 0)})
				switch {
				case err == nil:
					won.Add(1)
				case errors.Is(err, store.ErrBusy), errors.Is(err, store.ErrClosed):
				default:
					t.Error(err)
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := handles[i%2].CreateGame(store.Game{Guild: "g1", Channel: "c1", Kind: "ordo",
				Seats: [2]store.Player{person("a"), bot("easy")}, Encoded: fresh(t, "ordo", 0)})
			if err == nil {
				won.Add(1)
			} else if !errors.Is(err, store.ErrBusy) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Fatalf("%d games started for a in c1, want exactly 1", won.Load())
	}
	if games := ids(f.ChannelGames("c1")); len(games) != 1 {
		t.Fatalf("active games in c1: %v", games)
	}
}

func counts(t *testing.T, f fixture) {
	now := f.clock.Now()
	g := newGame(t, f, "c1", "ouri", person("a"), person("b"))
	newGame(t, f, "c2", "ouri", person("a"), person("b"))
	newGame(t, f, "c1", "ordo", person("a"), person("c"))
	if _, _, err := f.Update(g.ID, 0, resign(1)); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"b", "c"} {
		if _, err := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c3", Kind: "oolong", Challenger: "a",
			Opponent: to, Expires: now.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
	}
	c, _ := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c3", Kind: "ordo", Challenger: "d", Opponent: "e",
		Expires: now.Add(time.Minute)})
	if _, err := f.CloseChallenge(c.ID, store.ChallengeDeclined); err != nil {
		t.Fatal(err)
	}
	active, open, err := f.other().Counts()
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(active) != "map[ordo:1 ouri:1]" || fmt.Sprint(open) != "map[oolong:2]" {
		t.Fatalf("counts: active %v, open %v; want ouri 1, ordo 1 and oolong 2", active, open)
	}
}

func racingOpenChallenge(t *testing.T, f fixture) {
	now := f.clock.Now()
	c, err := f.CreateChallenge(store.Challenge{Guild: "g1", Channel: "c1", Kind: "ordo", Challenger: "a",
		Expires: now.Add(time.Hour), Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	accepters := []string{"b", "c"}
	handles := []store.Store{f, f.other()}
	var won atomic.Int64
	var wg sync.WaitGroup
	for i, who := range accepters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := handles[i].AcceptChallenge(c.ID, store.Game{Seats: [2]store.Player{person("a"), person(who)},
				Encoded: fresh(t, "ordo", 0)})
			switch {
			case err == nil:
				won.Add(1)
			case errors.Is(err, store.ErrClosed):
			default:
				t.Errorf("%s accepting: %v, want nil or ErrClosed", who, err)
			}
		}()
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Fatalf("%d games from one open challenge, want exactly 1", won.Load())
	}
	games, _ := f.ChannelGames("c1")
	if len(games) != 1 || !games[0].Rated {
		t.Fatalf("games in c1: %+v, want one rated game", games)
	}
	got, _ := f.Challenge(c.ID)
	if got.State != store.ChallengeAccepted || got.GameID != games[0].ID || got.Opponent != games[0].Seats[1].UserID {
		t.Fatalf("the challenge after: %+v, want accepted by %s into game %d", got, games[0].Seats[1].UserID, games[0].ID)
	}
}

func teamVotes(t *testing.T, f fixture) {
	now := f.clock.Now()
	team := store.Player{Team: true}
	g, err := f.CreateGame(store.Game{Guild: "g1", Channel: "c1", Kind: "ouri", Seats: [2]store.Player{team, bot("easy")},
		Encoded: fresh(t, "ouri", 0), Team: store.Team{Starter: "a", Window: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.other().CreateGame(store.Game{Guild: "g1", Channel: "c1", Kind: "ouri", Seats: [2]store.Player{bot("hard"), team},
		Encoded: fresh(t, "ouri", 0)}); !errors.Is(err, store.ErrBusy) {
		t.Fatalf("a second team game of the kind in the channel: %v, want ErrBusy", err)
	}
	// The team's game leaves its members free to play their own.
	newGame(t, f, "c1", "ouri", person("a"), bot("easy"))
	closes := now.Add(30 * time.Second)
	votes := []store.Vote{{User: "a", Move: "d"}, {User: "b", Move: "e"}}
	if _, _, err := f.Update(g.ID, 0, func(r *store.Game, _ games.Game) error {
		r.Team.Votes, r.Team.Closes = votes, closes
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	rec, _, err := f.other().ActiveLive("c1", "ouri", store.TeamKey)
	if err != nil {
		t.Fatal(err)
	}
	if rec.ID != g.ID || !rec.Seats[0].Team || rec.Seats[1].Team || rec.Team.Starter != "a" || rec.Team.Window != time.Minute ||
		!slices.Equal(rec.Team.Votes, votes) || !rec.Team.Closes.Equal(closes) {
		t.Fatalf("the team game reads back as %+v", rec)
	}
	want(t, "votes due before closing", ids(f.VotesDue(closes.Add(-time.Second))), []uint64{})
	want(t, "votes due at closing", ids(f.other().VotesDue(closes)), []uint64{g.ID})
	if _, _, err := f.Update(g.ID, 0, playFirst); err != nil {
		t.Fatal(err)
	}
	rec, _, _ = f.Game(g.ID)
	if len(rec.Team.Votes) != 0 || !rec.Team.Closes.IsZero() || rec.Team.Starter != "a" || rec.Team.Window != time.Minute {
		t.Fatalf("after the decision the team holds %+v, want no votes", rec.Team)
	}
	want(t, "votes due after the decision", ids(f.VotesDue(closes)), []uint64{})
}
