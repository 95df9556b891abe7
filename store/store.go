package store

import (
	"bytes"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"tabuleiro/games"
)

// Errors a person may see as they are: each says what happened without internals.
// Compare with errors.Is.
var (
	ErrNotFound = errors.New("there is no such game or challenge")
	ErrMovedOn  = errors.New("the game moved on: someone decided first — look at the current board and try again")
	ErrBusy     = errors.New("a player already has an active game of this kind in this channel — finish or resign it first")
	ErrClosed   = errors.New("this challenge is no longer open")
	ErrExpired  = errors.New("this challenge has expired")
	// ErrReadable refuses to Retire a game that can be read: it ends by play, resignation or time.
	ErrReadable = errors.New("this game can be read: resign it instead")
)

// The store's interfaces, one a concern, so that a caller (or a fake) takes only what it uses. *DB
// implements them all, on a bbolt file (Open, the default) or on an etcd cluster shared by many
// processes (OpenKV with store/etcdkv); every method behaves the same on both (conformance_test.go).
// A new concern (tournaments, puzzles) is one more interface here, embedded in Store, with records
// and indexes of its own (index.go) on the same KV.

// Games are the games and the sessions around them.
type Games interface {
	CreateGame(g Game) (Game, error)
	Game(id uint64) (Game, games.Game, error)
	ActiveGame(channel, kind, userID string) (Game, error)
	ActiveLive(channel, kind, userID string) (Game, games.Game, error)
	Update(id uint64, wantPly int, fn func(rec *Game, g games.Game) error) (Game, games.Game, error)
	UpdateLive(rec Game, live games.Game, fn func(rec *Game, g games.Game) error) (Game, games.Game, error)
	Retire(id uint64) error
	NoteMessage(id uint64, messageID string)
	ChannelGames(channel string) ([]Game, error)
	ThreadGame(thread string) (Game, error)
	LastGame(channel, kind, userID string) (Game, error)
	LastFinished(channel, kind, userID string) (Game, error)
	RecentFinished(channel, kind string, limit int) ([]Game, error)
	BotToMove() ([]Game, error)
	PingsDue(now time.Time) ([]Game, error)
	GamesDue(now time.Time) ([]Game, error)
	VotesDue(now time.Time) ([]Game, error)
	DeleteFinished(before time.Time) (int, error)
}

// Challenges are the invitations to play, until they are answered or expire.
type Challenges interface {
	CreateChallenge(c Challenge) (Challenge, error)
	Challenge(id uint64) (Challenge, error)
	AcceptChallenge(id uint64, g Game) (Game, error)
	CloseChallenge(id uint64, state ChallengeState) (Challenge, error)
	ChallengesDue(now time.Time) ([]Challenge, error)
	OpenChallenges(channel string) ([]Challenge, error)
	NoteChallengeMessage(id uint64, messageID string)
}

// Ratings are the standings a game's end settles, and the leaderboards over them.
type Ratings interface {
	Standing(guild, kind, user string) (Standing, error)
	Leaderboard(guild, kind, user string, offset, limit int) (Leaderboard, error)
	RecentGames(guild, kind, user string, n int) ([]Game, error)
}

// Settings are what a server's admins and each person chose.
type Settings interface {
	ServerSettings(guild string) (ServerSettings, error)
	ChangeServerSettings(guild string, fn func(*ServerSettings)) (ServerSettings, error)
	MemberSettings(user string) (MemberSettings, error)
	ChangeMemberSettings(user string, fn func(*MemberSettings)) (MemberSettings, error)
}

// Store is every concern together, with the store's upkeep: what the table and the bot hold.
type Store interface {
	Games
	Challenges
	Ratings
	Settings
	Learning
	Tournaments
	Pages
	Correspondence
	Links

	// Duty is the store to carry out the timers on, nil while another process carries them out.
	Duty() Store

	Healthy() error
	Check() error
	Stats() Stats
	// Counts is the games not over and the challenges open, by game (counts.go).
	Counts() (active, open map[string]int, err error)
	Close() error
}

var _ Store = (*DB)(nil)

