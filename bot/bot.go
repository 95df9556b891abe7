package bot

import (
	"context"
	"log/slog"
	"runtime/debug"

	"tabuleiro/store"
	"tabuleiro/table"
)

// Config tunes a Bot: the session core's settings.
type Config = table.Config

// Bot answers interactions on a session core. It is safe for concurrent use.
type Bot struct {
	t    *table.Table
	send Sender
	log  *slog.Logger
}

// New builds a Bot and its session core on a store; send delivers what it says outside replies.
func New(st *store.Store, send Sender, cfg Config) *Bot {
	b := &Bot{send: send}
	b.t = table.New(st, b, cfg)
	b.log = cfg.Log
	if b.log == nil {
		b.log = slog.Default()
	}
	return b
}

// Table is the session core the bot serves.
func (b *Bot) Table() *table.Table { return b.t }

// Run makes every pending bot move, then sweeps expiries until ctx is done.
func (b *Bot) Run(ctx context.Context) error { return b.t.Run(ctx) }

// Sweep closes what is due now (tests drive it with a fake clock).
func (b *Bot) Sweep(ctx context.Context) { b.t.Sweep(ctx) }

// Wait waits for the bot moves Run started.
func (b *Bot) Wait() { b.t.Wait() }

// request is one interaction with what every handler needs to know about it.
type request struct {
	in    *Interaction
	actor table.Actor
	log   *slog.Logger
}

// Handle answers one interaction. It never runs the AI and never panics: a panic is logged and
// answered with a private error.
func (b *Bot) Handle(ctx context.Context, in *Interaction) (r Reply) {
	req := &request{in: in}
	req.log = b.log.With("interaction", in.ID, "guild", in.Guild, "channel", in.Channel, "user", in.User)
	defer func() {
		if p := recover(); p != nil {
			req.log.Error("panic while handling an interaction", "panic", p, "stack", string(debug.Stack()))
			r = private("Something went wrong on our side — please try again in a moment.")
		}
	}()
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
		err = refuse(table.Invalid, "tabuleiro does not know what to do with that.")
	}
	if err != nil {
		msg, internal := publicError(err)
		if internal {
			req.log.Error("interaction failed", "err", err)
		} else {
			req.log.Info("interaction refused", "reason", msg)
		}
		return private(msg)
	}
	return r
}

// begin names the game kind of a request and checks where it was made.
func (req *request) begin(kind string) error {
	req.actor = table.Actor{User: req.in.User, Kind: kind, Salt: req.in.ID,
		Place: table.Place{Guild: req.in.Guild, Channel: req.in.Channel}}
	if req.in.Guild == "" || req.in.Channel == "" {
		return refuse(table.NoContext, "tabuleiro plays in server channels, not in DMs — use the commands in a channel of a server.")
	}
	if req.in.User == "" {
		return refuse(table.NoContext, "tabuleiro could not tell who you are — try again.")
	}
	req.actor.Log = req.log
	return nil
}

// private is an ephemeral message: only the person who asked sees it.
func private(msg string) Reply {
	return Reply{Type: Post, Message: Message{Content: clip(msg), Private: true}}
}

// public is a new message in the channel.
func public(m Message) Reply { return Reply{Type: Post, Message: m} }

// update replaces the message whose control was used.
func update(m Message) Reply { return Reply{Type: Update, Message: m} }

// maxContent is the longest message chat platforms show (Discord: 2000 characters).
const maxContent = 2000

// clip keeps a message within maxContent characters.
func clip(s string) string {
	if len(s) <= maxContent || len([]rune(s)) <= maxContent {
		return s
	}
	return string([]rune(s)[:maxContent-1]) + "…"
}
