package table

import (
	"errors"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// View is a game as a person sees it: the session record (players, offer, board message) and the
// game itself.
type View struct {
	Game store.Game
	// Live is the game in play as the rules hold it, decoded from the record: "live" means this
	// everywhere (store.ActiveLive reads a record with its live game, UpdateLive changes that game).
	// It belongs to the view: nobody else changes it.
	Live games.Game
	// StalePing is a turn ping message that no longer applies (the turn passed): delete it.
	StalePing string
	// Voted is the decision the actor voted for, in canonical notation, when their decision was a
	// vote of a team (team.go) rather than played.
	Voted string
	// Advanced is what the game's ending did to its tournament (ending.go), to show after the
	// game: nil when the change ended no tournament game, or changed nothing there to show.
	Advanced *Advance
}

// Desc describes the view's game.
func (v View) Desc() *games.Descriptor { return Describe(v.Game.Kind) }

// SeatOf is the seat a person plays, or NoSeat.
func (v View) SeatOf(user string) games.Seat { return SeatOf(v.Game, user) }

// Over reports whether the game has ended.
func (v View) Over() bool { return v.Live.Outcome().Over() }

// Mover is the player to decide; meaningless once over.
func (v View) Mover() store.Player { return v.Game.Seats[v.Live.ToMove()] }

// Where is the channel the game's messages go to: its thread, else its channel.
func (v View) Where() string {
	if v.Game.Thread != "" {
		return v.Game.Thread
	}
	return v.Game.Channel
}

// TeamSeat is the seat the channel's team plays by vote, or NoSeat.
func (v View) TeamSeat() games.Seat {
	for s, p := range v.Game.Seats {
		if p.Team {
			return games.Seat(s)
		}
	}
	return games.NoSeat
}

// HasBot reports whether the bot holds a seat.
func (v View) HasBot() bool { return v.Game.Seats[0].Bot || v.Game.Seats[1].Bot }

// SeatOf is the seat a person plays in a game, or NoSeat.
func SeatOf(rec store.Game, user string) games.Seat {
	for s, p := range rec.Seats {
		if !p.Bot && p.UserID == user {
			return games.Seat(s)
		}
	}
	return games.NoSeat
}

// Describe is the descriptor of a kind of game; nil for a kind the catalog does not know.
func Describe(kind string) *games.Descriptor {
	d, _ := catalog.Lookup(kind)
	return d
}

// Game is game id as it stands, for a surface that shows it outside any request (the web board).
func (t *Table) Game(id uint64) (View, error) {
	rec, g, err := t.st.Game(id)
	if err != nil {
		return View{}, err
	}
	return View{Game: rec, Live: g}, nil
}

// PageKey is the secret that the addresses of a game's pages and boards are made under.
func (t *Table) PageKey() ([]byte, error) { return t.st.PageKey() }

// ActiveGame is user's game of kind in play in channel.
func (t *Table) ActiveGame(channel, kind, user string) (store.Game, error) {
	return t.st.ActiveGame(channel, kind, user)
}

// Missing reports whether err says what was asked for is not there (a game, a tournament): the
// store found nothing, or the table refused it as not found.
func Missing(err error) bool {
	var r *Refusal
	return errors.Is(err, store.ErrNotFound) || errors.As(err, &r) && r.Code == NotFound
}

// Watch signals when game id changes, within a second of any decision from any surface: the
// store's live feed where it has one (etcd's watch carries other replicas' changes), else a look
// every second. stop ends it.
func (t *Table) Watch(id uint64) (changed <-chan struct{}, stop func()) {
	if wt, ok := t.st.(store.Watcher); ok {
		return wt.Watch(id)
	}
	c := make(chan struct{}, 1)
	tick := time.NewTicker(time.Second)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				select {
				case c <- struct{}{}:
				default:
				}
			}
		}
	}()
	return c, func() { tick.Stop(); close(done) }
}

// ChannelGames are the games in play in channel, for a surface that shows a channel's games (an
// Activity started there).
func (t *Table) ChannelGames(channel string) ([]store.Game, error) { return t.st.ChannelGames(channel) }