// CorruptError is a stored record that cannot be read: damaged bytes, or a version written by a
// newer build. It names the bucket and key so the record can be found and repaired; other records
// are unaffected. Listings skip such records and report them through Options.OnCorrupt.
type CorruptError struct {
	Bucket string // "games" or "challenges"
	Key    string // the record's id in decimal
	Err    error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("stored %s record %s cannot be read: %v", e.Bucket, e.Key, e.Err)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// Options configure a Store.
type Options struct {
	// Decode rebuilds a game from games.Encode bytes; usually catalog.Decode. Injected so that the
	// store does not depend on the games themselves. Required.
	Decode func([]byte) (games.Game, error)
	// Now is the clock; default time.Now.
	Now func() time.Time
	// OnCorrupt hears of every record a listing skipped because it cannot be read (a *CorruptError).
	// Default: ignore. It is called outside any transaction.
	OnCorrupt func(error)
}

// DB keeps the records on a KV: the same code, records and indexes on every KV. It is safe for
// concurrent use.
type DB struct {
	kv   KV
	opt  Options
	note func(bucket, key []byte, patch func([]byte) []byte) // the KV's, or a commit of its own
	// maxGames bounds the games one transaction of DeleteFinished deletes (BoundedKV); 0: none.
	maxGames int
	stats    stats
	kept     kept
	duty     duty
	feed     *feed // shared with the duty's DB, so that its watchers hear of the timers' changes too
}

// Open opens (or creates, with its parent directories) the bbolt file at path and the DB on it. A
// second process opening the same file gets a clear error after a short wait instead of blocking
// forever.
func Open(path string, opt Options) (*DB, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	f, err := openFile(path)
	if err != nil {
		return nil, err
	}
	s := newDB(f, opt)
	if err := s.buildMemberIndex(); err != nil {
		f.Close()
		return nil, err
	}
	return s, nil
}

// OpenKV opens a DB on any KV (store/etcdkv; Open for a bbolt file). Its records, indexes and
// ratings are the same as in a file.
func OpenKV(kv KV, opt Options) (*DB, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	s := newDB(kv, opt)
	if err := s.buildMemberIndex(); err != nil {
		return nil, err
	}
	return s, nil
}

func (o *Options) check() error {
	if o.Decode == nil {
		return errors.New("store: Options.Decode is required (usually catalog.Decode)")
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return nil
}

// newDB puts a DB on kv, taking up what the KV offers beyond KV (kv.go).
func newDB(kv KV, opt Options) *DB {
	s := &DB{kv: kv, opt: opt, feed: &feed{}}
	s.note = s.noteNow
	if n, ok := kv.(NoteKV); ok {
		s.note = n.Note
	}
	if b, ok := kv.(BoundedKV); ok {
		// Each game deleted takes its record and up to seven index entries.
		s.maxGames = max(b.MaxWrites()/8, 1)
	}
	return s
}

// Close closes the KV: a file first writes the message notes it holds.
func (s *DB) Close() error { return s.kv.Close() }

// commit runs fn in a read-write transaction of the KV and returns once it is durable. A file
// may commit fn together with other writes (commit.go).
func (s *DB) commit(fn func(Tx) error) error {
	err := s.kv.Update(fn)
	if err == nil {
		s.stats.commits.Add(1)
	}
	return err
}

// view runs a read-only transaction on the KV.
func (s *DB) view(fn func(Tx) error) error { return s.kv.View(fn) }

// noteNow is the note of a KV that carries none: the change is committed at once, so that other
// processes sharing the KV see it too. A record that is gone takes no note.
func (s *DB) noteNow(bucket, key []byte, patch func([]byte) []byte) {
	s.commit(func(tx Tx) error {
		b := tx.Bucket(bucket)
		old := b.Get(key)
		if old == nil {
			return nil
		}
		if v := patch(old); !bytes.Equal(v, old) {
			return b.Put(key, v)
		}
		return nil
	})
}

// Stats are counters of the work a Store did since it was opened.
type Stats struct {
	Decodes uint64 // calls of Options.Decode (each replays a game's log)
	Kept    uint64 // reads of a live game that took the copy the last write kept instead of a replay
	Commits uint64 // durable read-write transactions; a group commit of many writes counts once
}

type stats struct{ decodes, kept, commits atomic.Uint64 }

// Stats returns the counters.
func (s *DB) Stats() Stats {
	commits := s.stats.commits.Load()
	if c, ok := s.kv.(CountingKV); ok {
		commits = c.Commits()
	}
	return Stats{Decodes: s.stats.decodes.Load(), Kept: s.stats.kept.Load(), Commits: commits}
}

// decode rebuilds a live game, counting the replay.
func (s *DB) decode(b []byte) (games.Game, error) {
	s.stats.decodes.Add(1)
	return s.opt.Decode(b)
}

// skip hands a record a listing could not read to Options.OnCorrupt.
func (s *DB) skip(errs []error) {
	if s.opt.OnCorrupt == nil {
		return
	}
	for _, err := range errs {
		s.opt.OnCorrupt(err)
	}
}

// indexed turns the failure to load a record an index lists into a *CorruptError naming it: either
// the record cannot be read, or the index points at a record that is not there.
func indexed(bucket string, id uint64, err error) error {
	if errors.Is(err, ErrNotFound) {
		return corrupt(bucket, id, errors.New("an index lists it but the record is missing"))
	}
	return err
}
