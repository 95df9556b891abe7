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

	"tabuleiro/bot"
	"tabuleiro/bot/discord/gateway"
	"tabuleiro/say"
)

// fakeGateway is Discord's gateway websocket on httptest, for as many connections as the client
// makes. Each sends Hello, answers Identify with READY (or closes with refuse) and Resume with
// RESUMED, and acknowledges heartbeats; the test takes each connection with next and scripts the
// rest (dispatches, op 7, op 9, close codes, drops). The session's sequence numbers run across
// connections, as Discord's do. It never calls t: what it sees goes to channels and fields.
type fakeGateway struct {
	srv *httptest.Server

	interval int   // heartbeat_interval in Hello, in ms; default 45000
	zombie   int32 // this connection (1 = the first) has a 50 ms interval and never ACKs
	refuse   int   // close code answering Identify instead of READY; 0: READY

	conns      chan *fakeConn // every connection, after Hello
	count      atomic.Int32   // connections accepted
	identifies atomic.Int32
	resumes    atomic.Int32

	mu  sync.Mutex
	seq int
	all []*fakeConn
}

// fakeConn is one connection to the fake gateway.
type fakeConn struct {
	gw    *fakeGateway
	n     int32
	path  string
	query url.Values

	got        chan gatewayMsg // what the client sent, heartbeats aside
	closed     chan error      // what ended the read loop: a *websocket.CloseError when the client closed
	heartbeats atomic.Int32
	unexpected atomic.Int32 // messages other than heartbeats, Identify and Resume

	mu sync.Mutex // serializes writes (gorilla allows one writer)
	ws *websocket.Conn
}

type gatewayMsg struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
}

type identifyPayload struct {
	Token      string            `json:"token"`
	Intents    int               `json:"intents"`
	Shard      *[2]int           `json:"shard"`
	Properties map[string]string `json:"properties"`
}

type resumePayload struct {
	Token     string `json:"token"`
	SessionID string `json:"session_id"`
	Seq       int    `json:"seq"`
}

const fakeSession = "fake-session"

func newFakeGateway(t *testing.T) *fakeGateway {
	g := &fakeGateway{interval: 45000, conns: make(chan *fakeConn, 16)}
	g.srv = httptest.NewServer(http.HandlerFunc(g.serve))
	t.Cleanup(func() {
		// Hijacked websockets outlive srv.Close: end them, or their handlers wait for the deadline.
		g.mu.Lock()
		for _, c := range g.all {
			c.ws.Close()
		}
		g.mu.Unlock()
		g.srv.Close()
	})
	return g
}

// url is the address GET /gateway/bot gives (discordgo adds the trailing slash).
func (g *fakeGateway) url() string { return "ws://" + g.srv.Listener.Addr().String() + "/gateway" }

func (g *fakeGateway) serve(w http.ResponseWriter, r *http.Request) {
	ws, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer ws.Close()
	// A safety net only: the client closes well before, or the test has failed already.
	ws.SetReadDeadline(time.Now().Add(20 * time.Second))
	c := &fakeConn{gw: g, n: g.count.Add(1), path: r.URL.Path, query: r.URL.Query(), ws: ws,
		got: make(chan gatewayMsg, 16), closed: make(chan error, 1)}
	g.mu.Lock()
	g.all = append(g.all, c)
	g.mu.Unlock()
	interval := g.interval
	if c.n == g.zombie {
		interval = 50
	}
	if err := c.send(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": interval}}); err != nil {
		c.closed <- err
		return
	}
	g.conns <- c
	for {
		var m gatewayMsg
		_, msg, err := ws.ReadMessage()
		if err == nil {
			err = json.Unmarshal(msg, &m)
		}
		if err != nil {
			c.closed <- err
			return
		}
		switch m.Op {
		case 1:
			c.heartbeats.Add(1)
			if c.n != g.zombie {
				c.send(map[string]any{"op": 11})
			}
			continue
		case 2:
			g.identifies.Add(1)
			c.got <- m
			if g.refuse != 0 {
				c.closeWith(g.refuse, "refused")
				continue
			}
			g.mu.Lock()
			g.seq = 0 // a new session numbers from 1
			g.mu.Unlock()
			var id identifyPayload
			json.Unmarshal(m.D, &id)
			c.dispatch("READY", map[string]any{
				"v":                  10,
				"user":               map[string]any{"id": "424242", "username": "tabuleiro", "bot": true},
				"session_id":         fakeSession,
				"guilds":             []any{},
				"shard":              id.Shard,
				"application":        map[string]any{"id": "424242", "flags": 0},
				"resume_gateway_url": "ws://" + r.Host + "/resume",
			})
		case 6:
			g.resumes.Add(1)
			c.got <- m
			c.dispatch("RESUMED", nil)
		default:
			c.unexpected.Add(1)
			c.got <- m
		}
	}
}

