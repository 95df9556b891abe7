package bot

import (
	"bytes"
	"context"
	"flag"
	"log/slog"
	"os"
	"testing"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/console.golden")

// TestConsoleTranscript replays testdata/console.txt through the console and compares the transcript
// with testdata/console.golden (go test ./bot -run Console -update rewrites it).
func TestConsoleTranscript(t *testing.T) {
	clock := newClock()
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
	c := NewConsole(&out, clock.Now)
	c.elideBoards = true
	b := New(st, c, Config{Now: clock.Now, Seed: 11, Log: slog.New(slog.DiscardHandler), AI: testAI})
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

func TestRunConsoleStopsAtEndOfInput(t *testing.T) {
	st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out bytes.Buffer
	in := bytes.NewBufferString("/ordo rules\n")
	if err := RunConsole(context.Background(), st, Config{}, in, &out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out.Bytes(), []byte("Ordo")) || !bytes.Contains(out.Bytes(), []byte("/ouri vs-bot")) {
		t.Errorf("transcript:\n%s", out.String())
	}
}
