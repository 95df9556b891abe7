package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strconv"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
	"tabuleiro/tournament"
)

// Tournaments as people see them: /tabuleiro tournament create, join, leave, standings, start
// and cancel; the tournament's public message with its Join and Leave buttons; each round's
// message, which pings only that round's players; results and standings. The session core pairs
// and keeps the rounds; what it did outside a request (the sweep) comes back as TournamentAdvanced.

const (
	tournamentGroup = "tournament"
	standingsSize   = 10 // rows a standings page lists
)

// roundTimes are the round-time choices.
var roundTimes = []string{"1h", "12h", "24h", "72h", "7d"}

// tournamentRoutes are /tabuleiro tournament's subcommands and the buttons of a tournament's
// messages.
func tournamentRoutes() []Route {
	group := func(name, id string, answer func(*Bot, context.Context, *Request) (Reply, error), opts ...OptionSpec) Route {
		return Route{Command: AppCommand, Group: tournamentGroup, Sub: fixed(name, id, opts...), Answer: inServer(answer)}
	}
	button := func(name, pattern string, answer func(*Bot, context.Context, *Request, uint64) (Reply, error)) Route {
		return Route{Name: name, Pattern: "/" + AppCommand + "/" + tournamentGroup + "/{tournament}/" + pattern,
			Answer: func(ctx context.Context, req *Request) (Reply, error) {
				return answer(req.b, ctx, req, req.Action().Tournament)
			}}
	}
	return []Route{
		group("create", "sub.tournament.create", func(b *Bot, _ context.Context, req *Request) (Reply, error) { return b.createTournament(req) },
			createOptions()...),
		group("join", "sub.tournament.join", (*Bot).joinCommand),
		group("leave", "sub.tournament.leave", (*Bot).leaveCommand),
		group("standings", "sub.tournament.standings", (*Bot).standingsCommand),
		group("start", "sub.tournament.start", (*Bot).startCommand),
		group("cancel", "sub.tournament.cancel", (*Bot).cancelCommand),
		button(routeTournamentJoin, "join", func(b *Bot, _ context.Context, req *Request, id uint64) (Reply, error) {
			return b.joinTournament(req, id, true)
		}),
		button(routeTournamentLeave, "leave", (*Bot).leaveButton),
		button(routeTournamentWithdraw, "withdraw", func(b *Bot, ctx context.Context, req *Request, id uint64) (Reply, error) {
			return b.leaveTournament(ctx, req, id, leaveConfirm)
		}),
		button(routeTournamentStandings, "standings/{page}", func(b *Bot, _ context.Context, req *Request, id uint64) (Reply, error) {
			m, err := b.standingsMessage(id, req.Action().Page, req.pub)
			if err != nil {
				return Reply{}, err
			}
			return update(m), nil
		}),
	}
}

// createOptions are the options of /tabuleiro tournament create.
func createOptions() []OptionSpec {
	var kinds []string
	titles := map[string]string{}
	for _, d := range descriptors() {
		kinds = append(kinds, d.Kind)
		titles[d.Kind] = d.Title
	}
	game := choice("game", "option.tournament.game", func(v string) (string, map[string]any) {
		return "choice.game.title", map[string]any{"Title": titles[v]}
	}, kinds...)
	game.Required = true
	rounds := described(IntegerOption, "rounds", "option.tournament.rounds")
	rounds.Min, rounds.Max = 1, tournament.MaxSwissPlayers-1
	create := []OptionSpec{game,
		choice("format", "option.tournament.format", named("choice.format."), "swiss", "round-robin"),
		rounds,
		choice("round-time", "option.tournament.round-time", idleName, roundTimes...),
	}
	seen := map[string]bool{}
	for _, d := range descriptors() {
		for _, o := range optionSpecs(d) {
			if !seen[o.Name] {
				seen[o.Name] = true
				create = append(create, o)
			}
		}
	}
	return append(create, described(BoolOption, "rated", "option.tournament.rated"), paceOption())
}

