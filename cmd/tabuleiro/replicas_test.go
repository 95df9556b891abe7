package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"tabuleiro/bot/web/webtest"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv/etcdtest"
)

// replicas are two programs over one three-member etcd cluster, each with its own HTTP address
// and PUBLIC_URL, as two hosts behind a balancer.
type replicas struct {
	priv  ed25519.PrivateKey
	cfg   [2]Config // A's, B's
	mains [2]*Main
	stops [2]func() error
	posts int
}

func startReplicas(t *testing.T) *replicas {
	t.Helper()
	cluster := etcdtest.Start(t, 3)
	api := httptest.NewServer(&fakeREST{})
	t.Cleanup(api.Close)
	pub, priv, _ := ed25519.GenerateKey(nil)
	r := &replicas{priv: priv}
	for i := range r.cfg {
		addr := freeAddr(t)
		env := map[string]string{
			"DISCORD_TOKEN": "tok", "DISCORD_GATEWAY": "off", "DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
			"HTTP_ADDR": addr, "PUBLIC_URL": "http://" + addr, "DISCORD_API_BASE": api.URL,
			"DB_PATH": filepath.Join(t.TempDir(), "unused.db"), "AI_MOVE_TIME": "50ms",
			"STORE": "etcd", "ETCD_ENDPOINTS": strings.Join(cluster.Endpoints(), ","),
		}
		cfg, err := loadConfig(func(k string) string { return env[k] })
		if err != nil {
			t.Fatal(err)
		}
		r.cfg[i] = cfg
		r.start(t, i)
	}
	t.Cleanup(func() {
		for i := range r.mains {
			r.stop(t, i)
		}
	})
	return r
}

// freeAddr is a local address nothing listens on now, for a program to listen on again after
// a restart.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func (r *replicas) start(t *testing.T, i int) {
	t.Helper()
	r.mains[i], r.stops[i] = serving(t, r.cfg[i])
}

// stop stops replica i as a signal does, and says how long that took.
func (r *replicas) stop(t *testing.T, i int) time.Duration {
	t.Helper()
	if r.mains[i] == nil {
		return 0
	}
	began := time.Now()
	if err := r.stops[i](); err != nil {
		t.Errorf("replica %c stopped with %v", 'A'+i, err)
	}
	took := time.Since(began)
	r.mains[i].Close()
	r.mains[i] = nil
	return took
}

// move plays user's first legal decision in the Ouri game of channel 200 by a signed /ouri move
// through replica i, and returns when it was sent.
func (r *replicas) move(t *testing.T, i int, user string, id uint64) time.Time {
	t.Helper()
	m := r.mains[i]
	_, live, err := m.Store.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	play := live.Format(live.Legal()[0])
	r.posts++
	body := fmt.Sprintf(`{"id":"%[1]d","application_id":"424242","type":2,"token":"t%[1]d","version":1,
		"guild_id":"100","channel_id":"200","member":{"user":{"id":%[2]q,"username":"u%[2]s"}},
		"data":{"id":"9","name":"ouri","type":1,"options":[{"name":"move","type":1,"options":[
		{"name":"play","type":3,"value":%[3]q}]}]}}`, r.posts, user, play)
	sent := time.Now()
	resp := signedPost(t, m, r.priv, body)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("/ouri move %s through replica %c: %d %s", play, 'A'+i, resp.StatusCode, b)
	}
	return sent
}

// pageTab is a tab of browser speaking English that notes, in the page, when each ply is shown.
func pageTab(t *testing.T, browser context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	headers := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": "en-US"}})
		return err
	})
	if err := chromedp.Do(ctx, headers); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// noteShown makes the page note the moment (ms since the epoch) each ply is first shown, in
// window.shown; it stays as long as the page is not reloaded.
const noteShown = `window.shown = {};
	new MutationObserver(() => { const p = document.body.dataset.ply; if (!(p in window.shown)) window.shown[p] = Date.now(); })
		.observe(document.body, {attributes: true, attributeFilter: ["data-ply"]});
	true`

