package table

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv/etcdtest"
)

// poster is a server's channel as the daily puzzle sees it: it counts what is posted.
type poster struct {
	mu    sync.Mutex
	posts []store.DailyPuzzle
}

func (p *poster) post(_ context.Context, d store.DailyPuzzle) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.posts = append(p.posts, d)
	return fmt.Sprintf("m%d", len(p.posts)), nil
}

func (p *poster) count() int { p.mu.Lock(); defer p.mu.Unlock(); return len(p.posts) }

// oneKind picks Ouri's first puzzle every day.
func oneKind(store.DailyServer, string) (string, string, bool) { return "ouri", "ouri-0001", true }

func TestThePuzzleHourIsAnHourOfTheDay(t *testing.T) {
	f := newFixture(t)
	for _, hour := range []int{-1, 24} {
		if _, err := f.tab.SetDailyPuzzle("g1", "c9", hour); !errors.Is(err, ErrPuzzleHour) {
			t.Errorf("puzzle-hour %d: %v, want ErrPuzzleHour", hour, err)
		}
	}
	if s, _ := f.tab.Settings("g1"); s.PuzzleChannel != "" {
		t.Errorf("a refused hour changed the settings: %+v", s)
	}
}

func TestTheDailyPuzzleIsPostedOnceADayAcrossARestart(t *testing.T) {
	f := newFixture(t)
	if _, err := f.tab.SetDailyPuzzle("g1", "c9", 14); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p := &poster{}
	steps := []struct {
		name    string
		advance time.Duration
		restart bool
		posts   int
	}{
		{"nothing is posted before the hour", 0, false, 0},
		{"the hour posts it", 2*time.Hour + 5*time.Minute, false, 1},
		{"a restart the same day posts nothing more", 25 * time.Minute, true, 1},
		{"the next day's hour posts the next", 24 * time.Hour, false, 2},
		{"a process back after the hour posts the day's", 25 * time.Hour, true, 3},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			f.advance(s.advance)
			if s.restart {
				f.tab.Wait()
				f.st.Close()
				st, err := store.Open(f.path, store.Options{Decode: catalog.Decode, Now: f.clock})
				if err != nil {
					t.Fatal(err)
				}
				f.st = st
				f.tab = New(st, f.heard, Config{Now: f.clock, Seed: 3, Log: slog.New(slog.DiscardHandler), AI: testAI})
			}
			for range 2 {
				if _, err := f.tab.PostDailies(ctx, f.clock(), oneKind, p.post); err != nil {
					t.Fatal(err)
				}
			}
			if p.count() != s.posts {
				t.Fatalf("%d posts, want %d", p.count(), s.posts)
			}
		})
	}
	t.Cleanup(func() { f.st.Close() })
	last := p.posts[len(p.posts)-1]
	if d, err := f.st.Daily("g1", last.Day); err != nil || d.MessageID != "m3" || d.Channel != "c9" {
		t.Errorf("the day's record: %+v, %v", d, err)
	}
}

// Two replicas share an etcd cluster and run their daily check at the same moments: each day is
// posted by one of them, and the Solve button counts each solver once whichever replica answers.
func TestTwoReplicasPostTheDailyPuzzleOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an etcd cluster")
	}
	cluster := etcdtest.Start(t, 1)
	prefix := etcdtest.Prefix()
	now := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	var tabs []*Table
	for range 2 {
		st, _ := cluster.Store(t, prefix, store.Options{Decode: catalog.Decode, Now: clock})
		tabs = append(tabs, New(st, &heard{}, Config{Now: clock, Log: slog.New(slog.DiscardHandler), AI: testAI}))
	}
	for _, g := range []string{"g1", "g2", "g3"} {
		if _, err := tabs[0].SetDailyPuzzle(g, "c-"+g, 9); err != nil {
			t.Fatal(err)
		}
	}
	p := &poster{}
	var wg sync.WaitGroup
	for _, tab := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				if _, err := tab.PostDailies(context.Background(), now, oneKind, p.post); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	if p.count() != 3 {
		t.Fatalf("%d posts for three servers: %+v", p.count(), p.posts)
	}
	day := store.Day(now)
	for i, user := range []string{"alice", "bob", "alice"} {
		tab := tabs[i%2]
		pick, err := tab.SolveDaily(user, "g1", day, []PuzzleCandidate{{"ouri-0001", 1500}})
		if err != nil || pick.Attempt.Puzzle != "ouri-0001" {
			t.Fatalf("%s opens the daily puzzle: %+v, %v", user, pick, err)
		}
		if _, err := tabs[1-i%2].SettlePuzzle(user, "ouri", "ouri-0001", 1500, true); err != nil {
			t.Fatal(err)
		}
	}
	d, err := tabs[1].Store().Daily("g1", day)
	if err != nil || d.Solvers != 2 || d.MessageID == "" {
		t.Fatalf("the day's record: %+v, %v; want 2 solvers and its message", d, err)
	}
	if _, err := tabs[0].SolveDaily("alice", "g1", "2025-03-02", nil); !errors.Is(err, ErrNoPuzzle) {
		t.Errorf("a day not posted: %v, want ErrNoPuzzle", err)
	}
}

// A process that died between its claim and its post leaves the day claimed and not tried: the
// next sweep of any process posts it once its lease is over, the puzzle the dead one claimed
// (its post may have landed; the bot's Once keeps Discord from showing it twice), and never
// again. A post that failed is told and not retried.
func TestADailyPuzzleClaimedByADeadProcessIsPostedOnceAfterItsLease(t *testing.T) {
	f := newFixture(t)
	for _, g := range []string{"dead", "failed"} {
		if _, err := f.tab.SetDailyPuzzle(g, "c-"+g, 9); err != nil {
			t.Fatal(err)
		}
	}
	day, lease := store.Day(f.clock()), f.tab.dailyLease()
	if _, won, err := f.st.ClaimDaily(store.DailyPuzzle{Guild: "dead", Day: day, Channel: "c-dead", Kind: "ouri",
		Puzzle: "ouri-0002"}, lease); !won || err != nil {
		t.Fatalf("the dead process's claim: %v, %v", won, err)
	}
	p := &poster{}
	failing := func(ctx context.Context, d store.DailyPuzzle) (string, error) {
		if d.Guild == "failed" {
			return "", errors.New("Discord answered 500")
		}
		return p.post(ctx, d)
	}
	for _, s := range []struct {
		name    string
		advance time.Duration
		posts   []string
	}{
		{"within the lease the dead claim waits; the failed post is told", 0, nil},
		{"still within the lease", lease - time.Second, nil},
		{"past the lease the dead claim is posted, as claimed", time.Second, []string{"dead ouri-0002"}},
		{"and never again, nor the failed one", time.Hour, []string{"dead ouri-0002"}},
	} {
		t.Run(s.name, func(t *testing.T) {
			f.advance(s.advance)
			_, err := f.tab.PostDailies(context.Background(), f.clock(), oneKind, failing)
			if s.advance == 0 && err == nil {
				t.Error("the failed post was not told")
			}
			if s.advance != 0 && err != nil {
				t.Errorf("the failed post was tried again: %v", err)
			}
			var got []string
			for _, d := range p.posts {
				got = append(got, d.Guild+" "+d.Puzzle)
			}
			if fmt.Sprint(got) != fmt.Sprint(s.posts) {
				t.Fatalf("posts %v, want %v", got, s.posts)
			}
		})
	}
	if d, err := f.st.Daily("dead", day); err != nil || d.MessageID != "m1" {
		t.Errorf("the dead claim's record: %+v, %v; want its message noted", d, err)
	}
}