// inServer answers a tournament subcommand, which only a server has.
func inServer(answer func(*Bot, context.Context, *Request) (Reply, error)) func(context.Context, *Request) (Reply, error) {
	return func(ctx context.Context, req *Request) (Reply, error) {
		if req.in.Guild == "" {
			return Reply{}, refuse(table.NoContext, "refusal.tournament.dm")
		}
		req.log = req.log.With("command", "tabuleiro tournament "+req.in.Command.Sub)
		req.actor.Log = req.log
		return answer(req.b, ctx, req)
	}
}

// manager says whether the caller may manage the server (and so any tournament of it).
func (req *Request) manager() bool { return req.in.MemberPerms&PermManageServer != 0 }

func (b *Bot) joinCommand(_ context.Context, req *Request) (Reply, error) {
	tr, err := b.tournamentHere(req, "refusal.tournament.none-open", func(tr store.Tournament) bool {
		return tr.State == store.TournamentOpen
	})
	if err != nil {
		return Reply{}, b.runningHere(req, err, "refusal.tournament.started")
	}
	return b.joinTournament(req, tr.ID, false)
}

func (b *Bot) leaveCommand(ctx context.Context, req *Request) (Reply, error) {
	tr, err := b.tournamentHere(req, "refusal.tournament.none-mine", func(tr store.Tournament) bool {
		e := tr.Entrant(req.in.User)
		return e != nil && !e.Withdrawn
	})
	if err != nil {
		return Reply{}, err
	}
	return b.leaveTournament(ctx, req, tr.ID, leaveCommand)
}

func (b *Bot) standingsCommand(_ context.Context, req *Request) (Reply, error) {
	tr, err := b.standingsHere(req)
	if err != nil {
		return Reply{}, err
	}
	m, err := b.standingsMessage(tr.ID, 1, req.pub)
	if err != nil {
		return Reply{}, err
	}
	return public(m), nil
}

func (b *Bot) startCommand(ctx context.Context, req *Request) (Reply, error) {
	tr, err := b.tournamentHere(req, "refusal.tournament.none-open", b.ownFirst(req, store.TournamentOpen))
	if err != nil {
		return Reply{}, b.runningHere(req, err, "refusal.tournament.running")
	}
	adv, err := b.t.StartTournament(ctx, req.actor, tr.ID, req.manager())
	if err != nil {
		return Reply{}, err
	}
	text := req.pub.Rich("tournament.started", titled(adv.Tournament, nil))
	return public(Message{Content: text}).with(func(ctx context.Context, f Followup) {
		b.showAdvance(ctx, adv)
	}), nil
}

func (b *Bot) cancelCommand(_ context.Context, req *Request) (Reply, error) {
	tr, err := b.tournamentHere(req, "refusal.tournament.none", b.ownFirst(req, store.TournamentOpen, store.TournamentRunning))
	if err != nil {
		return Reply{}, err
	}
	tr, err = b.t.CancelTournament(req.actor, tr.ID, req.manager())
	if err != nil {
		return Reply{}, err
	}
	said := "tournament.cancelled-reply"
	if len(tr.Played) == 0 {
		said = "tournament.cancelled-reply-open"
	}
	return public(Message{Content: req.pub.Rich(said, titled(tr, nil))}).with(func(ctx context.Context, f Followup) {
		b.showTournament(ctx, tr)
	}), nil
}

// tournamentHere is the newest tournament open or running where the request was made that pick
// keeps; none words the refusal when there is none.
func (b *Bot) tournamentHere(req *Request, none string, pick func(store.Tournament) bool) (store.Tournament, error) {
	list, err := b.t.Tournaments(req.actor)
	if err != nil {
		return store.Tournament{}, err
	}
	for i := len(list) - 1; i >= 0; i-- {
		if pick(list[i]) {
			return list[i], nil
		}
	}
	return store.Tournament{}, refuse(table.NotFound, none)
}

// standingsHere is the tournament whose standings /tabuleiro tournament standings shows: a running
// one (the caller's first), else the one that ended most recently (its final standings), else an
// open one (who has joined).
func (b *Bot) standingsHere(req *Request) (store.Tournament, error) {
	list, err := b.t.Tournaments(req.actor)
	if err != nil {
		return store.Tournament{}, err
	}
	running := func(tr store.Tournament) bool { return tr.State == store.TournamentRunning }
	mine := func(tr store.Tournament) bool { return running(tr) && tr.Entrant(req.in.User) != nil }
	for _, pick := range []func(store.Tournament) bool{mine, running} {
		for i := len(list) - 1; i >= 0; i-- {
			if pick(list[i]) {
				return list[i], nil
			}
		}
	}
	tr, ok, err := b.t.LastEnded(req.actor)
	switch {
	case err != nil || ok:
		return tr, err
	case len(list) > 0:
		return list[len(list)-1], nil
	}
	return store.Tournament{}, refuse(table.NotFound, "refusal.tournament.no-standings")
}

