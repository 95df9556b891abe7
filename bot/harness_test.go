package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// The behaviour tests of the bot (game_test.go, challenge_test.go, oolong_test.go, …) drive the real
// bot on a real store in a temp dir: they hand it Interactions as any adapter would and assert on
// the Replies, and on what it sent outside them, recorded by a fake platform.

// kinds lists the games in the order of their commands.
var kinds = []string{"oolong", "ouri", "ordo"}

// said is what a message says, as the tests read it: its words, a mention as @id, a moment as its
// UTC time, emphasis between ** and a block between ``` fences (the catalogue's and CommonMark's
// marks, not any chat's).
func said(m Message) string {
	var b strings.Builder
	for _, p := range m.Content {
		switch p.Kind {
		case say.StrongPart:
			// Spaces outside the marks, as a chat writes them where emphasis is split around a part.
			core := strings.TrimSpace(p.Text)
			if core == "" {
				b.WriteString(p.Text)
				break
			}
			lead := p.Text[:strings.Index(p.Text, core)]
			b.WriteString(lead + "**" + core + "**" + p.Text[len(lead)+len(core):])
		case say.BlockPart:
			b.WriteString("```" + p.Lang + "\n" + p.Text + "\n```")
		default:
			b.WriteString(say.Rich{p}.String())
		}
	}
	return b.String()
}

// mention is how said names a person.
func mention(userID string) string { return "@" + userID }

// clock is a fake clock tests advance by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// sent is one message the bot sent, edited, cleared or deleted outside a reply. A Clear is recorded
// as an edit that keeps the text (cleared) and has no controls.
type sent struct {
	op      string // "send", "edit", "followup", "delete" or "thread"
	channel string
	message string
	msg     Message
	cleared bool
	webhook bool // through the interaction's follow-ups rather than the channel
}

func (s sent) content() string { return said(s.msg) }

// recorder is the platform as the bot sees it: a Sender and a Threader that record every call and
// give every message an id, and each interaction's Followup. Tests hand it each reply they
// "deliver".
type recorder struct {
	mu       sync.Mutex
	calls    []sent
	original map[string]string // interaction id → the message its reply created
	next     int
	// forbid answers every channel call with ErrForbidden, as where the bot user may not post.
	forbid bool
	// forbidFiles answers ErrForbidden to channel calls with files, as where the bot may post but
	// not attach files.
	forbidFiles bool
}

var (
	_ Sender   = (*recorder)(nil)
	_ Threader = (*recorder)(nil)
)

func (r *recorder) newID() string { r.next++; return fmt.Sprintf("m%d", r.next) }

// Size measures a message as said writes it: the tests' chat fits its messages by its own marks.
func (r *recorder) Size(m say.Rich) int { return utf8.RuneCountInString(said(Message{Content: m})) }

// record appends a call unless the channel is forbidden; it returns the message's id.
func (r *recorder) record(s sent) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if (r.forbid || r.forbidFiles && len(s.msg.Files) > 0) && !s.webhook {
		return "", fmt.Errorf("%s in %s: %w", s.op, s.channel, ErrForbidden)
	}
	if s.op == "send" || s.op == "followup" {
		s.message = r.newID()
	}
	r.calls = append(r.calls, s)
	return s.message, nil
}

func (r *recorder) Send(ctx context.Context, channel string, m Message) (string, error) {
	return r.record(sent{op: "send", channel: channel, msg: m})
}

func (r *recorder) Edit(ctx context.Context, channel, message string, m Message) error {
	_, err := r.record(sent{op: "edit", channel: channel, message: message, msg: m})
	return err
}

func (r *recorder) Clear(ctx context.Context, channel, message string) error {
	_, err := r.record(sent{op: "edit", channel: channel, message: message, cleared: true})
	return err
}

func (r *recorder) Delete(ctx context.Context, channel, message string) error {
	_, err := r.record(sent{op: "delete", channel: channel, message: message})
	return err
}

