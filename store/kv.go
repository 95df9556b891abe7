package store

import (
	bolt "go.etcd.io/bbolt"
)

// KV is the ordered key-value storage a DB keeps its records and indexes in: buckets of byte keys
// holding the same bytes whatever keeps them. Open uses a bbolt file; store/etcdkv an etcd cluster.
// The records, their encoding, the indexes and the ratings are the DB's, the same on every KV.
type KV interface {
	// View runs fn on one consistent snapshot.
	View(fn func(Tx) error) error
	// Update runs fn and commits what it wrote atomically, or not at all. It may run fn more than
	// once (another process wrote what fn read): fn must change nothing but the transaction.
	Update(fn func(Tx) error) error
	// Healthy is nil when the storage can commit.
	Healthy() error
	// Name says where the records are, for messages ("data/tabuleiro.db", "etcd at …").
	Name() string
	Close() error
}

// Tx is one transaction of a KV. A failure of the storage inside a read makes the read return nil
// and the transaction's View or Update return that failure.
type Tx interface {
	Bucket(name []byte) Bucket
	// ID orders the read-write transactions of one process (bbolt's transaction id); 0 when the
	// KV has no such order.
	ID() int
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

// boltTx is a bbolt transaction as a Tx.
type boltTx struct{ tx *bolt.Tx }

func (t boltTx) Bucket(name []byte) Bucket { return boltBucket{t.tx.Bucket(name)} }
func (t boltTx) ID() int                   { return t.tx.ID() }

type boltBucket struct{ *bolt.Bucket }

func (b boltBucket) Cursor() Cursor { return b.Bucket.Cursor() }

// fileKV is the bbolt file as a KV, for what goes through the KV (views); the DB commits to the
// file itself, in groups (commit.go).
type fileKV struct{ s *DB }

func (f fileKV) View(fn func(Tx) error) error {
	return f.s.boltView(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}
func (f fileKV) Update(fn func(Tx) error) error { return f.s.commit(fn) }
func (f fileKV) Healthy() error                 { return f.s.fileHealthy() }
func (f fileKV) Name() string                   { return f.s.db.Path() }
func (f fileKV) Close() error                   { return f.s.db.Close() }

// File is the path of the bbolt file the DB keeps, "" on another KV (which has no backups here:
// etcd takes its own snapshots).
func (s *DB) File() string {
	if s.db == nil {
		return ""
	}
	return s.db.Path()
}

// DutyKV is a KV that several processes share: one of them at a time carries out the timers
// (challenge expiries, idle losses, turn pings, the bot's pending moves). Duty is the KV whose
// writes are fenced by this process's turn at it, or nil while another process has it.
type DutyKV interface {
	KV
	Duty() KV
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
	s.dutyMu.Lock()
	defer s.dutyMu.Unlock()
	if s.duty == nil || s.duty.kv != kv {
		s.duty = &DB{kv: kv, opt: s.opt}
	}
	return s.duty
}