// runningHere words a refusal to join or start when no tournament here is open: when one is
// running, that it has started (running, with its title), else none as it was.
func (b *Bot) runningHere(req *Request, none error, running string) error {
	list, err := b.t.Tournaments(req.actor)
	if err != nil {
		return err
	}
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].State == store.TournamentRunning {
			return refuse(table.Stale, running, "Title", table.Describe(list[i].Kind).Title, "Tournament", list[i].ID)
		}
	}
	return none
}

// ownFirst picks, among tournaments in one of states, the caller's own (newest) if there is one,
// else any: start and cancel act on what the caller created before what others did.
func (b *Bot) ownFirst(req *Request, states ...store.TournamentState) func(store.Tournament) bool {
	list, _ := b.t.Tournaments(req.actor)
	mine := false
	for _, tr := range list {
		mine = mine || tr.Creator == req.in.User
	}
	return func(tr store.Tournament) bool {
		for _, s := range states {
			if tr.State == s {
				return !mine || tr.Creator == req.in.User
			}
		}
		return false
	}
}

// createTournament posts a new tournament's public message, in its own thread when the server
// uses threads.
func (b *Bot) createTournament(req *Request) (Reply, error) {
	data := req.in.Command
	if err := req.mayPostLater(); err != nil {
		return Reply{}, err
	}
	d := table.Describe(data.Str("game"))
	if d == nil {
		return Reply{}, refuse(table.Invalid, "refusal.no-such-game", "Game", strconv.Quote(data.Str("game")))
	}
	req.actor.Kind = d.Kind
	n := table.NewTournament{Format: tournament.SwissFormat, Rated: ratedOption(data)}
	if data.Str("format") == "round-robin" {
		n.Format = tournament.RoundRobinFormat
	}
	if v := data.Str("rounds"); v != "" {
		r, err := strconv.Atoi(v)
		if err != nil || r < 1 {
			return Reply{}, refuse(table.Invalid, "refusal.tournament.rounds", "Max", tournament.MaxSwissPlayers-1)
		}
		n.Rounds = r
	}
	pace, err := paceOf(data)
	if err != nil {
		return Reply{}, err
	}
	n.Pace = pace
	if v := data.Str("round-time"); v != "" {
		t, err := parseDays(v)
		if err != nil {
			return Reply{}, refuse(table.Invalid, "refusal.tournament.round-time")
		}
		n.RoundTime = t
	}
	known := map[string]bool{}
	for _, o := range d.Options {
		known[o.Name] = true
	}
	for _, other := range descriptors() {
		for _, o := range other.Options {
			if _, given := data.Options[o.Name]; given && !known[o.Name] {
				return Reply{}, refuse(table.Invalid, "refusal.tournament.game-option", "Option", o.Name, "Title", d.Title)
			}
		}
	}
	opts, err := gameOptions(d, data)
	if err != nil {
		return Reply{}, err
	}
	n.Options = opts
	tr, err := b.t.CreateTournament(req.actor, n)
	if err != nil {
		return Reply{}, err
	}
	return public(tournamentMessage(tr, req.pub)).with(func(ctx context.Context, f Followup) {
		msg, err := f.Original(ctx)
		if err != nil {
			req.log.Warn("could not record the tournament's message", "tournament", tr.ID, "err", err)
			return
		}
		b.t.NoteTournament(tr.ID, msg)
		if b.t.UsesThreads(tr.Guild) {
			b.tournamentThread(ctx, req, tr, msg, f)
		}
	}), nil
}

