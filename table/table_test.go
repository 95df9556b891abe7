package table

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// testAI keeps the Ouri endgame databases small: the full ones take half a minute to build.
var testAI = ai.New(ai.Config{EndgameSeeds: 8})

// heard records what the table told its notifier.
type heard struct {
	mu      sync.Mutex
	games   []View
	expired []store.Challenge
	pings   []ping
}

type ping struct {
	game     uint64
	user     string
	reminder bool
	stale    string
}

func (h *heard) TurnPing(ctx context.Context, v View, reminder bool, stale string) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.pings = append(h.pings, ping{v.Game.ID, v.Mover().UserID, reminder, stale})
	return fmt.Sprintf("ping%d", len(h.pings)), nil
}

func (h *heard) GameChanged(ctx context.Context, v View) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.games = append(h.games, v)
}

func (h *heard) ChallengeExpired(ctx context.Context, c store.Challenge) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.expired = append(h.expired, c)
}

type fixture struct {
	t     *testing.T
	st    *store.DB
	tab   *Table
	heard *heard
	path  string
	now   time.Time
	mu    sync.Mutex
	n     int
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{t: t, heard: &heard{}, now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	f.path = t.TempDir() + "/table.db"
	st, err := store.Open(f.path, store.Options{Decode: catalog.Decode, Now: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.tab.Wait(); st.Close() })
	f.st = st
	f.tab = New(st, f.heard, Config{Now: f.clock, Seed: 3, AIMoveTime: 20 * time.Millisecond,
		Log: slog.New(slog.DiscardHandler), AI: testAI})
	return f
}

func (f *fixture) clock() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now }

func (f *fixture) advance(d time.Duration) { f.mu.Lock(); f.now = f.now.Add(d); f.mu.Unlock() }

// actor is user acting on kind in channel c1, with a fresh salt.
func (f *fixture) actor(user, kind string) Actor {
	f.n++
	return Actor{User: user, Kind: kind, Place: Place{Guild: "g1", Channel: "c1"}, Salt: string(rune('a' + f.n))}
}

// refusal checks that err is a *Refusal with code.
// refusal checks that err is refused with code, as a person would read it (Refusing).
func refusal(t *testing.T, err error, code Code) {
	t.Helper()
	if err == nil {
		t.Fatalf("want a %s refusal, got none", code)
	}
	if r := Refusing(err); r.Code != code {
		t.Fatalf("want a %s refusal, got %s: %s", code, r.Code, r.Text)
	}
}

// twoPlayers starts an Ouri game between alice (South, to move) and bob.
func (f *fixture) twoPlayers() View {
	f.t.Helper()
	c, err := f.tab.Challenge(f.actor("alice", "ouri"), "bob", false, "me", games.Options{})
	if err != nil {
		f.t.Fatal(err)
	}
	a, err := f.tab.Answer(f.actor("bob", "ouri"), c.ID, true, "m1")
	if err != nil {
		f.t.Fatal(err)
	}
	if a.Game == nil || a.Game.Game.MessageID != "m1" {
		f.t.Fatalf("accepting gave %+v", a)
	}
	return *a.Game
}

func TestTurnsAndRefusals(t *testing.T) {
	f := newFixture(t)
	v := f.twoPlayers()
	if v.Mover().UserID != "alice" || v.SeatOf("bob") != 1 {
		t.Fatalf("seats: %+v", v.Game.Seats)
	}
	_, _, err := f.tab.Move(f.actor("bob", "ouri"), "a")
	refusal(t, err, Refused)
	_, _, err = f.tab.Move(f.actor("carol", "ouri"), "a")
	refusal(t, err, Refused)
	_, _, err = f.tab.Move(f.actor("alice", "ouri"), "zz")
	refusal(t, err, Invalid)
	v2, old, err := f.tab.Move(f.actor("alice", "ouri"), "d")
	if err != nil {
		t.Fatal(err)
	}
	if old != "m1" || v2.Game.Ply != 1 || v2.Mover().UserID != "bob" {
		t.Fatalf("after a move: old %q, ply %d, mover %+v", old, v2.Game.Ply, v2.Mover())
	}
	// A control on the board of ply 0 is stale now.
	_, err = f.tab.Choose(f.actor("bob", "ouri"), v.Game.ID, 0, "a", "m1")
	refusal(t, err, Stale)
	if _, err := f.tab.Choose(f.actor("bob", "ouri"), v.Game.ID, 1, "a", "m2"); err != nil {
		t.Fatal(err)
	}
	got, err := f.tab.Find(f.actor("carol", "ouri"), "", false)
	if err != nil || got.Game.MessageID != "m2" || got.Game.Ply != 2 {
		t.Fatalf("a spectator finds %+v, %v", got.Game, err)
	}
	if seats := got.Live.Deciders(); len(seats) != 2 || seats[0] != 0 || seats[1] != 1 {
		t.Fatalf("deciders %v", seats)
	}
}

