package table

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/metrics"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv/etcdtest"
)

// mailbox is a notifier that also takes digests, as the bot's DMs would.
type mailbox struct {
	*heard
	mu    sync.Mutex
	sent  []Digest
	noDMs map[string]bool
}

func (m *mailbox) SendDigest(ctx context.Context, d Digest) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.noDMs[d.User] {
		return fmt.Errorf("discord: 50007 Cannot send messages to this user: %w", ErrNoDM)
	}
	m.sent = append(m.sent, d)
	return nil
}

func (m *mailbox) count() int { m.mu.Lock(); defer m.mu.Unlock(); return len(m.sent) }

// digestFixture is a fixture whose notifier takes digests, at 07:59:50 UTC.
func digestFixture(t *testing.T) (*fixture, *mailbox) {
	f := newFixture(t)
	f.now = time.Date(2025, 3, 1, 7, 59, 50, 0, time.UTC)
	box := &mailbox{heard: f.heard, noDMs: map[string]bool{}}
	f.tab = New(f.st, box, Config{Now: f.clock, Seed: 3, Log: slog.New(slog.DiscardHandler), AI: testAI})
	return f, box
}

// undeliverable is the digests counted as undeliverable so far, from the metrics' own page.
func undeliverable(t *testing.T) int {
	rec := httptest.NewRecorder()
	metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	m := regexp.MustCompile(`tabuleiro_digests_total\{outcome="undeliverable"\} (\d+)`).FindSubmatch(body)
	if m == nil {
		t.Fatal("no undeliverable digests in the metrics")
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

func TestTheDigestNamesTheGamesWhereItIsTheirMoveOnceADay(t *testing.T) {
	f, box := digestFixture(t)
	now := f.now
	me, them := store.Player{UserID: "m"}, store.Player{UserID: "o"}
	late := stored(t, f.st, "g1", "c1", "ouri", me, them, now.Add(5*24*time.Hour), 7)
	stored(t, f.st, "g2", "c2", "ordo", them, me, now.Add(time.Hour), 1) // their move
	soon := stored(t, f.st, "g3", "c3", "oolong", me, store.Player{UserID: "p"}, now.Add(20*time.Hour), 1)
	dm := stored(t, f.st, "", "dm", "ordo", me, store.Player{Bot: true, Level: "easy"}, now.Add(72*time.Hour), store.PaceLive)
	if _, err := f.tab.SetDigest("m", true, 8); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.SetDigest("m", true, 24); err != ErrDigestHour {
		t.Fatalf("hour 24: %v", err)
	}
	f.tab.Sweep(context.Background())
	if box.count() != 0 {
		t.Fatal("a digest before its hour")
	}
	f.advance(10 * time.Second) // 08:00:00
	f.tab.Sweep(context.Background())
	if box.count() != 1 {
		t.Fatalf("%d digests at the hour", box.count())
	}
	d := box.sent[0]
	var ids []uint64
	for _, l := range d.Games {
		ids = append(ids, l.Game.ID)
	}
	if want := []uint64{soon.ID, dm.ID, late.ID}; d.User != "m" || d.Day != "2025-03-01" || !slices.Equal(ids, want) {
		t.Fatalf("the digest: %s %s %v, want %v", d.User, d.Day, ids, want)
	}
	if link := d.Games[1].Link(); link != "https://discord.com/channels/@me/dm/msg-dm" {
		t.Errorf("the DM game links to %s", link)
	}
	// Again within the hour, after a restart, later that day: nothing more.
	f.advance(sweepEvery)
	f.tab.Sweep(context.Background())
	g := f.reopen()
	box2 := &mailbox{heard: g.heard}
	g.tab = New(g.st, box2, Config{Now: g.clock, Log: slog.New(slog.DiscardHandler), AI: testAI})
	g.tab.Sweep(context.Background())
	g.advance(30 * time.Minute)
	g.tab.Sweep(context.Background())
	if box.count()+box2.count() != 1 {
		t.Fatalf("%d digests in one day", box.count()+box2.count())
	}
	// The next day at eight, once more.
	g.advance(24 * time.Hour)
	g.tab.Sweep(context.Background())
	if box2.count() != 1 || box2.sent[0].Day != "2025-03-02" {
		t.Fatalf("the next day: %+v", box2.sent)
	}
}

func TestNoDigestWithoutAGameToMoveOrADM(t *testing.T) {
	f, box := digestFixture(t)
	stored(t, f.st, "g1", "c1", "ordo", store.Player{UserID: "o"}, store.Player{UserID: "idle"}, f.now.Add(time.Hour), 1)
	stored(t, f.st, "g1", "c2", "ordo", store.Player{UserID: "closed"}, store.Player{UserID: "o"}, f.now.Add(time.Hour), 1)
	box.noDMs["closed"] = true
	for _, u := range []string{"idle", "closed"} {
		if _, err := f.tab.SetDigest(u, true, 8); err != nil {
			t.Fatal(err)
		}
	}
	before := undeliverable(t)
	f.advance(10 * time.Second)
	f.tab.Sweep(context.Background())
	f.advance(2 * time.Minute)
	f.tab.Sweep(context.Background())
	if box.count() != 0 {
		t.Fatalf("sent %+v", box.sent)
	}
	if n := undeliverable(t) - before; n != 1 {
		t.Fatalf("%d undeliverable digests counted, want 1", n)
	}
	if due, _ := f.st.DigestsDue("2025-03-01", 8); len(due) != 0 {
		t.Fatalf("still due: %v", due)
	}
}

// The lease a dead process's claim holds is a minute of a pace day, never under ten seconds: the
// digest is not sent a second before it ends, and once after.
func TestADigestClaimedByADeadProcessIsSentOnce(t *testing.T) {
	for _, c := range []struct {
		name    string
		paceDay time.Duration
		lease   time.Duration
	}{
		{"with a pace day of 24 hours, after a minute", 24 * time.Hour, time.Minute},
		{"with a pace day of 48 hours, after two minutes", 48 * time.Hour, 2 * time.Minute},
		{"with a pace day of 6 hours, after 15 seconds", 6 * time.Hour, 15 * time.Second},
		{"with a pace day of 20 seconds, after the floor of 10 seconds", 20 * time.Second, 10 * time.Second},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, box := digestFixture(t)
			f.tab = New(f.st, box, Config{Now: f.clock, Seed: 3, Log: slog.New(slog.DiscardHandler), AI: testAI, PaceDay: c.paceDay})
			if got := f.tab.digestLease(); got != c.lease {
				t.Fatalf("the lease is %v, want %v", got, c.lease)
			}
			stored(t, f.st, "g1", "c1", "ordo", store.Player{UserID: "m"}, store.Player{UserID: "o"}, f.now.Add(time.Hour), 1)
			if _, err := f.tab.SetDigest("m", true, 8); err != nil {
				t.Fatal(err)
			}
			f.advance(10 * time.Second)
			// Another process claimed it and died before sending.
			if won, err := f.st.ClaimDigest("m", "2025-03-01", c.lease); err != nil || !won {
				t.Fatalf("the dead process's claim: %v, %v", won, err)
			}
			f.tab.Sweep(context.Background())
			f.advance(c.lease - time.Second)
			f.tab.Sweep(context.Background())
			if box.count() != 0 {
				t.Fatal("sent while the claim was fresh")
			}
			f.advance(time.Second)
			f.tab.Sweep(context.Background())
			f.advance(sweepEvery)
			f.tab.Sweep(context.Background())
			if box.count() != 1 {
				t.Fatalf("%d digests after the claim's lease", box.count())
			}
		})
	}
}