// next is the next connection the client made (within 5 s).
func (g *fakeGateway) next(t *testing.T) *fakeConn {
	t.Helper()
	select {
	case c := <-g.conns:
		return c
	case <-time.After(5 * time.Second):
		t.Fatalf("no gateway connection #%d within 5s", g.count.Load()+1)
		return nil
	}
}

// noMore checks that the client makes no further connection within d.
func (g *fakeGateway) noMore(t *testing.T, d time.Duration) {
	t.Helper()
	select {
	case c := <-g.conns:
		t.Errorf("connection #%d to %s: the client reconnected", c.n, c.path)
	case <-time.After(d):
	}
}

func (c *fakeConn) send(v any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ws.WriteJSON(v)
}

// dispatch sends an op 0 event, numbered like Discord's, and returns its number.
func (c *fakeConn) dispatch(event string, d any) int {
	c.gw.mu.Lock()
	c.gw.seq++
	seq := c.gw.seq
	c.gw.mu.Unlock()
	c.send(map[string]any{"op": 0, "t": event, "s": seq, "d": d})
	return seq
}

// closeWith sends a close frame and leaves closing the socket to the client (closing it here
// could reset the connection before the client has read the frame).
func (c *fakeConn) closeWith(code int, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
}

// drop ends the connection without a close frame, as a network failure would.
func (c *fakeConn) drop() { c.ws.Close() }

// expect is the client's next message other than a heartbeat (within 5 s), which must be op.
func (c *fakeConn) expect(t *testing.T, op int) json.RawMessage {
	t.Helper()
	select {
	case m := <-c.got:
		if m.Op != op {
			t.Fatalf("connection #%d: the client sent op %d (%s), want op %d", c.n, m.Op, m.D, op)
		}
		return m.D
	case <-time.After(5 * time.Second):
		t.Fatalf("connection #%d: no op %d from the client within 5s", c.n, op)
		return nil
	}
}

