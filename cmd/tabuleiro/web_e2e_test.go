package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"tabuleiro/bot"
	"tabuleiro/bot/web/webtest"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/render"
	"tabuleiro/render/live"
	"tabuleiro/say"
)

// A whole game of each kind is played to its end by clicks on the live web board of the real
// program, once in English and once in Portuguese: between two members, each on their own
// browser with the personal link the Board button gave them, with a move typed now and then; and
// by a member against the bot. Every click's move edits the channel's board message (the fake
// Discord receives it, with the table's position), and every typed move and every move of the
// bot (every decision, in fact) reaches each page within a second.
func TestWholeGamesArePlayedByClicksOnTheWebBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: six whole games in Chromium against the program take about a minute")
	}
	browser := webtest.Chrome(t)
	p := newPlayground(t, browser)
	for i, c := range []struct {
		kind, lang string
		vsBot      bool
	}{
		{"ouri", say.English, false},
		{"ouri", say.Portuguese, true},
		{"ordo", say.Portuguese, false},
		{"ordo", say.English, true},
		{"oolong", say.English, false},
		{"oolong", say.Portuguese, true},
	} {
		who := "two members"
		if c.vsBot {
			who = "a member and the bot"
		}
		t.Run(fmt.Sprintf("%s between %s in %s", c.kind, who, c.lang), func(t *testing.T) {
			start := time.Now()
			// Each game has its channel and its members: starting games is rate-limited per member.
			n := strconv.Itoa(i + 1)
			g := p.start(t, c.kind, c.lang, "3"+n, [2]string{"1" + n + "1", "1" + n + "2"}, c.vsBot)
			g.play(t)
			t.Logf("%d decisions (%d clicks, %d typed) in %v", g.ply, g.clicks, g.typed, time.Since(start).Round(time.Millisecond))
		})
	}
}

// playground is the program on a random port behind PUBLIC_URL, with a fake Discord that keeps
// every edit, and a browser.
type playground struct {
	m       *Main
	priv    ed25519.PrivateKey
	discord *editsKept
	public  string
	browser context.Context
	mu      sync.Mutex
	n       int // interactions sent
}

func newPlayground(t *testing.T, browser context.Context) *playground {
	t.Helper()
	_, priv, cfg := endpointConfig(t)
	p := &playground{priv: priv, discord: &editsKept{}, browser: browser}
	api := httptest.NewServer(p.discord)
	t.Cleanup(api.Close)
	cfg.APIBase, _ = url.Parse(api.URL)
	// PUBLIC_URL is known before the program listens: a front that passes everything on to it.
	var front atomic.Pointer[httputil.ReverseProxy]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if program := front.Load(); program != nil {
			program.ServeHTTP(w, r)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	p.public, cfg.PublicURL = srv.URL, srv.URL
	m, stop := serving(t, cfg)
	t.Cleanup(func() { stop(); m.Close() })
	target, _ := url.Parse("http://" + m.Addr.String())
	front.Store(httputil.NewSingleHostReverseProxy(target))
	p.m = m
	return p
}

// editsKept is the fake Discord (fakeREST) keeping every edit of a message: its path, its body.
type editsKept struct {
	fakeREST
	mu    sync.Mutex
	edits []edit
}

type edit struct {
	path string
	body []byte
}

// kept are the edits so far, in the order Discord received them.
func (e *editsKept) kept() []edit {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]edit(nil), e.edits...)
}

func (e *editsKept) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPatch {
		// Discord takes a moment to apply an edit, never the same: edits sent one after another
		// must reach it in their order all the same.
		time.Sleep(time.Duration(rand.IntN(100)) * time.Millisecond)
		body, _ := io.ReadAll(r.Body)
		e.mu.Lock()
		e.edits = append(e.edits, edit{r.URL.Path, body})
		e.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	e.fakeREST.ServeHTTP(w, r)
}

// answer is an interaction's answer as Discord reads it.
type answer struct {
	Type int
	Data struct {
		Content    string
		Flags      int
		Components []any
	}
}