// StartThread records a thread started from a message and gives it an id.
func (r *recorder) StartThread(ctx context.Context, channel, message, name string) (string, error) {
	r.mu.Lock()
	if r.forbid {
		r.mu.Unlock()
		return "", fmt.Errorf("starting a thread in %s: %w", channel, ErrForbidden)
	}
	id := "th-" + r.newID()
	r.calls = append(r.calls, sent{op: "thread", channel: channel, message: message, msg: Message{Content: say.Plain(name)}})
	r.mu.Unlock()
	return id, nil
}

// edits lists the edits (clears included), oldest first.
func (r *recorder) edits() []sent { return r.ops("edit") }

// ops lists the calls of an op, oldest first.
func (r *recorder) ops(op string) []sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []sent
	for _, c := range r.calls {
		if c.op == op {
			out = append(out, c)
		}
	}
	return out
}

// take returns the calls recorded so far and forgets them.
func (r *recorder) take() []sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.calls
	r.calls = nil
	return out
}

// followup is one interaction's Followup on the recorder.
type followup struct {
	r  *recorder
	in *Interaction
}

func (f followup) Original(ctx context.Context) (string, error) {
	f.r.mu.Lock()
	defer f.r.mu.Unlock()
	return f.r.originalOf(f.in)
}

// originalOf is the message the reply to in created, or the one it updated; r.mu is held.
func (r *recorder) originalOf(in *Interaction) (string, error) {
	if id, ok := r.original[in.ID]; ok {
		return id, nil
	}
	if in.Type == Click && in.Click.MessageID != "" {
		return in.Click.MessageID, nil
	}
	return "", fmt.Errorf("no reply message for %s", in.ID)
}

func (f followup) edit(m Message, cleared bool) error {
	f.r.mu.Lock()
	id, err := f.r.originalOf(f.in)
	f.r.mu.Unlock()
	if err != nil {
		return err
	}
	_, err = f.r.record(sent{op: "edit", channel: f.in.Channel, message: id, msg: m, cleared: cleared, webhook: true})
	return err
}

func (f followup) EditOriginal(ctx context.Context, m Message) error { return f.edit(m, false) }
func (f followup) ClearOriginal(ctx context.Context) error           { return f.edit(Message{}, true) }

func (f followup) FollowUp(ctx context.Context, m Message) (string, error) {
	return f.r.record(sent{op: "followup", channel: f.in.Channel, msg: m, webhook: true})
}

// testAI keeps the Ouri endgame databases small: the full ones take half a minute to build.
var testAI = ai.New(ai.Config{EndgameSeeds: 8})

// env is the bot on a real store in a temp dir, with a recorder for the platform and a fake clock.
type env struct {
	t     *testing.T
	path  string
	st    *store.DB
	bot   *Bot
	rec   *recorder
	clock *clock
	log   *slog.Logger
	tune  func(*Config) // applied to the bot's configuration, when set
	next  int
}

func newEnv(t *testing.T) *env { return newEnvLog(t, slog.New(slog.DiscardHandler)) }

// newEnvLog is newEnv with the bot's logs going to log.
func newEnvLog(t *testing.T, log *slog.Logger) *env { return newEnvWith(t, log, nil) }

// newEnvWith is newEnvLog with the bot's configuration tuned by tune.
func newEnvWith(t *testing.T, log *slog.Logger, tune func(*Config)) *env {
	t.Helper()
	e := &env{t: t, path: t.TempDir() + "/tabuleiro.db", rec: &recorder{original: map[string]string{}}, clock: newClock(), log: log, tune: tune}
	e.open()
	t.Cleanup(func() { e.bot.Wait(); e.st.Close() })
	return e
}

// open opens the store and starts a bot on it, as a restart does.
func (e *env) open() {
	st, err := store.Open(e.path, store.Options{Decode: catalog.Decode, Now: e.clock.Now})
	if err != nil {
		e.t.Fatal(err)
	}
	e.st = st
	cfg := Config{Now: e.clock.Now, Seed: 7, AIMoveTime: 50 * time.Millisecond, Log: e.log, AI: testAI}
	if e.tune != nil {
		e.tune(&cfg)
	}
	e.bot = New(st, e.rec, cfg)
}

// interaction is one by user in channel c1 of server g1.
func (e *env) interaction(user string, t Type) *Interaction {
	e.next++
	return &Interaction{Type: t, ID: fmt.Sprintf("i%d", e.next), User: user, UserName: user, Guild: "g1", Channel: "c1"}
}

