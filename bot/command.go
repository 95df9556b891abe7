package bot

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/learn"
	"tabuleiro/say"
	"tabuleiro/table"
)

// refuse is a refusal for the person who asked: a message id of the catalogue and its values as
// name, value pairs, worded in their language when the reply is made.
func refuse(code table.Code, id string, kv ...any) error { return table.Refuse(code, id, kv...) }

// command answers a slash command by its route.
func (b *Bot) command(ctx context.Context, req *Request) (Reply, error) {
	data := req.in.Command
	if err := checkLengths(data); err != nil {
		return Reply{}, err
	}
	kind := ""
	if data.Name != AppCommand && data.Name != ChallengeMenu {
		d := table.Describe(data.Name)
		if d == nil {
			return Reply{}, refuse(table.Invalid, "refusal.no-command", "Command", data.Name, "Games", commandList())
		}
		kind = d.Kind
	}
	if err := req.begin(kind); err != nil {
		return Reply{}, err
	}
	route := b.routes.sub(data)
	if route == nil {
		return Reply{}, noRoute(data)
	}
	if kind != "" {
		req.log = req.log.With("command", kind+" "+data.Sub)
		req.actor.Log = req.log
	}
	return route.Answer(ctx, req)
}

// noRoute refuses a command the routes do not know, saying what the person may have meant.
func noRoute(data CommandData) error {
	d := table.Describe(data.Name)
	switch {
	case d == nil:
		return refuse(table.Invalid, "refusal.no-app-sub", "Sub", data.Sub)
	case data.Sub == "":
		return refuse(table.Invalid, "refusal.add-sub", "Kind", d.Kind)
	}
	for _, o := range descriptors() {
		if o.Offer == data.Sub {
			return refuse(table.Invalid, "refusal.no-offer", "Title", d.Title, "Sub", data.Sub, "Kind", d.Kind, "Offer", d.Offer)
		}
	}
	return refuse(table.Invalid, "refusal.no-sub", "Kind", d.Kind, "Sub", data.Sub)
}

// rules answers /<game> rules: a short summary, privately.
func (b *Bot) rules(req *Request, d *games.Descriptor) (Reply, error) {
	return private(say.Join("\n", req.w.Rich(d.Rules, nil), req.w.Rich("coach.rules", map[string]any{"Kind": d.Kind}))), nil
}

// maxOption is the longest string value an option may carry when its command declares no length:
// choices and user ids are far shorter. Discord checks declared lengths in its client only.
const maxOption = 100

// lengths are the declared maximum lengths of string options: command, subcommand, option.
var lengths = sync.OnceValue(func() map[[3]string]int {
	m := map[[3]string]int{}
	for _, c := range Commands() {
		for _, s := range c.Subs {
			for _, o := range s.Options {
				if o.MaxLength > 0 {
					m[[3]string{c.Name, s.Name, o.Name}] = o.MaxLength
				}
			}
		}
	}
	return m
})

// checkLengths refuses, before anything reads it, an option longer than its command declares.
func checkLengths(data CommandData) error {
	for name, v := range data.Options {
		limit := lengths()[[3]string{data.Name, data.Sub, name}]
		if limit == 0 {
			limit = maxOption
		}
		// A character is at most 4 bytes: a value longer than that is refused without counting.
		if n := len(v.Str); n > 4*limit || n > limit && utf8.RuneCountInString(v.Str) > limit {
			return refuse(table.Invalid, "refusal.too-long", "Option", name, "Count", limit)
		}
	}
	return nil
}

// commandList names the games' commands: "/oolong, /ouri or /ordo".
func commandList() games.Text {
	var names []string
	for _, d := range descriptors() {
		names = append(names, "/"+d.Kind)
	}
	return games.Text{ID: "list.or", Args: map[string]any{"Some": strings.Join(names[:len(names)-1], ", "), "Last": names[len(names)-1]}}
}

