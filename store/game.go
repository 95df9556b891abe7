package store

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"time"

	"tabuleiro/games"
)

// Player is one seat of a game: a person (UserID), the bot at a level, or a team: the members of
// the game's channel, deciding by vote (Game.Team).
type Player struct {
	UserID string // a person's user id; may be set for the bot too (its own user id, for mentions)
	Bot    bool
	Level  string // the bot's level: easy, medium or hard
	Team   bool   // the channel's members vote on this seat's decisions; UserID is empty
}

// TeamKey stands for a team seat where a person's user id would be, in the active games: a
// channel holds at most one team game of each kind, found with ActiveLive(channel, kind, TeamKey).
// No user id of any chat starts with '#'.
const TeamKey = "#team"

// Team is the channel's side of a team game: who started it, and the votes on the team's next
// decision. The votes are for one decision: the store clears them when the game's ply changes.
type Team struct {
	Starter string        // who started the game
	Window  time.Duration // how long each vote stays open after its first vote, fixed at the start
	Votes   []Vote        // one a member, in the order cast: a changed vote moves to the end
	Closes  time.Time     // when voting closes; zero until the first vote of the decision
}

// Vote is one member's vote: a decision in canonical notation.
type Vote struct{ User, Move string }

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
	MessageID            string // the message that shows the game (its board)
	State                GameState
	Outcome              games.Outcome
	Ply                  int
	ToMove               games.Seat // the seat that decides next; NoSeat once finished
	Encoded              []byte
	Created              time.Time
	LastMove             time.Time // the last decision or ending; set by the store
	Deadline             time.Time // the idle deadline, set by the caller; zero for none
	Pace                 Pace      // how long each decision may take: the idle timeout, or days
	// Left is the time the player to decide had left when their vacation paused the game's clock:
	// set, with Deadline zero, while the game waits for them to come back.
	Left  time.Duration
	Offer Offer

	Rated  bool            // from a rated challenge: its end rates both players if it qualifies (rating.go)
	Change [2]RatingChange // each seat's rating before and after, once a rated game ended
	Thread string          // the thread the game is played in, when it has one (Channel is its parent)
	Ping   Ping            // the turn ping of the player to move
	Hints  [2]int          // the hints each seat has taken (table: at most 3 a game)
	Team   Team            // a team game's votes (see Player.Team)
	// Rematched says a finished game's Rematch was taken: its next game or challenge is out, and a
	// second click (the button not yet cleared) is refused rather than start another.
	Rematched bool
}

// RatingChange is a player's rating before and after a rated game, rounded as shown, and whether
// each was provisional (deviation above 110: shown with "?").
type RatingChange struct {
	Before, After                       int
	BeforeProvisional, AfterProvisional bool
}

// Ping is the state of a game's turn pings: when the next one is due for the player to move (zero:
// none), how many this turn has had (the reminder is the second), and the ping message the game keeps
// (at most one; it is deleted when another is posted or the turn passes).
type Ping struct {
	Due     time.Time
	Sent    int
	Message string
}

// CreateGame stores a new game: it assigns the ID and derives Ply, State, Outcome and ToMove from
// Encoded (which must decode). Created and LastMove default to now. ErrBusy when a person in a seat
// already has an active game of that kind in that channel.
func (s *DB) CreateGame(g Game) (Game, error) {
	g, err := s.prepareNew(g)
	if err != nil {
		return Game{}, err
	}
	var refusal error
	var out Game
	err = s.commit(func(tx Tx) error {
		refusal = nil
		if busy(tx, g) {
			refusal = ErrBusy
			return nil
		}
		id, err := tx.Bucket(bGames).NextSequence()
		if err != nil {
			return err
		}
		out = g
		out.ID = id
		return putGame(tx, nil, out)
	})
	if err != nil {
		return Game{}, fmt.Errorf("store: creating a game: %w", err)
	}
	return out, refusal
}

