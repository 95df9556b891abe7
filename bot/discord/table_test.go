package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// table is the real bot on a real store in a temp dir, behind the HTTP endpoint, with a fake
// Discord REST API for its follow-ups.
type table struct {
	t      testing.TB
	e      *Endpoint
	s      signer
	f      *fakeDiscord
	st     *store.DB
	bot    *bot.Bot
	x      *Interactions // what the endpoint serves
	sender *Sender
	work   *Work
	seq    atomic.Int64
	url    string // of an httptest server around e, when started
	// lastRound is the last request body and answer, and lastSent what it was built from, for the
	// benchmarks' share of the test client.
	lastRound atomic.Pointer[[2][]byte]
	lastSent  atomic.Pointer[built]
	stopped   bool
}

const guild = "100"

func newTable(t testing.TB) *table {
	t.Helper()
	return newTableLog(t, quietLog())
}

// newTableLog is newTable with every part logging to log.
func newTableLog(t testing.TB, log *slog.Logger) *table {
	t.Helper()
	return newTableWith(t, log, nil)
}

// newTableWith is newTableLog with the bot's configuration tuned by tune.
func newTableWith(t testing.TB, log *slog.Logger, tune func(*bot.Config)) *table {
	t.Helper()
	return newTableOn(t, filepath.Join(t.TempDir(), "tabuleiro.db"), func() time.Time { return now }, newFakeDiscord(t), log, tune)
}

