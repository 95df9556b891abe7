package console

import (
	"bytes"
	"context"
	"flag"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/console.golden")

// clock is a fake clock tests advance by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// testAI keeps the Ouri endgame databases small: the full ones take half a minute to build.
var testAI = ai.New(ai.Config{EndgameSeeds: 8})

// TestConsoleTranscript replays testdata/console.txt through the console and compares the transcript
// with testdata/console.golden (go test ./bot/console -run Console -update rewrites it).
func TestConsoleTranscript(t *testing.T) {
	clock := &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	input, err := os.ReadFile("testdata/console.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := New(&out, clock.Now)
	c.elideBoards = true
	b := bot.New(st, c, bot.Config{Now: clock.Now, Seed: 11, Log: slog.New(slog.DiscardHandler), AI: testAI})
	c.Attach(b)
	out.WriteString(consoleWelcome)
	if err := c.Play(context.Background(), bytes.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	b.Wait()
	if *updateGolden {
		if err := os.WriteFile("testdata/console.golden", out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("testdata/console.golden")
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("console transcript differs from testdata/console.golden (rerun with -update and review the diff):\n%s", out.String())
	}
}

func TestRunStopsAtEndOfInput(t *testing.T) {
	st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out bytes.Buffer
	in := bytes.NewBufferString("/ordo rules\n")
	if err := Run(context.Background(), st, bot.Config{}, in, &out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out.Bytes(), []byte("Ordo")) || !bytes.Contains(out.Bytes(), []byte("/ouri vs-bot")) {
		t.Errorf("transcript:\n%s", out.String())
	}
}
