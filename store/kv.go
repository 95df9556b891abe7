package store

import "sync"

// KV is the ordered key-value storage a DB keeps its records and indexes in: buckets of byte keys
// holding the same bytes whatever keeps them. Open uses a bbolt file (File); store/etcdkv an etcd
// cluster. The records, their encoding, the indexes and the ratings are the DB's, the same on every
// KV, and the DB reaches every KV the same way: these five methods, and the optional ones below.
type KV interface {
	// View runs fn on one consistent snapshot.
	View(fn func(Tx) error) error
	// Update runs fn and commits what it wrote atomically and durably, or not at all. It may run
	// fn more than once (another process wrote what fn read, or a write committed in the same
	// group failed): fn must change nothing but the transaction.
	Update(fn func(Tx) error) error
	// Healthy is nil when the storage can commit.
	Healthy() error
	// Name says where the records are, for messages ("data/tabuleiro.db", "etcd at …").
	Name() string
	Close() error
}

// What a KV may offer beyond KV. The DB asks once, when it opens; a KV without one gets the
// behaviour its comment gives.
type (
	// NoteKV carries a small change that may wait (a posted message's id) on its next commit
	// instead of a commit of its own: patch is applied to the value at key when there is one,
	// and every Get sees the patched value at once. Without it the DB commits the change at once.
	NoteKV interface {
		KV
		Note(bucket, key []byte, patch func(old []byte) []byte)
	}
	// DutyKV is a KV that several processes share: one of them at a time carries out the timers
	// (challenge expiries, idle losses, turn pings, the bot's pending moves). Duty is the KV whose
	// writes are fenced by this process's turn at it, or nil while another process has it.
	// Without it the one process always has the duty.
	DutyKV interface {
		KV
		Duty() KV
	}
	// BoundedKV bounds the keys one transaction may write (etcd: 128 operations a Txn by default).
	// Without it a transaction may write any number.
	BoundedKV interface {
		KV
		MaxWrites() int
	}
	// CountingKV counts its durable commits (a file's group commit makes one of many writes).
	// Without it the DB counts each Update that succeeded.
	CountingKV interface {
		KV
		Commits() uint64
	}
	// CheckingKV checks its own storage (a file: bbolt's check of every page), calling add with
	// each problem until add returns false. Without it the DB checks its records and indexes only.
	CheckingKV interface {
		KV
		CheckStorage(add func(error) bool) error
	}
)

// Tx is one transaction of a KV. A failure of the storage inside a read makes the read return nil
// and the transaction's View or Update return that failure.
type Tx interface {
	Bucket(name []byte) Bucket
}

// Bucket is a named set of keys. Get returns nil for a missing key and a non-nil (maybe empty)
// value for a present one; its bytes are valid only inside the transaction.
type Bucket interface {
	Get(key []byte) []byte
	Put(key, value []byte) error
	Delete(key []byte) error
	NextSequence() (uint64, error)
	ForEach(fn func(k, v []byte) error) error
	Cursor() Cursor
}

// Cursor walks a bucket's keys in byte order. A cursor sees the bucket as the transaction found
// it: in a read-write transaction, walk before writing to the same bucket.
type Cursor interface {
	First() (k, v []byte)
	Last() (k, v []byte)
	Seek(seek []byte) (k, v []byte)
	Next() (k, v []byte)
	Prev() (k, v []byte)
}

// File is the bbolt file the DB keeps its records in, with its backups; nil on another KV (etcd
// takes its own snapshots).
func (s *DB) File() *File {
	f, _ := s.kv.(*File)
	return f
}

// duty is the store fenced by this process's duty, on a shared KV.
type duty struct {
	mu    sync.Mutex
	store *DB
}

// Duty is the store the timers are carried out on while this process has that duty, or nil while
// another process has it. A file belongs to one process, which always has it. On a shared KV the
// store returned refuses to write once the duty passed to another process, so an expiry is never
// carried out twice by two processes each believing it has the duty.
func (s *DB) Duty() Store {
	d, ok := s.kv.(DutyKV)
	if !ok {
		return s
	}
	kv := d.Duty()
	if kv == nil {
		return nil
	}
	s.duty.mu.Lock()
	defer s.duty.mu.Unlock()
	if s.duty.store == nil || s.duty.store.kv != kv {
		s.duty.store = newDB(kv, s.opt)
		s.duty.store.feed = s.feed
	}
	return s.duty.store
}