// gameOptions reads the command's game options as the descriptor declares them; the engine checks
// their values.
func gameOptions(d *games.Descriptor, data CommandData) (games.Options, error) {
	o := games.Options{}
	for _, spec := range d.Options {
		v, ok := data.Options[spec.Name]
		if !ok {
			continue
		}
		if v.IsBool {
			o[spec.Name] = strconv.FormatBool(v.Bool)
			continue
		}
		o[spec.Name] = strings.ToLower(v.Str)
	}
	return o, nil
}

func (b *Bot) vsBot(req *Request, d *games.Descriptor) (Reply, error) {
	data := req.in.Command
	if err := req.mayPostLater(); err != nil {
		return Reply{}, err
	}
	level := ai.Hard
	if v := data.Str("level"); v != "" {
		l, err := ai.ParseLevel(v)
		if err != nil {
			return Reply{}, table.Problem(table.Invalid, err)
		}
		level = l
	}
	opts, err := gameOptions(d, data)
	if err != nil {
		return Reply{}, err
	}
	if _, err := newGame(d, opts); err != nil {
		return Reply{}, err
	}
	start := b.t.VsBot
	if data.Options["team"].Bool {
		start = b.t.TeamVsBot
	}
	v, err := start(req.actor, level, data.Lower("first"), opts)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Type: Post, Message: b.boardMessage(v, "", req.pub, b.look(req)), After: b.afterBoard(req, v, "")}, nil
}

// newGame checks a game's options by starting one.
func newGame(d *games.Descriptor, opts games.Options) (games.Game, error) {
	g, err := d.New(opts, nil)
	if err != nil {
		return nil, table.Problem(table.Invalid, err)
	}
	return g, nil
}

func (b *Bot) move(req *Request) (Reply, error) {
	play := req.in.Command.Str("play")
	if strings.TrimSpace(play) == "" {
		return b.moveList(req)
	}
	v, old, err := b.t.Move(req.actor, play)
	if b.puzzleInstead(req, err) {
		return b.answerPuzzle(req, req.actor.Kind, play, -1, false)
	}
	if b.lessonInstead(req, err) {
		return b.answerLesson(req, req.actor.Kind, table.LessonAt{}, func(a *learn.Attempt) learn.Answer { return a.Try(play) }, false)
	}
	if noGame(err) {
		// Not in a game of their own: a member's move is a vote in the channel's team game.
		if voted, verr := b.t.Vote(req.actor, play); !noGame(verr) {
			return b.voted(req, voted, verr, play)
		}
	}
	if err != nil {
		return Reply{}, b.moveRefused(req, play, err)
	}
	return public(b.boardMessage(v, "", req.pub, b.look(req))).with(b.afterBoard(req, v, old)), nil
}

// moveRefused is a typed move's refusal: an invalid one names the legal moves its words narrow
// to (e.g. those from b2), when there are any.
func (b *Bot) moveRefused(req *Request, play string, err error) error {
	var r *table.Refusal
	if errors.As(err, &r) && r.Code == table.Invalid {
		if narrowed := b.narrowed(req, play); narrowed != nil {
			return narrowed
		}
	}
	return err
}

// noGame reports whether err says the caller has no game here.
func noGame(err error) bool {
	var r *table.Refusal
	return errors.As(err, &r) && r.ID == "refusal.no-game"
}

func (b *Bot) board(req *Request) (Reply, error) {
	v, err := b.t.Find(req.actor, req.in.Command.Str("player"), false)
	if err != nil {
		return Reply{}, err
	}
	return public(b.requestedBoard(v, req.pub, b.look(req))).with(b.afterBoard(req, v, v.Game.MessageID)), nil
}

