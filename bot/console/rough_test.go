package console

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// saving is session with the pictures saved in dir ("" saves none).
func saving(t *testing.T, lang, dir string, lines ...string) []string {
	t.Helper()
	clock := &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out bytes.Buffer
	c := New(&out, clock.Now)
	c.SetLanguage(lang)
	c.pictures = dir
	b := bot.New(st, c, bot.Config{Now: c.Now, Seed: 11, Log: slog.New(slog.DiscardHandler), AI: testAI})
	c.Attach(b)
	var got []string
	for _, line := range lines {
		out.Reset()
		c.Line(context.Background(), line)
		b.Wait()
		got = append(got, out.String())
	}
	return got
}

// With boards shown as pictures, the console still shows each board's text block beside the note of
// the picture, and saves the picture where the note says.
func TestPictureBoardsShowTheirTextAndAreSaved(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		dir := t.TempDir()
		out := saving(t, lang, dir, "/tabuleiro settings boards:image", "/ouri vs-bot level:easy first:me")
		board := out[1]
		saved := filepath.Join(dir, "ouri-1-0.png")
		if !strings.Contains(board, w.T("console.picture-saved", map[string]any{"File": "ouri-1-0.png", "Count": 1, "Path": saved})[:20]) ||
			!strings.Contains(board, saved) {
			t.Fatalf("the board does not say where its picture is:\n%s", board)
		}
		if strings.Count(board, "4   4   4   4   4   4") != 2 {
			t.Errorf("no text board beside the picture:\n%s", board)
		}
		png, err := os.ReadFile(saved)
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Errorf("the picture was not saved as a PNG at %s: %v", saved, err)
		}
	})
}

// click and select take the message they act on (#N) where several messages carry the label.
func TestClickNamesItsMessage(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		accept := w.T("button.accept", nil)
		out := saving(t, lang, "",
			"@bob /ordo challenge opponent:@alice",  // message #1
			"@carl /ouri challenge opponent:@alice", // message #2
			"@alice click "+accept+" #1",
			"@alice click "+accept+" #9",
		)
		if !strings.Contains(out[2], "#1") || strings.Contains(out[2], "Ouri") {
			t.Errorf("click %s #1 did not accept the Ordo challenge of message #1:\n%s", accept, out[2])
		}
		if want := w.T("console.no-button-on", map[string]any{"Label": `"` + accept + `"`, "Message": "9"}); !strings.Contains(out[3], want) {
			t.Errorf("a click on a message without that button: want %q in\n%s", want, out[3])
		}
	})
}

// Only whoever typed first has Manage Server at the console, and those they name with manage.
func TestOnlyTheConsolesManagersManage(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		denied := w.T("refusal.settings-perm", nil)
		out := saving(t, lang, "",
			"/tabuleiro settings",
			"@bob /tabuleiro settings",
			"@bob manage @carl",
			"manage @bob",
			"@bob /tabuleiro settings",
		)
		if strings.Contains(out[0], denied) {
			t.Errorf("the console's first user was refused:\n%s", out[0])
		}
		if !strings.Contains(out[1], denied) {
			t.Errorf("@bob changed the settings without Manage Server:\n%s", out[1])
		}
		if !strings.Contains(out[2], w.T("console.manage-not-yours", map[string]any{"First": "you"})) {
			t.Errorf("@bob gave Manage Server away:\n%s", out[2])
		}
		if !strings.Contains(out[3], w.T("console.managed", map[string]any{"User": "bob"})) || strings.Contains(out[4], denied) {
			t.Errorf("manage @bob did not give bob Manage Server:\n%s%s", out[3], out[4])
		}
	})
}

// The console says the bot removed a message's buttons only where it had some.
func TestClearingAMessageWithoutButtonsSaysNothing(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		var out bytes.Buffer
		c := New(&out, nil)
		c.SetLanguage(lang)
		ctx := context.Background()
		plain, _ := c.Send(ctx, consoleChannel, bot.Message{Content: say.Plain("no buttons")})
		board, _ := c.Send(ctx, consoleChannel, bot.Message{Content: say.Plain("a board"),
			Rows: []bot.Row{{{Type: bot.Button, Label: "x", Action: bot.Action{Route: "sow", Kind: "ouri"}}}}})
		out.Reset()
		if err := c.Clear(ctx, consoleChannel, plain); err != nil || out.Len() != 0 {
			t.Errorf("clearing message #%s, which had no buttons, printed %q (%v)", plain, out.String(), err)
		}
		if err := c.Clear(ctx, consoleChannel, board); err != nil || !strings.Contains(out.String(), w.T("console.cleared", map[string]any{"Message": board})) {
			t.Errorf("clearing message #%s printed %q (%v)", board, out.String(), err)
		}
	})
}