// interact sends a signed interaction of member in channel, in lang: a command (data names it) or,
// with message set, a click on that message. It gives the interaction's token and the answer.
func (p *playground) interact(t *testing.T, member, channel, lang, message, data string) (string, answer) {
	t.Helper()
	p.mu.Lock()
	p.n++
	n := strconv.Itoa(p.n)
	p.mu.Unlock()
	typ, msg := "2", ""
	if message != "" {
		typ, msg = "3", `"message":{"id":"`+message+`","channel_id":"`+channel+`"},`
	}
	token := "web" + n
	body := `{"id":"` + n + `","application_id":"424242","type":` + typ + `,"token":"` + token + `","version":1,` +
		`"guild_id":"100","channel_id":"` + channel + `","locale":"` + lang + `","guild_locale":"` + lang + `",` + msg +
		`"member":{"user":{"id":"` + member + `","username":"m` + member + `","global_name":"M` + member + `"}},"data":` + data + `}`
	resp := signedPost(t, p.m, p.priv, body)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var a answer
	if resp.StatusCode != 200 || json.Unmarshal(b, &a) != nil {
		t.Fatalf("interaction %s: %d %s", data, resp.StatusCode, b)
	}
	return token, a
}

// actions are the actions of the controls of a message's components.
func actions(components any) []bot.Action {
	var out []bot.Action
	switch c := components.(type) {
	case []any:
		for _, x := range c {
			out = append(out, actions(x)...)
		}
	case map[string]any:
		if id, ok := c["custom_id"].(string); ok {
			if a, ok := bot.ParseCustomID(id); ok {
				out = append(out, a)
			}
		}
		out = append(out, actions(c["components"])...)
	}
	return out
}

// control is the action of route among the controls of an answer.
func control(t *testing.T, a answer, route string) bot.Action {
	t.Helper()
	for _, c := range actions(a.Data.Components) {
		if c.Route == route {
			return c
		}
	}
	t.Fatalf("no %s control in the answer %+v", route, a)
	return bot.Action{}
}

// webGame is one game played on the web board: its players' browsers, and what the test saw.
type webGame struct {
	p                   *playground
	kind, lang, channel string
	id                  uint64
	vsBot               bool
	tabs                map[string]context.Context // each member's browser
	boardMsg            string                     // the board message's id, as Discord gives it with a click
	// boards are the interactions whose answer is the game's board message: its edits go through them.
	boards map[string]bool
	// clicked and typedAt are the plies clicks and typed moves made; commits when the store held
	// each ply.
	clicked, typedAt   []int
	mu                 sync.Mutex
	commits            []time.Time
	ply, clicks, typed int
}

