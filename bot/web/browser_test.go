package web

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"tabuleiro/say"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tabuleiro/bot/web/webtest"
	"tabuleiro/games"
	"tabuleiro/table"
)

// tab is a new browser tab with its own cookies, speaking lang.
func tab(t *testing.T, browser context.Context, lang string) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	headers := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": lang}})
		return err
	})
	if err := chromedp.Do(ctx, headers); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// click clicks the element sel names with the mouse, once.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if err := webtest.Click(ctx, sel); err != nil {
		t.Fatalf("clicking %s: %v", sel, err)
	}
}

// offered are the marks of the cells the page offers to click next.
func offered(t *testing.T, ctx context.Context) []string {
	t.Helper()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".cell.can")].map(e => e.dataset.mark)`))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// waitPly waits until the page shows the game after ply decisions (the page marks its body).
func waitPly(t *testing.T, ctx context.Context, s *site, ply int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if p, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.ply || ""`)); err == nil && p == strconv.Itoa(ply) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the page never showed ply %d", ply)
}

func TestAnOrdoMoveIsPlayedByClickingAHighlightedDestination(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	alice := tab(t, browser, "en-US")
	if err := chromedp.Do(alice, chromedp.Navigate(s.invite(t, "111", s.people.ID)), chromedp.WaitVisible(`.cell.can`)); err != nil {
		t.Fatal(err)
	}
	waitPly(t, alice, s, 0)
	webtest.Screenshot(t, alice, "ordo-1280", 1280)
	webtest.Screenshot(t, alice, "ordo-360", 360)
	chromedp.Do(alice, chromedp.EmulateViewport(1280, 900))
	// The pieces that may move are offered first; a piece clicked offers its destinations only.
	if got := offered(t, alice); !slices.Contains(got, "a3") || slices.Contains(got, "a4") {
		t.Fatalf("before a pick the page offers %v", got)
	}
	// A line of pieces: its first piece, then its other end, then where it goes; a second
	// click on a picked piece takes the pick back.
	for _, step := range []struct {
		click string
		want  []string
	}{
		{"c2", []string{"c3", "c4", "d2", "d3", "e4"}},
		{"d2", []string{"c3", "c4"}},
		{"d2", []string{"c3", "c4", "d2", "d3", "e4"}},
		{"c2", nil},
	} {
		click(t, alice, `[data-mark="`+step.click+`"]`)
		got := offered(t, alice)
		if step.want == nil && !slices.Contains(got, "a3") || step.want != nil && !slices.Equal(got, step.want) {
			t.Fatalf("after clicking %s the page offers %v, want %v", step.click, got, step.want)
		}
	}
	click(t, alice, `[data-mark="a3"]`)
	if got, want := offered(t, alice), []string{"a4", "b4"}; !slices.Equal(got, want) {
		t.Fatalf("after a3 the page offers %v, want a3's destinations %v", got, want)
	}
	if label, _ := chromedp.Run(alice, chromedp.AttributeValue(`[data-mark="a4"]`, "aria-label")); label.Value != "a4: empty, you can choose it" {
		t.Errorf("a4 is named %q", label.Value)
	}
	webtest.Screenshot(t, alice, "ordo-picked-360", 360)
	chromedp.Do(alice, chromedp.EmulateViewport(1280, 900))
	click(t, alice, `[data-mark="a4"]`)
	waitPly(t, alice, s, 1)
	if _, live, _ := s.st.Game(s.people.ID); live.Ply() != 1 || live.Format(live.Log()[0]) != "a3-a4" {
		t.Fatalf("the store holds %v", live.Log())
	}
	if said, _ := chromedp.Run(alice, chromedp.Text(`[role=status]`)); said != "Alice (White) played a3-a4." {
		t.Errorf("the live region said %q", said)
	}
	if got := offered(t, alice); len(got) != 0 {
		t.Errorf("after her move alice is still offered %v", got)
	}
}

