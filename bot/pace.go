package bot

import (
	"context"
	"errors"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// Slow play (table/pace.go): the pace option of challenge and tournament create, the clock line
// under a day-paced board, /tabuleiro games, the vacation and digest of /tabuleiro me, and the
// daily digest's DM.

// paceOption is the pace option of challenge and tournament create.
func paceOption() OptionSpec {
	values := make([]string, len(table.Paces()))
	for i, p := range table.Paces() {
		values[i] = p.String()
	}
	return choice("pace", "option.pace", paceName, values...)
}

// paceName names a pace choice: live, "2 days".
func paceName(v string) (string, map[string]any) {
	if v == store.PaceLive.String() {
		return "choice.pace.live", nil
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(v, "d"))
	return "choice.pace.days", map[string]any{"Count": n}
}

// paceText is a pace as a placeholder's value.
func paceText(p store.Pace) games.Text {
	id, args := paceName(p.String())
	return games.Text{ID: id, Args: args}
}

// describePaced is describeOptions with a pace other than live, as commands write it: " (pace: 2d)".
func describePaced(d *games.Descriptor, o games.Options, p store.Pace) string {
	opts := describeOptions(d, o)
	if p == store.PaceLive {
		return opts
	}
	if opts == "" {
		return " (pace: " + p.String() + ")"
	}
	return strings.TrimSuffix(opts, ")") + ", pace: " + p.String() + ")"
}

// paceOf reads a command's pace option: live when it is not given.
func paceOf(data CommandData) (store.Pace, error) {
	v := data.Str("pace")
	p, err := table.ParsePace(v)
	if err != nil {
		names := make([]string, len(table.Paces()))
		for i, p := range table.Paces() {
			names[i] = p.String()
		}
		return store.PaceLive, refuse(table.Invalid, "refusal.pace", "Choices", strings.Join(names, ", "), "Value", v)
	}
	return p, nil
}

// clockLine says under a day-paced game's board when the player to decide loses on time, or that
// they are on vacation; nothing for a live game (its idle timeout is the server's setting).
func (b *Bot) clockLine(v View, w *say.Words) say.Rich {
	if v.Over() || v.Game.Pace == store.PaceLive {
		return nil
	}
	p := v.Mover()
	if p.Bot || p.Team || p.UserID == "" {
		return nil
	}
	args := map[string]any{"Pace": paceText(v.Game.Pace), "Player": say.Mention(p.UserID)}
	if v.Game.Deadline.IsZero() && v.Game.Left > 0 {
		m, err := b.t.MemberSettings(p.UserID)
		if err != nil || m.Vacation.Until.IsZero() {
			return w.Rich("board.pace.away-now", args)
		}
		args["Until"] = say.Time(m.Vacation.Until)
		return w.Rich("board.pace.away", args)
	}
	if v.Game.Deadline.IsZero() {
		return nil
	}
	args["Deadline"] = say.Time(v.Game.Deadline)
	return w.Rich("board.pace.deadline", args)
}

// listedLine is one of a member's games in /tabuleiro games and the digest.
func listedLine(l table.Listed, w *say.Words) say.Rich {
	id := "games.theirs"
	if l.YourMove {
		id = "games.yours"
	}
	var clock any = ""
	switch {
	case !l.Away.IsZero():
		clock = games.Text{ID: "games.away", Args: map[string]any{"Until": say.Time(l.Away)}}
	case !l.Deadline.IsZero():
		clock = games.Text{ID: "games.deadline", Args: map[string]any{"Deadline": say.Time(l.Deadline)}}
	}
	return w.Rich(id, map[string]any{"Title": table.Describe(l.Game.Kind).Title, "Opponent": table.PlayerName(l.Opponent, w),
		"Pace": paceText(l.Game.Pace), "Clock": clock, "Link": l.Link()})
}

// gamesList answers /tabuleiro games: the caller's games everywhere, privately, ten a page.
func (b *Bot) gamesList(req *Request) (Reply, error) {
	page := 1
	if v := req.in.Command.Str("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return Reply{}, refuse(table.Invalid, "refusal.games-page", "Value", v)
		}
		page = n
	}
	m, err := b.gamesMessage(req, page)
	if err != nil {
		return Reply{}, err
	}
	m.Private = true
	return Reply{Type: Post, Message: m}, nil
}

// gamesPage answers the ◀ ▶ of /tabuleiro games' list: the clicker's own games at that page.
func (b *Bot) gamesPage(req *Request) (Reply, error) {
	m, err := b.gamesMessage(req, max(req.Action().Page, 1))
	if err != nil {
		return Reply{}, err
	}
	return update(m), nil
}

// gamesMessage is page of the caller's games everywhere, with ◀ ▶ where there is more than one.
func (b *Bot) gamesMessage(req *Request, page int) (Message, error) {
	list, pages, err := b.t.GamesPage(req.in.User, page-1)
	if err != nil {
		return Message{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), learnWithin)
	defer cancel()
	b.linked(ctx, list)
	w := req.w
	if len(list) == 0 {
		return Message{Content: clip(w.Rich("games.none", nil))}, nil
	}
	page = min(page, pages)
	lines := []say.Rich{w.Rich("games.head", map[string]any{"Page": page, "Pages": pages})}
	for _, l := range list {
		lines = append(lines, listedLine(l, w))
	}
	if pages == 1 {
		return Message{Content: clip(say.Join("\n", lines...))}, nil
	}
	act := func(p int) Action { return Action{Route: routeGamesPage, Kind: AppCommand, Page: p} }
	rows := []Row{{
		{Type: Button, Label: "◀", Style: Secondary, Action: act(page - 1), Disabled: page <= 1},
		{Type: Button, Label: "▶", Style: Secondary, Action: act(page + 1), Disabled: page >= pages},
	}}
	return Message{Content: clip(say.Join("\n", lines...)), Rows: rows}, nil
}

