package bot

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/store"
)

// RunConsole plays tabuleiro in a terminal: each line of in is typed as a person would type it in
// Discord, optionally prefixed by who types it (default @you):
//
//	/ouri vs-bot level:easy
//	@bob /ordo challenge opponent:@alice
//	@alice click Accept
//	/ordo move play:a3 a4
//
// Lines become *discordgo.Interaction values run through Bot.Handle exactly like Discord's; every
// message the bot posts, edits or shows privately is printed with its buttons. It returns when in
// ends or ctx is done. A nil cfg.Log discards the bot's logs (they would drown the game).
func RunConsole(ctx context.Context, st *store.Store, cfg Config, in io.Reader, out io.Writer) error {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	c := NewConsole(out, cfg.Now)
	b := New(st, c, cfg)
	c.Attach(b)
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.Run(runCtx) }()
	c.printf("%s", consoleWelcome)
	err := c.Play(ctx, in)
	cancel()
	<-done
	return err
}

const consoleWelcome = `tabuleiro — Oolong, Ouri and Ordo, as on Discord, in your terminal.
Type a command as you would in Discord; start a line with @name to type as someone else.
  /ouri vs-bot level:easy          play Ouri against the bot
  /ouri move play:d                sow house d (or: click d)
  /ouri move                       list your legal moves
  @bob /ordo challenge opponent:@alice   then: @alice click Accept
  help                             everything you can type
Buttons show as [label]; (label) is disabled.

`

const consoleHelp = `What you can type (each line may start with @name to type as that person; default @you):
  /<game> <subcommand> [option:value ...]   a slash command; games: oolong, ouri, ordo
      challenge opponent:@name [first:me|them|random]   vs-bot [level:easy|medium|hard] [first:me|bot|random]
      move play:<move>   board [player:@name]   history [player:@name]   resign   draw (oolong, ordo)   end (ouri)   rules
      game options: oolong trigger:any|owner; ouri rules:ouri|abapa misere:true|false
  /<game> move                  list your legal moves (what Discord's autocomplete would offer)
  click <label>                 press the newest button with that label you can see (e.g. click Accept, click d)
  select <value>                choose a value in the newest menu that offers it (e.g. select rotate 3)
  help                          this list;  quit  leaves
`

// Console is a stand-in for Discord: it turns typed lines into interactions, keeps the messages the
// bot posted, and prints them. It is the bot's Sender while it runs.
type Console struct {
	mu       sync.Mutex
	out      io.Writer
	now      func() time.Time
	b        *Bot
	msgs     map[string]*consoleMessage
	order    []*consoleMessage // by last change, oldest first
	original map[string]string // interaction id → the message its response created
	seq      int
	nextIn   int
	nextMsg  int
	// elideBoards prints "(board)" for code blocks: the golden transcript then tests the bot, not
	// the renderers, which have goldens of their own.
	elideBoards bool
}

type consoleMessage struct {
	id, channel string
	content     string
	comps       []discordgo.MessageComponent
	only        string // the user who alone sees an ephemeral message
	changed     int
}

const (
	consoleGuild   = "console"
	consoleChannel = "console"
	consoleBotUser = "tabuleiro"
)

// NewConsole makes a console printing to out; now (default time.Now) dates the challenge deadlines.
func NewConsole(out io.Writer, now func() time.Time) *Console {
	if now == nil {
		now = time.Now
	}
	return &Console{out: out, now: now, msgs: map[string]*consoleMessage{}, original: map[string]string{}}
}

// Attach sets the bot whose Handle the console's lines go through.
func (c *Console) Attach(b *Bot) { c.b = b }

// Play reads lines until in ends, "quit", or ctx is done.
func (c *Console) Play(ctx context.Context, in io.Reader) error {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		if ctx.Err() != nil {
			return nil
		}
		if !c.Line(ctx, sc.Text()) {
			return nil
		}
	}
	return sc.Err()
}

