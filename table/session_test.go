package table

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// The first seat goes to whom the starter chose: themselves, the other, or either at random.
func TestTheFirstSeat(t *testing.T) {
	challenge := func(f *fixture, channel, first string) string {
		t.Helper()
		a, b := f.actor("alice", "ordo"), f.actor("bob", "ordo")
		a.Place.Channel, b.Place.Channel = channel, channel
		c, err := f.tab.Challenge(a, "bob", false, first, games.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ans, err := f.tab.Answer(b, c.ID, true, "m")
		if err != nil || ans.Game == nil {
			t.Fatalf("accepting: %+v, %v", ans, err)
		}
		return ans.Game.Game.Seats[0].UserID
	}
	vsBot := func(f *fixture, channel, first string) string {
		t.Helper()
		a := f.actor("alice", "ordo")
		a.Place.Channel = channel
		v, err := f.tab.VsBot(a, ai.Easy, first, games.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if v.Game.Seats[0].Bot {
			return "bot"
		}
		return v.Game.Seats[0].UserID
	}
	for _, c := range []struct {
		name  string
		start func(f *fixture, channel, first string) string
		first string
		want  []string // the first seats that may come out
	}{
		{"a challenge with first me seats the challenger first", challenge, "me", []string{"alice"}},
		{"a challenge with first them seats the opponent first", challenge, "them", []string{"bob"}},
		{"a challenge with no first seats either first", challenge, "", []string{"alice", "bob"}},
		{"a game against the bot with first me seats the person first", vsBot, "me", []string{"alice"}},
		{"a game against the bot with first bot seats the bot first", vsBot, "bot", []string{"bot"}},
		{"a game against the bot with no first seats either first", vsBot, "", []string{"alice", "bot"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			seen := map[string]bool{}
			for i := 0; i < 16 && len(seen) < len(c.want); i++ {
				seen[c.start(f, fmt.Sprintf("c%d", i), c.first)] = true
			}
			if len(seen) != len(c.want) {
				t.Fatalf("16 starts seated %v first, want %v", seen, c.want)
			}
			for _, w := range c.want {
				if !seen[w] {
					t.Fatalf("16 starts seated %v first, want %v", seen, c.want)
				}
			}
		})
	}
}

// Eight choices made at once on one board: one is played; the others are refused, or find that the
// game moved on.
func TestChoicesAtOnceMakeOneMove(t *testing.T) {
	f := newFixture(t)
	v := f.twoPlayers()
	errs := make([]error, 8)
	actors := make([]Actor, len(errs))
	for i := range actors {
		actors[i] = f.actor("alice", "ouri")
	}
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = f.tab.Choose(actors[i], v.Game.ID, 0, string(rune('a'+i%6)), "m1")
		}()
	}
	wg.Wait()
	moved := 0
	for _, err := range errs {
		if err == nil {
			moved++
		} else if r := (*Refusal)(nil); !errors.As(err, &r) && !errors.Is(err, store.ErrMovedOn) {
			t.Errorf("a losing choice failed with %v, not a refusal or the game having moved on", err)
		}
	}
	if moved != 1 {
		t.Fatalf("%d choices were played, want exactly 1", moved)
	}
	if rec, _, _ := f.st.Game(v.Game.ID); rec.Ply != 1 {
		t.Fatalf("ply %d", rec.Ply)
	}
}

// The bot's move left pending when the process died is made when it runs again.
func TestTheBotMovesAfterARestart(t *testing.T) {
	f := newFixture(t)
	if _, err := f.tab.VsBot(f.actor("alice", "ordo"), ai.Easy, "me", games.Options{}); err != nil {
		t.Fatal(err)
	}
	v, _, err := f.tab.Move(f.actor("alice", "ordo"), "a3-a4")
	if err != nil || v.Game.Ply != 1 {
		t.Fatalf("alice's move: ply %d, %v", v.Game.Ply, err)
	}
	// The process dies before the bot's move (BotTurn never runs).
	f.st.Close()
	st, err := store.Open(f.path, store.Options{Decode: catalog.Decode, Now: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f.tab = New(st, f.heard, Config{Now: f.clock, Seed: 3, AIMoveTime: 20 * time.Millisecond, Log: slog.New(slog.DiscardHandler), AI: testAI})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- f.tab.Run(ctx) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		rec, _, err := st.Game(v.Game.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Ply == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bot did not move after the restart")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// The idle limit is the person's: the bot, even with its move pending, never loses on time.
func TestTheBotNeverLosesOnTime(t *testing.T) {
	f := newFixture(t)
	v, err := f.tab.VsBot(f.actor("alice", "ouri"), ai.Easy, "bot", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v.Game.Ply != 0 || !v.Game.Seats[v.Live.ToMove()].Bot {
		t.Fatalf("the bot should be to move first: ply %d", v.Game.Ply)
	}
	f.advance(100 * time.Hour)
	f.tab.Sweep(context.Background())
	// The sweep makes the bot's overdue move in the background instead of ending the game.
	f.tab.Wait()
	rec, g, err := f.st.Game(v.Game.ID)
	if err != nil || g.Outcome().Over() || rec.Ply != 1 {
		t.Fatalf("outcome %v ply %d, %v", g.Outcome(), rec.Ply, err)
	}
}