func (b *Bot) history(req *Request) (Reply, error) {
	v, err := b.t.Find(req.actor, req.in.Command.Str("player"), true)
	if err != nil {
		return Reply{}, err
	}
	switch format := req.in.Command.Str("format"); format {
	case "gif":
		return b.historyGIF(req, v)
	case "", "text":
	default:
		return Reply{}, refuse(table.Invalid, "refusal.format", "Value", format)
	}
	text, whole := historyText(v, req.pub, b.pageOf(v), b.size)
	r := public(Message{Content: text})
	if whole == nil {
		return r, nil
	}
	// The list did not fit: the whole of it follows as a file.
	return r.with(func(ctx context.Context, f Followup) {
		if _, err := f.FollowUp(ctx, Message{Files: []File{*whole}}); err != nil {
			req.log.Warn("could not attach the whole move list", "game", v.Game.ID, "err", err)
		}
	}), nil
}

func (b *Bot) resign(req *Request) (Reply, error) {
	v, old, err := b.t.Resign(req.actor)
	var retired *table.Retired
	if errors.As(err, &retired) {
		kind := req.actor.Kind
		return private(req.w.Rich("reply.retired", map[string]any{"Title": table.Describe(kind).Title, "Game": retired.Game, "Kind": kind})), nil
	}
	if err != nil {
		return Reply{}, err
	}
	return public(b.boardMessage(v, "", req.pub, b.look(req))).with(b.afterBoard(req, v, old)), nil
}

func (b *Bot) offer(req *Request) (Reply, error) {
	o, err := b.t.Offer(req.actor)
	if b.lessonInstead(req, err) {
		return b.answerLesson(req, req.actor.Kind, table.LessonAt{}, (*learn.Attempt).Offer, false)
	}
	if err != nil {
		return Reply{}, err
	}
	if o.Accepted {
		return public(b.boardMessage(o.View, "", req.pub, b.look(req))).with(b.afterBoard(req, o.View, o.Old)), nil
	}
	return public(Message{Content: offerLine(o.View, req.pub)}), nil
}

func (r Reply) with(after func(ctx context.Context, f Followup)) Reply {
	r.After = after
	return r
}

// afterBoard runs once a new board message is out: it becomes the game's board, the bot makes
// its decisions if it is to move, and then, cosmetic, the old board loses its controls. The new
// board's message id is read at once only where the stored one still names the old board (/… board);
// a move's new board is stored as not known yet, and its id is learnt lazily (learnBoards), which
// saves a request per move.
func (b *Bot) afterBoard(req *Request, v View, old string) func(ctx context.Context, f Followup) {
	return func(ctx context.Context, f Followup) {
		log := req.log.With("game", v.Game.ID)
		prev := b.follow.set(b.follow.boards, v.Game.ID, f, v.Over())
		if b.t.WantsThread(v) {
			if moved := b.moveToThread(ctx, req, v, f); moved.Game.Thread != "" && moved.Game.MessageID != v.Game.MessageID {
				// The board is in a new thread now, with an id of its own.
				b.t.BotTurn(ctx, moved)
				return
			} else if moved.Game.Thread != "" {
				v = moved
			}
		}
		b.t.BotTurn(ctx, v)
		b.unping(ctx, v)
		msg := ""
		if v.Game.MessageID != "" && !v.Over() {
			// The stored id still names the old board (/… board): the new one's is read now.
			msg = b.learn(ctx, v.Game.ID)
		}
		b.clearOld(ctx, v, prev, old, msg, log)
		b.showAdvanced(ctx, v)
	}
}

// clearOld takes the controls off the board a new one replaced: through the interaction that showed
// it while its token is good (which works wherever the bot may not post), else by its id.
func (b *Bot) clearOld(ctx context.Context, v View, prev Followup, old, current string, log *slog.Logger) {
	var err error
	switch {
	case prev != nil:
		if err = prev.ClearOriginal(ctx); err == nil || old == "" || old == current {
			break
		}
		fallthrough
	case old != "" && old != current:
		err = b.send.Clear(ctx, v.Where(), old)
	}
	if err != nil {
		log.Debug("could not clear the old board's controls", "err", err)
	}
}