// stalled is a DigestSender whose DM never lands in time: it notes the time the send was given and
// fails as a timed-out request does.
type stalled struct {
	tries  int
	budget []time.Duration // how long each send was given
}

func (s *stalled) SendDigest(ctx context.Context, d Digest) error {
	s.tries++
	if deadline, ok := ctx.Deadline(); ok {
		s.budget = append(s.budget, time.Until(deadline))
	}
	return fmt.Errorf("posting the digest: %w", context.DeadlineExceeded)
}

func (s *stalled) ChallengeExpired(context.Context, store.Challenge) {}
func (s *stalled) GameChanged(context.Context, View)                 {}
func (s *stalled) TurnPing(context.Context, View, bool, string) (string, error) {
	return "", nil
}

// A DM is given half the claim's lease, whatever the HTTP client's timeout, so that its sender has
// marked it tried before another process may claim it; tried, it is not tried again that day.
func TestADigestsDMIsGivenHalfItsLease(t *testing.T) {
	f, _ := digestFixture(t)
	send := &stalled{}
	f.tab = New(f.st, send, Config{Now: f.clock, Log: slog.New(slog.DiscardHandler), AI: testAI, PaceDay: time.Hour})
	stored(t, f.st, "g1", "c1", "ordo", store.Player{UserID: "m"}, store.Player{UserID: "o"}, f.now.Add(time.Hour), 1)
	if _, err := f.tab.SetDigest("m", true, 8); err != nil {
		t.Fatal(err)
	}
	f.advance(10 * time.Second)
	f.tab.Sweep(context.Background())
	lease := f.tab.digestLease()
	if len(send.budget) != 1 || send.budget[0] <= 0 || send.budget[0] > lease/2 {
		t.Fatalf("the DM was given %v (in %d tries), want at most half the lease of %v", send.budget, send.tries, lease)
	}
	f.advance(lease)
	f.tab.Sweep(context.Background())
	if send.tries != 1 {
		t.Fatalf("%d tries, want 1", send.tries)
	}
}