// Line runs one typed line; it returns false when the person asked to leave.
func (c *Console) Line(ctx context.Context, line string) bool {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return true
	}
	user := "you"
	if strings.HasPrefix(line, "@") {
		name, rest, _ := strings.Cut(line, " ")
		user = strings.TrimPrefix(name, "@")
		line = strings.TrimSpace(rest)
	}
	c.printf("%s › %s\n", user, line)
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	var in *discordgo.Interaction
	var err error
	switch strings.ToLower(word) {
	case "help", "?":
		c.printf("%s\n", consoleHelp)
		return true
	case "quit", "exit":
		return false
	case "click":
		in, err = c.click(user, rest)
	case "select":
		in, err = c.choose(user, rest)
	default:
		if !strings.HasPrefix(word, "/") {
			c.printf("  ? I don't know %q — type help for what you can type.\n\n", word)
			return true
		}
		in, err = c.slash(user, line)
	}
	if err != nil {
		c.printf("  ? %v\n\n", err)
		return true
	}
	r := c.b.Handle(ctx, in)
	c.deliver(in, user, r.Response)
	if r.After != nil {
		r.After(ctx)
	}
	c.printf("\n")
	return true
}

func (c *Console) interaction(user string, t discordgo.InteractionType, data discordgo.InteractionData) *discordgo.Interaction {
	c.mu.Lock()
	c.nextIn++
	id := fmt.Sprintf("in%d", c.nextIn)
	c.mu.Unlock()
	return &discordgo.Interaction{ID: id, AppID: consoleBotUser, Type: t, Data: data, GuildID: consoleGuild,
		ChannelID: consoleChannel, Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: user}}, Token: id}
}

// optionRE finds "name:" at the start or after a space.
var optionRE = regexp.MustCompile(`(?:^|\s)([a-z][a-z-]*):`)