// end is how the connection ended (within 5 s): the client's close frame, or a read error.
func (c *fakeConn) end(t *testing.T) error {
	t.Helper()
	select {
	case err := <-c.closed:
		return err
	case <-time.After(5 * time.Second):
		t.Fatalf("connection #%d still open 5s later", c.n)
		return nil
	}
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

// gatewayGoroutines lists the goroutines still running the gateway's connection loop, its reader
// or an interaction it handed to Work.
func gatewayGoroutines() []string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	var out []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		for _, f := range []string{"discord.(*link).", "discord.(*gatewayConn).", "discord.(*Gateway).interaction"} {
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
	gw.interval = 250 // heartbeats, and their ACKs, during the test
	tb.f.on("GET", "/api/v10/gateway/bot", answer{Status: 200, Body: `{"url":"` + gw.url() + `","shards":1}`})

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
	h := handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		handledMu.Lock()
		handled = append(handled, in.Guild)
		handledMu.Unlock()
		return tb.bot.Handle(ctx, in)
	})
	log := quietLog()
	g := NewGateway(NewSession(cfg, quickRetry, log), NewInteractions(h, tb.sender), tb.work, log)
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

	conn := gw.next(t)
	select {
	case m := <-conn.got:
		var id identifyPayload
		if m.Op != 2 || json.Unmarshal(m.D, &id) != nil {
			t.Fatalf("first message op %d %s, want an Identify", m.Op, m.D)
		}
		if id.Intents != int(discordgo.IntentsGuilds) {
			t.Errorf("Identify intents = %d, want %d (Guilds only, nothing privileged)", id.Intents, discordgo.IntentsGuilds)
		}
		if id.Shard == nil || *id.Shard != [2]int{0, 2} {
			t.Errorf("Identify shard = %v, want [0 2]", id.Shard)
		}
		if id.Token != "Bot tok" {
			t.Errorf("Identify token = %q", id.Token)
		}
		if id.Properties["os"] == "" || id.Properties["browser"] != "tabuleiro" || id.Properties["device"] != "tabuleiro" {
			t.Errorf("Identify properties = %v", id.Properties)
		}
	default:
		t.Fatal("Open returned without the gateway having read an Identify")
	}
	q := conn.query
	if q.Get("v") != "10" || q.Get("encoding") != "json" || conn.path != "/gateway/" {
		t.Errorf("gateway path %s query %v: want /gateway/ with v=10 and encoding=json", conn.path, q)
	}
	if n := tb.f.count("GET", "/api/v10/gateway/bot"); n != 1 {
		t.Errorf("GET /api/v10/gateway/bot asked %d times; calls %+v", n, tb.f.recorded())
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
	conn.dispatch("INTERACTION_CREATE", away)

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
		conn.dispatch("INTERACTION_CREATE", s.in)
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

	// Heartbeats go out every interval, and the ACKs keep the connection (no second one below).
	for deadline := time.Now().Add(5 * time.Second); conn.heartbeats.Load() < 2; {
		if time.Now().After(deadline) {
			t.Fatalf("%d heartbeats within 5s at a 250ms interval", conn.heartbeats.Load())
		}
		time.Sleep(2 * time.Millisecond)
	}

	// Stop as serve does: the intake first, then the work already accepted.
	closeGateway()
	var ce *websocket.CloseError
	if err := conn.end(t); !errors.As(err, &ce) || ce.Code != websocket.CloseNormalClosure {
		t.Errorf("websocket ended with %v, want a normal close (1000) from the client", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := tb.work.Wait(ctx); err != nil {
		t.Fatalf("work after Close: %v", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for left := gatewayGoroutines(); len(left) > 0; left = gatewayGoroutines() {
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
	if n := gw.count.Load(); n != 1 {
		t.Errorf("%d gateway connections, want 1 (no reconnect)", n)
	}
	if n := conn.unexpected.Load(); n != 0 {
		t.Errorf("%d unexpected messages from the client after Identify", n)
	}
	t.Logf("gateway query %v; connected and closed in %v", q, time.Since(opened).Round(time.Millisecond))
}

// waits records the gateway's pauses between connections instead of sleeping.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) pause(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err()
}

func (w *waits) all() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]time.Duration(nil), w.d...)
}

// gatewayRig is a Gateway opened on a fake gateway and the fake REST API, answering every command
// with "pong", its pauses recorded.
type gatewayRig struct {
	g     *Gateway
	gw    *fakeGateway
	f     *fakeDiscord
	work  *Work
	waits *waits
	first *fakeConn // the connection Open made
}

func openGateway(t *testing.T, gw *fakeGateway) *gatewayRig {
	t.Helper()
	f := newFakeDiscord(t)
	f.on("GET", "/api/v10/gateway/bot", answer{Status: 200, Body: `{"url":"` + gw.url() + `","shards":4}`})
	base, _ := url.Parse(f.srv.URL)
	s := NewSession(Config{Token: "tok", APIBase: base, Shard: Shard{0, 1}}, quickRetry, quietLog())
	work := NewWork(context.Background(), quietLog())
	h := handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		return bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Plain("pong")}}
	})
	g := NewGateway(s, NewInteractions(h, nil), work, quietLog())
	w := &waits{}
	g.ws.Wait = w.pause
	if err := g.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		g.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		work.Wait(ctx)
	})
	r := &gatewayRig{g: g, gw: gw, f: f, work: work, waits: w, first: gw.next(t)}
	r.first.expect(t, 2)
	return r
}

// answered dispatches an interaction on c and waits for its answer at the REST callback.
func (r *gatewayRig) answered(t *testing.T, c *fakeConn, id string) {
	t.Helper()
	c.dispatch("INTERACTION_CREATE", map[string]any{"id": id, "token": "tok" + id, "application_id": "424242",
		"version": 1, "type": 2, "guild_id": guild, "channel_id": "600",
		"member": map[string]any{"user": map[string]any{"id": "61", "username": "alice"}},
		"data":   map[string]any{"id": "1", "name": "ouri", "type": 1}})
	waitCall(t, r.f, "POST", "/api/v10/interactions/"+id+"/tok"+id+"/callback")
}

// resumed checks that c is a Resume of the fake session at resume_gateway_url, from seq.
func resumed(t *testing.T, c *fakeConn, seq int) {
	t.Helper()
	if c.path != "/resume" || c.query.Get("v") != "10" || c.query.Get("encoding") != "json" {
		t.Errorf("reconnected to %s?%s, want resume_gateway_url /resume with v=10 and encoding=json", c.path, c.query.Encode())
	}
	var r resumePayload
	if err := json.Unmarshal(c.expect(t, 6), &r); err != nil {
		t.Fatal(err)
	}
	if r != (resumePayload{Token: "Bot tok", SessionID: fakeSession, Seq: seq}) {
		t.Errorf("Resume %+v, want session %s from seq %d", r, fakeSession, seq)
	}
}

