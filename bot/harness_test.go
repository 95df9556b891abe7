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

	"github.com/bwmarrin/discordgo"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// clock is a fake clock tests advance by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// sent is one call the bot made on its Sender.
type sent struct {
	op         string // "send" or "edit"
	channel    string
	message    string
	content    string
	components []discordgo.MessageComponent
}

// recorder is a Sender that records every call and gives every response message an id, as Discord
// would; tests hand it each response they "deliver".
type recorder struct {
	t        *testing.T
	mu       sync.Mutex
	calls    []sent
	original map[string]string
	next     int
}

func newRecorder(t *testing.T) *recorder { return &recorder{t: t, original: map[string]string{}} }

func (r *recorder) newID() string { r.next++; return fmt.Sprintf("m%d", r.next) }

func (r *recorder) Send(ctx context.Context, channel string, m *discordgo.MessageSend) (string, error) {
	lintMessage(r.t, "send", m.Content, m.Components)
	r.mu.Lock()
	defer r.mu.Unlock()
	id := r.newID()
	r.calls = append(r.calls, sent{"send", channel, id, m.Content, m.Components})
	return id, nil
}

func (r *recorder) Edit(ctx context.Context, channel, message string, m *discordgo.MessageEdit) error {
	s := sent{op: "edit", channel: channel, message: message}
	if m.Content != nil {
		s.content = *m.Content
	}
	if m.Components != nil {
		s.components = *m.Components
	}
	lintMessage(r.t, "edit", s.content, s.components)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, s)
	return nil
}

func (r *recorder) Original(ctx context.Context, in *discordgo.Interaction) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if id, ok := r.original[in.ID]; ok {
		return id, nil
	}
	return "", fmt.Errorf("no response message for %s", in.ID)
}

func (r *recorder) edits() []sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []sent
	for _, c := range r.calls {
		if c.op == "edit" {
			out = append(out, c)
		}
	}
	return out
}

// env is a bot on a real store in a temp dir, a recording sender and a fake clock.
type env struct {
	t     *testing.T
	path  string
	st    *store.Store
	bot   *Bot
	rec   *recorder
	clock *clock
	next  int
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{t: t, path: t.TempDir() + "/tabuleiro.db", rec: newRecorder(t), clock: newClock()}
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
	e.bot = New(st, e.rec, Config{Now: e.clock.Now, Seed: 7, AIMoveTime: 50 * time.Millisecond, Log: slog.New(slog.DiscardHandler), AI: testAI})
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

// do runs an interaction like an adapter: Handle, deliver the response (a new message gets an id),
// then After. It checks every response against Discord's limits.
func (e *env) do(in *discordgo.Interaction) *discordgo.InteractionResponse {
	e.t.Helper()
	r := e.bot.Handle(context.Background(), in)
	if r.Response == nil {
		e.t.Fatalf("no response to %s", in.ID)
	}
	if d := r.Response.Data; d != nil {
		lintMessage(e.t, "response", d.Content, d.Components)
		if _, err := json.Marshal(r.Response); err != nil {
			e.t.Fatalf("response does not marshal: %v", err)
		}
	}
	if r.Response.Type == discordgo.InteractionResponseChannelMessageWithSource {
		e.rec.mu.Lock()
		e.rec.original[in.ID] = e.rec.newID()
		e.rec.mu.Unlock()
	}
	if r.After != nil {
		if r.Response.Data != nil && r.Response.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
			e.t.Errorf("a private reply has an After step")
		}
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

// mustPrivate checks a refusal: private, and saying want.
func mustPrivate(t *testing.T, r *discordgo.InteractionResponse, want string) {
	t.Helper()
	if !isPrivate(r) {
		t.Fatalf("want a private reply containing %q, got type %d: %+v", want, r.Type, r.Data)
	}
	if !strings.Contains(strings.ToLower(r.Data.Content), strings.ToLower(want)) {
		t.Fatalf("private reply %q does not say %q", r.Data.Content, want)
	}
}

func mustPublic(t *testing.T, r *discordgo.InteractionResponse) {
	t.Helper()
	if isPrivate(r) || r.Type != discordgo.InteractionResponseChannelMessageWithSource {
		t.Fatalf("want a public message, got type %d: %+v", r.Type, r.Data)
	}
}

// game loads the active game of user.
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

// buttons lists the custom ids of the enabled buttons and menus of components.
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
