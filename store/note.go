package store

import (
	"bytes"
	"sync"
	"sync/atomic"
	"time"
)

// Message ids ride on commits. The id of a board (or challenge) message is known only after the
// message was posted, a moment after the decision was committed; committing it on its own would cost
// a second fsync per decision. So the DB hands it to the KV as a note (NoteKV): a patch of one
// record's bytes. The file keeps its notes in memory and writes every pending one inside the next
// transaction it commits for any reason. When nothing commits for noteDelay, one background commit
// carries them all; Close flushes them.
//
// Until a note is in the file, every Get of its key lays it over the stored bytes, so no caller
// ever sees an older message id; cursors see the bytes as stored (no index holds a message id). A
// write that read a key through its note and puts it again carries the note: once that
// transaction is durable the note is written. A note stays in memory for a while after its commit
// too (marked with the id of the transaction that wrote it), because a read transaction that began
// before that commit still sees the older bytes and must still be corrected.

// noteDelay is how long a note may wait for a commit to carry it before one is made for it.
var noteDelay = time.Second

// noteKeep is how long a committed note stays to correct read transactions older than its commit.
// Reads last microseconds; this is generous.
const noteKeep = 10 * time.Second

type noteKey struct{ bucket, key string }

type note struct {
	patch func([]byte) []byte
	seq   uint64    // order of notes: a later one has a larger seq
	tx    int       // the read-write transaction that wrote it; 0 while pending
	done  time.Time // when it was written
}

type notes struct {
	mu     sync.Mutex
	seq    uint64
	held   map[noteKey]*note
	count  atomic.Int64 // len(held): reads skip the lock when there are none
	timer  *time.Timer
	closed bool
}

// Note lays patch over the value at key in bucket from now on, and writes it by the next commit
// of any kind, or within about a second, or by Close. A later note of the same key replaces it; a
// key that has no value by then takes no note. patch must be pure: it may run on every read.
func (f *File) Note(bucket, key []byte, patch func(old []byte) []byte) {
	n := &f.notes
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.held == nil {
		n.held = map[noteKey]*note{}
	}
	k := noteKey{string(bucket), string(key)}
	if _, ok := n.held[k]; !ok {
		n.count.Add(1)
	}
	n.seq++
	n.held[k] = &note{patch: patch, seq: n.seq}
	if n.timer == nil && !n.closed {
		n.timer = time.AfterFunc(noteDelay, f.flushNotes)
	}
}

// flushNotes commits the pending notes when no other commit carried them.
func (f *File) flushNotes() {
	n := &f.notes
	n.mu.Lock()
	n.timer = nil
	waiting := !n.closed && n.pendingLocked()
	n.mu.Unlock()
	if !waiting {
		return
	}
	if err := f.Update(func(Tx) error { return nil }); err != nil {
		// The notes stay pending and every read still sees them; try again later.
		n.mu.Lock()
		if n.timer == nil && !n.closed {
			n.timer = time.AfterFunc(noteDelay, f.flushNotes)
		}
		n.mu.Unlock()
	}
}

// flushPending commits the pending notes, if any.
func (f *File) flushPending() error {
	f.notes.mu.Lock()
	pending := f.notes.pendingLocked()
	f.notes.mu.Unlock()
	if !pending {
		return nil
	}
	return f.Update(func(Tx) error { return nil })
}

// pendingLocked reports whether some note is not yet in the file.
func (n *notes) pendingLocked() bool {
	for _, e := range n.held {
		if e.tx == 0 {
			return true
		}
	}
	return false
}

// stopNotes stops the background flush; Close then commits what is pending.
func (f *File) stopNotes() (pending bool) {
	n := &f.notes
	n.mu.Lock()
	defer n.mu.Unlock()
	n.closed = true
	if n.timer != nil {
		n.timer.Stop()
		n.timer = nil
	}
	return n.pendingLocked()
}

// pendingNote is a note as a transaction is about to write it.
type pendingNote struct {
	key   noteKey
	seq   uint64
	patch func([]byte) []byte
}

