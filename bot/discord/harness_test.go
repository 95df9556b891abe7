package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/bot/discord/wire"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// env drives the real bot through the Discord adapter: *discordgo.Interaction values are written as
// Discord sends them and go through the codec (wire) and the pipeline the gateway and the HTTP
// endpoint use into bot.New(…); the answers, written by the codec, are read back as discordgo values
// for the tests of what Discord receives (lint_test.go, the fixtures, the pipeline's logs). The
// bot's behaviour is tested in package bot, on its own values.

// kinds lists the games in the order of their commands.
var kinds = []string{"oolong", "ouri", "ordo"}

// offerName is the subcommand offering to stop a game of kind by agreement: draw or end.
func offerName(kind string) string {
	d, ok := catalog.Lookup(kind)
	if !ok {
		panic("no game " + kind)
	}
	return d.Offer
}

// flatten lists the buttons and menus inside action rows.
func flatten(comps []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for _, comp := range comps {
		switch x := comp.(type) {
		case discordgo.ActionsRow:
			out = append(out, flatten(x.Components)...)
		case *discordgo.ActionsRow:
			out = append(out, flatten(x.Components)...)
		case *discordgo.Button:
			out = append(out, *x)
		case *discordgo.SelectMenu:
			out = append(out, *x)
		default:
			out = append(out, comp)
		}
	}
	return out
}

// clock is a fake clock tests advance by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// sent is one call the bot made on its Sender. A Clear is recorded as an edit that leaves the
// content alone (cleared) and removes the components, as Discord receives it.
type sent struct {
	op         string // "send", "edit", "followup" or "delete"
	channel    string
	message    string
	content    string
	cleared    bool
	components []discordgo.MessageComponent
}

// recorder is a bot.Sender that records every call and gives every response message an id, as
// Discord would; it is also the adapter's Webhooks. Tests hand it each response they "deliver".
type recorder struct {
	t        *testing.T
	mu       sync.Mutex
	calls    []sent
	original map[string]string
	next     int
}

var (
	_ bot.Sender = (*recorder)(nil)
	_ Webhooks   = (*recorder)(nil)
)

func newRecorder(t *testing.T) *recorder { return &recorder{t: t, original: map[string]string{}} }

func (r *recorder) newID() string { r.next++; return fmt.Sprintf("m%d", r.next) }

// Size measures as Discord does, like the Sender the recorder stands in for.
func (r *recorder) Size(m say.Rich) int { return wire.Size(m) }

func (r *recorder) Send(ctx context.Context, channel string, m bot.Message) (string, error) {
	comps := components(m.Rows)
	lintMessage(r.t, "send", content(m), comps)
	r.mu.Lock()
	defer r.mu.Unlock()
	id := r.newID()
	r.calls = append(r.calls, sent{op: "send", channel: channel, message: id, content: content(m), components: comps})
	return id, nil
}

func (r *recorder) Edit(ctx context.Context, channel, message string, m bot.Message) error {
	s := sent{op: "edit", channel: channel, message: message, content: content(m), components: components(m.Rows)}
	lintMessage(r.t, "edit", s.content, s.components)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, s)
	return nil
}

func (r *recorder) Clear(ctx context.Context, channel, message string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, sent{op: "edit", channel: channel, message: message, cleared: true,
		components: []discordgo.MessageComponent{}})
	return nil
}

func (r *recorder) Delete(ctx context.Context, channel, message string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, sent{op: "delete", channel: channel, message: message})
	return nil
}

func (r *recorder) Original(ctx context.Context, in *wire.Interaction) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.originalOf(in)
}

// originalOf is the message the response to in created, or that it updated; r.mu is held.
func (r *recorder) originalOf(in *wire.Interaction) (string, error) {
	if id, ok := r.original[in.ID]; ok {
		return id, nil
	}
	if in.Click.MessageID != "" {
		return in.Click.MessageID, nil
	}
	return "", fmt.Errorf("no response message for %s", in.ID)
}

// EditOriginal records an edit of the response's message through the webhook.
func (r *recorder) EditOriginal(ctx context.Context, in *wire.Interaction, m bot.Message) error {
	comps := components(m.Rows)
	lintMessage(r.t, "edit", content(m), comps)
	r.mu.Lock()
	defer r.mu.Unlock()
	id, err := r.originalOf(in)
	if err != nil {
		return err
	}
	r.calls = append(r.calls, sent{op: "edit", channel: in.Channel, message: id, content: content(m), components: comps})
	return nil
}

func (r *recorder) ClearOriginal(ctx context.Context, in *wire.Interaction) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	id, err := r.originalOf(in)
	if err != nil {
		return err
	}
	r.calls = append(r.calls, sent{op: "edit", channel: in.Channel, message: id, cleared: true,
		components: []discordgo.MessageComponent{}})
	return nil
}