// learnWithin bounds what /tabuleiro games spends reading the ids of boards it links to: the
// answer is due within Discord's three seconds.
const learnWithin = time.Second

// linked fills in the message of listed games whose board's id is not stored yet (a board posted
// as a reply is known by its interaction alone until learnBoards reads it), so that each jump
// link lands on the board and not only in its channel.
func (b *Bot) linked(ctx context.Context, list []table.Listed) {
	for i := range list {
		if list[i].Game.MessageID == "" {
			list[i].Game.MessageID = b.learn(ctx, list[i].Game.ID)
		}
	}
}

// gamesPageOption is /tabuleiro games' page.
func gamesPageOption() OptionSpec {
	o := described(IntegerOption, "page", "option.games.page")
	o.Min, o.Max = 1, 1000
	return o
}

// reshown has a reply show again, once it is sent, the boards of the games a vacation paused or
// resumed.
func (b *Bot) reshown(r Reply, changed []View) Reply {
	if len(changed) == 0 {
		return r
	}
	return r.with(func(ctx context.Context, _ Followup) {
		for _, v := range changed {
			b.GameChanged(ctx, v)
		}
	})
}

// digestHours are the choices of /tabuleiro me digest: off, then every UTC hour.
func digestHours() []string { return puzzleHours() }

// mePace changes the caller's vacation and digest as /tabuleiro me says, and says where they
// stand: nothing for a member with neither who changed neither. It returns the games a vacation
// paused or resumed, whose boards are to be shown again.
func (b *Bot) mePace(req *Request) (say.Rich, []View, error) {
	opts := req.in.Command.Options
	user, w := req.in.User, req.w
	var done []say.Rich
	var changed []View
	if v, ok := opts["digest"]; ok {
		on, hour := v.Str != "off", 0
		if on {
			var err error
			if hour, err = strconv.Atoi(v.Str); err != nil {
				return nil, nil, table.ErrDigestHour
			}
		}
		if _, err := b.t.SetDigest(user, on, hour); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := opts["vacation"]; ok {
		switch v.Str {
		case "start":
			vac, paused, err := b.t.StartVacation(user)
			if err != nil {
				return nil, nil, err
			}
			changed = paused
			done = append(done, w.Rich("vacation.started", map[string]any{"Until": say.Time(vac.Until), "Count": len(paused)}))
		case "end":
			resumed, err := b.t.EndVacation(user)
			if err != nil {
				return nil, nil, err
			}
			changed = resumed
			done = append(done, w.Rich("vacation.ended", map[string]any{"Count": len(resumed)}))
		default:
			return nil, nil, refuse(table.Invalid, "refusal.vacation", "Value", v.Str)
		}
	}
	m, err := b.t.MemberSettings(user)
	if err != nil {
		return nil, changed, err
	}
	vac, err := b.t.VacationOf(user)
	if err != nil {
		return nil, changed, err
	}
	_, vacationAsked := opts["vacation"]
	_, digestAsked := opts["digest"]
	if !vac.On && !m.Digest && !vacationAsked && !digestAsked {
		return nil, changed, nil
	}
	away := any(games.Text{ID: "settings.vacation-off"})
	if vac.On {
		away = games.Text{ID: "settings.vacation-on", Args: map[string]any{"Until": say.Time(vac.Until)}}
	}
	digest := any(games.Text{ID: "settings.digest-off"})
	if m.Digest {
		digest = games.Text{ID: "settings.digest-at", Args: map[string]any{"Hour": twoDigits(m.DigestHour)}}
	}
	done = append(done, w.Rich("settings.me-pace", map[string]any{"Vacation": away, "Left": idleText(vac.Left.Round(time.Hour)),
		"Digest": digest}))
	return say.Join("\n", done...), changed, nil
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// ErrNoDM is what a DMSender's error wraps when the member takes no DMs from the bot.
var ErrNoDM = table.ErrNoDM

// DMSender is a Sender that can write to a member in a DM (the digest).
type DMSender interface {
	SendDM(ctx context.Context, user string, m Message) (messageID string, err error)
}

// SendDigest sends a member their daily digest in a DM. Nobody's own language is kept, so it
// speaks that of the place of the game whose deadline comes first (its server's, or the DM's as
// last seen). An error wrapping table.ErrNoDM says they take no DMs from the bot.
func (b *Bot) SendDigest(ctx context.Context, d table.Digest) error {
	dm, ok := b.send.(DMSender)
	if !ok {
		return errors.New("this bot's sender cannot write DMs")
	}
	if len(d.Games) == 0 {
		return nil
	}
	b.linked(ctx, d.Games)
	first := d.Games[0].Game
	w := b.publicWords(first.Guild, first.Channel, "")
	lines := []say.Rich{w.Rich("digest.head", map[string]any{"Count": len(d.Games)})}
	for _, l := range d.Games {
		lines = append(lines, listedLine(l, w))
	}
	lines = append(lines, w.Rich("digest.foot", nil))
	_, err := dm.SendDM(ctx, d.User, Message{Content: clip(say.Join("\n", lines...)), Once: digestOnce(d)})
	return err
}

// digestOnce names a member's digest of a day, so that Discord posts it once even when a process
// that died after Discord took the post but before it answered has it sent again: "dg", the day
// and a hash of the member, 23 characters at most.
func digestOnce(d table.Digest) string {
	h := fnv.New64a()
	h.Write([]byte(d.User))
	return "dg" + strings.ReplaceAll(d.Day, "-", "") + strconv.FormatUint(h.Sum64(), 36)
}

var _ table.DigestSender = (*Bot)(nil)