func TestAWatchersPageHasNoControlsAndItsForgedMoveIsRefused(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	watcher := tab(t, browser, "pt-BR")
	// Warm the server and the browser, then time the page's first render at 360 px (reported,
	// not held to: this machine's speed varies).
	if err := chromedp.Do(watcher, chromedp.EmulateViewport(360, 800), chromedp.Navigate(s.web.Address(s.people.ID)), chromedp.WaitVisible(`.board`)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := chromedp.Do(watcher, chromedp.Navigate(s.web.Address(s.people.ID)), chromedp.WaitVisible(`.board .cell`)); err != nil {
		t.Fatal(err)
	}
	t.Logf("the board's first render at 360 px took %v from a warm server", time.Since(start).Round(time.Millisecond))
	waitPly(t, watcher, s, 0)
	if buttons, _ := chromedp.Run(watcher, chromedp.Evaluate[int](`document.querySelectorAll(".controls button, .cell.can").length`)); buttons != 0 {
		t.Errorf("a watcher's page shows %d controls", buttons)
	}
	forge := `fetch(location.pathname + "/decide", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({ply: 0, play: "a3-a4"})}).then(async r => ({status: r.status, body: await r.json()}))`
	answer, err := chromedp.Run(watcher, chromedp.Evaluate[map[string]any](forge, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if answer["status"] != float64(403) || !strings.Contains(answer["body"].(map[string]any)["error"].(string), "Você está assistindo") {
		t.Errorf("a watcher's forged move was answered %v", answer)
	}
	if _, live, _ := s.st.Game(s.people.ID); live.Ply() != 0 {
		t.Fatal("the forged move was played")
	}
	webtest.Screenshot(t, watcher, "ordo-watcher-pt-360", 360)
}

func TestAnExpiredReusedOrOtherGamesLinkIsRefusedInTheBrowser(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	used := s.invite(t, "111", s.people.ID)
	late := s.invite(t, "111", s.people.ID)
	first := tab(t, browser, "en-US")
	if err := chromedp.Do(first, chromedp.Navigate(used), chromedp.WaitVisible(`.cell.can`)); err != nil {
		t.Fatal(err)
	}
	s.clock.Add(LinkTTL)
	// Alice's fresh link to her Oolong game, put on the address of her Ordo game.
	oolong := s.invite(t, "111", s.oolong.ID)
	elsewhere := strings.Replace(oolong, s.web.Address(s.oolong.ID), s.web.Address(s.people.ID), 1)
	for name, link := range map[string]string{"reused": used, "expired": late, "another game's": elsewhere} {
		t.Run(name, func(t *testing.T) {
			other := tab(t, browser, "en-US")
			if err := chromedp.Do(other, chromedp.Navigate(link)); err != nil {
				t.Fatal(err)
			}
			body, err := chromedp.Run(other, chromedp.Text(`body`))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(body, say.For(say.English).T("web.link-refused", nil)) {
				t.Errorf("the %s link shows %q", name, body)
			}
		})
	}
}

// Oolong's player chooses a seat: on a wide screen among the nine tables, on a narrow one on the
// waiter's table shown large.
func TestAnOolongSeatIsChosenByClicking(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	alice := tab(t, browser, "en-US")
	if err := chromedp.Do(alice, chromedp.EmulateViewport(360, 800), chromedp.Navigate(s.invite(t, "111", s.oolong.ID)), chromedp.WaitVisible(`.cell.can`)); err != nil {
		t.Fatal(err)
	}
	_, live, _ := s.st.Game(s.oolong.ID)
	want := games.Names(live, live.Legal())
	for i := range want {
		want[i] = strings.SplitN(want[i], " ", 2)[0]
	}
	if got := offered(t, alice); !slices.Equal(got, want) {
		t.Fatalf("at 360 px alice is offered %v, want the seats %v", got, want)
	}
	webtest.Screenshot(t, alice, "oolong-360", 360)
	webtest.Screenshot(t, alice, "oolong-1280", 1280)
	if err := chromedp.Do(alice, chromedp.EmulateViewport(360, 800)); err != nil {
		t.Fatal(err)
	}
	click(t, alice, `[data-mark="`+want[0]+`"]`)
	waitPly(t, alice, s, 1)
	if _, live, _ := s.st.Game(s.oolong.ID); live.Format(live.Log()[0]) != want[0] {
		t.Fatalf("the store holds %v", live.Log())
	}
}

// The board is played from the keyboard: one tab stop, arrows to move, Enter to choose; the live
// region says what was played. Dark or light, the page follows the system's choice.
func TestTheBoardIsPlayedFromTheKeyboardInTheDark(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	carol := tab(t, browser, "en-US")
	dark := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	})
	if err := chromedp.Do(carol, dark, chromedp.Navigate(s.invite(t, "333", s.vsBot.ID)), chromedp.WaitVisible(`.cell.can`)); err != nil {
		t.Fatal(err)
	}
	background, err := chromedp.Run(carol, chromedp.Evaluate[string](`getComputedStyle(document.body).backgroundColor`))
	if err != nil || background != "rgb(22, 22, 22)" {
		t.Errorf("in the dark the page's background is %q (%v)", background, err)
	}
	webtest.Screenshot(t, carol, "ouri-dark-360", 360)
	stops, _ := chromedp.Run(carol, chromedp.Evaluate[int](`document.querySelectorAll(".board [tabindex='0']").length`))
	if stops != 1 {
		t.Errorf("the board has %d tab stops, want 1", stops)
	}
	if err := chromedp.Do(carol, chromedp.Focus(`.board [tabindex="0"]`), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight),
		chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitPly(t, carol, s, 2) // carol's sowing and the bot's answer
	_, live, _ := s.st.Game(s.vsBot.ID)
	if first := live.Format(live.Log()[0]); first != "b" {
		t.Errorf("right, right, left and Enter from house a sowed %q, want b", first)
	}
	said, _ := chromedp.Run(carol, chromedp.Text(`[role=status]`))
	if !strings.Contains(said, "played") {
		t.Errorf("the live region says %q", said)
	}
}

// A page whose stream is cut (a restart, a proxy) reconnects by itself and shows what was decided
// meanwhile, without a reload.
func TestAPageReconnectsByItself(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	watcher := tab(t, browser, "en-US")
	if err := chromedp.Do(watcher, chromedp.Navigate(s.web.Address(s.people.ID)), chromedp.WaitVisible(`.board`)); err != nil {
		t.Fatal(err)
	}
	waitPly(t, watcher, s, 0)
	s.cut()
	if _, _, err := s.b.Table().Move(table.Actor{User: "111", Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}, "a3-a4"); err != nil {
		t.Fatal(err)
	}
	waitPly(t, watcher, s, 1)
	if _, _, err := s.b.Table().Move(table.Actor{User: "222", Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}, "a6-a5"); err != nil {
		t.Fatal(err)
	}
	waitPly(t, watcher, s, 2)
}