// start starts a game of kind in channel, in lang: the first member's against the bot, or the
// first's challenge that the second accepts; each member opens their board by the Board button.
func (p *playground) start(t *testing.T, kind, lang, channel string, members [2]string, vsBot bool) *webGame {
	t.Helper()
	alice, bob := members[0], members[1]
	g := &webGame{p: p, kind: kind, lang: lang, channel: channel, vsBot: vsBot, tabs: map[string]context.Context{},
		boardMsg: "board-" + channel, boards: map[string]bool{}}
	var token string
	var a answer
	if vsBot {
		token, a = p.interact(t, alice, channel, lang, "", `{"id":"9","name":"`+kind+`","type":1,"options":[{"name":"vs-bot","type":1,"options":[`+
			`{"name":"level","type":3,"value":"easy"},{"name":"first","type":3,"value":"me"}]}]}`)
	} else {
		_, ch := p.interact(t, alice, channel, lang, "", `{"id":"9","name":"`+kind+`","type":1,"options":[{"name":"challenge","type":1,"options":[`+
			`{"name":"opponent","type":6,"value":"`+bob+`"}]}],"resolved":{"users":{"`+bob+`":{"id":"`+bob+`","username":"m`+bob+`"}}}}`)
		accept := control(t, ch, "accept")
		token, a = p.interact(t, bob, channel, lang, "challenge-"+channel, `{"custom_id":"`+bot.CustomID(accept)+`","component_type":2}`)
	}
	board := control(t, a, "board-link")
	g.id, g.boards[token] = board.Game, true
	g.watch(t)
	v, err := p.m.Bot.Table().Game(g.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range v.Game.Seats {
		if !s.Bot {
			g.open(t, s.UserID, board)
		}
	}
	return g
}

// watch notes when the store holds each ply of the game.
func (g *webGame) watch(t *testing.T) {
	changed, stop := g.p.m.Bot.Table().Watch(g.id)
	done := make(chan struct{})
	t.Cleanup(func() { close(done); stop() })
	note := func() {
		_, l, err := g.p.m.Store.Game(g.id)
		if err != nil {
			return
		}
		now := time.Now()
		g.mu.Lock()
		for len(g.commits) <= l.Ply() {
			g.commits = append(g.commits, now)
		}
		g.mu.Unlock()
	}
	note()
	go func() {
		for {
			select {
			case <-done:
				return
			case <-changed:
				note()
			}
		}
	}()
}

// open has member click the Board button and follow the personal link it answers privately with,
// in a browser of their own (their own cookies) speaking the game's language.
func (g *webGame) open(t *testing.T, member string, board bot.Action) {
	t.Helper()
	_, a := g.p.interact(t, member, g.channel, g.lang, g.boardMsg, `{"custom_id":"`+bot.CustomID(board)+`","component_type":2}`)
	link := regexp.MustCompile(regexp.QuoteMeta(g.p.public) + `/b/[0-9]+-[0-9a-f]+/join/[A-Za-z0-9_-]+`).FindString(a.Data.Content)
	if a.Data.Flags&64 == 0 || link == "" {
		t.Fatalf("the Board button answered %s with %+v: no private personal link", member, a)
	}
	d, _ := catalog.Lookup(g.kind)
	if want := say.For(g.lang).T("reply.board-link", map[string]any{"Title": d.Title, "URL": link}); a.Data.Content != want {
		t.Errorf("the Board button answered %s %q, want %q", member, a.Data.Content, want)
	}
	ctx, cancel := chromedp.NewContext(g.p.browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	speaks := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": g.lang}})
		return err
	})
	if err := chromedp.Do(ctx, speaks, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(link), chromedp.WaitVisible(`.board`)); err != nil {
		t.Fatal(err)
	}
	// The page notes when it shows each ply, by the browser's clock.
	shown := `window.shown = [];
		const note = () => { const p = Number(document.body.dataset.ply); const s = window.shown;
			if (s.length === 0 || s[s.length - 1][0] !== p) s.push([p, Date.now()]); };
		new MutationObserver(note).observe(document.body, {attributes: true, attributeFilter: ["data-ply"]});
		note(); [document.documentElement.lang, document.querySelector(".status").innerText]`
	var page [2]string
	if err := webtest.Eval(ctx, shown, &page); err != nil {
		t.Fatal(err)
	}
	ws := say.For(g.lang)
	if page[0] != g.lang || !strings.Contains(page[1], ws.T("web.your-turn", nil)) && !strings.Contains(page[1], ws.T("web.their-turn", nil)) {
		t.Errorf("%s's page speaks %q and says %q, want %s", member, page[0], page[1], g.lang)
	}
	if len(g.tabs) == 0 {
		webtest.Screenshot(t, ctx, "e2e-"+g.kind+"-"+g.lang+"-360", 360)
	}
	g.tabs[member] = ctx
}

// play plays the game to its end: each member's decision clicked on their page (or, between two
// members, every fifth typed as /move), the bot's made by the bot; then checks what Discord and the
// pages were shown.
func (g *webGame) play(t *testing.T) {
	t.Helper()
	for {
		v, err := g.p.m.Bot.Table().Game(g.id)
		if err != nil {
			t.Fatal(err)
		}
		if v.Over() {
			g.ply = v.Live.Ply()
			break
		}
		ply := v.Live.Ply()
		if ply > 300 {
			t.Fatalf("the game is not over after %d decisions", ply)
		}
		mover := v.Game.Seats[v.Live.ToMove()]
		switch play := quickest(v.Live); {
		case mover.Bot:
		case !g.vsBot && ply%5 == 4:
			g.typeMove(t, mover.UserID, ply, play)
		default:
			g.click(t, mover.UserID, ply, live.Path(v.Live, play))
		}
		g.await(t, ply)
	}
	g.checkPages(t)
	g.checkEdits(t)
	for _, ctx := range g.tabs {
		webtest.Screenshot(t, ctx, "e2e-"+g.kind+"-over-"+g.lang+"-360", 360)
		break
	}
}