// tournamentThread starts the tournament's own thread from its message; without the permissions,
// or when it cannot be made, the tournament stays in the channel and its creator is told why.
func (b *Bot) tournamentThread(ctx context.Context, req *Request, tr store.Tournament, msg string, f Followup) {
	th, ok := b.send.(Threader)
	if !ok {
		return
	}
	log := req.log.With("tournament", tr.ID)
	tell := func(why string) {
		m := Message{Content: req.w.Rich("thread.stays", map[string]any{"Why": games.Text{ID: why}}), Private: true}
		if _, err := f.FollowUp(ctx, m); err != nil {
			log.Warn("could not say why the tournament has no thread", "err", err)
		}
	}
	if lack := threadLack(req.in.Perms); lack != "" {
		tell(lack)
		return
	}
	thread, err := th.StartThread(ctx, tr.Channel, msg, req.pub.T("tournament.thread", titled(tr, nil)))
	if err != nil {
		log.Warn("could not start a tournament's thread", "err", err)
		tell("thread.failed")
		return
	}
	if _, err := b.t.TournamentThread(tr.ID, thread); err != nil {
		log.Error("could not record a tournament's thread", "err", err)
	}
}

// joinTournament enters the caller; from the Join button (inPlace) the message shows them at once.
func (b *Bot) joinTournament(req *Request, id uint64, inPlace bool) (Reply, error) {
	tr, err := b.t.JoinTournament(req.actor, id)
	if err != nil {
		return Reply{}, err
	}
	if inPlace {
		return update(tournamentMessage(tr, req.pub)), nil
	}
	// Said in the channel: a private reply has no After step to edit the tournament's message by.
	return public(Message{Content: req.pub.Rich("tournament.joined", titled(tr, map[string]any{"Player": say.Mention(req.in.User)}))}).with(func(ctx context.Context, f Followup) {
		b.showTournament(ctx, tr)
	}), nil
}

// leaveFrom is where a leave came from, which decides how it is answered.
type leaveFrom uint8

const (
	leaveCommand leaveFrom = iota // said in the channel
	leaveButton                   // the tournament's message shows it in place
	leaveConfirm                  // a withdrawal confirmed privately: the confirmation says it
)

// leaveTournament takes the caller out, or withdraws them from a started tournament: the game
// they were playing is resigned and what that leads to (a round over, the next paired) is shown.
func (b *Bot) leaveTournament(ctx context.Context, req *Request, id uint64, from leaveFrom) (Reply, error) {
	left, err := b.t.LeaveTournament(ctx, req.actor, id)
	if err != nil {
		return Reply{}, err
	}
	tr := left.Tournament
	after := func(ctx context.Context, f Followup) {
		if left.Forfeited != nil {
			b.GameChanged(ctx, *left.Forfeited)
		}
		b.showAdvance(ctx, left.Advance)
		if from != leaveButton {
			b.showTournament(ctx, tr)
		}
	}
	said := "tournament.left"
	if tr.State != store.TournamentOpen {
		said = "tournament.withdrawn"
	}
	text := func(w *say.Words) say.Rich {
		return w.Rich(said, titled(tr, map[string]any{"Player": say.Mention(req.in.User)}))
	}
	switch from {
	case leaveButton:
		return update(tournamentMessage(tr, req.pub)).with(after), nil
	case leaveConfirm:
		return update(Message{Content: req.w.Rich("tournament.withdrawn-you", titled(tr, nil))}).with(after), nil
	}
	return public(Message{Content: text(req.pub)}).with(after), nil
}

// leaveButton answers a tournament's Leave: an open tournament is left at once; a started one
// asks first, since withdrawing forfeits every game still to play.
func (b *Bot) leaveButton(ctx context.Context, req *Request, id uint64) (Reply, error) {
	tr, err := b.t.Tournament(id)
	if err != nil || tr.State == store.TournamentOpen {
		return b.leaveTournament(ctx, req, id, leaveButton)
	}
	if e := tr.Entrant(req.in.User); e == nil || e.Withdrawn {
		return Reply{}, refuse(table.Refused, "refusal.tournament.not-entered")
	}
	yes := Action{Route: routeTournamentWithdraw, Kind: AppCommand, Tournament: id}
	r := private(req.w.Rich("tournament.withdraw-confirm", titled(tr, nil)))
	r.Message.Rows = []Row{{{Type: Button, Label: req.w.T("button.tournament.withdraw", nil), Style: Danger, Action: yes}}}
	return r, nil
}