// afterInPlace runs once a board was updated in place: it stays the game's board, and the bot moves if
// it is to.
func (b *Bot) afterInPlace(v View) func(ctx context.Context, f Followup) {
	return func(ctx context.Context, f Followup) {
		b.follow.set(b.follow.boards, v.Game.ID, f, true)
		b.t.BotTurn(ctx, v)
		b.unping(ctx, v)
		b.showAdvanced(ctx, v)
	}
}

// View is a game as the session core shows it.
type View = table.View

// autocomplete suggests the caller's legal decisions matching what they typed, at most 25.
func (b *Bot) autocomplete(req *Request) Reply {
	data := req.in.Command
	r := Reply{Type: Choices, Choices: []string{}}
	if req.begin(data.Name) != nil || table.Describe(data.Name) == nil || checkLengths(data) != nil {
		return r
	}
	typed := data.Str(data.Focused)
	names := b.suggest(req)
	found := matching(names, typed)
	if len(found) <= maxChoices {
		r.Choices = found
		return r
	}
	// More than fit: the last suggestion says how many more there are and how to narrow them;
	// picking it plays what was typed (or the start of the first move left out), which lists them.
	shown, rest := found[:maxChoices-1], found[maxChoices-1:]
	example := narrowing(rest[0])
	value := strings.TrimSpace(typed)
	if value == "" {
		value = example
	}
	r.Choices = append(append([]string{}, shown...), value)
	r.Names = make([]string, maxChoices)
	r.Names[maxChoices-1] = req.w.T("autocomplete.more", map[string]any{"Count": len(rest), "Example": example})
	return r
}

// suggest lists what the caller's move may be, in the order a move goes: their game's decisions,
// else their lesson's or puzzle's, else their vote in the channel's team game.
func (b *Bot) suggest(req *Request) []string {
	if names := b.t.Suggest(req.actor); len(names) > 0 {
		return names
	}
	if names := b.learningMoves(req); len(names) > 0 {
		return names
	}
	return b.t.SuggestVotes(req.actor)
}

// narrowing is the start of a move that narrows the suggestions to it: its first square or table
// ("c2" of c2:d2-c4, "nw" of nw.s), or the move's first word.
func narrowing(move string) string {
	if i := strings.IndexAny(move, "-:. x"); i > 0 {
		return move[:i]
	}
	return move
}

// narrowed refuses a move that is only the start of legal ones (/ordo move play:j6), listing them.
func (b *Bot) narrowed(req *Request, typed string) error {
	typed = strings.TrimSpace(typed)
	if typed == "" {
		return nil
	}
	names := b.suggest(req)
	found := matching(names, typed)
	if len(found) == 0 {
		return nil
	}
	list := strings.Join(found[:min(len(found), maxChoices)], ", ")
	if len(found) > maxChoices {
		list += ", …"
	}
	return refuse(table.Invalid, "refusal.narrow", "Input", strings.ReplaceAll(table.Clip(typed, table.LogInput), "`", ""),
		"Count", len(found), "Moves", list)
}

// maxChoices is the most suggestions or menu values a platform shows (Discord: 25).
const maxChoices = 25

// matching keeps the legal decisions whose canonical notation starts with what was typed, ignoring
// case and look-alike characters: any prefix of a decision lists it. Two shorthands people use also
// match: a space for Ordo's dash ("a3 a4" finds "a3-a4"), and an Oolong seat alone for a placement
// ("ne" finds "c.ne"). In notation order; a platform shows at most maxChoices.
func matching(names []string, typed string) []string {
	want := strings.ToLower(games.Normalize(strings.TrimSpace(typed)))
	dashed := strings.Join(strings.Fields(want), "-")
	seat := want != "" && !strings.ContainsAny(want, ". ")
	out := []string{}
	for _, n := range names {
		l := strings.ToLower(n)
		_, after, placement := strings.Cut(l, ".")
		placement = placement && !strings.Contains(l, " ")
		if strings.HasPrefix(l, want) || strings.HasPrefix(l, dashed) || seat && placement && strings.HasPrefix(after, want) {
			out = append(out, n)
		}
	}
	return out
}