func TestADigestSetDuringItsHourComesThatHour(t *testing.T) {
	f, box := digestFixture(t)
	stored(t, f.st, "g1", "c1", "ordo", store.Player{UserID: "m"}, store.Player{UserID: "o"}, f.now.Add(time.Hour), 1)
	f.advance(30 * time.Minute) // 08:29:50
	f.tab.Sweep(context.Background())
	if _, err := f.tab.SetDigest("m", true, 8); err != nil {
		t.Fatal(err)
	}
	f.advance(sweepEvery)
	f.tab.Sweep(context.Background())
	if box.count() != 1 {
		t.Fatalf("%d digests after setting it during its hour", box.count())
	}
	// Moved to nine after today's: none at nine.
	if _, err := f.tab.SetDigest("m", true, 9); err != nil {
		t.Fatal(err)
	}
	f.advance(time.Hour)
	f.tab.Sweep(context.Background())
	if box.count() != 1 {
		t.Fatalf("%d digests after moving the hour", box.count())
	}
	// Off: none the next day.
	if _, err := f.tab.SetDigest("m", false, 0); err != nil {
		t.Fatal(err)
	}
	f.advance(24 * time.Hour)
	f.tab.Sweep(context.Background())
	if box.count() != 1 {
		t.Fatalf("%d digests once off", box.count())
	}
}

// Two replicas on one etcd cluster of one member and of three, both sweeping at once (each as if it
// had the duty, so that only the store's fencing stands between them): each game due is lost once
// and each digest sent once.
func TestTwoReplicasLoseEachGameAndSendEachDigestOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an etcd cluster")
	}
	for _, members := range []int{1, 3} {
		t.Run(fmt.Sprintf("a %d-member cluster", members), func(t *testing.T) { twoReplicasSweep(t, etcdtest.Start(t, members)) })
	}
}

func twoReplicasSweep(t *testing.T, cluster *etcdtest.Cluster) {
	prefix := etcdtest.Prefix()
	now := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	var tabs []*Table
	var boxes []*mailbox
	for range 2 {
		st, _ := cluster.Store(t, prefix, store.Options{Decode: catalog.Decode, Now: clock})
		box := &mailbox{heard: &heard{}}
		boxes = append(boxes, box)
		tabs = append(tabs, New(st, box, Config{Now: clock, Log: slog.New(slog.DiscardHandler), AI: testAI}))
	}
	st := tabs[0].Store()
	for i := range 5 {
		// Lost now: their deadlines passed a second ago.
		stored(t, st, "g1", fmt.Sprint("late", i), "ordo", store.Player{UserID: fmt.Sprint("l", i)}, store.Player{UserID: "o"},
			now.Add(-time.Second), 2)
	}
	for i := range 3 {
		user := fmt.Sprint("d", i)
		stored(t, st, "g2", fmt.Sprint("slow", i), "ordo", store.Player{UserID: user}, store.Player{UserID: "o"}, now.Add(time.Hour), 2)
		if _, err := tabs[1].SetDigest(user, true, 9); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for _, tab := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				tab.sweep(context.Background(), tab.Store())
			}
		}()
	}
	wg.Wait()
	losses, digests := 0, 0
	for _, b := range boxes {
		digests += b.count()
		for _, v := range b.heard.games {
			if v.Live.Outcome().Method == games.Time {
				losses++
			}
		}
	}
	if losses != 5 || digests != 3 {
		t.Fatalf("%d losses on time told (want 5), %d digests sent (want 3)", losses, digests)
	}
}