// boardControls are a game message's controls (boardRows), but only Describe on a tournament
// game's final board: a Rematch there would start a game outside the tournament, whose next game is
// the next round's.
func (b *Bot) boardControls(v View, group string, w *say.Words) []Row {
	if v.Over() && b.t.InTournament(v.Game.ID) {
		base := Action{Kind: v.Game.Kind, Game: v.Game.ID, Ply: v.Live.Ply()}
		return b.withBoardButton(v, []Row{{describeButton(base, w)}}, w)
	}
	return b.withBoardButton(v, boardRows(v, group, w), w)
}

// TournamentAdvanced shows what the sweep did to a tournament (table.TournamentNotifier).
func (b *Bot) TournamentAdvanced(ctx context.Context, adv table.Advance) { b.showAdvance(ctx, adv) }

// showAdvanced shows, once a game's change is shown, what its ending did to its tournament: the
// table advanced it where the game ended (View.Advanced: the round's results, the next round and
// its boards, or the final standings).
func (b *Bot) showAdvanced(ctx context.Context, v View) {
	if v.Advanced != nil {
		b.showAdvance(ctx, *v.Advanced)
	}
}

// showAdvance shows what one look at a tournament did: the games it ended, the previous round's
// results and each round it paired (pinging that round's players), the games it started, and the
// final standings.
func (b *Bot) showAdvance(ctx context.Context, adv table.Advance) {
	tr := adv.Tournament
	if !adv.Changed() {
		return
	}
	w := b.publicWords(tr.Guild, "", "")
	log := b.log.With("guild", tr.Guild, "tournament", tr.ID)
	for _, v := range adv.Ended {
		b.GameChanged(ctx, v)
	}
	for _, n := range adv.Rounds {
		if n > 1 {
			b.post(ctx, tr, onceAs(resultsMessage(tr, n-1, b.t.LostOnTime, w), roundOnce(tr, n-1, "res")), log)
		}
		id := b.post(ctx, tr, onceAs(roundMessage(tr, n, w), roundOnce(tr, n, "")), log)
		if id != "" {
			if err := b.t.NoteRound(tr.ID, n, id); err != nil {
				log.Warn("could not record a round's message", "round", n, "err", err)
			}
		}
	}
	for _, v := range adv.Started {
		b.showBoardOnce(ctx, v, w, boardOnce(tr, v.Game.ID))
		b.tournamentGameThread(ctx, tr, v, w)
	}
	for _, n := range adv.Boards {
		if err := b.t.NoteRoundBoards(tr.ID, n); err != nil {
			log.Warn("could not record that a round's boards were posted", "round", n, "err", err)
		}
	}
	for _, bl := range adv.Blocked {
		b.post(ctx, tr, onceAs(blockedMessage(tr, bl, w), blockedOnce(tr, bl)), log)
	}
	if adv.Finished {
		b.post(ctx, tr, onceAs(resultsMessage(tr, len(tr.Played), b.t.LostOnTime, w), roundOnce(tr, len(tr.Played), "res")), log)
		if m, err := b.standingsMessage(tr.ID, 1, w); err == nil {
			b.post(ctx, tr, onceAs(m, roundOnce(tr, len(tr.Played), "end")), log)
		}
	}
	if adv.Finished || len(adv.Rounds) > 0 {
		b.showTournament(ctx, tr)
	}
}

// The posts of a tournament's rounds are each named (Message.Once) from the tournament, the round
// and which post it is, the same in every process: a round shown again by another process after
// the one that paired it died (table's reshow) posts under the same names, so what Discord took
// before the death is not posted twice. At most 23 characters: "t", the tournament in base 36
// (13 at most), ".", the round in decimal (3) and what it is (a letter first; 5 at most): the
// dot, outside base 36, keeps any two names apart.

// roundOnce names a post of round number of tr: what is "" for the round's own message, "res"
// for its results, "end" for the final standings after it ("t1.3res").
func roundOnce(tr store.Tournament, number int, what string) string {
	return "t" + strconv.FormatUint(tr.ID, 36) + "." + strconv.Itoa(number) + what
}

// boardOnce names the board of a game of tr, as the round that paired it; "" for a game tr did
// not pair.
func boardOnce(tr store.Tournament, game uint64) string {
	for n := len(tr.Played); n > 0; n-- {
		for i, p := range tr.Played[n-1].Pairings {
			if p.Game == game && game != 0 {
				return roundOnce(tr, n, "b"+strconv.Itoa(i))
			}
		}
	}
	return ""
}

