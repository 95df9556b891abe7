package bot

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// The commands that are not one game's: /tabuleiro settings, me and help, and the user context-menu
// command that challenges the member clicked.

const (
	// AppCommand is the top-level command of what is not one game's.
	AppCommand = "tabuleiro"
	// ChallengeMenu is the user context-menu command (right-click a member → Apps), as registered;
	// Discord shows it by its name in the member's language (command.challenge-menu).
	ChallengeMenu = "Challenge to a game"
	// PermManageServer lets a member change the server's settings.
	PermManageServer uint64 = 1 << 5
)

// boardsServer is the choice of /tabuleiro me boards: that shows a person's boards as their server does.
const boardsServer = "server"

// idleChoices are the idle timeouts a server may choose.
var idleChoices = []string{"1h", "12h", "24h", "72h", "7d", "14d"}

// settingsSpec and meSpec are /tabuleiro settings and me, with the settings they change.
func settingsSpec(*games.Descriptor) SubSpec {
	return sub("settings", "sub.tabuleiro.settings", nil,
		described(BoolOption, "threads", "option.settings.threads"),
		described(BoolOption, "rated", "option.settings.rated"),
		choice("language", "option.settings.language", named("choice.language."), say.Languages...),
		choice("idle-timeout", "option.settings.idle-timeout", idleName, idleChoices...),
		described(BoolOption, "pings", "option.settings.pings"),
		described(ChannelOption, "puzzle-channel", "option.settings.puzzle-channel"),
		choice("puzzle-hour", "option.settings.puzzle-hour", hourName, puzzleHours()...),
		described(BoolOption, "pages", "option.settings.pages"),
		choice("boards", "option.settings.boards", named("choice.boards."), store.BoardsText, store.BoardsImage),
	)
}

func meSpec(*games.Descriptor) SubSpec {
	return sub("me", "sub.tabuleiro.me", nil, described(BoolOption, "pings", "option.me.pings"),
		choice("boards", "option.me.boards", named("choice.boards."), store.BoardsText, store.BoardsImage, store.BoardsWords, boardsServer),
		choice("vacation", "option.me.vacation", named("choice.vacation."), "start", "end"),
		choice("digest", "option.me.digest", hourName, digestHours()...))
}