func (r *recorder) FollowUp(ctx context.Context, in *wire.Interaction, m bot.Message) (string, error) {
	comps := components(m.Rows)
	lintMessage(r.t, "followup", content(m), comps)
	r.mu.Lock()
	defer r.mu.Unlock()
	id := r.newID()
	r.calls = append(r.calls, sent{op: "followup", channel: in.Channel, message: id, content: content(m),
		components: comps})
	return id, nil
}

// env is the bot on a real store in a temp dir behind the Discord adapter, a recording sender and
// a fake clock.
type env struct {
	t     *testing.T
	path  string
	st    *store.DB
	bot   *bot.Bot
	x     *Interactions // the adapter: the Handler the gateway and the endpoint serve
	pipe  *pipeline     // what the gateway and the endpoint run every interaction through
	rec   *recorder
	clock *clock
	log   *slog.Logger
	next  int
}

func newEnv(t *testing.T) *env { return newEnvLog(t, slog.New(slog.DiscardHandler)) }

// newEnvLog is newEnv with the bot's (and the adapter's) logs going to log.
func newEnvLog(t *testing.T, log *slog.Logger) *env {
	t.Helper()
	e := &env{t: t, path: t.TempDir() + "/tabuleiro.db", rec: newRecorder(t), clock: newClock(), log: log}
	e.open()
	t.Cleanup(func() { e.bot.Wait(); e.st.Close() })
	return e
}

func (e *env) open() {
	st, err := store.Open(e.path, store.Options{Decode: catalog.Decode, Now: e.clock.Now})
	if err != nil {
		e.t.Fatal(err)
	}
	e.st = st
	e.bot = bot.New(st, e.rec, bot.Config{Now: e.clock.Now, Seed: 7, AIMoveTime: 50 * time.Millisecond, Log: e.log, AI: testAI})
	e.x = NewInteractions(e.bot, e.rec)
	e.pipe = newPipeline(e.x, Shard{}, nil, e.log)
}

func (e *env) interaction(user string, t discordgo.InteractionType, data discordgo.InteractionData) *discordgo.Interaction {
	e.next++
	id := fmt.Sprintf("i%d", e.next)
	return &discordgo.Interaction{ID: id, AppID: "app", Type: t, Data: data, GuildID: "g1", ChannelID: "c1", Token: id,
		Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: user}}}
}

// slash builds "/kind sub name:value…"; values are strings except bools.
func (e *env) slash(user, kind, sub string, opts ...any) *discordgo.Interaction {
	so := &discordgo.ApplicationCommandInteractionDataOption{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand}
	res := &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{}}
	for i := 0; i+1 < len(opts); i += 2 {
		name := opts[i].(string)
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Value: opts[i+1]}
		if name == "opponent" || name == "player" {
			id := opts[i+1].(string)
			res.Users[id] = &discordgo.User{ID: id, Username: id, Bot: strings.HasSuffix(id, "bot")}
		}
		so.Options = append(so.Options, o)
	}
	return e.interaction(user, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
		Name: kind, Options: []*discordgo.ApplicationCommandInteractionDataOption{so}, Resolved: res})
}

func (e *env) click(user, messageID, customID string, values ...string) *discordgo.Interaction {
	in := e.interaction(user, discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{
		CustomID: customID, Values: values})
	in.Message = &discordgo.Message{ID: messageID, ChannelID: "c1"}
	return in
}

// Reply is an answer as these tests read it: the response Discord receives, read back as discordgo
// values, and the After step bound to the interaction's webhook.
type Reply struct {
	Response *discordgo.InteractionResponse
	After    func(ctx context.Context)
}

// handle answers an interaction as the gateway and the endpoint do, without delivering it: no
// message id, no After.
func (e *env) handle(in *discordgo.Interaction) Reply {
	r, after := e.pipe.answer(context.Background(), toWire(e.t, in))
	return Reply{Response: readResponse(e.t, wire.AppendResponse(nil, r)), After: after}
}

// toWire is in as Discord sends it, decoded by the codec.
func toWire(t testing.TB, in *discordgo.Interaction) *wire.Interaction {
	t.Helper()
	env, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	json.Unmarshal(env, &m)
	if in.Data != nil {
		if m["data"], err = json.Marshal(in.Data); err != nil {
			t.Fatal(err)
		}
	}
	body, _ := json.Marshal(m)
	w, err := wire.Decode(body)
	if err != nil {
		t.Fatalf("the codec does not read %s: %v", body, err)
	}
	return w
}