// blockedOnce names the ping of a player keeping a pairing waiting: the round, the board, which of
// its two players, and whether it is the reminder.
func blockedOnce(tr store.Tournament, bl table.Blocked) string {
	what := "w" + strconv.Itoa(bl.Board) + "f"
	if p := tr.Played[bl.Round-1].Pairings[bl.Board]; p.First != bl.Player {
		what = "w" + strconv.Itoa(bl.Board) + "s"
	}
	if bl.Reminder {
		what += "2"
	}
	return roundOnce(tr, bl.Round, what)
}

// onceAs is m to be posted once as name (Message.Once).
func onceAs(m Message, name string) Message {
	m.Once = name
	return m
}

// post sends a tournament's message where it is played; the id is "-" when the bot may not post
// there (the round is noted as shown all the same: retrying would not help).
func (b *Bot) post(ctx context.Context, tr store.Tournament, m Message, log *slog.Logger) string {
	id, err := b.send.Send(ctx, tr.Where(), m)
	switch {
	case errors.Is(err, ErrForbidden):
		log.Warn("the bot may not post a tournament's message", "err", err)
		return "-"
	case err != nil:
		log.Warn("could not post a tournament's message", "err", err)
		return ""
	}
	return id
}

// showTournament edits the tournament's public message to show it as it is now.
func (b *Bot) showTournament(ctx context.Context, tr store.Tournament) {
	if tr.MessageID == "" {
		fresh, err := b.t.Tournament(tr.ID)
		if err != nil || fresh.MessageID == "" {
			return
		}
		tr = fresh
	}
	w := b.publicWords(tr.Guild, "", "")
	if err := b.send.Edit(ctx, tr.Channel, tr.MessageID, tournamentMessage(tr, w)); err != nil {
		b.log.Warn("could not edit a tournament's message", "tournament", tr.ID, "err", err)
	}
}

// titled are a tournament's title placeholders, with more.
func titled(tr store.Tournament, more map[string]any) map[string]any {
	m := map[string]any{"Title": table.Describe(tr.Kind).Title, "Tournament": tr.ID}
	for k, v := range more {
		m[k] = v
	}
	return m
}

// tournamentMessage is a tournament's public message: what it plays, its players, where it stands,
// and Join and Leave while they apply.
func tournamentMessage(tr store.Tournament, w *say.Words) Message {
	format := games.Text{ID: "tournament.swiss-auto"}
	switch {
	case tr.Format == tournament.RoundRobinFormat && tr.Rounds > 0:
		format = games.Text{ID: "tournament.round-robin", Args: map[string]any{"Count": tr.Rounds}}
	case tr.Format == tournament.RoundRobinFormat:
		format = games.Text{ID: "tournament.round-robin-auto"}
	case tr.Rounds > 0:
		format = games.Text{ID: "tournament.swiss", Args: map[string]any{"Count": tr.Rounds}}
	}
	rated := games.Text{ID: "tournament.unrated"}
	if tr.Rated {
		rated = games.Text{ID: "tournament.rated"}
	}
	head := w.Rich("tournament.head", titled(tr, map[string]any{"Format": format, "Time": idleText(tr.RoundTime), "Rated": rated}))
	if opts := describePaced(table.Describe(tr.Kind), tr.Options, tr.Pace); opts != "" {
		head = head.Add(say.Plain(opts))
	}
	lines := []say.Rich{head, w.Rich("tournament.creator", map[string]any{"Creator": say.Mention(tr.Creator)})}
	if len(tr.Players) == 0 {
		lines = append(lines, w.Rich("tournament.no-players", nil))
	} else {
		var names []say.Rich
		for _, e := range tr.Players {
			names = append(names, playerName(tr, e.User, w))
		}
		lines = append(lines, w.Rich("tournament.players", map[string]any{"Count": len(tr.Players), "Players": say.Join(", ", names...)}))
	}
	act := func(route string) Action { return Action{Route: route, Kind: AppCommand, Tournament: tr.ID} }
	join := Control{Type: Button, Label: w.T("button.tournament.join", nil), Style: Success, Action: act(routeTournamentJoin)}
	leave := Control{Type: Button, Label: w.T("button.tournament.leave", nil), Style: Secondary, Action: act(routeTournamentLeave)}
	var rows []Row
	switch tr.State {
	case store.TournamentOpen:
		lines = append(lines, w.Rich("tournament.open", map[string]any{"Creator": say.Mention(tr.Creator)}))
		rows = []Row{{join, leave}}
	case store.TournamentRunning:
		r := tr.Current()
		lines = append(lines, w.Rich("tournament.running", map[string]any{"Round": len(tr.Played), "Rounds": tr.Rounds,
			"Deadline": say.Time(r.Deadline)}))
		rows = []Row{{leave}}
	case store.TournamentFinished:
		lines = append(lines, w.Rich("tournament.finished", map[string]any{"Count": len(tr.Played)}))
	case store.TournamentCancelled:
		if len(tr.Played) == 0 {
			lines = append(lines, w.Rich("tournament.cancelled-open", nil))
		} else {
			lines = append(lines, w.Rich("tournament.cancelled", nil))
		}
	}
	return Message{Content: clip(say.Join("\n", lines...)), Rows: rows}
}

