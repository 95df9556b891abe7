package console

import (
	"bytes"
	"context"
	"flag"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

var updateGolden = flag.Bool("update", false, "rewrite the console transcripts in testdata/")

// clock is a fake clock tests advance by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// testAI keeps the Ouri endgame databases small: the full ones take half a minute to build.
var testAI = ai.New(ai.Config{EndgameSeeds: 8})

// TestConsoleTranscript replays each language's script through the console and compares the
// transcript with its golden file: testdata/console.txt → console.golden in English,
// testdata/console.pt-BR.txt → console.pt-BR.golden in Portuguese (the same session, with the
// buttons' Portuguese labels). go test ./bot/console -run Console -update rewrites them.
func TestConsoleTranscript(t *testing.T) {
	for _, c := range []struct{ lang, script, golden string }{
		{say.English, "testdata/console.txt", "testdata/console.golden"},
		{say.Portuguese, "testdata/console.pt-BR.txt", "testdata/console.pt-BR.golden"},
		{say.English, "testdata/tournament.txt", "testdata/tournament.golden"},
		{say.Portuguese, "testdata/tournament.pt-BR.txt", "testdata/tournament.pt-BR.golden"},
		{say.English, "testdata/pace.txt", "testdata/pace.golden"},
		{say.Portuguese, "testdata/pace.pt-BR.txt", "testdata/pace.pt-BR.golden"},
	} {
		t.Run(c.lang+" "+filepath.Base(c.script), func(t *testing.T) { transcript(t, c.lang, c.script, c.golden) })
	}
}

func transcript(t *testing.T, lang, script, golden string) {
	clock := &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	input, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := New(&out, clock.Now)
	c.SetLanguage(lang)
	c.elideBoards = true
	b := bot.New(st, c, bot.Config{Now: c.Now, Seed: 11, Log: slog.New(slog.DiscardHandler), AI: testAI})
	c.Attach(b)
	out.WriteString(c.w.T("console.welcome", nil) + "\n\n")
	if err := c.Play(context.Background(), bytes.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	b.Wait()
	if *updateGolden {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("console transcript differs from %s (rerun with -update and review the diff):\n%s", golden, out.String())
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
	if err := Run(context.Background(), st, bot.Config{}, say.English, in, &out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out.Bytes(), []byte("Ordo")) || !bytes.Contains(out.Bytes(), []byte("/ouri vs-bot")) {
		t.Errorf("transcript:\n%s", out.String())
	}
}

func TestTheConsoleSpeaksTheLanguageItIsGiven(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	for _, c := range []struct {
		name, flag string
		env        map[string]string
		want       string
	}{
		{"--lang wins over the environment", say.Portuguese, map[string]string{"LANG": "en_US.UTF-8"}, say.Portuguese},
		{"LANG=pt_BR.UTF-8 speaks Portuguese", "", map[string]string{"LANG": "pt_BR.UTF-8"}, say.Portuguese},
		{"LC_ALL wins over LANG", "", map[string]string{"LC_ALL": "en_GB.UTF-8", "LANG": "pt_BR.UTF-8"}, say.English},
		{"LC_MESSAGES wins over LANG", "", map[string]string{"LC_MESSAGES": "pt_PT", "LANG": "C"}, say.Portuguese},
		{"no locale speaks English", "", nil, say.English},
		{"a language the bot does not speak is English", "", map[string]string{"LANG": "de_DE.UTF-8"}, say.English},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Language(c.flag, env(c.env)); got != c.want {
				t.Errorf("Language(%q, %v) = %q, want %q", c.flag, c.env, got, c.want)
			}
		})
	}
}

func TestARunOfNumbersIsWrittenAsASpan(t *testing.T) {
	for _, c := range []struct {
		name    string
		choices []string
		want    string
	}{
		{"the hours of the day after off are one span", append([]string{"off"}, "0", "1", "2", "3"), "off|0-3"},
		{"two numbers stay apart", []string{"1", "2"}, "1|2"},
		{"numbers that skip stay apart", []string{"1", "3", "5"}, "1|3|5"},
		{"words stay as they are", []string{"1h", "12h", "24h"}, "1h|12h|24h"},
		{"a span may end before more words", []string{"5", "6", "7", "never"}, "5-7|never"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := strings.Join(spans(c.choices), "|"); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
