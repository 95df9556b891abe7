package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

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

// Store is what the table and the bot use of a store. *DB is the one implementation, on a bbolt
// file (Open, the default) or on an etcd cluster shared by many processes (OpenKV with
// store/etcdkv); every method behaves the same on both (conformance_test.go).
type Store interface {
	CreateChallenge(c Challenge) (Challenge, error)
	Challenge(id uint64) (Challenge, error)
	AcceptChallenge(id uint64, g Game) (Game, error)
	CloseChallenge(id uint64, state ChallengeState) (Challenge, error)
	ChallengesDue(now time.Time) ([]Challenge, error)
	OpenChallenges(channel string) ([]Challenge, error)
	NoteChallengeMessage(id uint64, messageID string)

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
	BotToMove() ([]Game, error)
	PingsDue(now time.Time) ([]Game, error)
	GamesDue(now time.Time) ([]Game, error)
	DeleteFinished(before time.Time) (int, error)

	Standing(guild, kind, user string) (Standing, error)
	Leaderboard(guild, kind, user string, offset, limit int) (Leaderboard, error)
	RecentGames(guild, kind, user string, n int) ([]Game, error)

	ServerSettings(guild string) (ServerSettings, error)
	ChangeServerSettings(guild string, fn func(*ServerSettings)) (ServerSettings, error)
	MemberSettings(user string) (MemberSettings, error)
	ChangeMemberSettings(user string, fn func(*MemberSettings)) (MemberSettings, error)

	// Duty is the store to carry out the timers on, nil while another process carries them out.
	Duty() Store

	Healthy() error
	Check() error
	Stats() Stats
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

// DefaultPath is where the bot keeps its file unless DB_PATH says otherwise.
const DefaultPath = "data/tabuleiro.db"

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

// DB is the bbolt file with its challenges and games. It is safe for concurrent use.
type DB struct {
	kv        KV
	db        *bolt.DB // nil on another KV (OpenKV)
	opt       Options
	committer committer
	notes     notes
	stats     stats
	kept      kept
	health    health
	// group is the state of the group being committed; only the committing leader touches it.
	group struct{ settle []noteRef }

	dutyMu sync.Mutex
	duty   *DB // the store fenced by this process's duty (kv.go), on a shared KV
}

// Open opens (or creates, with its parent directories) the bbolt file at path. A second process
// opening the same file gets a clear error after a short wait instead of blocking forever.
func Open(path string, opt Options) (*DB, error) {
	if opt.Decode == nil {
		return nil, errors.New("store: Options.Decode is required (usually catalog.Decode)")
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("store: creating the directory of %s: %w", path, err)
		}
	}
	if err := checkFile(path); err != nil {
		return nil, err
	}
	// Not writing the freelist on every commit makes each commit (and its fsync) smaller; bbolt
	// rebuilds the freelist by scanning the file on Open, which is quick for a file of this size.
	// etcd runs bbolt the same way.
	db, err := openBolt(path, &bolt.Options{Timeout: lockTimeout, NoFreelistSync: true,
		FreelistType: bolt.FreelistMapType})
	if err != nil {
		return nil, err
	}
	if err := prepare(db); err != nil {
		db.Close()
		return nil, err
	}
	s := &DB{db: db, opt: opt}
	s.kv = fileKV{s}
	return s, nil
}

// OpenKV opens a DB on another KV than a bbolt file (store/etcdkv). Its records, indexes and
// ratings are the same as in a file; each write is a transaction of its own, and message notes are
// written when they are made.
func OpenKV(kv KV, opt Options) (*DB, error) {
	if opt.Decode == nil {
		return nil, errors.New("store: Options.Decode is required (usually catalog.Decode)")
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &DB{kv: kv, opt: opt}, nil
}

// openBolt opens the file with bbolt, turning a panic (or a memory fault) on a damaged file into an
// error that says what to do.
func openBolt(path string, o *bolt.Options) (db *bolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			db, err = nil, damaged(path, "bbolt failed reading it: %v", p)
		}
	}()
	db, err = bolt.Open(path, 0o600, o)
	switch {
	case errors.Is(err, bolterrors.ErrTimeout):
		return nil, fmt.Errorf("store: %s is in use by another process (its lock was not released within %s): %w (%w)",
			path, o.Timeout, ErrInUse, err)
	case errors.Is(err, bolterrors.ErrInvalid), errors.Is(err, bolterrors.ErrChecksum),
		errors.Is(err, bolterrors.ErrVersionMismatch):
		return nil, damaged(path, "%v", err)
	case err != nil:
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	return db, nil
}

// prepare creates the buckets a new file lacks; a panic on a damaged file becomes an error.
func prepare(db *bolt.DB) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = damaged(db.Path(), "bbolt failed reading it: %v", p)
		}
	}()
	var missing error
	err = db.Update(func(tx *bolt.Tx) error {
		// A file with some of our buckets but without its records lost them to damage: recreating
		// them empty would hide that every game is gone.
		some := slices.ContainsFunc(allBuckets, func(b []byte) bool { return tx.Bucket(b) != nil })
		for _, b := range [][]byte{bGames, bChallenges} {
			if some && tx.Bucket(b) == nil {
				missing = damaged(db.Path(), "its bucket %q is missing", b)
				return missing
			}
		}
		for _, b := range slices.Concat(allBuckets, settingsBuckets) {
			if _, err := tx.CreateBucketIfNotExists(b); errors.Is(err, bolterrors.ErrIncompatibleValue) {
				missing = damaged(db.Path(), "its bucket %q is not a bucket", b)
				return missing
			} else if err != nil {
				return fmt.Errorf("creating bucket %s: %w", b, err)
			}
		}
		return nil
	})
	if missing != nil {
		return missing
	}
	if err != nil {
		return fmt.Errorf("store: preparing %s: %w", db.Path(), err)
	}
	return nil
}

// lockTimeout is how long Open waits for another process to release the file.
var lockTimeout = 2 * time.Second

// Close writes the pending message notes, waits for running transactions and closes the file.
func (s *DB) Close() error {
	if s.db == nil {
		return s.kv.Close()
	}
	var err error
	if s.stopNotes() {
		if err = s.commit(func(Tx) error { return nil }); err != nil {
			err = fmt.Errorf("store: writing the pending message ids: %w", err)
		}
	}
	return errors.Join(err, s.kv.Close())
}

// decode rebuilds a live game, counting the replay.
func (s *DB) decode(b []byte) (games.Game, error) {
	s.stats.decodes.Add(1)
	return s.opt.Decode(b)
}

// view runs a read-only transaction on the KV.
func (s *DB) view(fn func(Tx) error) error { return s.kv.View(fn) }

// boltView runs a read-only transaction on the file. A panic or memory fault inside it (bbolt meeting a page damaged
// after Open checked the file) becomes an error for this read instead of the end of the bot.
func (s *DB) boltView(fn func(*bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = damaged(s.db.Path(), "reading it failed: %v", p)
		}
	}()
	return s.db.View(fn)
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