// newTableOn is the bot on the bbolt file at path, as one process: its clock, the Discord it
// calls (another process on the same file, after a restart, calls the same one), its logs and
// its configuration tuned by tune. Its store closes when the test ends, unless stop closed it.
func newTableOn(t testing.TB, path string, clock func() time.Time, f *fakeDiscord, log *slog.Logger, tune func(*bot.Config)) *table {
	t.Helper()
	st, err := store.Open(path, store.Options{Decode: catalog.Decode, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse(f.srv.URL)
	if discordElsewhere != "" {
		// The benchmarks' Discord runs in a process of its own, so the bot's CPU is the bot's.
		base, _ = url.Parse(discordElsewhere)
	}
	sender := NewSender(NewSession(Config{Token: "tok", APIBase: base, Shard: Shard{0, 1}}, quickRetry, log), "424242", log)
	sender.settle = time.Millisecond
	cfg := bot.Config{Now: clock, Seed: 1, Log: log, AI: ai.New(ai.Config{EndgameSeeds: 8})}
	if _, ok := t.(*testing.B); ok {
		// The benchmarks restart games for as long as they run, on a clock that stands still.
		cfg.StartLimit = -1
	}
	if tune != nil {
		tune(&cfg)
	}
	b := bot.New(st, sender, cfg)
	s := newSigner(t)
	work := NewWork(context.Background(), log)
	x := NewInteractions(b, sender)
	tb := &table{t: t, s: s, f: f, st: st, bot: b, x: x, sender: sender, work: work,
		e: NewEndpoint(x, s.pub, work, EndpointOptions{Now: func() time.Time { return now }, Log: log})}
	t.Cleanup(func() {
		if !tb.stopped {
			tb.stop()
		}
	})
	return tb
}

// stop ends the process: its background work and bot moves finish, its store closes.
func (tb *table) stop() {
	tb.settle()
	tb.stopped = true
	if err := tb.st.Close(); err != nil {
		tb.t.Errorf("closing the store: %v", err)
	}
}

// settle waits for the After steps and the bot's moves.
func (tb *table) settle() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	done := make(chan struct{})
	go func() {
		tb.work.idleWait(ctx)
		tb.bot.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		tb.t.Fatal("background work did not finish")
	}
}

// httpReply is an interaction response decoded loosely: components are left as JSON. A multipart
// answer's payload_json is decoded so, and its files kept.
type httpReply struct {
	Files []attached `json:"-"`
	Type  int        `json:"type"`
	Data  struct {
		Content    string            `json:"content"`
		Flags      int               `json:"flags"`
		Components []json.RawMessage `json:"components"`
		Choices    []struct {
			Name  string `json:"name"`
			Value string `json:"value"`
		} `json:"choices"`
	} `json:"data"`
}

func (r httpReply) private() bool { return r.Data.Flags&64 != 0 }

// customIDs lists the custom ids of the components, in order.
func (r httpReply) customIDs() []string {
	var ids []string
	r.eachComponent(func(c map[string]any) {
		if id, ok := c["custom_id"].(string); ok {
			ids = append(ids, id)
		}
	})
	return ids
}

// eachComponent calls f on every component of the answer, nested ones included, in order.
func (r httpReply) eachComponent(f func(map[string]any)) {
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			f(v)
			if c, ok := v["components"]; ok {
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	for _, raw := range r.Data.Components {
		var v any
		json.Unmarshal(raw, &v)
		walk(v)
	}
}

// send posts one signed interaction and decodes the answer. The interaction's id and token are
// returned too (the fake's @original message is "orig-<token>").
func (tb *table) send(in map[string]any) (httpReply, string) {
	tb.t.Helper()
	r, token, err := tb.post(in)
	if err != nil {
		tb.t.Fatal(err)
	}
	return r, token
}

// post is send for any goroutine: it returns its failure instead of ending the test. With an
// HTTP server started (tb.url), the request goes over a real connection.
func (tb *table) post(in map[string]any) (httpReply, string, error) {
	var r httpReply
	token, err := tb.postInto(in, &r)
	return r, token, err
}

// postInto is post decoding the answer into any type (the benchmarks' lean boardReply).
func (tb *table) postInto(in map[string]any, r any) (string, error) {
	return tb.postWith(in, nil, r)
}

// built is what postWith built a request from.
type built struct {
	in      map[string]any
	members []byte
}

// postWith is postInto with members, JSON "k":v,…, added to the interaction as they are.
func (tb *table) postWith(in map[string]any, members []byte, r any) (string, error) {
	n := tb.seq.Add(1)
	token := fmt.Sprintf("tok%d", n)
	in["id"] = fmt.Sprint(900000 + n)
	in["token"] = token
	in["application_id"] = "424242"
	in["version"] = 1
	body, _ := json.Marshal(in)
	body = withMembers(body, members)
	tb.lastSent.Store(&built{in, members})
	var code int
	var answer []byte
	var contentType string
	if tb.url == "" {
		w := serveHTTP(tb.e, tb.s.request(string(body), now))
		code, answer, contentType = w.Code, w.Body.Bytes(), w.Header().Get("Content-Type")
	} else {
		out, _ := http.NewRequest("POST", tb.url+"/interactions", bytes.NewReader(body))
		out.Header = tb.s.header(body, now)
		resp, err := benchClient.Do(out)
		if err != nil {
			return token, err
		}
		answer, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		code, contentType = resp.StatusCode, resp.Header.Get("Content-Type")
	}
	var files []attached
	if strings.HasPrefix(contentType, "multipart/") {
		payload, fs, err := readForm(contentType, answer)
		if err != nil {
			return token, fmt.Errorf("multipart answer: %v", err)
		}
		answer, files = payload, fs
	} else if code == 200 && contentType != "application/json" {
		return token, fmt.Errorf("answer of type %q", contentType)
	}
	tb.lastRound.Store(&[2][]byte{body, answer})
	if code != 200 {
		return token, fmt.Errorf("status %d: %s", code, answer)
	}
	if b, ok := r.(*boardReply); ok {
		err := b.read(answer)
		if err != nil {
			err = fmt.Errorf("response %s: %v", answer, err)
		}
		return token, err
	}
	if err := json.Unmarshal(answer, r); err != nil {
		return token, fmt.Errorf("response %s: %v", answer, err)
	}
	if h, ok := r.(*httpReply); ok {
		h.Files = files
	}
	return token, nil
}

// benchClient keeps a connection per concurrent game, as Discord's own HTTP client would.
var benchClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

func member(user string) map[string]any {
	return map[string]any{"user": map[string]any{"id": user, "username": "user" + user}}
}

type opt struct {
	name  string
	typ   int
	value any
}

// command is /kind sub name:value….
func command(user, channel, kind, sub string, opts ...opt) map[string]any {
	var os []map[string]any
	for _, o := range opts {
		os = append(os, map[string]any{"name": o.name, "type": o.typ, "value": o.value})
	}
	data := map[string]any{"id": "1", "name": kind, "type": 1,
		"options": []map[string]any{{"name": sub, "type": 1, "options": os}}}
	for _, o := range opts {
		if o.typ == 6 {
			data["resolved"] = map[string]any{"users": map[string]any{
				o.value.(string): map[string]any{"id": o.value, "username": "user" + o.value.(string)}}}
		}
	}
	return map[string]any{"type": 2, "guild_id": guild, "channel_id": channel, "member": member(user), "data": data}
}

// typing is the autocomplete of /kind move play:typed.
func typing(user, channel, kind, typed string) map[string]any {
	return map[string]any{"type": 4, "guild_id": guild, "channel_id": channel, "member": member(user),
		"data": map[string]any{"id": "1", "name": kind, "type": 1, "options": []map[string]any{{
			"name": "move", "type": 1, "options": []map[string]any{{"name": "play", "type": 3, "value": typed, "focused": true}}}}}}
}

// click is a button press on message.
func click(user, channel, customID, message string) map[string]any {
	return map[string]any{"type": 3, "guild_id": guild, "channel_id": channel, "member": member(user),
		"message": map[string]any{"id": message, "channel_id": channel, "content": ""},
		"data":    map[string]any{"custom_id": customID, "component_type": 2}}
}

// startGame has a challenge b and b accept, in channel; it returns the two players, the one to
// move first first.
func (tb *table) startGame(channel, a, b string) (string, string) {
	tb.t.Helper()
	r, token := tb.send(command(a, channel, "ouri", "challenge", opt{"opponent", 6, b}))
	if r.private() {
		tb.t.Fatalf("challenge refused: %s", r.Data.Content)
	}
	accept := ""
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/accept") {
			accept = id
		}
	}
	if accept == "" {
		tb.t.Fatalf("no Accept button in %v", r.customIDs())
	}
	r, _ = tb.send(click(b, channel, accept, "orig-"+token))
	if r.private() {
		tb.t.Fatalf("accept refused: %s", r.Data.Content)
	}
	if len(tb.choices(a, channel)) > 0 {
		return a, b
	}
	if len(tb.choices(b, channel)) == 0 {
		tb.t.Fatalf("nobody may move after accepting: %s", r.Data.Content)
	}
	return b, a
}

func (tb *table) choices(user, channel string) []string {
	tb.t.Helper()
	return tb.choicesOf("ouri", user, channel)
}

// choicesOf is what autocomplete offers user for /kind move with nothing typed yet.
func (tb *table) choicesOf(kind, user, channel string) []string {
	tb.t.Helper()
	r, _ := tb.send(typing(user, channel, kind, ""))
	if r.Type != 8 {
		tb.t.Fatalf("autocomplete answered type %d", r.Type)
	}
	var out []string
	for _, c := range r.Data.Choices {
		out = append(out, c.Value)
	}
	return out
}
