package table

import (
	"errors"
	"sync"

	"tabuleiro/games"
	"tabuleiro/store"
)

// A game may be played in a thread of its channel (a server's setting). Its per-channel rules still
// count the parent channel: an interaction from a game's thread acts where the thread's parent is.

// threads caches which channels are game threads (thread -> parent; "" for a channel that is not).
type threads struct {
	mu  sync.Mutex
	m   map[string]string
	max int
}

// Where is the place an interaction in channel acts at: a game's thread counts as its parent.
func (t *Table) Where(guild, channel string) Place {
	if guild == "" || channel == "" {
		return Place{Guild: guild, Channel: channel}
	}
	t.threads.mu.Lock()
	parent, ok := t.threads.m[channel]
	t.threads.mu.Unlock()
	if !ok {
		g, err := t.st.ThreadGame(channel)
		switch {
		case err == nil:
			parent = g.Channel
		case !errors.Is(err, store.ErrNotFound):
			t.log.Warn("could not tell whether a channel is a game's thread", "channel", channel, "err", err)
			return Place{Guild: guild, Channel: channel}
		}
		t.remember(channel, parent)
	}
	if parent != "" {
		return Place{Guild: guild, Channel: parent}
	}
	return Place{Guild: guild, Channel: channel}
}

func (t *Table) remember(channel, parent string) {
	t.threads.mu.Lock()
	defer t.threads.mu.Unlock()
	if t.threads.m == nil || len(t.threads.m) >= t.threads.max {
		t.threads.m = map[string]string{} // a bounded cache: start afresh rather than grow
	}
	t.threads.m[channel] = parent
}

// WantsThread reports whether a new game at place should get its own thread: a tournament's game
// never does, being played where its tournament is (its thread, when it has one).
func (t *Table) WantsThread(v View) bool {
	if v.Game.Guild == "" || v.Game.Thread != "" || !t.settings(v.Game.Guild).Threads {
		return false
	}
	_, err := t.st.GameTournament(v.Game.ID)
	return errors.Is(err, store.ErrNotFound)
}

// SetThread records the thread a game is now played in.
func (t *Table) SetThread(v View, thread string) (View, error) {
	rec, g, err := t.st.Update(v.Game.ID, -1, func(r *store.Game, _ games.Game) error {
		r.Thread = thread
		return nil
	})
	if err != nil {
		return View{}, err
	}
	t.remember(thread, rec.Channel)
	return View{Game: rec, Live: g}, nil
}
