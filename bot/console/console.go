package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabuleiro/bot"
	"tabuleiro/bot/web"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// Run plays tabuleiro in a terminal: each line of in is typed as a person would type it in
// Discord, optionally prefixed by who types it (default @you):
//
//	/ouri vs-bot level:easy
//	@bob /ordo challenge opponent:@alice
//	@alice click Accept
//	/ordo move play:a3 a4
//
// Lines become bot.Interaction values run through Bot.Handle exactly like Discord's; every message
// the bot posts, edits or shows privately is printed with its buttons. It returns when in ends or
// ctx is done. A nil cfg.Log discards the bot's logs (they would drown the game). lang is the
// language of everything printed, the bot's messages included (Language reads it from --lang or
// the environment).
func Run(ctx context.Context, st store.Store, cfg bot.Config, lang string, in io.Reader, out io.Writer) error {
	return run(ctx, st, cfg, Options{Lang: lang}, in, out)
}

func run(ctx context.Context, st store.Store, cfg bot.Config, opt Options, in io.Reader, out io.Writer) error {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	c := New(out, cfg.Now)
	c.SetLanguage(opt.Lang)
	// The bot keeps the console's time, which wait moves on.
	cfg.Now = c.Now
	b := bot.New(st, c, cfg)
	c.Attach(b)
	runCtx, cancel := context.WithCancel(ctx)
	c.printf("%s", c.w.T("console.welcome", nil)+"\n\n")
	if opt.WebAddr != "" {
		c.serveBoards(runCtx, b, st, opt.WebAddr, cfg.Log)
	}
	done := make(chan error, 1)
	go func() { done <- b.Run(runCtx) }()
	err := c.Play(ctx, in)
	cancel()
	<-done
	return err
}

// help lists what can be typed, from the games' descriptors and the bot's commands, in w's language.
func help(w *say.Words, commands []bot.CommandSpec) string {
	var b strings.Builder
	var kinds, offers, options []string
	offerers := map[string][]string{}
	for _, d := range catalog.All() {
		kinds = append(kinds, d.Kind)
		if len(offerers[d.Offer]) == 0 {
			offers = append(offers, d.Offer)
		}
		offerers[d.Offer] = append(offerers[d.Offer], d.Kind)
		var opts []string
		for _, o := range d.Options {
			values := o.Choices
			if o.Bool {
				values = []string{"true", "false"}
			}
			opts = append(opts, o.Name+":"+strings.Join(values, "|"))
		}
		if len(opts) > 0 {
			options = append(options, d.Kind+" "+strings.Join(opts, " "))
		}
	}
	var offerHelp []string
	for _, o := range offers {
		offerHelp = append(offerHelp, o+" ("+strings.Join(offerers[o], ", ")+")")
	}
	// Every subcommand is listed from the commands themselves, so none can be left out.
	gameOptions := map[string]bool{}
	for _, d := range catalog.All() {
		for _, o := range d.Options {
			gameOptions[o.Name] = true
		}
	}
	var subs, app []string
	for _, cmd := range commands {
		switch {
		case cmd.User:
		case cmd.Name == bot.AppCommand:
			for _, s := range cmd.Subs {
				if len(s.Subs) == 0 {
					app = append(app, usage(s, nil))
				}
				for _, g := range s.Subs {
					app = append(app, s.Name+" "+usage(g, nil))
				}
			}
		case len(subs) == 0:
			for _, s := range cmd.Subs {
				if offerers[s.Name] == nil {
					subs = append(subs, usage(s, gameOptions))
				}
			}
		}
	}
	b.WriteString(w.T("console.help", map[string]any{"Games": strings.Join(kinds, ", "), "Offers": strings.Join(offerHelp, "   "),
		"Options": strings.Join(options, "; "), "Accept": w.T("button.accept", nil),
		"Subs": wrapped(append(subs, offerHelp...), "      "), "App": wrapped(app, "      ")}))
	b.WriteByte('\n')
	return b.String()
}

// usage writes a subcommand as it is typed: "challenge opponent:@name [first:me|them|random]",
// leaving out the options in skip.
func usage(s bot.SubSpec, skip map[string]bool) string {
	parts := []string{s.Name}
	for _, o := range s.Options {
		if skip[o.Name] {
			continue
		}
		v := o.Name + ":"
		switch {
		case o.Type == bot.UserOption:
			v += "@name"
		case o.Type == bot.BoolOption:
			v += "true|false"
		case o.Type == bot.ChannelOption:
			v += "#channel"
		case len(o.Choices) > 0:
			v += strings.Join(spans(o.Choices), "|")
		case o.Autocomplete:
			v += "<move>"
		default:
			v += "<" + o.Name + ">"
		}
		if !o.Required {
			v = "[" + v + "]"
		}
		parts = append(parts, v)
	}
	return strings.Join(parts, " ")
}

