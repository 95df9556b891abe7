package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// fakeGateway is Discord's gateway websocket on httptest, for one connection: Hello, then it
// reads Identify, sends READY and acknowledges heartbeats until the client closes. Dispatches are
// sent by the test with dispatch. It never calls t: what it sees goes to channels and fields.
type fakeGateway struct {
	srv *httptest.Server

	identify chan identifyPayload // the Identify read, once
	closed   chan error           // what ended the read loop: a *websocket.CloseError when the client closed cleanly
	done     chan struct{}        // the handler returned

	conns      atomic.Int32 // connections attempted: more than one would be a reconnect
	heartbeats atomic.Int32
	unexpected atomic.Int32 // messages other than heartbeats after Identify

	mu    sync.Mutex // serializes writes on conn (gorilla allows one writer)
	conn  *websocket.Conn
	seq   int
	query url.Values
}

type identifyPayload struct {
	Op int `json:"op"`
	D  struct {
		Token   string  `json:"token"`
		Intents int     `json:"intents"`
		Shard   *[2]int `json:"shard"`
	} `json:"d"`
}

func newFakeGateway(t *testing.T) *fakeGateway {
	g := &fakeGateway{identify: make(chan identifyPayload, 1), closed: make(chan error, 1), done: make(chan struct{})}
	g.srv = httptest.NewServer(http.HandlerFunc(g.serve))
	t.Cleanup(g.srv.Close)
	return g
}

func (g *fakeGateway) serve(w http.ResponseWriter, r *http.Request) {
	if g.conns.Add(1) > 1 {
		http.Error(w, "this fake gateway takes one connection", http.StatusServiceUnavailable)
		return
	}
	defer close(g.done)
	c, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
	if err != nil {
		g.closed <- err
		return
	}
	defer c.Close()
	// A safety net only: the client closes well before, or the test has failed already.
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	g.mu.Lock()
	g.conn, g.query = c, r.URL.Query()
	g.mu.Unlock()

	if err := g.send(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}}); err != nil {
		g.closed <- err
		return
	}
	var id identifyPayload
	_, msg, err := c.ReadMessage()
	if err == nil {
		err = json.Unmarshal(msg, &id)
	}
	if err != nil {
		g.closed <- fmt.Errorf("reading Identify: %w", err)
		return
	}
	g.identify <- id
	if id.Op != 2 {
		g.closed <- fmt.Errorf("first message is op %d, not Identify (%s)", id.Op, msg)
		return
	}
	g.dispatch("READY", map[string]any{
		"v":          10,
		"user":       map[string]any{"id": "424242", "username": "tabuleiro", "bot": true},
		"session_id": "fake-session",
		"guilds":     []any{},
		"shard":      id.D.Shard,
		"application": map[string]any{
			"id": "424242", "flags": 0,
		},
		"resume_gateway_url": "ws://" + r.Host,
	})
	for {
		_, msg, err := c.ReadMessage()
		if err != nil {
			g.closed <- err
			return
		}
		var p struct {
			Op int `json:"op"`
		}
		json.Unmarshal(msg, &p)
		if p.Op == 1 {
			g.heartbeats.Add(1)
			g.send(map[string]any{"op": 11})
		} else {
			g.unexpected.Add(1)
		}
	}
}

func (g *fakeGateway) send(v any) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.conn.WriteJSON(v)
}

// dispatch sends an op 0 event, numbered like Discord's.
func (g *fakeGateway) dispatch(event string, d any) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seq++
	return g.conn.WriteJSON(map[string]any{"op": 0, "t": event, "s": g.seq, "d": d})
}