// await waits for the game to pass ply.
func (g *webGame) await(t *testing.T, ply int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		g.mu.Lock()
		n := len(g.commits)
		g.mu.Unlock()
		if n > ply+1 {
			return
		}
		if time.Now().After(deadline) {
			// What each page showed then, for whoever reads the failure.
			for member, ctx := range g.tabs {
				var seen any
				webtest.Eval(ctx, `[document.body.dataset.ply, [...document.querySelectorAll(".cell.can, .controls button")].map(e => e.dataset.mark || e.textContent), document.querySelector(".alert")?.textContent]`, &seen)
				t.Logf("%s's page: ply, offered, alert: %v", member, seen)
			}
			t.Fatalf("the game stayed at ply %d for 10 s", ply)
		}
	}
}

// click makes a decision on member's page: it waits for the page to offer the choices of ply, then
// clicks the marks of path in turn (a house, a square, a seat, a table, or a button "!skip").
func (g *webGame) click(t *testing.T, member string, ply int, path []string) {
	t.Helper()
	ctx := g.tabs[member]
	// No pause: a page that sent the last decision takes the next click as soon as it shows the
	// board that followed, before the answer to what it sent.
	ready := `document.body.dataset.ply === "` + strconv.Itoa(ply) + `" && document.querySelector(".cell.can, .controls button.choice") !== null`
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var ok bool
		if err := webtest.Eval(ctx, ready, &ok); err == nil && ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's page never offered the choices of ply %d", member, ply)
		}
	}
	for _, mark := range path {
		// A plain selector is searched as CSS or XPath.
		sel := `[data-mark="` + mark + `"]`
		if choice, ok := strings.CutPrefix(mark, "!"); ok {
			sel = `//div[contains(@class,"controls")]/button[text()="` + choice + `"]`
		}
		if err := webtest.Click(ctx, sel); err != nil {
			t.Fatalf("clicking %s at ply %d: %v", mark, ply, err)
		}
	}
	g.clicked = append(g.clicked, ply+1)
	g.clicks++
}

// typeMove has member type /<kind> move play: the answer is the game's new board, in public.
func (g *webGame) typeMove(t *testing.T, member string, ply int, play string) {
	t.Helper()
	token, a := g.p.interact(t, member, g.channel, g.lang, "", `{"id":"9","name":"`+g.kind+`","type":1,"options":[{"name":"move","type":1,"options":[`+
		`{"name":"play","type":3,"value":"`+play+`"}]}]}`)
	if a.Data.Flags&64 != 0 || control(t, a, "board-link").Ply != ply+1 {
		t.Fatalf("/%s move %s at ply %d answered %+v, not the new board", g.kind, play, ply, a)
	}
	g.boards[token] = true
	g.typedAt = append(g.typedAt, ply+1)
	g.typed++
}

