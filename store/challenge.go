package store

import (
	"errors"
	"fmt"
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

// Challenge is one person's invitation to another to play a game in a channel. An open challenge
// (Opponent "") is for anyone in the channel; whoever accepts it first becomes its Opponent.
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
	Rated                bool   // the game it becomes is rated
	Pace                 Pace   // the pace of the game it becomes
}

// CreateChallenge stores a new challenge: it assigns the ID and sets State to ChallengeOpen.
// Created defaults to now.
func (s *DB) CreateChallenge(c Challenge) (Challenge, error) {
	if !checkText(c.Guild, c.Channel, c.Kind, c.Challenger, c.Opponent) {
		return Challenge{}, errors.New("store: a challenge's ids may not contain a zero byte")
	}
	if c.Created.IsZero() {
		c.Created = s.opt.Now()
	}
	c.State, c.GameID = ChallengeOpen, 0
	var out Challenge
	err := s.commit(func(tx Tx) error {
		id, err := tx.Bucket(bChallenges).NextSequence()
		if err != nil {
			return err
		}
		out = c
		out.ID = id
		return putChallenge(tx, nil, out)
	})
	if err != nil {
		return Challenge{}, fmt.Errorf("store: creating a challenge: %w", err)
	}
	return out, nil
}

// Challenge returns one challenge by id (ErrNotFound when there is none).
func (s *DB) Challenge(id uint64) (Challenge, error) {
	var c Challenge
	err := s.view(func(tx Tx) (err error) {
		c, err = getChallenge(tx, id)
		return err
	})
	return c, err
}

// SetChallengeMessage records the id of the message that shows the challenge.
func (s *DB) SetChallengeMessage(id uint64, messageID string) error {
	return s.changeChallenge(id, func(c *Challenge) error {
		c.MessageID = messageID
		return nil
	})
}

// NoteChallengeMessage is NoteMessage for a challenge's message.
func (s *DB) NoteChallengeMessage(id uint64, messageID string) {
	s.note(bChallenges, u64(id), func(old []byte) []byte {
		c, err := decodeChallenge(id, old)
		if err != nil || c.MessageID == messageID {
			return old
		}
		c.MessageID = messageID
		return encodeChallenge(c)
	})
}

// AcceptChallenge closes an open, unexpired challenge and creates its game in one transaction.
// The caller builds the game (seats resolved from First, Encoded from a new games.Game) and
// passes it in; Guild, Channel and Kind default to the challenge's. Errors: ErrNotFound, ErrClosed
// (already accepted, declined or withdrawn), ErrExpired, ErrBusy (a player already has an active game
// of that kind in that channel; the challenge stays open). An open challenge is accepted once: a
// second accepter, even racing the first from another replica, gets ErrClosed.
func (s *DB) AcceptChallenge(id uint64, g Game) (Game, error) {
	var refusal error
	var out Game
	err := s.commit(func(tx Tx) error {
		refusal, out = nil, Game{}
		c, err := getChallenge(tx, id)
		if err != nil {
			refusal = err
			return nil
		}
		if err := answerable(c, s.opt.Now()); err != nil {
			refusal = err
			return nil
		}
		ng := g
		for _, f := range [...]struct {
			got        *string
			want, what string
		}{
			{&ng.Guild, c.Guild, "guild"}, {&ng.Channel, c.Channel, "channel"}, {&ng.Kind, c.Kind, "game"},
		} {
			if *f.got == "" {
				*f.got = f.want
			}
			if *f.got != f.want {
				refusal = fmt.Errorf("store: challenge %d is for %s %q, not %q", id, f.what, f.want, *f.got)
				return nil
			}
		}
		ng.Rated, ng.Pace = c.Rated, c.Pace
		ng, refusal = s.prepareNew(ng)
		if refusal != nil {
			return nil
		}
		if busy(tx, ng) {
			refusal = ErrBusy
			return nil
		}
		if ng.ID, err = tx.Bucket(bGames).NextSequence(); err != nil {
			return err
		}
		if err := putGame(tx, nil, ng); err != nil {
			return err
		}
		old := c
		c.State, c.GameID = ChallengeAccepted, ng.ID
		if c.Opponent == "" {
			c.Opponent = ng.Seats[0].UserID
			if c.Opponent == c.Challenger {
				c.Opponent = ng.Seats[1].UserID
			}
		}
		out = ng
		return putChallenge(tx, &old, c)
	})
	if err != nil {
		return Game{}, fmt.Errorf("store: accepting challenge %d: %w", id, err)
	}
	return out, refusal
}