// pending lists the notes a transaction should write, and forgets those written long ago.
func (n *notes) pending(now time.Time) []pendingNote {
	if n.count.Load() == 0 {
		return nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []pendingNote
	for k, e := range n.held {
		switch {
		case e.tx == 0:
			out = append(out, pendingNote{k, e.seq, e.patch})
		case now.Sub(e.done) > noteKeep:
			delete(n.held, k)
			n.count.Add(-1)
		}
	}
	return out
}

// over is the note a Get of k in t should lay over the stored bytes (nil: none) and its seq.
func (n *notes) over(t *fileTx, k noteKey) (func([]byte) []byte, uint64) {
	n.mu.Lock()
	defer n.mu.Unlock()
	e := n.held[k]
	switch {
	case e == nil:
		return nil, 0
	case e.tx != 0 && t.tx.ID() >= e.tx: // written by a transaction t sees
		return nil, 0
	case t.w != nil && t.w.notes[k] >= e.seq: // t wrote it itself
		return nil, 0
	}
	return e.patch, e.seq
}

// settle marks the notes a durable transaction carried as written by it.
func (n *notes) settle(carried map[noteKey]uint64, tx int, now time.Time) {
	if len(carried) == 0 {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	for k, seq := range carried {
		if e := n.held[k]; e != nil && e.tx == 0 && seq != 0 && e.seq <= seq {
			e.tx, e.done = tx, now
		}
	}
}

// carried is what a read-write transaction knows of the notes: for each key it read (read) or
// wrote (notes), the seq of the newest note the bytes include (0: none). A note the transaction
// flushed counts as written, not read: a write of the key that did not read it first leaves the
// note pending.
type carried struct {
	read, notes map[noteKey]uint64
}

func (c *carried) set(m *map[noteKey]uint64, k noteKey, seq uint64) {
	if *m == nil {
		*m = map[noteKey]uint64{}
	}
	(*m)[k] = seq
}

// writeNotes writes pending notes into t; a key that has no value, or that the patch leaves as it
// is (a record that cannot be read), takes no note, and the note is settled all the same.
func (t *fileTx) writeNotes(pending []pendingNote) error {
	for _, p := range pending {
		b := t.tx.Bucket([]byte(p.key.bucket))
		if b == nil {
			continue
		}
		key := []byte(p.key.key)
		if old := b.Get(key); old != nil {
			if v := p.patch(old); !bytes.Equal(v, old) {
				if err := b.Put(key, v); err != nil {
					return err
				}
			}
		}
		t.w.set(&t.w.notes, p.key, p.seq)
	}
	return nil
}

// notedBucket is a bucket of a transaction that lays the file's notes over what Get reads.
type notedBucket struct {
	boltBucket
	t    *fileTx
	name string
}

func (b *notedBucket) Get(key []byte) []byte {
	v := b.boltBucket.Get(key)
	if v == nil {
		return nil
	}
	k := noteKey{b.name, string(key)}
	patch, seq := b.t.f.notes.over(b.t, k)
	if w := b.t.w; w != nil {
		if patch == nil {
			seq = w.notes[k] // what this transaction wrote itself, if anything
		}
		w.set(&w.read, k, seq)
	}
	if patch == nil {
		return v
	}
	return patch(v)
}

// Put and Delete take the written bytes to carry the note the transaction last read of key: every
// write of a record in the DB follows its read.
func (b *notedBucket) Put(key, value []byte) error {
	if err := b.boltBucket.Put(key, value); err != nil {
		return err
	}
	b.wrote(key)
	return nil
}

func (b *notedBucket) Delete(key []byte) error {
	if err := b.boltBucket.Delete(key); err != nil {
		return err
	}
	b.wrote(key)
	return nil
}

func (b *notedBucket) wrote(key []byte) {
	if w := b.t.w; w != nil {
		k := noteKey{b.name, string(key)}
		w.set(&w.notes, k, w.read[k])
	}
}
