package bot

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"tabuleiro/bot/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// The commands that are not one game's: /tabuleiro settings, me and help, and the user context-menu
// command that challenges the member clicked.

const (
	// AppCommand is the top-level command of what is not one game's.
	AppCommand = "tabuleiro"
	// ChallengeMenu is the user context-menu command (right-click a member → Apps).
	ChallengeMenu = "Challenge to a game"
	// PermManageServer lets a member change the server's settings.
	PermManageServer uint64 = 1 << 5
)

// idleChoices are the idle timeouts a server may choose.
var idleChoices = []string{"1h", "12h", "24h", "72h", "7d", "14d"}

func appCommands() []CommandSpec {
	c := CommandSpec{Name: AppCommand, Subs: []SubSpec{
		sub("settings", "sub.tabuleiro.settings", nil,
			described(BoolOption, "threads", "option.settings.threads"),
			described(BoolOption, "rated", "option.settings.rated"),
			choice("language", "option.settings.language", named("choice.language."), say.Languages...),
			choice("idle-timeout", "option.settings.idle-timeout", idleName, idleChoices...),
			described(BoolOption, "pings", "option.settings.pings"),
		),
		sub("me", "sub.tabuleiro.me", nil, described(BoolOption, "pings", "option.me.pings")),
		sub("help", "sub.tabuleiro.help", nil),
	}}
	c.Description, c.Localized = text("command.tabuleiro", nil)
	return []CommandSpec{c}
}

// idleName names an idle choice by its count: 12h is "12 horas" in Portuguese, 7d "7 dias".
func idleName(v string) (string, map[string]any) {
	id, n := "duration.hours", strings.TrimSuffix(v, "h")
	if d, ok := strings.CutSuffix(v, "d"); ok {
		id, n = "duration.days", d
	}
	count, _ := strconv.Atoi(n)
	return id, map[string]any{"Count": count}
}

// tabuleiro answers /tabuleiro settings, me and help.
func (b *Bot) tabuleiro(req *request) (Reply, error) {
	data := req.in.Command
	switch data.Sub {
	case "help":
		return private(helpText()), nil
	case "me":
		m, err := b.t.ChangeMemberSettings(req.in.User, func(m *store.MemberSettings) {
			if v, ok := data.Options["pings"]; ok && v.IsBool {
				m.NoPings = !v.Bool
			}
		})
		if err != nil {
			return Reply{}, err
		}
		return private("Your settings: turn pings **" + onOff(!m.NoPings) + "** (change with `/tabuleiro me pings:`)."), nil
	case "settings":
		return b.settings(req)
	}
	return Reply{}, refuse(table.Invalid, "/tabuleiro has no subcommand %q — try settings, me or help.", data.Sub)
}

// settings shows the server's settings and changes those given; only for Manage Server.
func (b *Bot) settings(req *request) (Reply, error) {
	if req.in.Guild == "" {
		return Reply{}, refuse(table.NoContext, "Settings belong to a server — use `/tabuleiro settings` in one of its channels.")
	}
	if req.in.MemberPerms&PermManageServer == 0 {
		return Reply{}, refuse(table.Refused, "Only members with the **Manage Server** permission can see and change tabuleiro's settings here.")
	}
	opts := req.in.Command.Options
	var bad error
	s, err := b.t.ChangeSettings(req.in.Guild, func(s *store.ServerSettings) {
		if v, ok := opts["threads"]; ok {
			s.Threads = v.Bool
		}
		if v, ok := opts["rated"]; ok {
			s.Unrated = !v.Bool
		}
		if v, ok := opts["pings"]; ok {
			s.NoPings = !v.Bool
		}
		if v, ok := opts["language"]; ok {
			s.Language = v.Str
		}
		if v, ok := opts["idle-timeout"]; ok {
			d, err := parseDays(v.Str)
			if err != nil {
				bad = err
				return
			}
			s.IdleTimeout = d
		}
	})
	if bad != nil {
		return Reply{}, bad
	}
	if err != nil {
		return Reply{}, err
	}
	lang := s.Language
	if lang == "" {
		lang = "the server's locale (" + say.Public("", req.in.GuildLocale) + ")"
	}
	idle := "the bot's default"
	if s.IdleTimeout > 0 {
		idle = days(s.IdleTimeout)
	}
	return private(fmt.Sprintf("tabuleiro's settings here:\n• threads: **%s**\n• rated challenges: **%s**\n• language: **%s**\n"+
		"• idle timeout: **%s**\n• turn pings: **%s**\nChange any with `/tabuleiro settings <option>:<value>`.",
		onOff(s.Threads), onOff(!s.Unrated), lang, idle, onOff(!s.NoPings))), nil
}

