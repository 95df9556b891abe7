package bot

import (
	"context"
	"log/slog"
	"runtime/debug"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// Config tunes a Bot: the session core's settings.
type Config = table.Config

// Bot answers interactions on a session core. It is safe for concurrent use.
type Bot struct {
	t      *table.Table
	send   Sender
	log    *slog.Logger
	follow *followups
	names  names
	coach  coaching
	// pageLink gives a game's web page's address; nil when the bot serves no pages.
	pageLink func(id uint64) string
	// boards is the live web board; nil when none runs (no Board button then).
	boards Boards
	// activity says the application has Activities (DISCORD_ACTIVITY): the Board button launches
	// the Activity.
	activity bool
	// gifs lets one game be drawn as a GIF at a time (a long one takes a few hundred ms of a
	// core), so that asking for many cannot hold up the bot's moves.
	gifs chan struct{}
	// routes are every action the bot answers.
	routes *router
	// size measures a message as the adapter shows it (Measure).
	size Measure
}

// New builds a Bot and its session core on a store; send delivers what it says outside replies.
func New(st store.Store, send Sender, cfg Config) *Bot {
	b := &Bot{send: send, gifs: make(chan struct{}, 1), routes: builtin(), size: letters}
	if m, ok := send.(Measurer); ok {
		b.size = m.Size
	}
	b.t = table.New(st, b, cfg)
	b.follow = newFollowups(b.t.Now)
	b.log = cfg.Log
	if b.log == nil {
		b.log = slog.Default()
	}
	b.log = slog.New(lazyAttrs{h: b.log.Handler()})
	return b
}

// Table is the session core the bot serves.
func (b *Bot) Table() *table.Table { return b.t }

// Run makes every pending bot move, then sweeps expiries, learns the boards' ids and posts the
// daily puzzles until ctx is done.
func (b *Bot) Run(ctx context.Context) error {
	go b.runLearning(ctx)
	return b.t.Run(ctx)
}

// Sweep closes what is due now, learns the ids of boards whose interactions' tokens are about to run
// out and posts the daily puzzles due (tests drive it with a fake clock).
func (b *Bot) Sweep(ctx context.Context) {
	b.learnBoards(ctx, learnAfter)
	b.postDailies(ctx)
	b.t.Sweep(ctx)
}

// Wait waits for the bot moves Run started.
func (b *Bot) Wait() { b.t.Wait() }

// publicWords are the catalogue in the language of a place's public messages: its server's, or in
// a DM or group DM its caller's. locale is the one a request gives, "" for work done later.
func (b *Bot) publicWords(guild, channel, locale string) *say.Words {
	return say.For(say.Public(b.t.Speaks(guild, channel, locale)))
}

// Handle answers one interaction. It never runs the AI and never panics: a panic is logged and
// answered with a private error.
func (b *Bot) Handle(ctx context.Context, in *Interaction) (r Reply) {
	req := &Request{b: b, in: in, w: say.For(say.Private(in.Locale))}
	req.pub = req.w
	req.log = b.log.With("interaction", in.ID, "guild", in.Guild, "channel", in.Channel, "user", in.User)
	defer func() {
		if p := recover(); p != nil {
			req.log.Error("panic while handling an interaction", "panic", p, "stack", string(debug.Stack()))
			r = private(req.w.Rich("error.internal", nil))
			r.Outcome = Failed
		}
	}()
	if in.Type != Ping {
		req.place = b.t.Where(in.Guild, in.Channel)
		if in.Guild != "" {
			req.pub = b.publicWords(in.Guild, "", in.GuildLocale)
		} else if in.Channel != "" && in.Type != Autocomplete {
			// A DM's public messages are its caller's; remembered for the bot's moves there.
			req.pub = b.publicWords("", in.Channel, say.Private(in.Locale))
		}
		b.names.learn(in)
		b.keepNames(in, req.log)
	}
	var err error
	switch in.Type {
	case Ping:
		return Reply{Type: Pong}
	case Command:
		r, err = b.command(ctx, req)
	case Autocomplete:
		return b.autocomplete(req)
	case Click:
		r, err = b.click(ctx, req)
	default:
		err = refuse(table.Invalid, "refusal.unknown")
	}
	if err != nil {
		msg, internal := publicError(err, req.w)
		r = private(msg)
		r.Refusal = table.Refusing(err).ID
		if internal {
			req.log.Error("interaction failed", "err", err)
			r.Outcome = Failed
		} else {
			req.log.Info("interaction refused", "reason", table.Clip(msg.String(), 3*table.LogInput)) // it may quote the input
			r.Outcome = Refused
		}
		return r
	}
	return r
}

// begin names the game kind of a request and checks where it was made: a server's channel, or a DM
// or group DM (the app installed by a user), whose channel holds its games like any other.
func (req *Request) begin(kind string) error {
	req.actor = table.Actor{User: req.in.User, Kind: kind, Salt: req.in.ID, Place: req.place}
	if req.in.Channel == "" {
		return refuse(table.NoContext, "refusal.no-channel")
	}
	if req.in.User == "" {
		return refuse(table.NoContext, "refusal.no-user")
	}
	req.actor.Log = req.log
	return nil
}

// mayPostLater refuses to start a game where the bot could not post or edit its board by itself
// later (after a restart, on an expiry), naming the permission it lacks. DMs and group DMs go
// through the interactions alone, and a platform that does not say (Perms 0) is trusted.
func (req *Request) mayPostLater() error {
	p := req.in.Perms
	if req.in.Guild == "" || p == 0 {
		return nil
	}
	// Neither sending permission stands in for the other: a channel takes Send Messages, a thread
	// Send Messages in Threads.
	send, sendID := PermSendMessages, "perm.send-messages"
	if req.in.InThread {
		send, sendID = PermSendMessagesInThreads, "perm.send-messages-in-threads"
	}
	missing := ""
	switch {
	case p&PermViewChannel == 0:
		missing = "perm.view-channel"
	case p&send == 0:
		missing = sendID
	default:
		return nil
	}
	return refuse(table.Refused, "refusal.may-not-post", "Permission", games.Text{ID: missing})
}

// private is an ephemeral message: only the person who asked sees it.
func private(msg say.Rich) Reply {
	return Reply{Type: Post, Message: Message{Content: clip(msg), Private: true}}
}

// public is a new message in the channel.
func public(m Message) Reply { return Reply{Type: Post, Message: m} }

// update replaces the message whose control was used.
func update(m Message) Reply { return Reply{Type: Update, Message: m} }

// maxContent is the longest message chat platforms show: Discord's 2000 characters, counted on its
// markup.
const maxContent = 2000

// Measure is how many characters a message takes where an adapter shows it, the marks it
// writes included (Discord counts its markup). The bot pages and cuts its messages to maxContent
// by the measure of its Sender when the Sender has a Size method (a Measurer), else by letters
// (a terminal has no limit of its own); the adapter clips what it writes by its own (Clip).
type Measure func(say.Rich) int

// A Measurer is a Sender that measures its own messages.
type Measurer interface {
	Size(r say.Rich) int
}

// letters counts a message's characters without marks of any chat.
func letters(r say.Rich) int {
	n := 0
	for _, p := range r {
		n += utf8.RuneCountInString(p.Text)
	}
	return n
}

// clip keeps a message within maxContent letters, the bot's own bound before any adapter's marks:
// the adapter that writes it clips it again by its own measure (Clip), as it does any message.
func clip(r say.Rich) say.Rich { return Clip(r, letters) }

// Clip keeps a message within maxContent characters as size counts them: it keeps the parts that
// fit, cuts the words of the first that does not, and ends with "…". A mention, a moment or a
// block is kept whole or left out. An adapter clips what it writes by its own measure.
func Clip(r say.Rich, size Measure) say.Rich {
	if size(r) <= maxContent {
		return r
	}
	left := maxContent - 1
	var out say.Rich
	for _, p := range r {
		n := size(say.Rich{p})
		if n <= left {
			out, left = append(out, p), left-n
			continue
		}
		if words := []rune(p.Text); (p.Kind == say.PlainPart || p.Kind == say.StrongPart) && n-len(words) < left {
			p.Text = string(words[:left-(n-len(words))])
			out = append(out, p)
		}
		break
	}
	return out.Add(say.Plain("…"))
}