// A person's move reads the game once and commits once: at most one replay of the log (none
// when the last move kept the game) and no second fsync for the board's message id.
func TestAMoveIsOneDecodeAndOneCommit(t *testing.T) {
	f := newFixture(t)
	f.twoPlayers()
	for i, step := range []struct{ user, play string }{{"alice", "d"}, {"bob", "a"}, {"alice", "e"}} {
		before := f.st.Stats()
		v, _, err := f.tab.Move(f.actor(step.user, "ouri"), step.play)
		if err != nil {
			t.Fatal(err)
		}
		f.tab.NoteBoard(v.Game.ID, "board"+step.play) // the new board's id, as an adapter records it
		after := f.st.Stats()
		// The first move replays the new game; the others take the game the last move kept.
		d, k, c := after.Decodes-before.Decodes, after.Kept-before.Kept, after.Commits-before.Commits
		if d+k != 1 || c != 1 || i > 0 && k != 1 {
			t.Errorf("move %d: %d decodes, %d kept games and %d commits, want one read and 1 commit", i+1, d, k, c)
		}
	}
	v, err := f.tab.Find(f.actor("carol", "ouri"), "alice", false)
	if err != nil || v.Game.MessageID != "boarde" {
		t.Fatalf("the noted board is %q (%v)", v.Game.MessageID, err)
	}
}

func TestTheBotAnswersAndIsNotReloadedWithoutABot(t *testing.T) {
	f := newFixture(t)
	if _, err := f.tab.VsBot(f.actor("alice", "ouri"), ai.Easy, "me", games.Options{}); err != nil {
		t.Fatal(err)
	}
	v, _, err := f.tab.Move(f.actor("alice", "ouri"), "d")
	if err != nil {
		t.Fatal(err)
	}
	before := f.st.Stats()
	f.tab.BotTurn(context.Background(), v)
	after := f.st.Stats()
	if len(f.heard.games) != 1 {
		t.Fatalf("heard %d changes, want the bot's move", len(f.heard.games))
	}
	bot := f.heard.games[0]
	if bot.Game.Ply != 2 || bot.Mover().UserID != "alice" {
		t.Fatalf("after the bot's move: ply %d, mover %+v", bot.Game.Ply, bot.Mover())
	}
	if d := after.Decodes - before.Decodes; d != 0 {
		t.Errorf("the bot's turn decoded the game %d times; it starts from the view", d)
	}
	// A game between two people: BotTurn reads nothing.
	g := newFixture(t)
	p := g.twoPlayers()
	before = g.st.Stats()
	g.tab.BotTurn(context.Background(), p)
	if after := g.st.Stats(); after != before {
		t.Errorf("BotTurn without a bot touched the store: %+v → %+v", before, after)
	}
}

