package console

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"tabuleiro/bot/web/webtest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A whole Ouri game against the bot, played by clicking the console's web board: each click is a
// sowing the console shows, each of the bot's answers reaches the page, and the game ends.
func TestAWholeOuriGameIsPlayedByClicksOnTheConsolesBoard(t *testing.T) {
	browser := webtest.Chrome(t)
	in, out := consoleOn(t, "127.0.0.1:0")
	awaitLine(t, out, regexp.MustCompile(`The board you click is at http://`))
	fmt.Fprintln(in, "/ouri vs-bot level:easy first:me")
	fmt.Fprintln(in, "web")
	link := awaitLine(t, out, regexp.MustCompile(`as a player \(one use, within 15 minutes\): (\S+)`))[1]
	ctx, cancel := context.WithTimeout(browser, 3*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(link), chromedp.WaitVisible(`.cell.can`)); err != nil {
		t.Fatal(err)
	}
	webtest.Screenshot(t, ctx, "ouri-1280", 1280)
	webtest.Screenshot(t, ctx, "ouri-360", 360)
	clicks := 0
	for {
		// Wait for the player's turn (a house to click) or the end.
		var mark string
		deadline := time.Now().Add(10 * time.Second)
		for {
			over, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.over || ""`))
			if over == "true" {
				break
			}
			mark, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector(".cell.can") || {dataset: {}}).dataset.mark || ""`))
			if mark != "" || time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if over, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.over`)); over == "true" {
			break
		}
		if mark == "" {
			t.Fatalf("after %d clicks the page offers nothing to click and the game is not over:\n%s", clicks, out.String())
		}
		ply, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.ply`))
		if err := webtest.Click(ctx, `[data-mark="`+mark+`"]`); err != nil {
			t.Fatal(err)
		}
		clicks++
		// The page moves past the position it showed.
		for deadline := time.Now().Add(5 * time.Second); ; {
			now, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.ply`))
			if now != ply {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("click %d on %s: the page stayed at ply %s", clicks, mark, ply)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if clicks > 300 {
			t.Fatal("the game did not end after 300 clicks")
		}
	}
	webtest.Screenshot(t, ctx, "ouri-over-360", 360)
	status, err := chromedp.Run(ctx, chromedp.Text(`.status`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(status, "wins") && !strings.Contains(status, "draw") {
		t.Errorf("the finished game's page says %q", status)
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".plies li").length`)); n == 0 {
		t.Error("the finished game's page lists no decisions")
	}
	// The finished game is stepped through: to the start, and on by one.
	for _, step := range []struct {
		button, at string
		said       []any // the message id, then its values
	}{
		{"first", "0", []any{"page.start"}},
		{"next", "1", []any{"page.at", "Ply", 1}},
	} {
		if err := chromedp.Do(ctx, chromedp.Click(`.stepper [data-step="`+step.button+`"]`)); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if at, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.at`)); at == step.at {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s did not show the game after %s decisions", step.button, step.at)
			}
		}
		if said, _ := chromedp.Run(ctx, chromedp.Text(`[role=status]`)); !says(said, step.said[0].(string), step.said[1:]...) {
			t.Errorf("after %s the live region says %q", step.button, said)
		}
	}
	webtest.Screenshot(t, ctx, "ouri-stepped-1280", 1280)
	t.Logf("%d clicks to the end: %s", clicks, status)
}