// closedToResume checks that the client closed c in a way that keeps the session: Discord ends it
// on 1000 and 1001.
func closedToResume(t *testing.T, c *fakeConn) {
	t.Helper()
	var ce *websocket.CloseError
	if err := c.end(t); errors.As(err, &ce) && (ce.Code == 1000 || ce.Code == 1001) {
		t.Errorf("the client closed with %d, which ends the session it means to resume", ce.Code)
	}
}

func TestGatewayResumes(t *testing.T) {
	tests := []struct {
		name string
		// end ends the first connection, after the READY and one more dispatch (seq 2).
		end func(c *fakeConn)
		// waited: the pauses before the second connection, each within [lo, hi].
		lo, hi time.Duration
		waited int
		// byClient: the client closed the first connection (it had to, to reconnect).
		byClient bool
	}{
		{"a dropped connection resumes at resume_gateway_url after a backoff",
			func(c *fakeConn) { c.drop() }, 500 * time.Millisecond, time.Second, 1, false},
		{"a close with a resumable code (4000) resumes after a backoff",
			func(c *fakeConn) { c.closeWith(4000, "unknown error") }, 500 * time.Millisecond, time.Second, 1, false},
		{"op 7 reconnect resumes at once",
			func(c *fakeConn) { c.send(map[string]any{"op": 7, "d": nil}) }, 0, 0, 0, true},
		{"an invalid session that may be resumed (op 9, d=true) resumes at once",
			func(c *fakeConn) { c.send(map[string]any{"op": 9, "d": true}) }, 0, 0, 0, true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gw := newFakeGateway(t)
			r := openGateway(t, gw)
			seq := r.first.dispatch("GUILD_CREATE", map[string]any{"id": guild, "unavailable": false})
			tt.end(r.first)
			if tt.byClient {
				closedToResume(t, r.first)
			}
			second := gw.next(t)
			resumed(t, second, seq)
			waited := r.waits.all()
			if len(waited) != tt.waited {
				t.Fatalf("waited %v before reconnecting, want %d pauses", waited, tt.waited)
			}
			for _, d := range waited {
				if d < tt.lo || d > tt.hi {
					t.Errorf("waited %v, want %v–%v", d, tt.lo, tt.hi)
				}
			}
			// The session goes on: an interaction after the resume is answered.
			r.answered(t, second, strconv.Itoa(880000+i))
			if n := gw.identifies.Load(); n != 1 {
				t.Errorf("%d Identify sent, want 1 (the resume needs none)", n)
			}
			gw.noMore(t, 100*time.Millisecond)
		})
	}
}

func TestGatewayZombieConnectionResumes(t *testing.T) {
	gw := newFakeGateway(t)
	gw.zombie = 1 // heartbeats every 50 ms, never acknowledged
	r := openGateway(t, gw)
	seq := r.first.dispatch("GUILD_CREATE", map[string]any{"id": guild})
	closedToResume(t, r.first)
	if n := r.first.heartbeats.Load(); n != 1 {
		t.Errorf("%d heartbeats on the dead connection, want 1 (the second is due when the ACK is missed)", n)
	}
	second := gw.next(t)
	resumed(t, second, seq)
	r.answered(t, second, "880100")
	if n := gw.identifies.Load(); n != 1 {
		t.Errorf("%d Identify sent, want 1", n)
	}
}

