package store

import (
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

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
)

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

// Store is the bbolt file with its challenges and games. It is safe for concurrent use.
type Store struct {
	db  *bolt.DB
	opt Options
}

// Open opens (or creates, with its parent directories) the bbolt file at path. A second process
// opening the same file gets a clear error after a short wait instead of blocking forever.
func Open(path string, opt Options) (*Store, error) {
	return nil, errors.New("store: not implemented yet")
}

// Close waits for running transactions and closes the file.
func (s *Store) Close() error { return nil }