func gamesSpec(*games.Descriptor) SubSpec {
	return sub("games", "sub.tabuleiro.games", nil, gamesPageOption())
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

// help answers /tabuleiro help.
func (b *Bot) help(req *Request) (Reply, error) { return private(helpText(req.w)), nil }

// me answers /tabuleiro me: the caller's own settings, shown and changed.
func (b *Bot) me(req *Request) (Reply, error) {
	data := req.in.Command
	paced, changed, err := b.mePace(req)
	if err != nil {
		return Reply{}, err
	}
	boards, set := data.Options["boards"]
	if set && boards.Str != boardsServer {
		if err := checkBoards(boards.Str, true); err != nil {
			return Reply{}, err
		}
	}
	m, err := b.t.ChangeMemberSettings(req.in.User, func(m *store.MemberSettings) {
		if v, ok := data.Options["pings"]; ok && v.IsBool {
			m.NoPings = !v.Bool
		}
		switch {
		case set && boards.Str == boardsServer:
			m.Boards = ""
		case set:
			m.Boards = boards.Str
		}
	})
	if err != nil {
		return Reply{}, err
	}
	shown := boardsServer
	if m.Boards != "" {
		shown = m.Boards
	}
	r := private(say.Join("\n", req.w.Rich("settings.me", map[string]any{"Pings": onOff(!m.NoPings), "Then": onOff(m.NoPings),
		"Switch": strconv.FormatBool(m.NoPings), "Boards": boardsShown(shown, req.in.Perms)}), paced))
	return b.reshown(r, changed), nil
}

// settings shows the server's settings and changes those given; only for Manage Server.
func (b *Bot) settings(req *Request) (Reply, error) {
	if req.in.Guild == "" {
		return Reply{}, refuse(table.NoContext, "refusal.settings-dm")
	}
	if req.in.MemberPerms&PermManageServer == 0 {
		return Reply{}, refuse(table.Refused, "refusal.settings-perm")
	}
	change, err := settingsChange(req.in.Command.Options)
	if err != nil {
		return Reply{}, err
	}
	s, err := b.t.ChangeSettings(req.in.Guild, change)
	if err != nil {
		return Reply{}, err
	}
	return private(b.settingsText(req, s)), nil
}

// settingsChange reads the options of /tabuleiro settings into the change they make, refusing a
// value no choice gives before anything changes.
func settingsChange(opts map[string]Value) (func(s *store.ServerSettings), error) {
	hour, off := -1, false
	if v, ok := opts["puzzle-hour"]; ok {
		var err error
		if off = v.Str == "off"; !off {
			if hour, err = strconv.Atoi(v.Str); err != nil || hour < 0 || hour > 23 {
				return nil, table.ErrPuzzleHour
			}
		}
	}
	boards, setBoards := opts["boards"]
	if setBoards {
		if err := checkBoards(boards.Str, false); err != nil {
			return nil, err
		}
	}
	idle, setIdle := time.Duration(0), false
	if v, ok := opts["idle-timeout"]; ok {
		d, err := parseDays(v.Str)
		if err != nil {
			return nil, err
		}
		idle, setIdle = d, true
	}
	flags := map[string]func(s *store.ServerSettings, v bool){
		"threads": func(s *store.ServerSettings, v bool) { s.Threads = v },
		"rated":   func(s *store.ServerSettings, v bool) { s.Unrated = !v },
		"pings":   func(s *store.ServerSettings, v bool) { s.NoPings = !v },
		"pages":   func(s *store.ServerSettings, v bool) { s.Pages = v },
	}
	return func(s *store.ServerSettings) {
		if setBoards {
			s.Boards = boards.Str
		}
		for name, set := range flags {
			if v, ok := opts[name]; ok {
				set(s, v.Bool)
			}
		}
		if v, ok := opts["language"]; ok {
			s.Language = v.Str
		}
		if v, ok := opts["puzzle-channel"]; ok {
			s.PuzzleChannel = v.Str
		}
		if off {
			s.PuzzleChannel = ""
		} else if hour >= 0 {
			s.PuzzleHour = hour
		}
		if setIdle {
			s.IdleTimeout = idle
		}
	}, nil
}

// settingsText shows a server's settings.
func (b *Bot) settingsText(req *Request, s store.ServerSettings) say.Rich {
	w := req.w
	lang := games.Text{ID: "settings.language-locale", Args: map[string]any{"Language": say.Public("", req.in.GuildLocale)}}
	if s.Language != "" {
		lang = games.Text{ID: "choice.language." + s.Language}
	}
	var idle any = games.Text{ID: "settings.idle-default", Args: map[string]any{"Idle": idleText(b.t.IdleTimeout())}}
	if s.IdleTimeout > 0 {
		idle = idleText(s.IdleTimeout)
	}
	// Off names the hour it would post at, so that an hour set before the channel is seen kept.
	at := fmt.Sprintf("%02d", s.PuzzleHour)
	daily := games.Text{ID: "settings.daily-off", Args: map[string]any{"Hour": at}}
	if s.PuzzleChannel != "" {
		daily = games.Text{ID: "settings.daily-at", Args: map[string]any{"Channel": say.Channel(s.PuzzleChannel), "Hour": at}}
	}
	pages := games.Text{ID: "settings.pages-off"}
	switch {
	case s.Pages && b.pageLink == nil:
		pages = games.Text{ID: "settings.pages-unserved"}
	case s.Pages:
		pages = games.Text{ID: "settings.pages-on"}
	}
	shown := store.BoardsText
	if s.Boards != "" {
		shown = s.Boards
	}
	return w.Rich("settings.server", map[string]any{"Threads": onOff(s.Threads), "Rated": onOff(!s.Unrated),
		"Language": lang, "Idle": idle, "Pings": onOff(!s.NoPings), "Puzzle": daily, "Pages": pages,
		"Boards": boardsShown(shown, req.in.Perms)})
}

// checkBoards refuses a boards value other than the choices (a platform without choices may send
// any). Words are a person's own choice (own): a server's boards are public, seen by everyone, so
// they stay text or pictures, and their Describe button tells them in words.
func checkBoards(v string, own bool) error {
	if v == store.BoardsText || v == store.BoardsImage || own && v == store.BoardsWords {
		return nil
	}
	return refuse(table.Invalid, "refusal.boards", "Value", v)
}

// puzzleHours are puzzle-hour's choices: off, then every UTC hour.
func puzzleHours() []string {
	out := []string{"off"}
	for h := range 24 {
		out = append(out, strconv.Itoa(h))
	}
	return out
}

// hourName names a puzzle-hour choice: 7 is "07:00 UTC", "07h UTC" in Portuguese.
func hourName(v string) (string, map[string]any) {
	h, err := strconv.Atoi(v)
	if err != nil {
		return "choice.puzzle-hour.off", nil
	}
	return "choice.puzzle-hour.at", map[string]any{"Hour": fmt.Sprintf("%02d", h)}
}

// idleText is an idle timeout as the choices name it (12h, 7d), or as Go writes a duration the
// choices cannot (IDLE_TIMEOUT=90m).
func idleText(d time.Duration) any {
	if d%time.Hour != 0 {
		return d.String()
	}
	id, count := idleName(days(d))
	return games.Text{ID: id, Args: count}
}

// onOff is a setting's state as a placeholder's value: on or off, ligado or desligado.
func onOff(v bool) games.Text {
	if v {
		return games.Text{ID: "settings.on"}
	}
	return games.Text{ID: "settings.off"}
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
	return 0, refuse(table.Invalid, "refusal.idle-timeout", "Choices", strings.Join(idleChoices, ", "), "Value", s)
}

// days writes a duration as the choices do: 12h, 7d.
func days(d time.Duration) string {
	if d%(24*time.Hour) == 0 && d >= 48*time.Hour && d != 72*time.Hour {
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	}
	return fmt.Sprintf("%dh", d/time.Hour)
}

// helpText says what the bot does and how to start, for each game of the catalog.
func helpText(w *say.Words) say.Rich {
	lines := []say.Rich{w.Rich("help.head", nil)}
	for _, d := range descriptors() {
		lines = append(lines, w.Rich("help.game", map[string]any{"Title": d.Title, "Blurb": blurb(d, w), "Kind": d.Kind}))
	}
	lines = append(lines, w.Rich("help.together", nil), w.Rich("help.pace", nil))
	return say.Join("\n", append(lines, w.Rich("help.foot", map[string]any{"Menu": w.T("command.challenge-menu", nil)}))...)
}

// blurb is what a game is, without its title: "the Cape Verdean mancala, capture 25 seeds to win".
func blurb(d *games.Descriptor, w *say.Words) string {
	return strings.TrimPrefix(w.T(d.Blurb, nil), d.Title+": ")
}

// challengeMenu answers the user context-menu command: a private menu of the games; choosing one
// challenges the member clicked.
func (b *Bot) challengeMenu(req *Request) (Reply, error) {
	target := req.in.Command.Target
	if target == "" {
		return Reply{}, refuse(table.Invalid, "refusal.right-click")
	}
	if target == req.in.User {
		return Reply{}, refuse(table.Refused, "refusal.menu-self")
	}
	if req.in.Command.Bots[target] {
		return Reply{}, refuse(table.Refused, "refusal.menu-bot")
	}
	menu := Control{Type: Menu, Action: Action{Route: routeChallengeGame, Kind: AppCommand, Arg: target},
		Placeholder: req.w.T("menu.which-game", nil)}
	for _, d := range descriptors() {
		menu.Options = append(menu.Options, Option{Label: d.Title, Value: d.Kind, Description: blurb(d, req.w)})
	}
	r := private(req.w.Rich("reply.which-game", map[string]any{"Opponent": say.Mention(target)}))
	r.Message.Rows = []Row{{menu}}
	return b.panel(req, challengePanel, target, r), nil
}

// challengePicked posts the challenge chosen in the context menu's game menu.
func (b *Bot) challengePicked(req *Request) (Reply, error) {
	click := req.in.Click
	if click.Action.Arg == "" {
		// The menu always names its member: without one this would post an open challenge.
		return Reply{}, refuse(table.Invalid, "refusal.foreign-button")
	}
	if len(click.Values) == 0 {
		return Reply{}, refuse(table.Invalid, "refusal.pick-game")
	}
	d := table.Describe(click.Values[0])
	if d == nil {
		return Reply{}, refuse(table.Invalid, "refusal.no-such-game", "Game", click.Values[0])
	}
	if err := req.begin(d.Kind); err != nil {
		return Reply{}, err
	}
	req.in.Command = CommandData{Name: d.Kind, Sub: "challenge", Options: map[string]Value{"opponent": {Str: click.Action.Arg}},
		Bots: map[string]bool{}}
	return b.panelDone(req, challengePanel, click.Action.Arg)(b.challenge(req, d))
}