// slash turns "/game sub name:value ..." into an application command (or, for a bare "/game move",
// an autocomplete request that lists the legal moves).
func (c *Console) slash(user, line string) (*discordgo.Interaction, error) {
	fields := strings.Fields(line)
	name := strings.ToLower(strings.TrimPrefix(fields[0], "/"))
	var cmd *discordgo.ApplicationCommand
	for _, x := range c.b.Commands() {
		if x.Name == name {
			cmd = x
		}
	}
	if cmd == nil {
		return nil, fmt.Errorf("there is no /%s — the games are /oolong, /ouri and /ordo", name)
	}
	if len(fields) < 2 {
		return nil, fmt.Errorf("add a subcommand: %s", subNames(cmd))
	}
	subName := strings.ToLower(fields[1])
	var sub *discordgo.ApplicationCommandOption
	for _, o := range cmd.Options {
		if o.Name == subName {
			sub = o
		}
	}
	if sub == nil {
		return nil, fmt.Errorf("/%s has no %q; try %s", name, subName, subNames(cmd))
	}
	_, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	_, rest, _ = strings.Cut(strings.TrimSpace(rest), " ")
	rest = strings.TrimSpace(rest)
	known := map[string]*discordgo.ApplicationCommandOption{}
	for _, o := range sub.Options {
		known[o.Name] = o
	}
	// Cut the rest at every "name:" of a known option; the value runs to the next one.
	type cut struct{ at, valueAt int }
	var cuts []cut
	for _, m := range optionRE.FindAllStringSubmatchIndex(rest, -1) {
		if known[rest[m[2]:m[3]]] != nil {
			cuts = append(cuts, cut{m[2], m[1]})
		}
	}
	if len(cuts) == 0 && strings.TrimSpace(rest) != "" || len(cuts) > 0 && strings.TrimSpace(rest[:cuts[0].at]) != "" {
		return nil, fmt.Errorf("write options as name:value, e.g. %s", optionExample(name, sub))
	}
	data := discordgo.ApplicationCommandInteractionData{ID: name, Name: name, CommandType: discordgo.ChatApplicationCommand,
		Resolved: &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{}}}
	subOpt := &discordgo.ApplicationCommandInteractionDataOption{Name: sub.Name, Type: sub.Type}
	for i, k := range cuts {
		end := len(rest)
		if i+1 < len(cuts) {
			end = cuts[i+1].at
		}
		oname := strings.TrimSuffix(rest[k.at:k.valueAt], ":")
		value := strings.TrimSpace(rest[k.valueAt:end])
		def := known[oname]
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: oname, Type: def.Type}
		switch def.Type {
		case discordgo.ApplicationCommandOptionUser:
			id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(value, "<"), "@"), ">")
			id = strings.TrimPrefix(id, "@")
			if id == "" {
				return nil, fmt.Errorf("%s: name someone, e.g. %s:@alice", oname, oname)
			}
			o.Value = id
			data.Resolved.Users[id] = &discordgo.User{ID: id, Username: id, Bot: id == consoleBotUser}
		case discordgo.ApplicationCommandOptionBoolean:
			v, err := strconv.ParseBool(value)
			if err != nil {
				return nil, fmt.Errorf("%s is true or false, not %q", oname, value)
			}
			o.Value = v
		default:
			if len(def.Choices) > 0 {
				ok := false
				var names []string
				for _, ch := range def.Choices {
					names = append(names, ch.Name)
					ok = ok || strings.EqualFold(ch.Name, value)
				}
				if !ok {
					return nil, fmt.Errorf("%s is one of %s, not %q", oname, strings.Join(names, ", "), value)
				}
				value = strings.ToLower(value)
			}
			o.Value = value
		}
		subOpt.Options = append(subOpt.Options, o)
	}
	for _, def := range sub.Options {
		if !def.Required || hasOption(subOpt.Options, def.Name) {
			continue
		}
		if def.Autocomplete {
			// What Discord's autocomplete would show for an empty field.
			subOpt.Options = append(subOpt.Options, &discordgo.ApplicationCommandInteractionDataOption{
				Name: def.Name, Type: def.Type, Value: "", Focused: true})
			data.Options = []*discordgo.ApplicationCommandInteractionDataOption{subOpt}
			return c.interaction(user, discordgo.InteractionApplicationCommandAutocomplete, data), nil
		}
		return nil, fmt.Errorf("/%s %s needs %s:, e.g. %s", name, sub.Name, def.Name, optionExample(name, sub))
	}
	data.Options = []*discordgo.ApplicationCommandInteractionDataOption{subOpt}
	return c.interaction(user, discordgo.InteractionApplicationCommand, data), nil
}

func hasOption(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) bool {
	for _, o := range opts {
		if o.Name == name {
			return true
		}
	}
	return false
}

