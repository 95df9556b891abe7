package table

import (
	"errors"
	"time"

	"tabuleiro/store"
)

// A game's web page (bot/page) shows it to anyone with its link, and only while its server has
// pages on; a game played in a DM has no server to turn them on, so it has none.

// ErrNoPage is every reason a game has no page: no such game, or its server shows none. A page
// says no more than that to whoever asks.
var ErrNoPage = errors.New("no such page")

// ShowsPages reports whether a server has its games' pages on.
func (t *Table) ShowsPages(guild string) bool { return guild != "" && t.settings(guild).Pages }

// Page is game id as its page shows it, or ErrNoPage.
func (t *Table) Page(id uint64) (View, error) {
	rec, g, err := t.st.Game(id)
	if errors.Is(err, store.ErrNotFound) {
		return View{}, ErrNoPage
	}
	if err != nil {
		return View{}, err
	}
	if !t.ShowsPages(rec.Guild) {
		return View{}, ErrNoPage
	}
	return View{Game: rec, Live: g}, nil
}

// Names are the display names kept of users, for pages, which cannot show a mention.
func (t *Table) Names(users ...string) (map[string]string, error) { return t.st.Names(users...) }

// NoteNames keeps display names that changed.
func (t *Table) NoteNames(names map[string]string) error { return t.st.NoteNames(names) }

// KeepLink keeps a personal link to the live web board (bot/web), for any process sharing the
// store to take once.
func (t *Table) KeepLink(token string, l store.Link, now time.Time) error {
	return t.st.KeepLink(token, l, now)
}

// TakeLink takes a personal link for game id, once: the link, and false when it is unknown, taken,
// expired at now or for another game.
func (t *Table) TakeLink(token string, id uint64, now time.Time) (store.Link, bool, error) {
	return t.st.TakeLink(token, id, now)
}