// spans writes a run of three or more consecutive whole numbers among choices as one span, "0-23":
// puzzle-hour's 24 hours would fill two lines.
func spans(choices []string) []string {
	var out []string
	for i := 0; i < len(choices); {
		j := i
		for n, err := strconv.Atoi(choices[i]); err == nil && j+1 < len(choices); j++ {
			if next, err := strconv.Atoi(choices[j+1]); err != nil || next != n+(j+1-i) {
				break
			}
		}
		if j-i >= 2 {
			out = append(out, choices[i]+"-"+choices[j])
		} else {
			out = append(out, choices[i:j+1]...)
		}
		i = j + 1
	}
	return out
}

// wrapped lists items three spaces apart, in lines of at most 100 columns, each indented.
func wrapped(items []string, indent string) string {
	var lines []string
	line := ""
	for _, it := range items {
		if line != "" && len(indent)+len(line)+3+len(it) > 100 {
			lines = append(lines, indent+line)
			line = ""
		}
		if line != "" {
			line += "   "
		}
		line += it
	}
	return strings.TrimPrefix(strings.Join(append(lines, indent+line), "\n"), indent)
}

// Console is a stand-in for Discord: it turns typed lines into interactions, keeps the messages the
// bot posted, and prints them. It is the bot's Sender while it runs.
type Console struct {
	mu       sync.Mutex
	out      io.Writer
	now      func() time.Time
	waited   time.Duration // how far wait moved the console's time past now's
	b        *bot.Bot
	msgs     map[string]*consoleMessage
	order    []*consoleMessage // by last change, oldest first
	original map[string]string // interaction id → the message its response created
	seq      int
	nextIn   int
	nextMsg  int
	// elideBoards prints "(board)" for a board's block: the golden transcript then tests the bot, not
	// the renderers, which have goldens of their own.
	elideBoards bool
	lang        string     // the language of the people typing, and of the console's server
	w           *say.Words // the console's own words, in lang
	// first is who typed first: they run the console, with Manage Server, as do those they name
	// in managers (manage @name); everyone else is a member without it.
	first    string
	managers map[string]bool
	// pictures is the folder where the pictures the bot attaches are saved, for a look with an
	// image viewer; "" saves none.
	pictures string
	boards   *web.Server // the web board, when it runs (web.go)
}

type consoleMessage struct {
	id, channel string
	content     say.Rich
	rows        []bot.Row
	files       []bot.File
	only        string // the user who alone sees an ephemeral message
	changed     int
}

const (
	consoleGuild   = "console"
	consoleChannel = "console"
	consoleBotUser = "tabuleiro"
)

// New makes a console printing to out; now (default time.Now) dates the challenge deadlines.
func New(out io.Writer, now func() time.Time) *Console {
	if now == nil {
		now = time.Now
	}
	return &Console{out: out, now: now, msgs: map[string]*consoleMessage{}, original: map[string]string{},
		lang: say.English, w: say.For(say.English), managers: map[string]bool{},
		pictures: filepath.Join(os.TempDir(), "tabuleiro-pictures")}
}

// SetLanguage makes lang ("en-US" or "pt-BR") the language of the people typing (their Discord
// locale) and of the console's server, so the bot's replies and the console's own words use it.
func (c *Console) SetLanguage(lang string) {
	c.w = say.For(lang)
	c.lang = c.w.Lang()
}

// Language picks the console's language: flag (--lang) when set, else the environment's locale
// (LC_ALL, LC_MESSAGES, then LANG, e.g. pt_BR.UTF-8). Any Portuguese is pt-BR, the only Portuguese
// the bot speaks; anything else is English.
func Language(flag string, getenv func(string) string) string {
	v := flag
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v != "" {
			break
		}
		v = getenv(k)
	}
	if strings.HasPrefix(strings.ToLower(v), "pt") {
		return say.Portuguese
	}
	return say.English
}

// Now is the console's time: the clock it was made with, moved on by every wait. The bot it
// attaches runs on it.
func (c *Console) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now().Add(c.waited)
}