// prepareNew checks a new game and derives its fields from its encoding.
func (s *DB) prepareNew(g Game) (Game, error) {
	if !checkText(g.Guild, g.Channel, g.Kind, g.Seats[0].UserID, g.Seats[1].UserID) {
		return Game{}, errors.New("store: a game's ids may not contain a zero byte")
	}
	for i, p := range g.Seats {
		switch {
		case p.Team && (p.Bot || p.UserID != ""):
			return Game{}, fmt.Errorf("store: seat %d is a team's and someone else's", i)
		case !p.Bot && !p.Team && p.UserID == "":
			return Game{}, fmt.Errorf("store: seat %d has neither a person, the bot nor a team", i)
		}
	}
	live, err := s.decode(g.Encoded)
	if err != nil {
		return Game{}, fmt.Errorf("store: the new game does not decode: %w", err)
	}
	if g.Kind == "" {
		g.Kind = live.Kind()
	} else if g.Kind != live.Kind() {
		return Game{}, fmt.Errorf("store: the new game is %s, its encoding %s", g.Kind, live.Kind())
	}
	now := s.opt.Now()
	if g.Created.IsZero() {
		g.Created = now
	}
	if g.LastMove.IsZero() {
		g.LastMove = now
	}
	g.ID = 0
	derive(&g, live)
	return g, nil
}

// derive sets the fields of a record that follow from its live game.
func derive(rec *Game, g games.Game) {
	rec.Encoded = games.Encode(g)
	rec.Ply = g.Ply()
	rec.Outcome = g.Outcome()
	if rec.Outcome.Over() {
		rec.State, rec.ToMove, rec.Offer = Finished, games.NoSeat, Offer{}
		rec.Ping.Due = time.Time{}
	} else {
		rec.State, rec.ToMove = Active, g.ToMove()
	}
}

// Game returns a game's record and the decoded live game. A record whose game cannot be decoded gives
// the record with a *CorruptError.
func (s *DB) Game(id uint64) (Game, games.Game, error) {
	var rec Game
	err := s.view(func(tx Tx) (err error) {
		rec, err = getGame(tx, id)
		return err
	})
	if err != nil {
		return Game{}, nil, err
	}
	return s.live(rec)
}

// live decodes a record's game. Decoding replays the log: done outside the transaction, on bytes
// copied out of it, and not at all when the last write of the game kept a copy of it.
func (s *DB) live(rec Game) (Game, games.Game, error) {
	if g := s.kept.take(rec.ID, rec.Encoded); g != nil {
		s.stats.kept.Add(1)
		return rec, g, nil
	}
	g, err := s.decode(rec.Encoded)
	if err != nil {
		return rec, nil, corrupt(bucketGames, rec.ID, err)
	}
	return rec, g, nil
}

// ActiveLive is ActiveGame and Game in one read: a person's active game of a kind in a channel and
// its decoded live game, with one replay. ErrNotFound when there is none; a record whose game cannot
// be decoded gives the record with a *CorruptError.
func (s *DB) ActiveLive(channel, kind, userID string) (Game, games.Game, error) {
	var rec Game
	err := s.view(func(tx Tx) (err error) {
		rec, err = s.activeGame(tx, channel, kind, userID)
		return err
	})
	if err != nil {
		return Game{}, nil, err
	}
	return s.live(rec)
}

// Update is the way to change a game: one read-modify-write transaction. It loads the record, checks
// rec.Ply == wantPly (else ErrMovedOn; wantPly < 0 skips the check), decodes the game and calls fn,
// which may Play, End, set Offer, Deadline or MessageID. Then it re-encodes the game, derives Ply,
// State, Outcome and ToMove from it, sets LastMove when the ply or outcome changed, updates every
// index and commits durably before returning.
//
// An error from fn aborts the update and is returned as is. fn runs inside the transaction and may be
// called more than once when decisions on other games are committed together: it must change only
// rec and g, never do I/O (no Discord calls, no AI search). ID, Guild, Channel, Kind, Seats and
// Created cannot be changed. A finished game's pending offer is cleared.
func (s *DB) Update(id uint64, wantPly int, fn func(rec *Game, g games.Game) error) (Game, games.Game, error) {
	return s.update(id, fn, func(old Game) (games.Game, error) {
		if wantPly >= 0 && old.Ply != wantPly {
			return nil, ErrMovedOn
		}
		return s.decode(old.Encoded)
	})
}