// slash is "/kind sub name:value…"; values are strings or bools. The people named by opponent or
// player are bot accounts when their id ends in "bot".
func (e *env) slash(user, kind, sub string, opts ...any) *Interaction {
	in := e.interaction(user, Command)
	c := CommandData{Name: kind, Sub: sub, Options: map[string]Value{}, Bots: map[string]bool{}}
	for i := 0; i+1 < len(opts); i += 2 {
		name := opts[i].(string)
		switch v := opts[i+1].(type) {
		case bool:
			c.Options[name] = Value{Bool: v, IsBool: true}
		case string:
			c.Options[name] = Value{Str: v}
			if name == "opponent" || name == "player" {
				if c.Names == nil {
					c.Names = map[string]string{}
				}
				c.Names[v] = v
				if strings.HasSuffix(v, "bot") {
					c.Bots[v] = true
				}
			}
		}
	}
	in.Command = c
	return in
}

// typing is the autocomplete of "/kind sub" with option typed so far.
func (e *env) typing(user, kind, sub, option, typed string) *Interaction {
	in := e.slash(user, kind, sub, option, typed)
	in.Type, in.Command.Focused = Autocomplete, option
	return in
}

// click uses the control doing a on message messageID; values are a menu's chosen ones.
func (e *env) click(user, messageID string, a Action, values ...string) *Interaction {
	in := e.interaction(user, Click)
	in.Click = ClickData{Action: a, Values: values, MessageID: messageID}
	return in
}

// handle answers an interaction without delivering the reply: no message id, no After.
func (e *env) handle(in *Interaction) Reply { return e.bot.Handle(context.Background(), in) }

// do answers an interaction as an adapter does: the reply is delivered (a new message gets an id),
// then its After runs with the interaction's follow-ups.
func (e *env) do(in *Interaction) Reply {
	e.t.Helper()
	r := e.handle(in)
	if r.Type == Post || r.Type == Deferred {
		e.rec.mu.Lock()
		e.rec.original[in.ID] = e.rec.newID()
		e.rec.mu.Unlock()
	}
	if r.After != nil {
		e.rec.mu.Lock()
		before := len(e.rec.calls)
		e.rec.mu.Unlock()
		r.After(context.Background(), followup{e.rec, in})
		if r.Type == Post && r.Message.Private {
			// A private reply's After only takes the controls off the panel it replaced, shows
			// again the public boards its change touched (a vacation's games), or follows the
			// reply with its further private pages (a description in words); only a deferred
			// answer's After edits a private message in.
			e.rec.mu.Lock()
			for _, c := range e.rec.calls[before:] {
				if c.op == "edit" && !c.cleared && !c.msg.Private && len(c.msg.Rows) > 0 || c.op == "followup" && c.msg.Private {
					continue
				}
				if c.op != "edit" || !c.cleared || !c.webhook {
					e.t.Errorf("a private reply's After step did more than clear a panel: %+v", c)
				}
			}
			e.rec.mu.Unlock()
		}
	}
	return r
}

// messageOf is the message the reply to in created.
func (e *env) messageOf(in *Interaction) string {
	e.rec.mu.Lock()
	defer e.rec.mu.Unlock()
	return e.rec.original[in.ID]
}

func isPrivate(r Reply) bool { return r.Type == Post && r.Message.Private }

// mustPrivate checks a refusal: private, and saying want.
func mustPrivate(t *testing.T, r Reply, want string) {
	t.Helper()
	if !isPrivate(r) {
		t.Fatalf("want a private reply containing %q, got %+v", want, r)
	}
	if !strings.Contains(strings.ToLower(said(r.Message)), strings.ToLower(want)) {
		t.Fatalf("private reply %q does not say %q", said(r.Message), want)
	}
}

// mustRefuse checks a refusal by what it means: private, refused with the catalogue message id and,
// when given, these values (name, value pairs) in it.
func mustRefuse(t *testing.T, r Reply, id string, kv ...any) {
	t.Helper()
	if !isPrivate(r) || r.Refusal != id {
		t.Fatalf("want a private refusal %s, got %s %q", id, r.Refusal, said(r.Message))
	}
	if want := en(id, kv...); len(kv) > 0 && !strings.Contains(strings.ToLower(said(r.Message)), strings.ToLower(want)) {
		t.Fatalf("refusal %s says %q, not %q", id, said(r.Message), want)
	}
}