// wait lets the time typed pass at once (wait 30s), then has the bot do what fell due: a team's
// vote closes, a challenge expires, a player loses on time.
func (c *Console) wait(ctx context.Context, typed string) {
	d, err := waitFor(strings.TrimSpace(typed))
	if err != nil || d <= 0 {
		c.printf("  ? %s\n\n", c.w.T("console.wait-what", map[string]any{"Value": strconv.Quote(typed)}))
		return
	}
	c.mu.Lock()
	c.waited += d
	c.mu.Unlock()
	c.printf("  (%s)\n", c.w.T("console.waited", map[string]any{"Time": span(d)}))
	c.b.Sweep(ctx)
	c.printf("\n")
}

// waitFor reads how long to wait: a Go duration (90s, 2h), or whole days (3d), as day-paced games
// and the settings count them.
func waitFor(s string) (time.Duration, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil || days <= 0 {
			return 0, fmt.Errorf("%q is not a number of days", s)
		}
		return time.Duration(days) * 24 * time.Hour, nil
	}
	return time.ParseDuration(s)
}

// Attach sets the bot whose Handle the console's lines go through.
func (c *Console) Attach(b *bot.Bot) { c.b = b }

// maxLine is the longest line the console reads; Discord's own text fields hold far less (a
// command's string option at most 6,000 characters).
const maxLine = 64 << 10