// shownAt waits (up to 5 s) for the page to show ply and says when it did.
func shownAt(t *testing.T, page context.Context, ply int) time.Time {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		ms, err := chromedp.Run(page, chromedp.Evaluate[float64](fmt.Sprintf(`window.shown[%q] || 0`, fmt.Sprint(ply))))
		if err != nil {
			t.Fatalf("reading the page's notes (was it reloaded?): %v", err)
		}
		if ms > 0 {
			return time.UnixMilli(int64(ms))
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the page on replica B never showed ply %d", ply)
	return time.Time{}
}

// says waits (up to 10 s) until the page's status says text.
func says(t *testing.T, page context.Context, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if s, err := chromedp.Run(page, chromedp.TextContent(`div.status`)); err == nil && strings.Contains(s, text) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	s, _ := chromedp.Run(page, chromedp.TextContent(`div.status`))
	t.Fatalf("the page never said %q; it says %q", text, s)
}

// ouriGame is alice (11, South) and bob's (22) Ouri game in channel 200 of guild 100.
func ouriGame(t *testing.T, st store.Store) store.Game {
	t.Helper()
	g, err := catalog.New("ouri", nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := st.CreateGame(store.Game{Guild: "100", Channel: "200", Kind: "ouri",
		Seats: [2]store.Player{{UserID: "11"}, {UserID: "22"}}, Encoded: games.Encode(g)})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// On a three-member etcd cluster with two replicas, a move through replica A reaches a page on
// replica B within a second, and the page survives replica B's restart (issue 40's acceptance;
// discord.md section 15: across replicas a page sees every decision within a second, and
// reconnects by itself after a restart). The page is bob's, a player's, opened by a personal link
// that replica A made: after the restart he is still the player he was, on the same game, and
// the page was never reloaded.
func TestAPageOnOneReplicaFollowsMovesMadeThroughAnotherAndOutlivesItsRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a three-member etcd cluster, two programs and Chromium")
	}
	browser := webtest.Chrome(t)
	r := startReplicas(t)
	a, b := r.mains[0], r.mains[1]
	game := ouriGame(t, a.Store)
	link, err := a.Boards.Invite("22", game.ID)
	if err != nil {
		t.Fatal(err)
	}
	onB := strings.Replace(link, r.cfg[0].PublicURL, r.cfg[1].PublicURL, 1)
	page := pageTab(t, browser)
	if err := chromedp.Do(page, chromedp.Navigate(onB), chromedp.WaitVisible(`body[data-ply="0"]`)); err != nil {
		t.Fatalf("bob's link, made on A, opened on B: %v", err)
	}
	w := say.For(say.English)
	says(t, page, w.T("web.connected", nil))
	if _, err := chromedp.Run(page, chromedp.Evaluate[bool](noteShown)); err != nil {
		t.Fatal(err)
	}
	sent := r.move(t, 0, "11", game.ID)
	first := shownAt(t, page, 1).Sub(sent)
	t.Logf("alice's move through replica A showed on replica B's page %v after it was sent", first)
	if first > time.Second {
		t.Errorf("alice's move through A reached B's page in %v, more than a second", first)
	}
	you := w.T("web.you-play", nil)
	if s, _ := chromedp.Run(page, chromedp.TextContent(`.player.seat1`)); !strings.Contains(s, you) {
		t.Fatalf("bob's page on B does not show him as a player: %q", s)
	}

	// The page's stream does not hold the stop up: the shutdown ends it.
	if took := r.stop(t, 1); took > shutdownGrace/2 {
		t.Errorf("replica B took %v to stop with bob's page open (its grace is %v)", took, shutdownGrace)
	} else {
		t.Logf("replica B stopped in %v with bob's page open", took)
	}
	says(t, page, w.T("web.reconnecting", nil))
	r.start(t, 1)
	back := time.Now()
	says(t, page, w.T("web.connected", nil))
	t.Logf("the page was live again %v after replica B served again", time.Since(back).Round(time.Millisecond))
	if b == r.mains[1] {
		t.Fatal("replica B was not started anew")
	}
	// Still bob's board, as a player: his choices are offered, on the same game.
	if err := chromedp.Do(page, chromedp.WaitVisible(`.cell.can`)); err != nil {
		t.Fatal(err)
	}
	sent = r.move(t, 0, "22", game.ID)
	later := shownAt(t, page, 2).Sub(sent)
	t.Logf("after B's restart, bob's move through A showed on B's page %v after it was sent", later)
	if later > time.Second {
		t.Errorf("after B's restart, a move through A reached B's page in %v, more than a second", later)
	}
	if s, _ := chromedp.Run(page, chromedp.TextContent(`.player.seat1`)); !strings.Contains(s, you) {
		t.Errorf("after B's restart bob's page no longer shows him as a player: %q", s)
	}
	board := r.cfg[1].PublicURL + strings.TrimPrefix(a.Boards.Address(game.ID), r.cfg[0].PublicURL)
	if at, _ := chromedp.Run(page, chromedp.Evaluate[string](`location.href`)); at != board {
		t.Errorf("the page is at %s, not the game's board on B %s", at, board)
	}
}