// waitCall waits (up to 5 s) for a call to method+path at the fake REST API.
func waitCall(t *testing.T, f *fakeDiscord, method, path string) call {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		for _, c := range f.recorded() {
			if c.Method == method && c.Path == path {
				return c
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s %s within 5s; calls %+v", method, path, f.recorded())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// discordgoGoroutines lists the goroutines still running discordgo's gateway loops or its event
// handlers (our interaction handler among them).
func discordgoGoroutines() []string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	var out []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		for _, f := range []string{"discordgo.(*Session).listen", "discordgo.(*Session).heartbeat",
			"discordgo.(*Session).reconnect", "discordgo.interactionCreateEventHandler.Handle"} {
			if strings.Contains(g, f) {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

// TestGatewayOverWebsocket runs the gateway adapter as serve does (LoadConfig, NewSession,
// NewGateway, Open, Close) against a fake gateway websocket and the fake REST API: the real bot
// answers slash commands dispatched over the websocket at the interaction callback, leaves another
// shard's guild alone, and Close ends the connection and every goroutine it started.
func TestGatewayOverWebsocket(t *testing.T) {
	tb := newTable(t)
	gw := newFakeGateway(t)
	// discordgo v0.29's Open asks GET /gateway (not /gateway/bot); Transport sends it to v10.
	tb.f.on("GET", "/api/v10/gateway", answer{Status: 200, Body: `{"url":"` + "ws://" + gw.srv.Listener.Addr().String() + `"}`})

	cfg, err := LoadConfig(envOf(map[string]string{
		"DISCORD_TOKEN":    "tok",
		"DISCORD_API_BASE": tb.f.srv.URL,
		"SHARD_ID":         "0",
		"SHARD_COUNT":      "2",
		"DB_PATH":          filepath.Join(t.TempDir(), "unused.db"),
	}))
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.Gateway {
		t.Fatal("a token alone should enable the gateway")
	}

	// The real bot, watched: the gateway must not even ask it about another shard's guild.
	var handledMu sync.Mutex
	var handled []string
	h := handlerFunc(func(ctx context.Context, in *discordgo.Interaction) Reply {
		handledMu.Lock()
		handled = append(handled, in.GuildID)
		handledMu.Unlock()
		return tb.x.Handle(ctx, in)
	})
	log := quietLog()
	g := NewGateway(NewSession(cfg, quickRetry, log), h, tb.work, log)
	opened := time.Now()
	if err := g.Open(); err != nil {
		t.Fatal(err)
	}
	var closeOnce sync.Once
	closeGateway := func() {
		closeOnce.Do(func() {
			if err := g.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
	}
	t.Cleanup(closeGateway) // runs before the servers close (cleanups run last first)

	select {
	case id := <-gw.identify:
		if id.D.Intents != int(discordgo.IntentsGuilds) {
			t.Errorf("Identify intents = %d, want %d (Guilds only, nothing privileged)", id.D.Intents, discordgo.IntentsGuilds)
		}
		if id.D.Shard == nil || *id.D.Shard != [2]int{0, 2} {
			t.Errorf("Identify shard = %v, want [0 2]", id.D.Shard)
		}
		if id.D.Token != "Bot tok" {
			t.Errorf("Identify token = %q", id.D.Token)
		}
	default:
		t.Fatal("Open returned without the gateway having read an Identify")
	}
	gw.mu.Lock()
	q := gw.query
	gw.mu.Unlock()
	if q.Get("encoding") != "json" {
		t.Errorf("gateway query %v: want encoding=json", q)
	}
	if n := tb.f.count("GET", "/api/v10/gateway"); n != 1 {
		t.Errorf("GET /api/v10/gateway asked %d times; calls %+v", n, tb.f.recorded())
	}

	interaction := func(n int, in map[string]any) (id, token string) {
		id, token = strconv.Itoa(770000+n), fmt.Sprintf("gw%d", n)
		in["id"], in["token"], in["application_id"], in["version"] = id, token, "424242", 1
		return id, token
	}
	const channel, alice, bob = "600", "61", "62"
	otherShard := strconv.FormatUint(1<<22, 10) // (g>>22)%2 == 1
	if (Shard{0, 2}).Serves(otherShard) || !(Shard{0, 2}).Serves(guild) {
		t.Fatalf("test guilds: %s must be shard 1 and %s shard 0", otherShard, guild)
	}

	// Another shard's guild first: it must get no callback, whatever comes after.
	away := command(alice, channel, "ouri", "rules")
	away["guild_id"] = otherShard
	awayID, awayToken := interaction(1, away)
	if err := gw.dispatch("INTERACTION_CREATE", away); err != nil {
		t.Fatal(err)
	}

	steps := []struct {
		name    string
		in      map[string]any
		private bool
		says    string
	}{
		{"/ouri rules is answered privately", command(alice, channel, "ouri", "rules"), true, "/ouri"},
		{"/ouri challenge pings the opponent", command(alice, channel, "ouri", "challenge", opt{"opponent", 6, bob}), false, "<@" + bob + ">"},
	}
	for i, s := range steps {
		id, token := interaction(10+i, s.in)
		if err := gw.dispatch("INTERACTION_CREATE", s.in); err != nil {
			t.Fatal(err)
		}
		c := waitCall(t, tb.f, "POST", "/api/v10/interactions/"+id+"/"+token+"/callback")
		var r httpReply
		if err := json.Unmarshal([]byte(c.Body), &r); err != nil {
			t.Fatalf("%s: callback body %q: %v", s.name, c.Body, err)
		}
		if r.Type != int(discordgo.InteractionResponseChannelMessageWithSource) {
			t.Errorf("%s: response type %d, want %d", s.name, r.Type, discordgo.InteractionResponseChannelMessageWithSource)
		}
		if r.private() != s.private || !strings.Contains(r.Data.Content, s.says) {
			t.Errorf("%s: private=%v %q, want private=%v and %q", s.name, r.private(), r.Data.Content, s.private, s.says)
		}
		if c.Auth != "Bot tok" {
			t.Errorf("%s: callback Authorization %q", s.name, c.Auth)
		}
	}

	// discordgo sends its first heartbeat as soon as it is connected; had it not yet when Close
	// shuts the socket, it would fail and reconnect (a discordgo race, not ours): wait for it.
	for deadline := time.Now().Add(5 * time.Second); gw.heartbeats.Load() == 0; {
		if time.Now().After(deadline) {
			t.Fatal("no heartbeat within 5s")
		}
		time.Sleep(2 * time.Millisecond)
	}

	// Stop as serve does: the intake first, then the work already accepted.
	closeGateway()
	select {
	case err := <-gw.closed:
		var ce *websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.CloseNormalClosure {
			t.Errorf("websocket ended with %v, want a normal close (1000) from the client", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the websocket was not closed within 5s of Close")
	}
	select {
	case <-gw.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the fake gateway's connection did not end")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := tb.work.Wait(ctx); err != nil {
		t.Fatalf("work after Close: %v", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for left := discordgoGoroutines(); len(left) > 0; left = discordgoGoroutines() {
		if time.Now().After(deadline) {
			t.Fatalf("goroutines left 5s after Close:\n%s", strings.Join(left, "\n\n"))
		}
		time.Sleep(2 * time.Millisecond)
	}

	// Every handler goroutine has ended and the work is done: the other shard's interaction had
	// its chance and took none.
	if n := tb.f.count("POST", "/api/v10/interactions/"+awayID+"/"+awayToken+"/callback"); n != 0 {
		t.Errorf("another shard's interaction was answered %d times", n)
	}
	handledMu.Lock()
	for _, gid := range handled {
		if gid != guild {
			t.Errorf("the bot was asked to handle guild %s of another shard", gid)
		}
	}
	if len(handled) != len(steps) {
		t.Errorf("the bot handled %d interactions (%v), want %d", len(handled), handled, len(steps))
	}
	handledMu.Unlock()
	if n := gw.conns.Load(); n != 1 {
		t.Errorf("%d gateway connections, want 1 (no reconnect)", n)
	}
	if n := gw.unexpected.Load(); n != 0 {
		t.Errorf("%d unexpected messages from the client after Identify", n)
	}
	t.Logf("gateway query %v; connected and closed in %v", q, time.Since(opened).Round(time.Millisecond))
}