func TestResignStopsTheBotsSearch(t *testing.T) {
	f := newFixture(t)
	f.tab.cfg.AIMoveTime = 5 * time.Second
	v, err := f.tab.VsBot(f.actor("alice", "ordo"), ai.Hard, "bot", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { f.tab.BotTurn(context.Background(), v); close(done) }()
	time.Sleep(50 * time.Millisecond) // let the search start
	t0 := time.Now()
	if _, _, err := f.tab.Resign(f.actor("alice", "ordo")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		t.Fatal("the bot still searches 3 s after the resignation")
	}
	t.Logf("the search stopped %v after the resignation", time.Since(t0))
	if len(f.heard.games) != 0 {
		t.Errorf("the bot moved in a resigned game: %+v", f.heard.games[0].Game)
	}
}

func TestOffersAndAgreement(t *testing.T) {
	f := newFixture(t)
	f.twoPlayers()
	o, err := f.tab.Offer(f.actor("alice", "ouri"))
	if err != nil || o.Accepted || o.View.Game.Offer.Kind != "end" {
		t.Fatalf("offer: %+v, %v", o, err)
	}
	_, err = f.tab.Offer(f.actor("alice", "ouri"))
	refusal(t, err, Refused)
	o, err = f.tab.Offer(f.actor("bob", "ouri"))
	if err != nil || !o.Accepted || o.View.Live.Outcome().Method != games.Agreement {
		t.Fatalf("accepting: %+v, %v", o, err)
	}
}

func TestExpiryAndTimeLoss(t *testing.T) {
	f := newFixture(t)
	c, err := f.tab.Challenge(f.actor("alice", "ordo"), "bob", false, "", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.tab.Challenge(f.actor("carol", "ordo"), "carol", false, "", games.Options{})
	refusal(t, err, Refused)
	_, err = f.tab.Challenge(f.actor("carol", "ordo"), "somebot", true, "", games.Options{})
	refusal(t, err, Refused)
	f.advance(11 * time.Minute)
	f.tab.Sweep(context.Background())
	if len(f.heard.expired) != 1 || f.heard.expired[0].ID != c.ID {
		t.Fatalf("expired: %+v", f.heard.expired)
	}
	_, err = f.tab.Answer(f.actor("bob", "ordo"), c.ID, true, "")
	refusal(t, err, Stale)

	v := f.twoPlayers()
	f.advance(73 * time.Hour)
	f.tab.Sweep(context.Background())
	if len(f.heard.games) != 1 {
		t.Fatalf("heard %d changes, want the loss on time", len(f.heard.games))
	}
	lost := f.heard.games[0]
	if lost.Game.ID != v.Game.ID || lost.Live.Outcome() != (games.Outcome{Winner: 1, Method: games.Time}) {
		t.Fatalf("after the idle limit: %+v", lost.Live.Outcome())
	}
}

// 200 people start a game against the hard bot at once: every bot move is made, the searches queue
// behind the process-wide limit, and memory stays bounded.
func TestTwoHundredGamesAgainstTheBot(t *testing.T) {
	if testing.Short() {
		t.Skip("200 searches")
	}
	f := newFixture(t)
	f.tab.cfg.AIMoveTime = 20 * time.Millisecond
	f.tab.cfg.AI = ai.New(ai.Config{EndgameSeeds: 8, MaxSearches: 2})
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	var peak atomic.Uint64
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
			}
		}
	}()
	views := make([]View, 200)
	for i := range views {
		a := f.actor(fmt.Sprintf("p%d", i), "ouri")
		a.Place.Channel = fmt.Sprintf("c%d", i)
		v, err := f.tab.VsBot(a, ai.Hard, "bot", games.Options{})
		if err != nil {
			t.Fatal(err)
		}
		views[i] = v
	}
	for _, v := range views {
		wg.Add(1)
		go func() { defer wg.Done(); f.tab.BotTurn(context.Background(), v) }()
	}
	wg.Wait()
	close(stop)
	for _, v := range views {
		rec, _, err := f.st.Game(v.Game.ID)
		if err != nil || rec.Ply != 1 {
			t.Fatalf("game %d: ply %d, %v: the bot's move was not made", v.Game.ID, rec.Ply, err)
		}
	}
	grew := int64(peak.Load()) - int64(before.HeapInuse)
	t.Logf("200 games against the hard bot: peak heap in use %d MiB above the start", grew>>20)
	if grew > 512<<20 {
		t.Errorf("the heap grew by %d MiB for 200 games", grew>>20)
	}
}

// Processes that share a store (STORE=etcd) each cache a server's settings: a change made by one
// reaches the other once its copy is older than settingsFresh.
func TestSettingsChangedByAnotherProcessAreSeenOnceStale(t *testing.T) {
	f := newFixture(t)
	other := New(f.st, f.heard, Config{Now: f.clock, Log: slog.New(slog.DiscardHandler), AI: testAI})
	if other.settings("g1").Threads {
		t.Fatal("threads on by default")
	}
	if _, err := f.tab.ChangeSettings("g1", func(s *store.ServerSettings) { s.Threads = true }); err != nil {
		t.Fatal(err)
	}
	if other.settings("g1").Threads {
		t.Fatal("a fresh copy was read again: a move would read the store")
	}
	defer func(d time.Duration) { settingsFresh = d }(settingsFresh)
	settingsFresh = 0
	if !other.settings("g1").Threads {
		t.Fatal("a stale copy was kept")
	}
}