func subNames(cmd *discordgo.ApplicationCommand) string {
	var names []string
	for _, o := range cmd.Options {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

func optionExample(game string, sub *discordgo.ApplicationCommandOption) string {
	switch sub.Name {
	case "challenge":
		return "/" + game + " challenge opponent:@alice"
	case "move":
		return "/" + game + " move play:" + map[string]string{"oolong": "ne", "ouri": "d", "ordo": "a3-a4"}[game]
	case "vs-bot":
		return "/" + game + " vs-bot level:easy first:me"
	}
	return "/" + game + " " + sub.Name + " player:@alice"
}

// visible lists the messages user can see, newest change first.
func (c *Console) visible(user string) []*consoleMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*consoleMessage
	for i := len(c.order) - 1; i >= 0; i-- {
		if m := c.order[i]; m.only == "" || m.only == user {
			out = append(out, m)
		}
	}
	return out
}

// click presses the newest button labelled label that user can see.
func (c *Console) click(user, label string) (*discordgo.Interaction, error) {
	if label == "" {
		return nil, fmt.Errorf("click what? e.g. click Accept")
	}
	for _, m := range c.visible(user) {
		for _, comp := range flatten(m.comps) {
			bt, ok := comp.(discordgo.Button)
			if !ok || !strings.EqualFold(bt.Label, label) {
				continue
			}
			if bt.Disabled {
				return nil, fmt.Errorf("the newest %q button is disabled", bt.Label)
			}
			return withMessageOf(c.interaction(user, discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{
				CustomID: bt.CustomID, ComponentType: discordgo.ButtonComponent}), m), nil
		}
	}
	return nil, fmt.Errorf("no message you can see has a %q button", label)
}

// choose picks value in the newest menu that user can see offering it.
func (c *Console) choose(user, value string) (*discordgo.Interaction, error) {
	if value == "" {
		return nil, fmt.Errorf("select what? e.g. select rotate 3")
	}
	for _, m := range c.visible(user) {
		for _, comp := range flatten(m.comps) {
			menu, ok := comp.(discordgo.SelectMenu)
			if !ok {
				continue
			}
			for _, o := range menu.Options {
				if strings.EqualFold(o.Value, value) || strings.EqualFold(o.Label, value) {
					return withMessageOf(c.interaction(user, discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{
						CustomID: menu.CustomID, ComponentType: discordgo.SelectMenuComponent, Values: []string{o.Value}}), m), nil
				}
			}
		}
	}
	return nil, fmt.Errorf("no menu you can see offers %q", value)
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

func withMessageOf(in *discordgo.Interaction, m *consoleMessage) *discordgo.Interaction {
	in.Message = &discordgo.Message{ID: m.id, ChannelID: m.channel, Content: m.content, Components: m.comps}
	if m.only != "" {
		in.Message.Flags = discordgo.MessageFlagsEphemeral
	}
	return in
}

// deliver applies an interaction response the way Discord would, and prints it.
func (c *Console) deliver(in *discordgo.Interaction, user string, r *discordgo.InteractionResponse) {
	if r == nil {
		c.printf("  (no answer — Discord would say \"This interaction failed\")\n")
		return
	}
	switch r.Type {
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		var names []string
		if r.Data != nil {
			for _, ch := range r.Data.Choices {
				names = append(names, ch.Name)
			}
		}
		if len(names) == 0 {
			c.printf("  (no moves to suggest: it is not your decision here)\n")
			return
		}
		c.printf("  your moves: %s\n", strings.Join(names, "  "))
	case discordgo.InteractionResponseChannelMessageWithSource:
		m := &consoleMessage{channel: in.ChannelID, content: r.Data.Content, comps: r.Data.Components}
		if r.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
			m.only = user
		}
		c.add(m)
		c.mu.Lock()
		c.original[in.ID] = m.id
		c.mu.Unlock()
		c.show(m, "")
	case discordgo.InteractionResponseUpdateMessage:
		if in.Message == nil {
			c.printf("  (an update without a message)\n")
			return
		}
		c.mu.Lock()
		m := c.msgs[in.Message.ID]
		c.original[in.ID] = in.Message.ID
		c.mu.Unlock()
		if m == nil {
			return
		}
		c.change(m, &r.Data.Content, &r.Data.Components)
		c.show(m, "updated")
	default:
		c.printf("  (response type %d)\n", r.Type)
	}
}

func (c *Console) add(m *consoleMessage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nextMsg++
	c.seq++
	m.id = fmt.Sprintf("%d", c.nextMsg)
	m.changed = c.seq
	c.msgs[m.id] = m
	c.order = append(c.order, m)
}

func (c *Console) change(m *consoleMessage, content *string, comps *[]discordgo.MessageComponent) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if content != nil {
		m.content = *content
	}
	if comps != nil {
		m.comps = *comps
	}
	c.seq++
	m.changed = c.seq
	for i, x := range c.order {
		if x == m {
			c.order = append(append(c.order[:i:i], c.order[i+1:]...), m)
			break
		}
	}
}

