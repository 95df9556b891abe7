package table

import (
	"errors"
	"fmt"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
)

// Finished is game id for a rematch: over, at the actor's place, and the actor one of its players.
func (t *Table) Finished(a Actor, id uint64) (View, error) {
	v, err := t.onBoard(&a, id)
	if err != nil {
		return View{}, err
	}
	if !v.Over() {
		return View{}, refuse(Stale, "refusal.rematch-not-over")
	}
	if t.InTournament(id) {
		return View{}, refuse(Refused, "refusal.rematch-tournament")
	}
	// Anyone in the channel may start a team's next game.
	if v.SeatOf(a.User) == games.NoSeat && v.TeamSeat() == games.NoSeat {
		return View{}, refuse(Refused, "refusal.rematch-not-player", "Kind", v.Game.Kind)
	}
	return v, nil
}

// TakeRematch marks finished game v's Rematch taken before its next game or challenge is made, so
// that a second click, landing before the button is cleared, is refused instead of making another.
// GiveBackRematch frees it again when that next game or challenge could not be made.
func (t *Table) TakeRematch(v View) error {
	return t.markRematch(v, true)
}

// GiveBackRematch undoes TakeRematch.
func (t *Table) GiveBackRematch(v View) error {
	return t.markRematch(v, false)
}

func (t *Table) markRematch(v View, taken bool) error {
	_, _, err := t.st.Update(v.Game.ID, v.Game.Ply, func(rec *store.Game, _ games.Game) error {
		if taken && rec.Rematched {
			return refuse(Stale, "refusal.rematch-taken")
		}
		rec.Rematched = taken
		return nil
	})
	return err
}

// LastFinished is the most recent finished game of the actor's kind at the actor's place: the named
// player's, else the actor's, else anyone's.
func (t *Table) LastFinished(a Actor, player string) (View, error) {
	title := Describe(a.Kind).Title
	users := []string{player}
	if player == "" {
		users = []string{a.User, ""}
	}
	var rec store.Game
	err := store.ErrNotFound
	for _, u := range users {
		if rec, err = t.st.LastFinished(a.Place.Channel, a.Kind, u); !errors.Is(err, store.ErrNotFound) {
			break
		}
	}
	if errors.Is(err, store.ErrNotFound) {
		if player != "" {
			return View{}, refuse(NotFound, "refusal.replay-player-none", "Player", say.Mention(player), "Title", title)
		}
		return View{}, refuse(NotFound, "refusal.replay-none", "Title", title)
	}
	if err != nil {
		return View{}, err
	}
	return t.Replay(a, rec.ID)
}

// ToReview is the finished game a review grades: the named player's, else the actor's own, else,
// for a bystander, the channel's last game between people (a team's or a game against the bot only
// when the channel has finished none between people lately).
func (t *Table) ToReview(a Actor, player string) (View, error) {
	if player != "" {
		return t.LastFinished(a, player)
	}
	if _, err := t.st.LastFinished(a.Place.Channel, a.Kind, a.User); !errors.Is(err, store.ErrNotFound) {
		return t.LastFinished(a, "")
	}
	recent, err := t.st.RecentFinished(a.Place.Channel, a.Kind, reviewLookBack)
	if err != nil {
		return View{}, err
	}
	for _, g := range recent {
		if betweenPeople(g) {
			return t.Replay(a, g.ID)
		}
	}
	return t.LastFinished(a, "")
}

// reviewLookBack is how many of a channel's finished games a bystander's review looks through for
// one between people.
const reviewLookBack = 20

// betweenPeople reports whether both of g's seats are people's (no bot, no team).
func betweenPeople(g store.Game) bool {
	for _, p := range g.Seats {
		if p.Bot || p.Team {
			return false
		}
	}
	return len(g.Seats) == 2
}

// Replay is finished game id for anyone at its place to look back at.
func (t *Table) Replay(a Actor, id uint64) (View, error) {
	v, err := t.onBoard(&a, id)
	if err != nil {
		return View{}, err
	}
	if !v.Over() {
		return View{}, refuse(Stale, "refusal.replay-not-over", "Kind", v.Game.Kind)
	}
	return v, nil
}

// At is the view's game as it stood after ply decisions (0: the start).
func (v View) At(ply int) (games.Game, error) {
	log := v.Live.Log()
	if ply < 0 || ply > len(log) {
		return nil, refuse(Invalid, "refusal.replay-ply", "Count", len(log), "Ply", ply)
	}
	g, err := v.Desc().New(v.Live.Options(), nil)
	if err != nil {
		return nil, fmt.Errorf("replaying game %d: %w", v.Game.ID, err)
	}
	for i, m := range log[:ply] {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("replaying game %d at decision %d: %w", v.Game.ID, i+1, err)
		}
	}
	return g, nil
}