// playerName mentions a tournament's player (without pinging), marked when they withdrew.
func playerName(tr store.Tournament, user string, w *say.Words) say.Rich {
	if tr.Withdrew(user) {
		return w.Rich("tournament.withdrew", map[string]any{"Player": say.Mention(user)})
	}
	return say.Mention(user)
}

// roundMessage lists the pairings of round number (from 1) and pings its players, and them only.
func roundMessage(tr store.Tournament, number int, w *say.Words) Message {
	r := tr.Played[number-1]
	lines := []say.Rich{w.Rich("tournament.round", titled(tr, map[string]any{"Round": number, "Rounds": tr.Rounds,
		"Deadline": say.Time(r.Deadline)}))}
	waiting := map[int]bool{}
	for _, board := range r.Waiting() {
		waiting[board] = true
	}
	var bye say.Rich
	for i, p := range r.Pairings {
		if p.Bye() {
			bye = w.Rich("tournament.bye", map[string]any{"Player": say.Mention(p.First)})
			continue
		}
		line := w.Rich("tournament.pairing", map[string]any{"Board": i + 1, "Player": say.Mention(p.First), "Opponent": say.Mention(p.Second)})
		switch {
		case p.Forfeit:
			line = line.Add(w.Rich("tournament.forfeit", map[string]any{"Score": score(p.Result)}))
		case waiting[i]:
			line = line.Add(w.Rich("tournament.waits", nil))
		}
		lines = append(lines, line)
	}
	if bye != nil {
		lines = append(lines, bye)
	}
	lines = append(lines, w.Rich("tournament.round-foot", map[string]any{"Kind": tr.Kind}))
	return Message{Content: clip(say.Join("\n", lines...)), Pings: append([]string{}, r.Playing()...)}
}

// blockedMessage tells the player whose other game keeps a pairing waiting what ends the wait,
// pinging them only.
func blockedMessage(tr store.Tournament, bl table.Blocked, w *say.Words) Message {
	r := tr.Played[bl.Round-1]
	p := r.Pairings[bl.Board]
	said := "tournament.blocking"
	if bl.Reminder {
		said = "tournament.blocking-reminder"
	}
	opponent := p.First
	if opponent == bl.Player {
		opponent = p.Second
	}
	text := w.Rich(said, titled(tr, map[string]any{"Player": say.Mention(bl.Player), "Round": bl.Round, "Board": bl.Board + 1,
		"Opponent": say.Mention(opponent), "Kind": tr.Kind, "Deadline": say.Time(r.Deadline)}))
	return Message{Content: clip(text), Pings: []string{bl.Player}}
}