// Send posts a message from the bot.
func (c *Console) Send(ctx context.Context, channelID string, s *discordgo.MessageSend) (string, error) {
	m := &consoleMessage{channel: channelID, content: s.Content, comps: s.Components}
	c.add(m)
	c.show(m, "")
	return m.id, nil
}

// Edit changes a message the bot posted.
func (c *Console) Edit(ctx context.Context, channelID, messageID string, e *discordgo.MessageEdit) error {
	c.mu.Lock()
	m := c.msgs[messageID]
	c.mu.Unlock()
	if m == nil {
		return fmt.Errorf("console: no message %s", messageID)
	}
	c.change(m, e.Content, e.Components)
	if e.Content == nil && e.Components != nil && len(*e.Components) == 0 {
		c.printf("  (tabuleiro removed the buttons of message #%s: a newer board is below)\n", m.id)
		return nil
	}
	c.show(m, "edited")
	return nil
}

// Original is the message an interaction's response created.
func (c *Console) Original(ctx context.Context, in *discordgo.Interaction) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if id, ok := c.original[in.ID]; ok {
		return id, nil
	}
	return "", fmt.Errorf("console: interaction %s has no response message", in.ID)
}

var (
	mentionRE   = regexp.MustCompile(`<@!?([^>\s]+)>`)
	timestampRE = regexp.MustCompile(`<t:(-?\d+):[a-zA-Z]>`)
)

// plain turns Discord markup into what a reader of the console needs.
func (c *Console) plain(s string) string {
	s = mentionRE.ReplaceAllString(s, "@$1")
	s = timestampRE.ReplaceAllStringFunc(s, func(t string) string {
		sec, _ := strconv.ParseInt(timestampRE.FindStringSubmatch(t)[1], 10, 64)
		d := time.Unix(sec, 0).Sub(c.now()).Round(time.Second)
		if d >= 0 {
			return "in " + d.String()
		}
		return (-d).String() + " ago"
	})
	s = strings.ReplaceAll(s, "**", "")
	return s
}

// show prints a message with its buttons and menus.
func (c *Console) show(m *consoleMessage, verb string) {
	var b strings.Builder
	who := "tabuleiro"
	if m.only != "" {
		who += " (only @" + m.only + " sees this)"
	}
	if verb != "" {
		fmt.Fprintf(&b, "  ┌ %s %s message #%s\n", who, verb, m.id)
	} else {
		fmt.Fprintf(&b, "  ┌ %s · message #%s\n", who, m.id)
	}
	open, eliding := false, false
	for _, line := range strings.Split(c.plain(m.content), "\n") {
		if strings.HasPrefix(line, "```") {
			if open {
				open, eliding = false, false
				continue
			}
			// Boards open with a bare fence; other blocks (the move list) name their language.
			open = true
			if line == "```" && c.elideBoards {
				eliding = true
				fmt.Fprintf(&b, "  │ (board)\n")
			}
			continue
		}
		if !eliding {
			fmt.Fprintf(&b, "  │ %s\n", line)
		}
	}
	for _, row := range m.comps {
		var items []string
		var menus []string
		for _, comp := range flatten([]discordgo.MessageComponent{row}) {
			switch x := comp.(type) {
			case discordgo.Button:
				if x.Disabled {
					items = append(items, "("+x.Label+")")
				} else {
					items = append(items, "["+x.Label+"]")
				}
			case discordgo.SelectMenu:
				var vals []string
				for _, o := range x.Options {
					vals = append(vals, o.Value)
				}
				menus = append(menus, fmt.Sprintf("menu %q: %s  (select <value>)", x.Placeholder, strings.Join(vals, " · ")))
			}
		}
		if len(items) > 0 {
			fmt.Fprintf(&b, "  │ %s\n", strings.Join(items, " "))
		}
		for _, mn := range menus {
			fmt.Fprintf(&b, "  │ %s\n", mn)
		}
	}
	b.WriteString("  └\n")
	c.printf("%s", b.String())
}

func (c *Console) printf(format string, a ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.out, format, a...)
}