func onOff(v bool) string {
	if v {
		return "on"
	}
	return "off"
}

// parseDays reads 12h or 7d.
func parseDays(s string) (time.Duration, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		var d int
		if _, err := fmt.Sscanf(n, "%d", &d); err == nil && d > 0 {
			return time.Duration(d) * 24 * time.Hour, nil
		}
	} else if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return d, nil
	}
	return 0, refuse(table.Invalid, "idle-timeout is one of %s, not %q.", strings.Join(idleChoices, ", "), s)
}

// days writes a duration as the choices do: 12h, 7d.
func days(d time.Duration) string {
	if d%(24*time.Hour) == 0 && d >= 48*time.Hour && d != 72*time.Hour {
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	}
	return fmt.Sprintf("%dh", d/time.Hour)
}

// helpText says what the bot does and how to start, from the games' descriptors.
func helpText() string {
	var b strings.Builder
	b.WriteString("**tabuleiro** plays abstract board games in your channels, DMs and group DMs. Everyone here sees the board.\n")
	for _, d := range descriptors() {
		fmt.Fprintf(&b, "• **%s** — %s. Start: `/%s vs-bot` (against me) or `/%s challenge opponent:@someone`; `/%s rules` explains it.\n",
			d.Title, strings.TrimPrefix(d.Blurb, d.Title+": "), d.Kind, d.Kind, d.Kind)
	}
	b.WriteString("Move with `/<game> move` (it suggests your legal moves) or the buttons. `/<game> board`, `history`, `resign`; " +
		"right-click a member → Apps → **Challenge to a game**. Your turn pings: `/tabuleiro me`.")
	return b.String()
}

// challengeMenu answers the user context-menu command: a private menu of the games; choosing one
// challenges the member clicked.
func (b *Bot) challengeMenu(req *request) (Reply, error) {
	target := req.in.Command.Target
	if target == "" {
		return Reply{}, refuse(table.Invalid, "Right-click a member to challenge them.")
	}
	if target == req.in.User {
		return Reply{}, refuse(table.Refused, "You cannot challenge yourself — right-click someone else, or play the bot with `/ouri vs-bot`.")
	}
	if req.in.Command.Bots[target] {
		return Reply{}, refuse(table.Refused, "You cannot challenge a bot — to play tabuleiro, use `/ouri vs-bot`.")
	}
	menu := Control{Type: Menu, Action: Action{Kind: AppCommand, Verb: "challenge", Arg: target},
		Placeholder: "Which game?"}
	for _, d := range descriptors() {
		menu.Options = append(menu.Options, Option{Label: d.Title, Value: d.Kind, Description: strings.TrimPrefix(d.Blurb, d.Title+": ")})
	}
	r := private(fmt.Sprintf("Challenge %s to which game?", table.Mention(target)))
	r.Message.Rows = []Row{{menu}}
	return r, nil
}

// challengePicked posts the challenge chosen in the context menu's game menu.
func (b *Bot) challengePicked(req *request, click ClickData) (Reply, error) {
	if len(click.Values) == 0 {
		return Reply{}, refuse(table.Invalid, "Pick one of the games.")
	}
	d := table.Describe(click.Values[0])
	if d == nil {
		return Reply{}, refuse(table.Invalid, "tabuleiro has no game %q.", click.Values[0])
	}
	if err := req.begin(d.Kind); err != nil {
		return Reply{}, err
	}
	req.in.Command = CommandData{Name: d.Kind, Sub: "challenge", Options: map[string]Value{"opponent": {Str: click.Action.Arg}},
		Bots: map[string]bool{}}
	return b.challenge(req, d)
}