// en is how the catalogue's English message id reads with its values (name, value pairs), as said
// reads a message: tests assert on what a message means, and a copy edit of the catalogue changes
// both sides.
func en(id string, kv ...any) string {
	return said(Message{Content: say.For(say.English).Rich(id, games.Args(kv...))})
}

// says tells whether s says the English message id with these values (name, value pairs), any
// value standing for each field not given; case aside, as a sentence may start with a field.
func says(s, id string, kv ...any) bool {
	s = strings.ToLower(s)
	for _, p := range strings.Split(strings.ToLower(en(id, kv...)), "<no value>") {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

func mustPublic(t *testing.T, r Reply) {
	t.Helper()
	if r.Type != Post || r.Message.Private {
		t.Fatalf("want a public message, got %+v", r)
	}
}

func mustUpdate(t *testing.T, r Reply) {
	t.Helper()
	if r.Type != Update {
		t.Fatalf("want the message updated, got %+v", r)
	}
}

// game loads the active game of user in c1.
func (e *env) game(kind, user string) (store.Game, games.Game) {
	e.t.Helper()
	rec, err := e.st.ActiveGame("c1", kind, user)
	if err != nil {
		e.t.Fatalf("no active %s game for %s: %v", kind, user, err)
	}
	rec, g, err := e.st.Game(rec.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return rec, g
}

// controls lists the buttons and menus of rows.
func controls(rows []Row) []Control {
	var out []Control
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// enabled lists the actions of the enabled buttons and of the menus of rows.
func enabled(rows []Row) []Action {
	var out []Action
	for _, c := range controls(rows) {
		if !c.Disabled || c.Type == Menu {
			out = append(out, c.Action)
		}
	}
	return out
}

// actionOf finds the enabled control of rows doing verb.
func actionOf(t *testing.T, rows []Row, v string) Action {
	t.Helper()
	for _, a := range enabled(rows) {
		if a.Route == v {
			return a
		}
	}
	t.Fatalf("no %s control in %+v", v, rows)
	return Action{}
}

// onlyRematch reports whether a finished game's controls are its Rematch button and, for anyone,
// Describe.
func onlyRematch(rows []Row) bool {
	cs := controls(rows)
	return len(cs) == 2 && cs[0].Type == Button && cs[0].Label == "Rematch" && cs[0].Action.Route == "rematch" && !cs[0].Disabled &&
		onlyDescribe(cs[1:])
}

// onlyDescribe reports whether cs are a board's Describe button alone.
func onlyDescribe(cs []Control) bool {
	return len(cs) == 1 && cs[0].Type == Button && cs[0].Label == "Describe" && cs[0].Action.Route == routeDescribe && !cs[0].Disabled
}

// logBuffer collects log lines safely across goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// shown is a game's board message as the bot shows it: GameChanged edits the live board
// (rec.MessageID must be set).
func (e *env) shown(rec store.Game, g games.Game) sent {
	e.t.Helper()
	e.rec.take()
	e.bot.GameChanged(context.Background(), View{Game: rec, Live: g})
	calls := e.rec.take()
	want := 1
	if g.Outcome().Method == games.Time {
		want = 2 // and a message that pings the players
	}
	if len(calls) != want || calls[0].op != "edit" || calls[0].message != rec.MessageID {
		e.t.Fatalf("GameChanged made %+v, want one edit of %s", calls, rec.MessageID)
	}
	return calls[0]
}

// inDM makes an interaction come from a DM (or group DM) channel: no server.
func inDM(in *Interaction, channel string) *Interaction {
	in.Guild, in.Channel = "", channel
	return in
}

// records are the JSON log lines written so far.
func (l *logBuffer) records(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.String()), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

// find is the first log record saying msg.
func (l *logBuffer) find(t *testing.T, msg string) map[string]any {
	t.Helper()
	for _, r := range l.records(t) {
		if r["msg"] == msg {
			return r
		}
	}
	t.Fatalf("no log %q in %v", msg, l.records(t))
	return nil
}
