package store

import (
	"errors"
	"time"

	"tabuleiro/games"
)

// ChallengeState is where a challenge stands. Only Open challenges can change.
type ChallengeState uint8

// The names carry a Challenge prefix because Open is the store's constructor.
const (
	ChallengeOpen ChallengeState = iota
	ChallengeAccepted
	ChallengeDeclined
	ChallengeWithdrawn
	ChallengeExpired
)

var challengeStateNames = [...]string{"open", "accepted", "declined", "withdrawn", "expired"}

func (c ChallengeState) String() string {
	if int(c) < len(challengeStateNames) {
		return challengeStateNames[c]
	}
	return "challenge state " + itoa(uint64(c))
}

// Challenge is one person's invitation to another to play a game in a channel.
type Challenge struct {
	ID                   uint64
	Guild, Channel, Kind string
	Options              games.Options
	First                string // who takes the first seat: "me" (the challenger), "them" or "random"
	Challenger, Opponent string // user ids
	MessageID            string // the public challenge message
	Created, Expires     time.Time
	State                ChallengeState
	GameID               uint64 // the game it became, once Accepted
}

// CreateChallenge stores a new challenge: it assigns the ID and sets State to ChallengeOpen.
func (s *Store) CreateChallenge(c Challenge) (Challenge, error) {
	return Challenge{}, errors.New("store: not implemented yet")
}

// Challenge returns one challenge by id (ErrNotFound when there is none).
func (s *Store) Challenge(id uint64) (Challenge, error) {
	return Challenge{}, errors.New("store: not implemented yet")
}

// SetChallengeMessage records the id of the message that shows the challenge.
func (s *Store) SetChallengeMessage(id uint64, messageID string) error {
	return errors.New("store: not implemented yet")
}

// AcceptChallenge closes an open, unexpired challenge and creates its game in one transaction.
// The caller builds the game (seats resolved from First, Encoded from a new games.Game) and
// passes it in; Guild, Channel and Kind default to the challenge's. Errors: ErrNotFound, ErrClosed
// (already accepted, declined or withdrawn), ErrExpired, ErrBusy (a player already has an active game
// of that kind in that channel; the challenge stays open).
func (s *Store) AcceptChallenge(id uint64, g Game) (Game, error) {
	return Game{}, errors.New("store: not implemented yet")
}

// CloseChallenge moves an open challenge to ChallengeDeclined, ChallengeWithdrawn or
// ChallengeExpired. A challenge that is not
// open gives ErrClosed. Declining or withdrawing a challenge past its deadline gives ErrExpired and
// leaves it to the expiry sweeper, so the message says "expired" rather than "declined".
func (s *Store) CloseChallenge(id uint64, state ChallengeState) (Challenge, error) {
	return Challenge{}, errors.New("store: not implemented yet")
}

// ChallengesDue returns the open challenges with Expires <= now, earliest deadline first.
func (s *Store) ChallengesDue(now time.Time) ([]Challenge, error) {
	return nil, errors.New("store: not implemented yet")
}

// OpenChallenges returns the open challenges in a channel, oldest first.
func (s *Store) OpenChallenges(channel string) ([]Challenge, error) {
	return nil, errors.New("store: not implemented yet")
}