// UpdateLive is Update for a caller that has just read the game (ActiveLive, Game): it hands over
// the record and the live game it read, and fn runs on that live game itself, without a replay.
// When the stored game is no longer the one read (another Ply or other Encoded bytes) it gives
// ErrMovedOn. The caller gives up live: it may be changed whatever the result, and the game
// returned is the one to use from then on.
//
// The group commit may run fn more than once (see Update). Only the first run gets live; a second
// run, after the group was rolled back, replays the stored game again rather than apply fn twice to
// a game it already changed. That replay is rare: it follows a failure of bbolt in another write.
func (s *DB) UpdateLive(rec Game, live games.Game, fn func(rec *Game, g games.Game) error) (Game, games.Game, error) {
	handed := live == nil
	return s.update(rec.ID, fn, func(old Game) (games.Game, error) {
		if old.Ply != rec.Ply || !bytes.Equal(old.Encoded, rec.Encoded) {
			return nil, ErrMovedOn
		}
		if !handed {
			handed = true
			return live, nil
		}
		return s.decode(old.Encoded)
	})
}

// update is the read-modify-write transaction of Update and UpdateLive; start checks the stored
// record and gives the live game fn changes (ErrMovedOn, or a decoding error for a corrupt record).
func (s *DB) update(id uint64, fn func(rec *Game, g games.Game) error,
	start func(old Game) (games.Game, error)) (Game, games.Game, error) {
	var refusal error
	var out Game
	var live games.Game
	err := s.commit(func(tx Tx) error {
		refusal, out, live = nil, Game{}, nil
		old, err := getGame(tx, id)
		if err != nil {
			refusal = err
			return nil
		}
		g, err := start(old)
		if errors.Is(err, ErrMovedOn) {
			refusal = err
			return nil
		}
		if err != nil {
			refusal = corrupt(bucketGames, id, err)
			return nil
		}
		rec := old
		if refusal = fn(&rec, g); refusal != nil {
			return nil
		}
		rec.ID, rec.Guild, rec.Channel, rec.Kind, rec.Seats, rec.Created =
			old.ID, old.Guild, old.Channel, old.Kind, old.Seats, old.Created
		derive(&rec, g)
		if rec.Ply != old.Ply || rec.Outcome != old.Outcome {
			rec.LastMove = s.opt.Now()
			// A team's votes were on the decision just made (or on a game now over).
			rec.Team.Votes, rec.Team.Closes = nil, time.Time{}
		}
		// A game that ends here changes its players' ratings and records in this transaction.
		if err := settle(tx, old, &rec, g); err != nil {
			return err
		}
		if err := settleTournament(tx, old, rec); err != nil {
			return err
		}
		if err := putGame(tx, &old, rec); err != nil {
			return err
		}
		out, live = rec, g
		return nil
	})
	if err != nil {
		return Game{}, nil, fmt.Errorf("store: updating game %d: %w", id, err)
	}
	if refusal != nil {
		return Game{}, nil, refusal
	}
	s.changed(id)
	if out.State == Active {
		s.kept.put(id, out.Encoded, live.Clone())
	} else {
		s.kept.drop(id)
	}
	return out, live, nil
}

// Retire closes an active game whose record cannot be read (damage, or a build from the future), so
// that it stops holding its players' places and the sweeper's attention. When the session record
// still reads, the game is marked finished without a result and indexed as such; when not even that
// reads, every index entry naming it is removed. The damaged bytes stay for the admin to look at.
// A game that reads is refused with ErrReadable; one already finished with ErrClosed.
func (s *DB) Retire(id uint64) error {
	var refusal error
	err := s.commit(func(tx Tx) error {
		refusal = nil
		raw := tx.Bucket(bGames).Get(u64(id))
		if raw == nil {
			refusal = ErrNotFound
			return nil
		}
		old, err := decodeGame(id, raw)
		if err != nil {
			if err := settleRetired(tx, id); err != nil {
				return err
			}
			return unindexGame(tx, id)
		}
		if old.State != Active {
			refusal = ErrClosed
			return nil
		}
		if _, err := s.decode(old.Encoded); err == nil {
			refusal = ErrReadable
			return nil
		}
		rec := old
		rec.State, rec.ToMove, rec.Deadline, rec.Offer, rec.LastMove = Finished, games.NoSeat, time.Time{}, Offer{}, s.opt.Now()
		if err := settleRetired(tx, id); err != nil {
			return err
		}
		return putGame(tx, &old, rec)
	})
	if err != nil {
		return fmt.Errorf("store: retiring game %d: %w", id, err)
	}
	if refusal == nil {
		s.changed(id)
	}
	return refusal
}