// Play reads lines until in ends, "quit", or ctx is done. A line longer than maxLine is refused
// and skipped whole; the session goes on.
func (c *Console) Play(ctx context.Context, in io.Reader) error {
	r := bufio.NewReaderSize(in, 4096)
	for {
		line, long, err := readLine(r)
		if ctx.Err() != nil {
			return nil
		}
		if long > 0 {
			c.printf("  ? %s\n\n", c.w.T("console.too-long", map[string]any{"Length": long, "Max": maxLine}))
		} else if (line != "" || err == nil) && !c.Line(ctx, line) {
			return nil
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readLine reads one line of r without its end; a line longer than maxLine is read to its end and
// dropped, and long says how many bytes it had.
func readLine(r *bufio.Reader) (line string, long int, err error) {
	var b []byte
	n := 0
	for {
		chunk, prefix, err := r.ReadLine()
		n += len(chunk)
		if n <= maxLine {
			b = append(b, chunk...)
		}
		if err != nil || !prefix {
			if n > maxLine {
				return "", n, err
			}
			return string(b), 0, err
		}
	}
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
		if user == "" {
			c.printf("  ? %s\n\n", c.w.T("console.no-name", map[string]any{"Line": line}))
			return true
		}
	}
	c.printf("%s › %s\n", user, line)
	c.mu.Lock()
	if c.first == "" {
		c.first = user
	}
	c.mu.Unlock()
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	var in *bot.Interaction
	var err error
	switch strings.ToLower(word) {
	case "help", "?":
		c.printf("%s\n", help(c.w, c.commands()))
		return true
	case "quit", "exit":
		return false
	case "click":
		in, err = c.click(user, rest)
	case "select":
		in, err = c.choose(user, rest)
	case "wait":
		c.wait(ctx, rest)
		return true
	case "manage":
		c.manage(user, rest)
		return true
	case "web":
		c.web(user)
		return true
	default:
		if !strings.HasPrefix(word, "/") {
			c.printf("  ? %s\n\n", c.w.T("console.unknown", map[string]any{"Word": strconv.Quote(word)}))
			return true
		}
		in, err = c.slash(user, line)
	}
	if err != nil {
		c.printf("  ? %v\n\n", err)
		return true
	}
	r := c.b.Handle(ctx, in)
	c.deliver(in, user, r)
	if r.After != nil {
		r.After(ctx, followup{c, in.ID, user})
	}
	c.printf("\n")
	return true
}

func (c *Console) interaction(user string, t bot.Type) *bot.Interaction {
	c.mu.Lock()
	c.nextIn++
	id := fmt.Sprintf("in%d", c.nextIn)
	c.mu.Unlock()
	// Whoever typed first runs the console: they, and those they named, may manage its server.
	var perms uint64
	c.mu.Lock()
	if user == c.first || c.managers[user] {
		perms = bot.PermManageServer
	}
	c.mu.Unlock()
	return &bot.Interaction{Type: t, ID: id, User: user, UserName: user, Guild: consoleGuild, Channel: consoleChannel,
		MemberPerms: perms, Locale: c.lang, GuildLocale: c.lang}
}

// optionRE finds "name:" at the start or after a space.
var optionRE = regexp.MustCompile(`(?:^|\s)([a-z][a-z-]*):`)

// slash turns "/game sub name:value ..." into a command (or, for an option left empty, "/game move
// play:", the autocomplete request Discord sends as it is typed, listing the legal moves).
func (c *Console) slash(user, line string) (*bot.Interaction, error) {
	name, group, sub, rest, err := c.subcommand(line)
	if err != nil {
		return nil, err
	}
	data := bot.CommandData{Name: name, Group: group, Sub: sub.Name, Options: map[string]bot.Value{}, Bots: map[string]bool{}}
	if err := c.readOptions(&data, sub, rest); err != nil {
		return nil, err
	}
	for _, def := range sub.Options {
		v, given := data.Options[def.Name]
		if def.Autocomplete && given && v.Str == "" {
			data.Focused = def.Name
			in := c.interaction(user, bot.Autocomplete)
			in.Command = data
			return in, nil
		}
		if !def.Required || given {
			continue
		}
		if def.Autocomplete {
			// What Discord's autocomplete would show for an empty field.
			data.Options[def.Name] = bot.Value{}
			data.Focused = def.Name
			in := c.interaction(user, bot.Autocomplete)
			in.Command = data
			return in, nil
		}
		return nil, c.problem("console.needs", "Command", name, "Sub", sub.Name, "Option", def.Name, "Example", optionExample(name, sub))
	}
	in := c.interaction(user, bot.Command)
	in.Command = data
	return in, nil
}

// subcommand finds the command a typed line names: its command, group (if any) and subcommand,
// and the rest of the line, its options.
func (c *Console) subcommand(line string) (name, group string, sub *bot.SubSpec, rest string, err error) {
	fields := strings.Fields(line)
	name = strings.ToLower(strings.TrimPrefix(fields[0], "/"))
	var cmd *bot.CommandSpec
	cmds := c.commands()
	var names []string
	for i, x := range cmds {
		if x.User {
			continue // a context-menu command has no slash to type
		}
		names = append(names, "/"+x.Name)
		if x.Name == name {
			cmd = &cmds[i]
		}
	}
	if cmd == nil {
		return "", "", nil, "", c.problem("console.no-command", "Command", name, "Commands", andList(names, c.w))
	}
	if sub, err = c.pick(name, cmd.Subs, fields, 1); err != nil {
		return "", "", nil, "", err
	}
	_, rest, _ = strings.Cut(strings.TrimSpace(line), " ")
	_, rest, _ = strings.Cut(strings.TrimSpace(rest), " ")
	rest = strings.TrimSpace(rest)
	if len(sub.Subs) == 0 {
		return name, "", sub, rest, nil
	}
	// A group: its subcommand is the next word (/tabuleiro tournament create …).
	group = sub.Name
	if sub, err = c.pick(name+" "+group, sub.Subs, fields, 2); err != nil {
		return "", "", nil, "", err
	}
	_, rest, _ = strings.Cut(rest, " ")
	return name, group, sub, strings.TrimSpace(rest), nil
}

// pick is the subcommand fields[at] names among subs, of the command named command.
func (c *Console) pick(command string, subs []bot.SubSpec, fields []string, at int) (*bot.SubSpec, error) {
	if len(fields) <= at {
		return nil, c.problem("console.add-sub", "Subs", subNames(subs))
	}
	name := strings.ToLower(fields[at])
	for i, o := range subs {
		if o.Name == name {
			return &subs[i], nil
		}
	}
	return nil, c.problem("console.no-sub", "Command", command, "Sub", strconv.Quote(name), "Subs", subNames(subs))
}

// readOptions reads the options typed after a subcommand ("level:easy first:me") into data.
func (c *Console) readOptions(data *bot.CommandData, sub *bot.SubSpec, rest string) error {
	known := map[string]*bot.OptionSpec{}
	for i, o := range sub.Options {
		known[o.Name] = &sub.Options[i]
	}
	// Cut the rest at every "name:"; the value runs to the next one. No value holds a word and a
	// colon after a space (moves, names and choices do not), so any other name is a mistyped option.
	type cut struct{ at, valueAt int }
	var cuts []cut
	for _, m := range optionRE.FindAllStringSubmatchIndex(rest, -1) {
		oname := rest[m[2]:m[3]]
		if known[oname] == nil && len(sub.Options) == 0 {
			return c.problem("console.no-options", "Command", data.Name, "Sub", sub.Name, "Option", strconv.Quote(oname))
		}
		if known[oname] == nil {
			return c.problem("console.no-option", "Command", data.Name, "Sub", sub.Name, "Option", strconv.Quote(oname),
				"Options", optionNames(sub, c.w))
		}
		cuts = append(cuts, cut{m[2], m[1]})
	}
	if len(cuts) == 0 && strings.TrimSpace(rest) != "" || len(cuts) > 0 && strings.TrimSpace(rest[:cuts[0].at]) != "" {
		return c.problem("console.option-form", "Example", optionExample(data.Name, sub))
	}
	for i, k := range cuts {
		end := len(rest)
		if i+1 < len(cuts) {
			end = cuts[i+1].at
		}
		oname := strings.TrimSuffix(rest[k.at:k.valueAt], ":")
		if err := c.readValue(data, known[oname], strings.TrimSpace(rest[k.valueAt:end])); err != nil {
			return err
		}
	}
	return nil
}

// readValue reads one option's typed value as its type says.
func (c *Console) readValue(data *bot.CommandData, def *bot.OptionSpec, value string) error {
	oname := def.Name
	switch def.Type {
	case bot.UserOption:
		id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(value, "<"), "@"), ">")
		id = strings.TrimPrefix(id, "@")
		if id == "" {
			return c.problem("console.name-someone", "Option", oname)
		}
		data.Options[oname] = bot.Value{Str: id}
		if id == consoleBotUser {
			data.Bots[id] = true
		}
	case bot.ChannelOption:
		// #console or <#console>, as Discord writes a channel.
		data.Options[oname] = bot.Value{Str: strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(value, "<"), "#"), ">")}
	case bot.BoolOption:
		v, err := strconv.ParseBool(value)
		if err != nil {
			return c.problem("console.bool", "Option", oname, "Value", strconv.Quote(value))
		}
		data.Options[oname] = bot.Value{Bool: v, IsBool: true}
	default:
		if len(def.Choices) > 0 {
			// Any case is understood; the command carries the choice as declared ("pt-BR"),
			// as Discord sends it.
			canonical := ""
			for _, ch := range def.Choices {
				if strings.EqualFold(ch, value) {
					canonical = ch
				}
			}
			if canonical == "" {
				return c.problem("console.choice", "Option", oname, "Choices", strings.Join(spans(def.Choices), ", "), "Value", strconv.Quote(value))
			}
			value = canonical
		}
		data.Options[oname] = bot.Value{Str: value}
	}
	return nil
}

