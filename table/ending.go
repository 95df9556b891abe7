package table

import (
	"context"
	"errors"

	"tabuleiro/games"
	"tabuleiro/store"
)

// Every ending of a game passes through change or changeLive: a move that ends it (a person's, the
// bot's, a team's vote), a resignation, an agreement, a loss on time. The store records a
// tournament game's result in the transaction that ends the game; ended then advances its
// tournament at once (the round over, the next one paired and its games started, or the
// tournament finished), and the view carries what that did (View.Advanced) to whoever shows the
// game: a request's reply, or the notifier for what happened outside one (announce). A new way to
// end a game that goes through change needs nothing more; one that did not would still be caught
// by the sweep, which looks at every tournament whose round is over.
//
// The games a tournament ends itself (the round's time over, a withdrawal) are ended inside its
// advance (settleRound, LeaveTournament), which goes on to the round's end on its own. A game
// retired without a result (its record cannot be read) has its pairing drawn by the store as it
// retires it; the round, over, is due at once, and the sweep's advance shows it.

// change is store.Games.Update through the one place a game's ending passes.
func (t *Table) change(st store.Store, id uint64, ply int, fn func(r *store.Game, g games.Game) error) (View, error) {
	var ended bool
	rec, g, err := st.Update(id, ply, endedBy(fn, &ended))
	v := View{Game: rec, Live: g}
	if err == nil && ended {
		t.ended(st, &v)
	}
	return v, err
}

// changeLive is store.Games.UpdateLive on the view's game through the one place a game's ending
// passes.
func (t *Table) changeLive(st store.Store, v View, fn func(r *store.Game, g games.Game) error) (View, error) {
	var ended bool
	rec, g, err := st.UpdateLive(v.Game, v.Live, endedBy(fn, &ended))
	v = View{Game: rec, Live: g}
	if err == nil && ended {
		t.ended(st, &v)
	}
	return v, err
}

// endedBy wraps a change so that ended tells whether it ended the game (set on every try: the
// store may run a change more than once).
func endedBy(fn func(r *store.Game, g games.Game) error, ended *bool) func(r *store.Game, g games.Game) error {
	return func(r *store.Game, g games.Game) error {
		was := g.Outcome().Over()
		err := fn(r, g)
		*ended = err == nil && !was && g.Outcome().Over()
		return err
	}
}

// ended advances the tournament of the game v shows, which just ended, if it has one.
func (t *Table) ended(st store.Store, v *View) {
	tr, err := st.GameTournament(v.Game.ID)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			t.log.Error("could not read a game's tournament", "game", v.Game.ID, "err", err)
		}
		return
	}
	adv := Advance{Tournament: tr}
	t.advance(st, &adv)
	if adv.Changed() {
		v.Advanced = &adv
	}
}

// announce tells the notifier of a game that changed outside any request, and of what its ending
// did to its tournament.
func (t *Table) announce(ctx context.Context, v View) {
	t.notify.GameChanged(ctx, v)
	if n, ok := t.notify.(TournamentNotifier); ok && v.Advanced != nil {
		n.TournamentAdvanced(ctx, *v.Advanced)
	}
}