// resultsMessage lists the results of round number (from 1), naming who lost on time (onTime
// tells of a game) or by forfeit; it pings nobody.
func resultsMessage(tr store.Tournament, number int, onTime func(game uint64) bool, w *say.Words) Message {
	lines := []say.Rich{w.Rich("tournament.results", titled(tr, map[string]any{"Round": number}))}
	var bye say.Rich
	for i, p := range tr.Played[number-1].Pairings {
		if p.Bye() {
			bye = w.Rich("tournament.bye", map[string]any{"Player": say.Mention(p.First)})
			continue
		}
		line := w.Rich("tournament.result", map[string]any{"Board": i + 1, "Player": say.Mention(p.First),
			"Score": score(p.Result), "Opponent": say.Mention(p.Second)})
		switch {
		case p.Forfeit:
			line = line.Add(w.Rich("tournament.forfeited", nil))
		case p.Game != 0 && onTime(p.Game):
			line = line.Add(w.Rich("tournament.on-time", nil))
		}
		lines = append(lines, line)
	}
	if bye != nil {
		lines = append(lines, bye)
	}
	return Message{Content: clip(say.Join("\n", lines...))}
}

// score is a result as the first seat's score against the second's.
func score(r tournament.Result) string {
	switch r {
	case tournament.FirstWins:
		return "1–0"
	case tournament.SecondWins:
		return "0–1"
	case tournament.Drawn:
		return "½–½"
	}
	return "–"
}

// points writes a score or tiebreak with its fraction: 2½, 5¼, ¾.
func points(v float64) string {
	whole, frac := math.Modf(v)
	var f string
	switch math.Round(frac * 4) {
	case 1:
		f = "¼"
	case 2:
		f = "½"
	case 3:
		f = "¾"
	}
	if whole == 0 && f != "" {
		return f
	}
	return fmt.Sprintf("%d%s", int(whole), f)
}

// standingsMessage is a page of tournament id's standings (10 a page, with ◀ ▶), its final
// standings with the winner once it is finished. Public: everyone follows the tournament.
func (b *Bot) standingsMessage(id uint64, page int, w *say.Words) (Message, error) {
	s, err := b.t.TournamentStandings(id)
	if err != nil {
		return Message{}, err
	}
	tr, rows := s.Tournament, s.Rows
	pages := max(1, (len(rows)+standingsSize-1)/standingsSize)
	page = min(max(page, 1), pages)
	head := "tournament.standings"
	switch {
	case tr.State == store.TournamentFinished:
		head = "tournament.final"
	case tr.State == store.TournamentCancelled && len(tr.Played) > 0:
		head = "tournament.standings-cancelled"
	case len(tr.Played) == 0:
		head = "tournament.standings-open"
	}
	lines := []say.Rich{w.Rich(head, titled(tr, map[string]any{"Round": len(tr.Played), "Rounds": tr.Rounds, "Page": page, "Pages": pages}))}
	if tr.State == store.TournamentFinished && page == 1 && len(rows) > 0 {
		var winners []say.Rich
		for _, r := range rows {
			if r.Rank == 1 {
				winners = append(winners, say.Mention(r.ID))
			}
		}
		lines = append(lines, w.Rich("tournament.winner", map[string]any{"Count": len(winners), "Player": say.Join(", ", winners...)}))
	}
	row := "tournament.row-swiss"
	if tr.Format == tournament.RoundRobinFormat {
		row = "tournament.row-round-robin"
	}
	for _, r := range rows[min((page-1)*standingsSize, len(rows)):min(page*standingsSize, len(rows))] {
		lines = append(lines, w.Rich(row, map[string]any{"Rank": r.Rank, "Player": playerName(tr, r.ID, w), "Points": points(r.Points),
			"Buchholz": points(r.Buchholz), "Berger": points(r.SonnebornBerger)}))
	}
	if len(tr.Played) > 0 {
		legend := "tournament.legend-swiss"
		if tr.Format == tournament.RoundRobinFormat {
			legend = "tournament.legend-round-robin"
		}
		lines = append(lines, w.Rich(legend, nil))
	}
	m := Message{Content: clip(say.Join("\n", lines...)), Rows: []Row{}}
	if pages > 1 {
		act := func(p int) Action {
			return Action{Route: routeTournamentStandings, Kind: AppCommand, Tournament: tr.ID, Page: p}
		}
		m.Rows = []Row{{
			{Type: Button, Label: "◀", Style: Secondary, Action: act(page - 1), Disabled: page <= 1},
			{Type: Button, Label: "▶", Style: Secondary, Action: act(page + 1), Disabled: page >= pages},
		}}
	}
	return m, nil
}