// answerable checks that a challenge can still be answered.
func answerable(c Challenge, now time.Time) error {
	switch {
	case c.State == ChallengeExpired:
		return ErrExpired
	case c.State != ChallengeOpen:
		return ErrClosed
	case !now.Before(c.Expires) && !c.Expires.IsZero():
		return ErrExpired
	}
	return nil
}

// CloseChallenge moves an open challenge to ChallengeDeclined, ChallengeWithdrawn or
// ChallengeExpired. A challenge that is not open gives ErrClosed (ErrExpired when it expired).
// Declining or withdrawing a challenge past its deadline gives ErrExpired and leaves it open for the
// expiry sweeper, so that its message ends up saying "expired" rather than "declined".
func (s *DB) CloseChallenge(id uint64, state ChallengeState) (Challenge, error) {
	switch state {
	case ChallengeDeclined, ChallengeWithdrawn, ChallengeExpired:
	default:
		return Challenge{}, fmt.Errorf("store: a challenge cannot be closed as %s", state)
	}
	var out Challenge
	err := s.changeChallenge(id, func(c *Challenge) error {
		if state == ChallengeExpired {
			if c.State != ChallengeOpen {
				return ErrClosed
			}
		} else if err := answerable(*c, s.opt.Now()); err != nil {
			return err
		}
		c.State = state
		out = *c
		return nil
	})
	if err != nil {
		return Challenge{}, err
	}
	return out, nil
}

// changeChallenge is one read-modify-write transaction on a challenge; an error from fn is a
// refusal: nothing is written and the error is returned as is.
func (s *DB) changeChallenge(id uint64, fn func(c *Challenge) error) error {
	var refusal error
	err := s.commit(func(tx Tx) error {
		refusal = nil
		c, err := getChallenge(tx, id)
		if err != nil {
			refusal = err
			return nil
		}
		old := c
		if refusal = fn(&c); refusal != nil {
			return nil
		}
		c.ID = id
		return putChallenge(tx, &old, c)
	})
	if err != nil {
		return fmt.Errorf("store: changing challenge %d: %w", id, err)
	}
	return refusal
}

// ChallengesDue returns the open challenges with Expires <= now, earliest deadline first.
func (s *DB) ChallengesDue(now time.Time) ([]Challenge, error) {
	return s.challenges(func(tx Tx) []uint64 { return due(tx, bChallengeDue, now) })
}

// OpenChallenges returns the open challenges in a channel, oldest first.
func (s *DB) OpenChallenges(channel string) ([]Challenge, error) {
	return s.challenges(func(tx Tx) []uint64 {
		return ids(tx, bChallengeChannel, key(channel), false, 0)
	})
}

// challenges loads the challenges an index lists, skipping (and reporting) unreadable ones.
func (s *DB) challenges(list func(tx Tx) []uint64) ([]Challenge, error) {
	var out []Challenge
	var bad []error
	err := s.view(func(tx Tx) error {
		out, bad = nil, nil
		for _, id := range list(tx) {
			c, err := getChallenge(tx, id)
			if err != nil {
				bad = append(bad, indexed(bucketChallenges, id, err))
				continue
			}
			out = append(out, c)
		}
		return nil
	})
	s.skip(bad)
	return out, err
}

// getChallenge reads a challenge, with the message note the KV holds for it.
func getChallenge(tx Tx, id uint64) (Challenge, error) {
	v := tx.Bucket(bChallenges).Get(u64(id))
	if v == nil {
		return Challenge{}, ErrNotFound
	}
	return decodeChallenge(id, v)
}

// putChallenge writes a challenge and moves its index entries from those of old (nil: new).
func putChallenge(tx Tx, old *Challenge, c Challenge) error {
	var was []entry
	if old != nil {
		was = challengeEntries(*old)
	}
	if err := reindex(tx, was, challengeEntries(c)); err != nil {
		return err
	}
	return tx.Bucket(bChallenges).Put(u64(c.ID), encodeChallenge(c))
}