func TestGatewayIdentifiesAnewWhenTheSessionIsOver(t *testing.T) {
	tests := []struct {
		name   string
		end    func(c *fakeConn)
		lo, hi time.Duration
	}{
		// Discord: wait a random 1–5 s, then identify.
		{"invalid session (op 9, d=false): Identify after 1–5 s",
			func(c *fakeConn) { c.send(map[string]any{"op": 9, "d": false}) }, time.Second, 5 * time.Second},
		{"session timed out (4009): Identify after a backoff",
			func(c *fakeConn) { c.closeWith(4009, "session timed out") }, 500 * time.Millisecond, time.Second},
		{"invalid seq (4007): Identify after a backoff",
			func(c *fakeConn) { c.closeWith(4007, "invalid seq") }, 500 * time.Millisecond, time.Second},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gw := newFakeGateway(t)
			r := openGateway(t, gw)
			r.first.dispatch("GUILD_CREATE", map[string]any{"id": guild})
			tt.end(r.first)
			r.first.end(t)
			second := gw.next(t)
			// The pause is taken before dialing: the second connection comes after it.
			waited := r.waits.all()
			if len(waited) != 1 || waited[0] < tt.lo || waited[0] > tt.hi {
				t.Errorf("waited %v before the second connection, want one pause of %v–%v", waited, tt.lo, tt.hi)
			}
			if second.path != "/gateway/" {
				t.Errorf("identified again at %s, want the gateway's address /gateway/", second.path)
			}
			var id identifyPayload
			if err := json.Unmarshal(second.expect(t, 2), &id); err != nil || id.Token != "Bot tok" {
				t.Errorf("second Identify %+v, %v", id, err)
			}
			r.answered(t, second, strconv.Itoa(880200+i))
			if n := gw.resumes.Load(); n != 0 {
				t.Errorf("%d Resume sent for a session that is over", n)
			}
		})
	}
}

// fatalCodes are the close codes after which Discord says not to reconnect, with a word the
// error must contain to say what to fix.
var fatalCodes = []struct {
	code int
	fix  string
}{
	{4004, "DISCORD_TOKEN"},
	{4010, "SHARD_ID"},
	{4011, "SHARD_COUNT to 4"}, // Discord's recommendation from GET /gateway/bot
	{4012, "update tabuleiro"},
	{4013, "intents"},
	{4014, "Privileged Gateway Intents"},
}

func TestGatewayStopsOnAFatalCloseCode(t *testing.T) {
	for _, fc := range fatalCodes {
		t.Run(fmt.Sprintf("%d (%s) reaches Err and is not retried", fc.code, gateway.Meaning(fc.code)), func(t *testing.T) {
			gw := newFakeGateway(t)
			r := openGateway(t, gw)
			r.first.closeWith(fc.code, "from Discord")
			var err error
			select {
			case err = <-r.g.Err():
			case <-time.After(5 * time.Second):
				t.Fatal("Err delivered nothing within 5s")
			}
			var gc *gateway.Closed
			if !errors.As(err, &gc) || gc.Code != fc.code {
				t.Fatalf("Err = %v, want a *gateway.Closed with code %d", err, fc.code)
			}
			for _, want := range []string{strconv.Itoa(fc.code), gateway.Meaning(fc.code), fc.fix, "not reconnecting"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			r.first.end(t) // the client closed its socket
			gw.noMore(t, 300*time.Millisecond)
			if w := r.waits.all(); len(w) != 0 {
				t.Errorf("waited %v: a reconnect was being prepared", w)
			}
			if n := gw.count.Load(); n != 1 {
				t.Errorf("%d connections, want 1", n)
			}
			// The loop has ended: Close has nothing to wait for.
			closed := make(chan struct{})
			go func() { r.g.Close(); close(closed) }()
			select {
			case <-closed:
			case <-time.After(5 * time.Second):
				t.Fatal("Close did not return after a fatal close")
			}
		})
	}
}

func TestGatewayOpenFailsOnAFatalCloseCode(t *testing.T) {
	gw := newFakeGateway(t)
	gw.refuse = 4004
	f := newFakeDiscord(t)
	f.on("GET", "/api/v10/gateway/bot", answer{Status: 200, Body: `{"url":"` + gw.url() + `"}`})
	base, _ := url.Parse(f.srv.URL)
	g := NewGateway(NewSession(Config{Token: "tok", APIBase: base}, quickRetry, quietLog()), nil,
		NewWork(context.Background(), quietLog()), quietLog())
	w := &waits{}
	g.ws.Wait = w.pause
	err := g.Open()
	var gc *gateway.Closed
	if !errors.As(err, &gc) || gc.Code != 4004 || !strings.Contains(err.Error(), "DISCORD_TOKEN") {
		t.Fatalf("Open = %v, want the 4004 error naming DISCORD_TOKEN", err)
	}
	gw.next(t).end(t)
	gw.noMore(t, 300*time.Millisecond)
	if len(w.all()) != 0 || gw.count.Load() != 1 {
		t.Errorf("%d connections, waits %v: want one connection and no retry", gw.count.Load(), w.all())
	}
	select {
	case err := <-g.Err():
		t.Errorf("Err delivered %v too: Open has said it", err)
	default:
	}
	if err := g.Close(); err != nil {
		t.Errorf("Close after a failed Open: %v", err)
	}
}
