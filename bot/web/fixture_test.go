package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// chat is a fake chat that keeps what the bot edits and posts.
type chat struct {
	mu    sync.Mutex
	sent  []bot.Message
	edits []bot.Message
}

func (c *chat) Send(ctx context.Context, channel string, m bot.Message) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, m)
	return "m" + strconv.Itoa(len(c.sent)), nil
}
func (c *chat) Edit(ctx context.Context, channel, id string, m bot.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.edits = append(c.edits, m)
	return nil
}
func (c *chat) Clear(ctx context.Context, channel, id string) error  { return nil }
func (c *chat) Delete(ctx context.Context, channel, id string) error { return nil }

func (c *chat) shown() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.sent) + len(c.edits)
}

// clock is a test clock for the links and the bot.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// testAI is hard for the tests: Ouri's endgame databases hold up to testSeeds seeds (built in
// moments, in memory), not the full ones.
var testAI = ai.New(ai.Config{EndgameSeeds: testSeeds})

const testSeeds = 8

// site is a bot's live boards on a real listening server, with games between people and against
// the bot, in a server with pages on (g1) and one without (g2).
type site struct {
	st    *store.DB
	b     *bot.Bot
	web   *Server
	srv   *httptest.Server
	chat  *chat
	clock *clock
	// people: alice and bob's Ordo game (alice to move) in g1; carol's Ouri game against the
	// bot (carol to move) in g1; dave and erin's Ouri game in g2 (pages off).
	people, vsBot, closed store.Game
	oolong                store.Game // alice and bob's Oolong game in g1, alice to move
	// stop ends the server's context, as a shutdown does.
	stop context.CancelFunc
}

func newSite(t testing.TB) *site {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "tabuleiro.db"), store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	log := slog.New(slog.DiscardHandler)
	c := &chat{}
	clk := &clock{t: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	b := bot.New(st, c, bot.Config{Log: log, Seed: 1, CoachDepth: 2, AI: testAI, Now: clk.Now})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() { cancel(); b.Wait() })
	s := &site{st: st, b: b, chat: c, clock: clk, stop: cancel}
	s.serve(t, ctx, log)
	if _, err := st.ChangeServerSettings("g1", func(s *store.ServerSettings) { s.Pages = true }); err != nil {
		t.Fatal(err)
	}
	if err := st.NoteNames(map[string]string{"111": "Alice", "222": "Bob", "333": "Carol"}); err != nil {
		t.Fatal(err)
	}
	create := func(guild, channel, kind string, seats [2]store.Player) store.Game {
		g, err := catalog.New(kind, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := st.CreateGame(store.Game{Guild: guild, Channel: channel, Kind: kind, Seats: seats, Encoded: games.Encode(g),
			MessageID: "board"})
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	s.people = create("g1", "c1", "ordo", [2]store.Player{{UserID: "111"}, {UserID: "222"}})
	s.vsBot = create("g1", "c2", "ouri", [2]store.Player{{UserID: "333"}, {Bot: true, Level: "easy"}})
	s.closed = create("g2", "c3", "ouri", [2]store.Player{{UserID: "444"}, {UserID: "555"}})
	s.oolong = create("g1", "c4", "oolong", [2]store.Player{{UserID: "111"}, {UserID: "222"}})
	return s
}

// serve puts s.b's boards on a listening server of their own.
func (s *site) serve(t testing.TB, ctx context.Context, log *slog.Logger) {
	var h http.Handler
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	t.Cleanup(s.srv.Close)
	s.web = New(Config{Bot: s.b, Key: []byte("test key"), Public: s.srv.URL, Now: s.clock.Now, Log: log, Context: ctx,
		Watch: func(rec store.Game) bool { return s.b.Table().ShowsPages(rec.Guild) }})
	h = s.web
}

// replica is another process's boards over the same store and games: a bot and a Server of its
// own, nothing in memory shared, on an address of its own, with the same key.
func (s *site) replica(t testing.TB) *site {
	t.Helper()
	r := *s
	log := slog.New(slog.DiscardHandler)
	r.b = bot.New(s.st, s.chat, bot.Config{Log: log, Seed: 2, CoachDepth: 2, AI: testAI, Now: s.clock.Now})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() { cancel(); r.b.Wait() })
	r.stop = cancel
	r.serve(t, ctx, log)
	return &r
}

