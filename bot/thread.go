package bot

import (
	"context"
	"log/slog"
	"sync"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
)

// Permissions a game's own thread needs (Discord's numbers).
const (
	PermCreatePublicThreads uint64 = 1 << 35
)

// Threader is a Sender that can start a thread from a message (Discord's public threads).
type Threader interface {
	StartThread(ctx context.Context, channel, messageID, name string) (threadID string, err error)
}

// moveToThread gives a new game its own thread, started from its board message, when the server
// wants threads: the board moves there (the message it started from loses its controls) and the
// game's messages follow. Without the permissions, or when the thread cannot be made, the game stays
// in the channel and the person who started it is told why, privately.
func (b *Bot) moveToThread(ctx context.Context, req *Request, v View, f Followup) View {
	th, ok := b.send.(Threader)
	if !ok {
		return v
	}
	log := req.log.With("game", v.Game.ID)
	if req.in.Channel != v.Game.Channel {
		// Started from another game's thread (a rematch): this game is played in that thread too.
		moved, err := b.t.SetThread(v, req.in.Channel)
		if err != nil {
			log.Error("could not record a game's thread", "err", err)
			return v
		}
		return moved
	}
	tell := func(why games.Text) {
		m := Message{Content: req.w.Rich("thread.stays", map[string]any{"Why": why}), Private: true}
		if _, err := f.FollowUp(ctx, m); err != nil {
			log.Warn("could not say why the game has no thread", "err", err)
		}
	}
	if lack := threadLack(req.in.Perms); lack != "" {
		tell(games.Text{ID: lack})
		return v
	}
	start, err := f.Original(ctx)
	if err != nil {
		log.Warn("could not read the board to start its thread from", "err", err)
		return v
	}
	moved, err := b.intoThread(ctx, th, v, start, req.pub, b.look(req), log)
	if err != nil {
		tell(games.Text{ID: "thread.failed"})
	}
	return moved
}

// intoThread starts a game's thread from its board message start and moves the board there: the
// message it started from keeps its text and loses its controls. Where the thread cannot be made
// the game stays where it was (the error says why).
func (b *Bot) intoThread(ctx context.Context, th Threader, v View, start string, w *say.Words, lk look, log *slog.Logger) (View, error) {
	thread, err := th.StartThread(ctx, v.Game.Channel, start, b.threadName(v, w))
	if err != nil {
		log.Warn("could not start a game's thread", "err", err)
		return v, err
	}
	moved, err := b.t.SetThread(v, thread)
	if err != nil {
		log.Error("could not record a game's thread", "err", err)
		return v, nil
	}
	b.follow.drop(b.follow.boards, v.Game.ID)
	if err := b.send.Clear(ctx, v.Game.Channel, start); err != nil {
		log.Debug("could not clear the board the thread started from", "err", err)
	}
	id, err := b.send.Send(ctx, thread, b.boardMessage(moved, "", w, lk))
	if err != nil {
		log.Warn("could not post the board in the game's thread", "err", err)
		return moved, nil
	}
	b.t.NoteBoard(moved.Game.ID, id)
	moved.Game.MessageID = id
	return moved, nil
}

// tournamentGameThread gives a tournament's game its own thread where the server uses threads and
// the tournament is played in a channel (threads turned on after it was made). A tournament with a
// thread of its own keeps its games there: Discord starts no thread inside a thread.
func (b *Bot) tournamentGameThread(ctx context.Context, tr store.Tournament, v View, w *say.Words) {
	th, ok := b.send.(Threader)
	if !ok || tr.Thread != "" || !b.t.UsesThreads(tr.Guild) {
		return
	}
	shown, err := b.t.Game(v.Game.ID)
	if err != nil || shown.Game.MessageID == "" || shown.Game.Thread != "" || shown.Over() {
		return // not shown (the bot may not post there), or moved already
	}
	_, _ = b.intoThread(ctx, th, shown, shown.Game.MessageID, w, b.gameLook(shown), b.log.With("guild", tr.Guild, "tournament", tr.ID, "game", v.Game.ID))
}

// threadLack names the permissions the bot lacks to start a thread and post in it (perms as an
// interaction gives them; 0, not said, lacks nothing): a catalogue id, "" when it lacks none.
func threadLack(perms uint64) string {
	if perms == 0 {
		return ""
	}
	create, send := perms&PermCreatePublicThreads == 0, perms&PermSendMessagesInThreads == 0
	switch {
	case create && send:
		return "thread.lack-both"
	case create:
		return "thread.lack-create"
	case send:
		return "thread.lack-send"
	}
	return ""
}

// threadName is "<Game> · <name> vs <name>", at most 100 characters.
func (b *Bot) threadName(v View, w *say.Words) string {
	name := func(i int) string {
		p := v.Game.Seats[i]
		switch {
		case p.Bot:
			return w.T("thread.bot", nil)
		case p.Team:
			return w.T("thread.team", nil)
		}
		if n := b.names.of(p.UserID); n != "" {
			return n
		}
		return w.T("thread.someone", nil)
	}
	s := w.T("thread.name", map[string]any{"Title": v.Desc().Title, "Player": name(0), "Opponent": name(1)})
	if r := []rune(s); len(r) > 100 {
		s = string(r[:100])
	}
	return s
}

// names remembers people's display names from their interactions, for thread names.
type names struct {
	mu sync.Mutex
	m  map[string]string
	// stored are the names the store holds for the game pages (page.go).
	stored map[string]string
}

func (n *names) learn(in *Interaction) {
	if in.User == "" || in.UserName == "" && len(in.Command.Names) == 0 {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.m == nil || len(n.m) > 100000 {
		n.m = map[string]string{}
	}
	if in.UserName != "" {
		n.m[in.User] = in.UserName
	}
	for id, name := range in.Command.Names {
		n.m[id] = name
	}
}

func (n *names) of(user string) string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.m[user]
}