// readResponse reads an interaction response's JSON back as the discordgo values these tests
// assert on.
func readResponse(t testing.TB, b []byte) *discordgo.InteractionResponse {
	t.Helper()
	var w struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data *struct {
			Content    string                            `json:"content"`
			Components json.RawMessage                   `json:"components"`
			Flags      discordgo.MessageFlags            `json:"flags"`
			Allowed    *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
			Choices    []struct{ Name, Value string }    `json:"choices"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	r := &discordgo.InteractionResponse{Type: w.Type}
	if w.Data == nil {
		return r
	}
	r.Data = &discordgo.InteractionResponseData{Content: w.Data.Content, Flags: w.Data.Flags, AllowedMentions: w.Data.Allowed,
		Components: readComponents(t, w.Data.Components)}
	if w.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		r.Data.Choices = []*discordgo.ApplicationCommandOptionChoice{}
		for _, c := range w.Data.Choices {
			r.Data.Choices = append(r.Data.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
		}
	}
	return r
}

// readComponents reads rows of controls as discordgo values: nil for null.
func readComponents(t testing.TB, raw json.RawMessage) []discordgo.MessageComponent {
	var rows []json.RawMessage
	if err := json.Unmarshal(raw, &rows); err != nil || rows == nil {
		return nil
	}
	out := []discordgo.MessageComponent{}
	for _, r := range rows {
		var row struct{ Components []json.RawMessage }
		json.Unmarshal(r, &row)
		var comps []discordgo.MessageComponent
		for _, c := range row.Components {
			v, err := discordgo.MessageComponentFromJSON(c)
			if err != nil {
				panic(fmt.Sprintf("the codec wrote a control discordgo does not read: %s: %v", c, err))
			}
			switch x := v.(type) {
			case *discordgo.Button:
				v = *x
			case *discordgo.SelectMenu:
				v = *x
			}
			comps = append(comps, v)
		}
		out = append(out, discordgo.ActionsRow{Components: comps})
	}
	return out
}

// components are rows as Discord receives them, read back as discordgo values.
func components(rows []bot.Row) []discordgo.MessageComponent {
	var w struct{ Components json.RawMessage }
	json.Unmarshal(wire.AppendMessage(nil, bot.Message{Rows: rows}, false), &w)
	return readComponents(nil, w.Components)
}

// content is a message's text as Discord receives it.
func content(m bot.Message) string {
	var w struct{ Content string }
	json.Unmarshal(wire.AppendMessage(nil, m, false), &w)
	return w.Content
}

// en is message id of the catalogue in English with its values (name, value pairs), as Discord
// receives it: tests assert on what a message means, so a copy edit changes both sides.
func en(id string, kv ...any) string {
	return content(bot.Message{Content: say.For(say.English).Rich(id, games.Args(kv...))})
}

// says tells whether s says the English message id with these values, any value standing for
// each field not given; case aside, as a sentence may start with a field.
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

// do runs an interaction like the gateway: answer, deliver the response (a new message gets an
// id), then After. It checks every response against Discord's limits.
func (e *env) do(in *discordgo.Interaction) *discordgo.InteractionResponse {
	e.t.Helper()
	r := e.handle(in)
	if d := r.Response.Data; d != nil {
		lintMessage(e.t, "response", d.Content, d.Components)
	}
	deferred := r.Response.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource
	if r.Response.Type == discordgo.InteractionResponseChannelMessageWithSource || deferred {
		e.rec.mu.Lock()
		e.rec.original[in.ID] = e.rec.newID()
		e.rec.mu.Unlock()
	}
	if r.After != nil {
		r.After(context.Background())
	}
	return r.Response
}

func (e *env) messageOf(in *discordgo.Interaction) string {
	e.rec.mu.Lock()
	defer e.rec.mu.Unlock()
	return e.rec.original[in.ID]
}

func isPrivate(r *discordgo.InteractionResponse) bool {
	return r.Type == discordgo.InteractionResponseChannelMessageWithSource && r.Data != nil &&
		r.Data.Flags&discordgo.MessageFlagsEphemeral != 0
}

func mustPublic(t *testing.T, r *discordgo.InteractionResponse) {
	t.Helper()
	if isPrivate(r) || r.Type != discordgo.InteractionResponseChannelMessageWithSource {
		t.Fatalf("want a public message, got type %d: %+v", r.Type, r.Data)
	}
}

// customIDs lists the custom ids of the enabled buttons and menus of components.
func customIDs(comps []discordgo.MessageComponent) map[string]bool {
	ids := map[string]bool{}
	for _, c := range flatten(comps) {
		switch x := c.(type) {
		case discordgo.Button:
			if !x.Disabled {
				ids[x.CustomID] = true
			}
		case discordgo.SelectMenu:
			ids[x.CustomID] = true
		}
	}
	return ids
}

// testAI keeps the Ouri endgame databases small: the full ones take half a minute to build.
var testAI = ai.New(ai.Config{EndgameSeeds: 8})
