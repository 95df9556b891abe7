package store

import (
	"errors"
	"strconv"
	"time"

	"tabuleiro/games"
)

// Player is one seat of a game: a person (UserID) or the bot at a level.
type Player struct {
	UserID string // a person's user id; may be set for the bot too (its own user id, for mentions)
	Bot    bool
	Level  string // the bot's level: easy, medium or hard
}

// GameState is whether a game is still being played.
type GameState uint8

const (
	Active GameState = iota
	Finished
)

func (s GameState) String() string {
	switch s {
	case Active:
		return "active"
	case Finished:
		return "finished"
	}
	return "game state " + itoa(uint64(s))
}

// Offer is a pending proposal to end the game: Kind "draw" (Oolong, Ordo) or "end" (Ouri), made by
// the seat By. The zero Offer means none.
type Offer struct {
	Kind string
	By   games.Seat
}

// Game is a game and the session around it. Encoded (games.Encode of the live game) is the source of
// truth; Ply, State, Outcome and ToMove are derived from it by the store on every write.
type Game struct {
	ID                   uint64
	Guild, Channel, Kind string
	Seats                [2]Player
	MessageID            string // the live board message
	State                GameState
	Outcome              games.Outcome
	Ply                  int
	ToMove               games.Seat // the seat that decides next; NoSeat once finished
	Encoded              []byte
	Created              time.Time
	LastMove             time.Time // the last decision or ending; set by the store
	Deadline             time.Time // the idle deadline, set by the caller; zero for none
	Offer                Offer
}

// CreateGame stores a new game: it assigns the ID and derives Ply, State, Outcome and ToMove from
// Encoded. ErrBusy when a person in a seat already has an active game of that kind in that channel.
func (s *Store) CreateGame(g Game) (Game, error) {
	return Game{}, errors.New("store: not implemented yet")
}

// Game returns a game's record and the decoded live game. A record whose game cannot be decoded gives
// the record with a *CorruptError.
func (s *Store) Game(id uint64) (Game, games.Game, error) {
	return Game{}, nil, errors.New("store: not implemented yet")
}

// Update is the way to change a game: one read-modify-write transaction. It loads the record, checks
// rec.Ply == wantPly (else ErrMovedOn; wantPly < 0 skips the check), decodes the game and calls fn,
// which may Play, End, set Offer, Deadline or MessageID. Then it re-encodes the game, derives Ply,
// State, Outcome and ToMove from it, updates every index and commits durably before returning.
//
// An error from fn aborts the update and is returned as is. fn runs inside the transaction and may be
// called more than once when decisions on other games are committed together: it must change only
// rec and g, never do I/O (no Discord calls, no AI search). ID, Guild, Channel, Kind, Seats and
// Created cannot be changed. A finished game's pending offer is cleared.
func (s *Store) Update(id uint64, wantPly int, fn func(rec *Game, g games.Game) error) (Game, games.Game, error) {
	return Game{}, nil, errors.New("store: not implemented yet")
}

// SetMessage records the id of the game's live board message, without decoding the game.
func (s *Store) SetMessage(id uint64, messageID string) error {
	return errors.New("store: not implemented yet")
}

// ActiveGame returns a person's active game of a kind in a channel (ErrNotFound when none).
func (s *Store) ActiveGame(channel, kind, userID string) (Game, error) {
	return Game{}, errors.New("store: not implemented yet")
}

// ChannelGames returns the active games in a channel, oldest first.
func (s *Store) ChannelGames(channel string) ([]Game, error) {
	return nil, errors.New("store: not implemented yet")
}

// BotToMove returns the active games whose next decision is the bot's, to resume after a restart.
func (s *Store) BotToMove() ([]Game, error) {
	return nil, errors.New("store: not implemented yet")
}

// GamesDue returns the active games with a Deadline <= now, earliest deadline first.
func (s *Store) GamesDue(now time.Time) ([]Game, error) {
	return nil, errors.New("store: not implemented yet")
}

// FinishedGames returns up to limit finished games a player took part in within a guild, most
// recently finished first (limit <= 0: all).
func (s *Store) FinishedGames(guild, userID string, limit int) ([]Game, error) {
	return nil, errors.New("store: not implemented yet")
}

// LastGame returns a player's active game of a kind in a channel, else the one they finished most
// recently there (for /history); ErrNotFound when neither exists.
func (s *Store) LastGame(channel, kind, userID string) (Game, error) {
	return Game{}, errors.New("store: not implemented yet")
}

func itoa(u uint64) string { return strconv.FormatUint(u, 10) }