// client is a browser: a cookie jar, a language.
type client struct {
	t    testing.TB
	s    *site
	http *http.Client
	lang string
}

func (s *site) client(t testing.TB, lang string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, s: s, lang: lang,
		http: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// invite is member's personal link to game id.
func (s *site) invite(t testing.TB, member string, id uint64) string {
	t.Helper()
	link, err := s.web.Invite(member, id)
	if err != nil {
		t.Fatal(err)
	}
	return link
}

// player is a browser that followed member's personal link to game rec.
func (s *site) player(t testing.TB, member string, rec store.Game) *client {
	t.Helper()
	c := s.client(t, "en-US")
	res, _ := c.do("GET", strings.TrimPrefix(s.invite(t, member, rec.ID), s.srv.URL), "")
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("%s's personal link answered %s", member, res.Status)
	}
	return c
}

func (c *client) do(method, path, body string) (*http.Response, string) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.s.srv.URL+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Accept-Language", c.lang)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return res, string(b)
}

// state is game rec as the client sees it.
func (c *client) state(rec store.Game) State {
	c.t.Helper()
	res, body := c.do("GET", c.s.path(rec)+"/state", "")
	if res.StatusCode != http.StatusOK {
		c.t.Fatalf("state of game %d: %s %s", rec.ID, res.Status, body)
	}
	var st State
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		c.t.Fatal(err)
	}
	return st
}

// send posts a decision and gives the status and the answer.
func (c *client) send(rec store.Game, verb string, ply int, play string) (int, answer) {
	c.t.Helper()
	b, _ := json.Marshal(decision{Ply: ply, Play: play})
	res, body := c.do("POST", c.s.path(rec)+"/"+verb, string(b))
	var a answer
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		c.t.Fatalf("the answer to a %s is not JSON: %v\n%s", verb, err, body)
	}
	return res.StatusCode, a
}

func (s *site) path(rec store.Game) string { return Prefix + s.web.name(rec.ID) }

// cut drops every connection to the site's server, as a restart or a proxy would: those its
// rooms hold too, which net/http no longer knows.
func (s *site) cut() {
	s.srv.CloseClientConnections()
	for _, r := range s.rooms() {
		s.web.end(r)
	}
}

// rooms is the server's rooms.
func (s *site) rooms() []*room {
	s.web.rooms.mu.Lock()
	defer s.web.rooms.mu.Unlock()
	return slices.Collect(maps.Values(s.web.rooms.m))
}

// stream reads a game's event stream as the client: each state as it comes.
func (c *client) stream(ctx context.Context, rec store.Game) <-chan State {
	c.t.Helper()
	out, _ := streamAt(c.t, ctx, c.http, c.s.srv.URL+c.s.path(rec)+"/events", c.lang)
	return out
}

// streamAt reads the event stream at url through hc in lang: each state as it comes, until the
// stream or ctx ends; and the response's head.
func streamAt(t testing.TB, ctx context.Context, hc *http.Client, url, lang string) (<-chan State, *http.Response) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	req.Header.Set("Accept-Language", lang)
	res, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("events: %s", res.Status)
	}
	out := make(chan State, 16)
	go func() {
		defer res.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var st State
				if json.Unmarshal([]byte(data), &st) == nil {
					out <- st
				}
			}
		}
	}()
	return out, res
}

// next is the next state of a stream within a second.
func next(t testing.TB, c <-chan State) State {
	t.Helper()
	select {
	case st, ok := <-c:
		if !ok {
			t.Fatal("the event stream ended")
		}
		return st
	case <-time.After(time.Second):
		t.Fatal("no state within a second")
	}
	return State{}
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