// unindexGame removes every game index entry that names id: the one scan in the store, for a record
// too damaged to say which entries it has.
func unindexGame(tx Tx, id uint64) error {
	key := u64(id)
	for _, name := range [][]byte{bActive, bGameChannel, bBotToMove, bGameDue, bFinished, bLast, bPingDue, bThread, bVoteDue, bMemberGames} {
		b := tx.Bucket(name)
		var doomed [][]byte
		err := b.ForEach(func(k, v []byte) error {
			// The active and thread indexes keep the id as their value; the others end their keys with it.
			byValue := bytes.Equal(name, bActive) || bytes.Equal(name, bThread)
			if byValue && bytes.Equal(v, key) || !byValue && idAt(k) == id {
				doomed = append(doomed, append([]byte(nil), k...))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range doomed {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
	}
	return nil
}

// SetMessage records the id of the message that shows the game (its board), without decoding the game.
func (s *DB) SetMessage(id uint64, messageID string) error {
	var refusal error
	err := s.commit(func(tx Tx) error {
		refusal = nil
		old, err := getGame(tx, id)
		if err != nil {
			refusal = err
			return nil
		}
		rec := old
		rec.MessageID = messageID
		return putGame(tx, &old, rec)
	})
	if err != nil {
		return fmt.Errorf("store: setting the message of game %d: %w", id, err)
	}
	return refusal
}

// NoteMessage records the id of the message that shows a game now (its board) without a commit of
// its own where the KV can carry it (a file: the next commit of any kind, within about a second, or
// Close). Every read and every update sees it at once. On a shared KV it is committed at once, so
// that other processes see it too. A note for a game that no longer exists is dropped.
func (s *DB) NoteMessage(id uint64, messageID string) {
	s.note(bGames, u64(id), func(old []byte) []byte {
		g, err := decodeGame(id, old)
		if err != nil || g.MessageID == messageID {
			return old // a record that cannot be read takes no note
		}
		g.MessageID = messageID
		return encodeGame(g)
	})
}

// ActiveGame returns a person's active game of a kind in a channel (ErrNotFound when none).
func (s *DB) ActiveGame(channel, kind, userID string) (Game, error) {
	var g Game
	err := s.view(func(tx Tx) (err error) {
		g, err = s.activeGame(tx, channel, kind, userID)
		return err
	})
	return g, err
}

func (s *DB) activeGame(tx Tx, channel, kind, userID string) (Game, error) {
	v := tx.Bucket(bActive).Get(key(channel, kind, userID))
	if v == nil {
		return Game{}, ErrNotFound
	}
	id := idAt(v)
	g, err := getGame(tx, id)
	if err != nil {
		return Game{}, indexed(bucketGames, id, err)
	}
	return g, nil
}

// ChannelGames returns the active games in a channel, oldest first.
func (s *DB) ChannelGames(channel string) ([]Game, error) {
	return s.games(0, func(tx Tx) []uint64 { return ids(tx, bGameChannel, key(channel), false, 0) })
}

// BotToMove returns the active games whose next decision is the bot's, to resume after a restart.
func (s *DB) BotToMove() ([]Game, error) {
	return s.games(0, func(tx Tx) []uint64 { return ids(tx, bBotToMove, nil, false, 0) })
}

// PingsDue returns the active games whose turn ping is due at now, earliest first.
func (s *DB) PingsDue(now time.Time) ([]Game, error) {
	return s.games(0, func(tx Tx) []uint64 { return due(tx, bPingDue, now) })
}

// VotesDue returns the active team games whose voting closed at or before now, earliest first.
func (s *DB) VotesDue(now time.Time) ([]Game, error) {
	return s.games(0, func(tx Tx) []uint64 { return due(tx, bVoteDue, now) })
}

// GamesDue returns the active games with a Deadline <= now, earliest deadline first.
func (s *DB) GamesDue(now time.Time) ([]Game, error) {
	return s.games(0, func(tx Tx) []uint64 { return due(tx, bGameDue, now) })
}

// FinishedGames returns up to limit finished games a player took part in within a guild, most
// recently finished first (limit <= 0: all).
func (s *DB) FinishedGames(guild, userID string, limit int) ([]Game, error) {
	return s.games(limit, func(tx Tx) []uint64 { return ids(tx, bFinished, key(guild, userID), true, 0) })
}

// LastGame returns a player's active game of a kind in a channel, else the one they finished most
// recently there (for /history); ErrNotFound when neither exists. An empty userID finds the game of
// that kind most recently finished in the channel, whoever played it.
func (s *DB) LastGame(channel, kind, userID string) (Game, error) {
	var g Game
	err := s.view(func(tx Tx) (err error) {
		g, err = s.activeGame(tx, channel, kind, userID)
		if !errors.Is(err, ErrNotFound) {
			return err
		}
		g, err = s.lastFinished(tx, channel, kind, userID)
		return err
	})
	return g, err
}

// ThreadGame returns the game played in a thread (ErrNotFound when the channel is no game's
// thread).
func (s *DB) ThreadGame(thread string) (Game, error) {
	var g Game
	err := s.view(func(tx Tx) (err error) {
		v := tx.Bucket(bThread).Get([]byte(thread))
		if v == nil {
			return ErrNotFound
		}
		g, err = getGame(tx, idAt(v))
		if err != nil {
			return indexed(bucketGames, idAt(v), err)
		}
		return nil
	})
	return g, err
}

// LastFinished returns the game of a kind a player finished most recently in a channel (an empty
// userID: anyone's); ErrNotFound when there is none.
func (s *DB) LastFinished(channel, kind, userID string) (Game, error) {
	var g Game
	err := s.view(func(tx Tx) (err error) {
		g, err = s.lastFinished(tx, channel, kind, userID)
		return err
	})
	return g, err
}

func (s *DB) lastFinished(tx Tx, channel, kind, userID string) (Game, error) {
	last := ids(tx, bLast, key(channel, kind, userID), true, 1)
	if len(last) == 0 {
		return Game{}, ErrNotFound
	}
	g, err := getGame(tx, last[0])
	if err != nil {
		return Game{}, indexed(bucketGames, last[0], err)
	}
	return g, nil
}

// RecentFinished lists up to limit of the most recent finished games of kind in channel, the most
// recent first.
func (s *DB) RecentFinished(channel, kind string, limit int) ([]Game, error) {
	return s.games(limit, func(tx Tx) []uint64 { return ids(tx, bLast, key(channel, kind, ""), true, limit) })
}

// games loads up to limit (<= 0: all) of the games an index lists, skipping (and reporting)
// unreadable ones.
func (s *DB) games(limit int, list func(tx Tx) []uint64) ([]Game, error) {
	var out []Game
	var bad []error
	err := s.view(func(tx Tx) error {
		out, bad = nil, nil
		for _, id := range list(tx) {
			g, err := getGame(tx, id)
			if err != nil {
				bad = append(bad, indexed(bucketGames, id, err))
				continue
			}
			out = append(out, g)
			if limit > 0 && len(out) == limit {
				break
			}
		}
		return nil
	})
	s.skip(bad)
	return out, err
}

// getGame reads a game, with the message note the KV holds for it (note.go).
func getGame(tx Tx, id uint64) (Game, error) {
	v := tx.Bucket(bGames).Get(u64(id))
	if v == nil {
		return Game{}, ErrNotFound
	}
	return decodeGame(id, v)
}

// putGame writes a game and moves its index entries from those of old (nil: new).
func putGame(tx Tx, old *Game, g Game) error {
	var was []entry
	if old != nil {
		was = gameEntries(*old)
	}
	if err := reindex(tx, was, gameEntries(g)); err != nil {
		return err
	}
	return tx.Bucket(bGames).Put(u64(g.ID), encodeGame(g))
}

func itoa(u uint64) string { return strconv.FormatUint(u, 10) }
