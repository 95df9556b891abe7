package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// File is a bbolt file as a KV, the store of one bot process. Beside what every KV does, it
// commits the writes that arrive together in one transaction and one fsync (commit.go), carries
// message notes on its next commit (note.go), tracks whether it can commit (health.go), checks
// its pages (CheckStorage) and makes backups while the bot plays (backup.go, socket.go). A damaged
// file gives a *FileError saying what to do, never a crash (file.go).
type File struct {
	db        *bolt.DB
	committer committer
	notes     notes
	health    health
	commits   atomic.Uint64
}

var _ interface {
	NoteKV
	CountingKV
	CheckingKV
} = (*File)(nil)

// openFile opens (or creates, with its parent directories) the bbolt file at path, with the DB's
// buckets.
func openFile(path string) (*File, error) {
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
	return &File{db: db}, nil
}

// Path is where the file is.
func (f *File) Path() string { return f.db.Path() }

// Name is the file's path, for messages.
func (f *File) Name() string { return f.db.Path() }

// Commits counts the durable transactions: a group of writes counts once.
func (f *File) Commits() uint64 { return f.commits.Load() }

// View runs fn on one read-only transaction, with the message notes laid over its reads.
func (f *File) View(fn func(Tx) error) error {
	return f.view(func(tx *bolt.Tx) error { return fn(&fileTx{tx: tx, f: f}) })
}

// view runs a read-only transaction on the file. A page damaged after Open checked the file fails
// this read instead of ending the bot.
func (f *File) view(fn func(*bolt.Tx) error) error {
	return guard(f.db.Path(), "reading it failed", func() error { return f.db.View(fn) })
}

// guard runs fn, the one place where bbolt reads the file's pages outside a write. bbolt panics,
// or faults on memory, when it meets a damaged page; guard turns that into a *FileError that says
// the file at path is damaged (what failed, and bbolt's words) and what to do.
func guard(path, failed string, fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = damaged(path, "%s: %v", failed, p)
		}
	}()
	return fn()
}

// CheckStorage runs bbolt's consistency check: every page reachable once, none both used and
// free, keys in order.
func (f *File) CheckStorage(add func(error) bool) error {
	return f.view(func(tx *bolt.Tx) error {
		more := true
		for err := range tx.Check() { // read to the end: the check runs on until it is read
			if more {
				more = add(err)
			}
		}
		return nil
	})
}

// Close writes the pending message notes, waits for running transactions and closes the file.
func (f *File) Close() error {
	var err error
	if f.stopNotes() {
		if err = f.Update(func(Tx) error { return nil }); err != nil {
			err = fmt.Errorf("store: writing the pending message ids: %w", err)
		}
	}
	return errors.Join(err, f.db.Close())
}

// fileTx is a bbolt transaction as a Tx. While notes are held its buckets lay them over what Get
// reads, and in a read-write transaction they remember which notes the keys written carry.
type fileTx struct {
	tx *bolt.Tx
	f  *File
	w  *carried // nil in a view
}

func (t *fileTx) Bucket(name []byte) Bucket {
	b := boltBucket{t.tx.Bucket(name)}
	if t.f.notes.count.Load() == 0 {
		return b
	}
	return &notedBucket{b, t, string(name)}
}

type boltBucket struct{ *bolt.Bucket }

func (b boltBucket) Cursor() Cursor { return b.Bucket.Cursor() }

// openBolt opens the file with bbolt; a damaged file gives an error that says what to do.
func openBolt(path string, o *bolt.Options) (*bolt.DB, error) {
	var db *bolt.DB
	err := guard(path, "bbolt failed reading it", func() (err error) {
		db, err = bolt.Open(path, 0o600, o)
		return err
	})
	var damage *FileError
	switch {
	case errors.As(err, &damage):
		return nil, err
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

// prepare creates the buckets a new file lacks; a damaged file gives an error that says what to do.
func prepare(db *bolt.DB) error {
	err := guard(db.Path(), "bbolt failed reading it", func() error { return db.Update(createBuckets) })
	if _, damage := err.(*FileError); err != nil && !damage {
		return fmt.Errorf("store: preparing %s: %w", db.Path(), err)
	}
	return err
}

func createBuckets(tx *bolt.Tx) error {
	path := tx.DB().Path()
	// A file with some of our buckets but without its records lost them to damage: recreating
	// them empty would hide that every game is gone.
	some := slices.ContainsFunc(allBuckets, func(b []byte) bool { return tx.Bucket(b) != nil })
	for _, b := range [][]byte{bGames, bChallenges} {
		if some && tx.Bucket(b) == nil {
			return damaged(path, "its bucket %q is missing", b)
		}
	}
	for _, b := range slices.Concat(allBuckets, settingsBuckets, tournamentBuckets, linkBuckets) {
		if _, err := tx.CreateBucketIfNotExists(b); errors.Is(err, bolterrors.ErrIncompatibleValue) {
			return damaged(path, "its bucket %q is not a bucket", b)
		} else if err != nil {
			return fmt.Errorf("creating bucket %s: %w", b, err)
		}
	}
	return nil
}

// lockTimeout is how long Open waits for another process to release the file.
var lockTimeout = 2 * time.Second