// checkPages checks that every decision reached every page within a second of being stored.
func (g *webGame) checkPages(t *testing.T) {
	t.Helper()
	g.mu.Lock()
	commits := append([]time.Time(nil), g.commits...)
	g.mu.Unlock()
	final := len(commits) - 1
	for member, ctx := range g.tabs {
		// What the page showed, once it shows the end or the end's second is over.
		var shown [][2]int64
		for {
			if err := webtest.Eval(ctx, `window.shown`, &shown); err != nil {
				t.Fatal(err)
			}
			if n := len(shown); n > 0 && shown[n-1][0] >= int64(final) || time.Since(commits[final]) > time.Second {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		worst := time.Duration(0)
		for ply := 1; ply < len(commits); ply++ {
			i := 0
			for i < len(shown) && shown[i][0] < int64(ply) {
				i++
			}
			if i == len(shown) {
				t.Errorf("%s's page never showed ply %d", member, ply)
				continue
			}
			late := time.UnixMilli(shown[i][1]).Sub(commits[ply])
			worst = max(worst, late)
			if late > time.Second {
				t.Errorf("%s's page showed ply %d %v after it was stored", member, ply, late)
			}
		}
		t.Logf("%s's page showed each decision at most %v after it was stored", member, worst.Round(time.Millisecond))
	}
}

// checkEdits checks that each move clicked edited the game's board message in the channel (through
// the interaction that showed it, or by its id) with the position the table holds after it, that
// every edit of it shows the position its controls stand at, and that the last shows the end.
func (g *webGame) checkEdits(t *testing.T) {
	t.Helper()
	v, err := g.p.m.Bot.Table().Game(g.id)
	if err != nil {
		t.Fatal(err)
	}
	blocks := map[int]string{} // ply: the board's block then
	block := func(ply int) string {
		if _, ok := blocks[ply]; !ok {
			at, err := v.At(ply)
			if err != nil {
				t.Fatal(err)
			}
			blocks[ply] = strings.Join(render.BlockOf(at, say.For(g.lang)).Lines, "\n")
		}
		return blocks[ply]
	}
	// The board message ends at the game's end, unless a typed move's answer became the board last.
	final := v.Live.Ply()
	end := !slices.Contains(g.typedAt, final)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		shown, wrong, last, edits := map[int]bool{}, []int(nil), -1, 0
		for _, e := range g.p.discord.kept() {
			if ply, right, ok := g.shows(e, block); ok {
				shown[ply], last, edits = shown[ply] || right, ply, edits+1
				if !right {
					wrong = append(wrong, ply)
				}
			}
		}
		var missing []int
		for _, ply := range g.clicked {
			if !shown[ply] {
				missing = append(missing, ply)
			}
		}
		if len(missing) == 0 && (!end || last == final) || time.Now().After(deadline) {
			if len(missing) > 0 {
				t.Errorf("the board message was never edited to show the clicked moves of plies %v", missing)
			}
			if end && last != final {
				t.Errorf("the board message was last edited to show ply %d, not the end at ply %d", last, final)
			}
			if len(wrong) > 0 {
				t.Errorf("the board message was edited with another position than its controls' at plies %v", wrong)
			}
			t.Logf("the board message was edited %d times", edits)
			return
		}
	}
}

// shows reads an edit of the game's board message: the ply its controls stand at, and whether it
// shows the position then (block gives it).
func (g *webGame) shows(e edit, block func(int) string) (ply int, right, ok bool) {
	var m struct {
		Content    string
		Components []any
	}
	if !g.board(e.path) || json.Unmarshal(e.body, &m) != nil {
		return 0, false, false
	}
	for _, a := range actions(m.Components) {
		if a.Route == "board-link" && a.Game == g.id {
			return a.Ply, strings.Contains(m.Content, block(a.Ply)), true
		}
	}
	return 0, false, false
}

// board says whether a request's path edits the game's board message: by its id in the channel,
// or through an interaction whose answer it is.
func (g *webGame) board(path string) bool {
	if strings.HasPrefix(path, "/api/v10/channels/"+g.channel+"/messages/") {
		return true
	}
	token, ok := strings.CutPrefix(path, "/api/v10/webhooks/424242/")
	token, ok2 := strings.CutSuffix(token, "/messages/@original")
	return ok && ok2 && g.boards[token]
}

// quickest is a decision that ends the game soon: a win at once, else the most seeds in the
// store (Ouri), pieces ahead and taken (Ordo), tables claimed and teas together (Oolong).
func quickest(g games.Game) string {
	me := g.ToMove()
	legal := g.Legal()
	best, score := legal[0], -1<<30
	for _, m := range legal {
		c := g.Clone()
		c.Play(m)
		if o := c.Outcome(); o.Over() && o.Winner == me {
			return g.Format(m)
		}
		if s := ahead(c, me); s > score {
			best, score = m, s
		}
	}
	return g.Format(best)
}

// ahead is how far seat me is ahead in g, as quickest counts.
func ahead(g games.Game, me games.Seat) int {
	s := 0
	switch b := live.Board(g).(type) {
	case live.OuriBoard:
		s = b.Stores[me] - b.Stores[1-me]
	case live.OrdoBoard:
		for sq, who := range b.Pieces {
			rank, _ := strconv.Atoi(sq[1:])
			if games.Seat(who) == me && me == 0 {
				s += rank
			} else if games.Seat(who) == me {
				s += b.Ranks + 1 - rank
			}
		}
		s += 10 * (b.Counts[me] - b.Counts[1-me])
	case live.OolongBoard:
		for _, table := range b.Tables {
			n := strings.Count(strings.Join(table.Seats[:], ""), "bg"[me:me+1])
			switch table.Claim {
			case int(me):
				s += 100
			case int(1 - me):
				s -= 100
			default:
				s += n * n
			}
		}
	}
	return s
}