// commands are the commands of the bot the console serves: the bot's own, before one is attached.
func (c *Console) commands() []bot.CommandSpec {
	if c.b == nil {
		return bot.Commands()
	}
	return c.b.Commands()
}

// andList writes names as "a, b and c".
func andList(names []string, w *say.Words) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return w.T("list.and", map[string]any{"Some": strings.Join(names[:len(names)-1], ", "), "Last": names[len(names)-1]})
}

// problem is what the console says about a line it cannot turn into an interaction.
func (c *Console) problem(id string, kv ...any) error {
	return errors.New(c.w.T(id, games.Args(kv...)))
}

// optionNames lists a subcommand's options as they are typed ("level:, first:"), or says it has none.
func optionNames(sub *bot.SubSpec, w *say.Words) string {
	var names []string
	for _, o := range sub.Options {
		names = append(names, o.Name+":")
	}
	if len(names) == 0 {
		return w.T("list.none", nil)
	}
	return strings.Join(names, ", ")
}

func subNames(subs []bot.SubSpec) string {
	var names []string
	for _, o := range subs {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

func optionExample(game string, sub *bot.SubSpec) string {
	switch sub.Name {
	case "challenge":
		return "/" + game + " challenge opponent:@alice"
	case "move":
		d, _ := catalog.Lookup(game)
		return "/" + game + " move play:" + d.Example
	case "vs-bot":
		return "/" + game + " vs-bot level:easy first:me"
	case "create":
		return "/" + game + " tournament " + sub.Name + " game:" + catalog.All()[0].Kind
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

// manage gives @name Manage Server on the console's server; only who runs the console may.
func (c *Console) manage(user, rest string) {
	name := strings.TrimPrefix(strings.TrimSpace(rest), "@")
	c.mu.Lock()
	first := c.first
	switch {
	case name == "" || strings.ContainsAny(name, " @"):
		c.mu.Unlock()
		c.printf("  ? %s\n\n", c.w.T("console.manage-what", nil))
		return
	case user != first && !c.managers[user]:
		c.mu.Unlock()
		c.printf("  ? %s\n\n", c.w.T("console.manage-not-yours", map[string]any{"First": first}))
		return
	}
	c.managers[name] = true
	c.mu.Unlock()
	c.printf("  (%s)\n\n", c.w.T("console.managed", map[string]any{"User": name}))
}

// onMessage cuts a trailing "#12" off what a click or a select names: the message it acts on.
func onMessage(s string) (rest, message string) {
	i := strings.LastIndex(s, " #")
	if i < 0 {
		return s, ""
	}
	n := s[i+2:]
	if _, err := strconv.ParseUint(n, 10, 32); err != nil {
		return s, ""
	}
	return strings.TrimSpace(s[:i]), n
}

// click presses the newest button labelled label that user can see (on message #N when label ends
// with " #N").
func (c *Console) click(user, label string) (*bot.Interaction, error) {
	label, on := onMessage(label)
	if label == "" {
		return nil, c.problem("console.click-what", "Accept", c.w.T("button.accept", nil))
	}
	for _, m := range c.visible(user) {
		if on != "" && m.id != on {
			continue
		}
		for _, row := range m.rows {
			for _, ctl := range row {
				if ctl.Type != bot.Button || !strings.EqualFold(ctl.Label, label) {
					continue
				}
				if ctl.Disabled {
					return nil, c.problem("console.disabled", "Label", strconv.Quote(ctl.Label))
				}
				in := c.interaction(user, bot.Click)
				in.Click = bot.ClickData{Action: ctl.Action, MessageID: m.id}
				return in, nil
			}
		}
	}
	if on != "" {
		return nil, c.problem("console.no-button-on", "Label", strconv.Quote(label), "Message", on)
	}
	return nil, c.problem("console.no-button", "Label", strconv.Quote(label))
}

// choose picks value in the newest menu that user can see offering it.
func (c *Console) choose(user, value string) (*bot.Interaction, error) {
	value, on := onMessage(value)
	if value == "" {
		return nil, c.problem("console.select-what")
	}
	for _, m := range c.visible(user) {
		if on != "" && m.id != on {
			continue
		}
		for _, row := range m.rows {
			for _, ctl := range row {
				if ctl.Type != bot.Menu {
					continue
				}
				for _, o := range ctl.Options {
					if strings.EqualFold(o.Value, value) || strings.EqualFold(o.Label, value) {
						in := c.interaction(user, bot.Click)
						in.Click = bot.ClickData{Action: ctl.Action, Values: []string{o.Value}, MessageID: m.id}
						return in, nil
					}
				}
			}
		}
	}
	return nil, c.problem("console.no-menu", "Value", strconv.Quote(value))
}

// deliver applies a reply the way Discord would, and prints it.
func (c *Console) deliver(in *bot.Interaction, user string, r bot.Reply) {
	switch r.Type {
	case bot.Choices:
		if len(r.Choices) == 0 {
			c.printf("  (%s)\n", c.w.T("console.no-moves", nil))
			return
		}
		shown := append([]string(nil), r.Choices...)
		for i, n := range r.Names {
			if n != "" && i < len(shown) {
				shown[i] = "(" + n + ")"
			}
		}
		c.printf("  %s\n", c.w.T("console.your-moves", map[string]any{"Moves": strings.Join(shown, "  ")}))
	case bot.Post, bot.Deferred:
		// A deferred answer shows its placeholder until After edits the answer in, as Discord does.
		m := &consoleMessage{channel: in.Channel, content: r.Message.Content, rows: r.Message.Rows, files: r.Message.Files}
		if r.Message.Private {
			m.only = user
		}
		c.add(m)
		c.mu.Lock()
		c.original[in.ID] = m.id
		c.mu.Unlock()
		c.show(m, "")
	case bot.Update:
		id := in.Click.MessageID
		c.mu.Lock()
		m := c.msgs[id]
		c.original[in.ID] = id
		c.mu.Unlock()
		if m == nil {
			c.printf("  (%s)\n", c.w.T("console.no-message", nil))
			return
		}
		c.change(m, r.Message)
		c.show(m, "updated")
	case bot.Launch:
		c.printf("  (%s)\n", c.w.T("console.launch", nil))
	default:
		c.printf("  (%s)\n", c.w.T("console.reply-type", map[string]any{"Type": int(r.Type)}))
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

// change replaces a message's text, controls and files with e's.
func (c *Console) change(m *consoleMessage, e bot.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m.content, m.rows, m.files = e.Content, e.Rows, e.Files
	c.touch(m)
}

// touch makes m the most recently changed message; c.mu is held.
func (c *Console) touch(m *consoleMessage) {
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
func (c *Console) Send(ctx context.Context, channel string, s bot.Message) (string, error) {
	content := s.Content
	if s.Jump != nil {
		content = content.Add(say.Plain(" (" + c.w.T("console.see", map[string]any{"Message": s.Jump.Message}) + ")"))
	}
	m := &consoleMessage{channel: channel, content: content, rows: s.Rows, files: s.Files}
	c.add(m)
	c.show(m, "")
	return m.id, nil
}

// SendDM writes to a member in their DM with the bot (the daily digest): shown as a message only
// they see.
func (c *Console) SendDM(ctx context.Context, user string, s bot.Message) (string, error) {
	m := &consoleMessage{channel: "@" + user, content: s.Content, rows: s.Rows, files: s.Files, only: user}
	c.add(m)
	c.show(m, "")
	return m.id, nil
}

var _ bot.DMSender = (*Console)(nil)

// Edit changes a message the bot posted.
func (c *Console) Edit(ctx context.Context, channel, messageID string, e bot.Message) error {
	c.mu.Lock()
	m := c.msgs[messageID]
	c.mu.Unlock()
	if m == nil {
		return fmt.Errorf("console: no message %s", messageID)
	}
	c.change(m, e)
	c.show(m, "edited")
	return nil
}

// Clear removes the buttons of a message the bot posted.
func (c *Console) Clear(ctx context.Context, channel, messageID string) error {
	c.mu.Lock()
	m := c.msgs[messageID]
	had := false
	if m != nil {
		had = len(m.rows) > 0
		m.rows = nil
		c.touch(m)
	}
	c.mu.Unlock()
	if m == nil {
		return fmt.Errorf("console: no message %s", messageID)
	}
	if had {
		// Clearing a message without buttons changes nothing a person sees.
		c.printf("  (%s)\n", c.w.T("console.cleared", map[string]any{"Message": m.id}))
	}
	return nil
}

// followup is the console's stand-in for an interaction's webhook.
type followup struct {
	c           *Console
	interaction string
	user        string
}

func (f followup) Original(ctx context.Context) (string, error) { return f.c.originalOf(f.interaction) }

func (f followup) EditOriginal(ctx context.Context, m bot.Message) error {
	id, err := f.c.originalOf(f.interaction)
	if err != nil {
		return err
	}
	return f.c.Edit(ctx, consoleChannel, id, m)
}

func (f followup) ClearOriginal(ctx context.Context) error {
	id, err := f.c.originalOf(f.interaction)
	if err != nil {
		return err
	}
	return f.c.Clear(ctx, consoleChannel, id)
}

func (f followup) FollowUp(ctx context.Context, m bot.Message) (string, error) {
	msg := &consoleMessage{channel: consoleChannel, content: m.Content, rows: m.Rows, files: m.Files}
	if m.Private {
		msg.only = f.user
	}
	f.c.add(msg)
	f.c.show(msg, "")
	return msg.id, nil
}

// StartThread stands for Discord's threads: the console has one channel, so the thread is a name.
func (c *Console) StartThread(ctx context.Context, channel, messageID, name string) (string, error) {
	c.mu.Lock()
	c.seq++
	id := fmt.Sprintf("thread%d", c.seq)
	c.mu.Unlock()
	c.printf("  (%s)\n", c.w.T("console.thread", map[string]any{"Name": strconv.Quote(name), "Message": messageID}))
	return id, nil
}

// Delete removes a message the bot posted.
func (c *Console) Delete(ctx context.Context, channel, messageID string) error {
	c.mu.Lock()
	m := c.msgs[messageID]
	if m != nil {
		delete(c.msgs, messageID)
		for i, x := range c.order {
			if x == m {
				c.order = append(c.order[:i:i], c.order[i+1:]...)
				break
			}
		}
	}
	c.mu.Unlock()
	if m == nil {
		return fmt.Errorf("console: no message %s", messageID)
	}
	c.printf("  (%s)\n", c.w.T("console.deleted", map[string]any{"Message": messageID}))
	return nil
}

// originalOf is the message an interaction's reply created.
func (c *Console) originalOf(interaction string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if id, ok := c.original[interaction]; ok {
		return id, nil
	}
	return "", fmt.Errorf("console: interaction %s has no reply message", interaction)
}

// text is a message's text as the console shows it: a mention as @user, a moment as how long
// until (or since) it, emphasis as the words alone, a block as its lines — a board as "(board)"
// when boards are elided.
func (c *Console) text(r say.Rich) string {
	var b strings.Builder
	for _, p := range r {
		switch p.Kind {
		case say.MentionPart:
			b.WriteString("@" + p.Text)
		case say.ChannelPart:
			b.WriteString("#" + p.Text)
		case say.TimePart:
			d := p.At.Sub(c.Now()).Round(time.Second)
			if d >= 0 {
				b.WriteString(c.w.T("console.in", map[string]any{"Time": span(d)}))
			} else {
				b.WriteString(c.w.T("console.ago", map[string]any{"Time": span(-d)}))
			}
		case say.BlockPart:
			// Boards have goldens of their own; the move list (a block of text) is the bot's.
			if p.Lang == "" && c.elideBoards {
				b.WriteString("(" + c.w.T("console.board", nil) + ")")
			} else {
				b.WriteString(p.Text)
			}
		default:
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// show prints a message with its buttons and menus.
func (c *Console) show(m *consoleMessage, verb string) {
	var b strings.Builder
	id := "console.posted"
	switch {
	case verb != "" && m.only != "":
		id = "console." + verb + "-private"
	case verb != "":
		id = "console." + verb
	case m.only != "":
		id = "console.posted-private"
	}
	b.WriteString("  ┌ " + c.w.T(id, map[string]any{"Message": m.id, "User": m.only}) + "\n")
	for _, line := range strings.Split(c.text(m.content), "\n") {
		fmt.Fprintf(&b, "  │ %s\n", line)
	}
	for _, f := range m.files {
		id, count := "console.attached", strings.Count(string(f.Content), "\n")
		saved := ""
		if ext := path.Ext(f.Name); ext == ".png" || ext == ".gif" {
			id, count = "console.picture", (len(f.Content)+1023)/1024
			// The console shows no pictures: the board's text block stands in, and the picture is
			// saved for a look with an image viewer.
			c.block(&b, f.Lines)
			if saved = c.save(f); saved != "" {
				id = "console.picture-saved"
			}
		}
		b.WriteString("  │ [" + c.w.T(id, map[string]any{"File": f.Name, "Count": count, "Path": saved}) + "]\n")
		if f.Description != "" {
			b.WriteString("  │ [" + c.w.T("console.described", map[string]any{"Description": f.Description}) + "]\n")
		}
	}
	for _, row := range m.rows {
		var items []string
		var menus []string
		for _, ctl := range row {
			switch ctl.Type {
			case bot.Button:
				if ctl.Disabled {
					items = append(items, "("+ctl.Label+")")
				} else {
					items = append(items, "["+ctl.Label+"]")
				}
			case bot.Menu:
				var vals []string
				for _, o := range ctl.Options {
					vals = append(vals, o.Value)
				}
				menus = append(menus, c.w.T("console.menu", map[string]any{"Placeholder": strconv.Quote(ctl.Placeholder), "Values": strings.Join(vals, " · ")}))
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

// block writes a picture's text board inside a message, as the console shows a board.
func (c *Console) block(b *strings.Builder, lines []string) {
	if len(lines) == 0 {
		return
	}
	if c.elideBoards {
		lines = []string{"(" + c.w.T("console.board", nil) + ")"}
	}
	for _, line := range lines {
		fmt.Fprintf(b, "  │ %s\n", line)
	}
}

// save writes a picture into the console's pictures folder and gives its path; "" when it was not
// saved (no folder, or the folder cannot be written).
func (c *Console) save(f bot.File) string {
	if c.pictures == "" {
		return ""
	}
	if err := os.MkdirAll(c.pictures, 0o755); err != nil {
		return ""
	}
	name := filepath.Join(c.pictures, filepath.Base(f.Name))
	if err := os.WriteFile(name, f.Content, 0o644); err != nil {
		return ""
	}
	return name
}

func (c *Console) printf(format string, a ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.out, format, a...)
}

// span writes a duration as a person reads it, in its two largest units and without zeros,
// rounded to the smaller of them, and to the minute from a minute on: "1h", "10m", "1h30m",
// "2d3h", "45s". A moment a few hundred milliseconds off (it is kept to the second) still reads
// "10m", not "9m59s".
func span(d time.Duration) string {
	units := []struct {
		size time.Duration
		name string
	}{{24 * time.Hour, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}}
	for i, u := range units {
		if d >= u.size {
			d = d.Round(units[max(min(i+1, 2), i)].size)
			break
		}
	}
	var b strings.Builder
	shown := 0
	for i, u := range units {
		n := d / u.size
		d -= n * u.size
		if n > 0 {
			fmt.Fprintf(&b, "%d%s", n, u.name)
		}
		if n > 0 || shown > 0 {
			shown++
		}
		if shown == 2 || (i == len(units)-1 && b.Len() == 0) {
			break
		}
	}
	if b.Len() == 0 {
		return "0s"
	}
	return b.String()
}
