package store

import (
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/metrics"
)

// A group commit: writes that arrive while a transaction is being committed wait and are then
// committed together in the next transaction, one fsync for all of them. A lone write starts at once
// (bbolt's DB.Batch would wait MaxBatchDelay first), so one game pays no extra latency and many
// games share the cost of the fsync.
//
// A write function reports a refusal (ErrMovedOn, ErrBusy...) through its own result and returns
// nil, after checking everything and before writing anything; it returns an error only when bbolt
// fails. Such a failure rolls the whole group back: the failing write gets its error and the others
// run again without it. That is why a write function may run more than once. A write that panics
// fails the same way, and its panic is raised again, with the stack where it began, on the
// goroutine that called Update (as bbolt's own DB.Batch does): a bug in one write neither takes
// the committer down nor hides from its caller.

type write struct {
	fn   func(Tx) error
	err  error
	done chan bool // true: you lead the next group; false: err is your result
}

type committer struct {
	mu      sync.Mutex
	queue   []*write
	leading bool // a group is being committed; new writes queue up
}

// Update runs fn in a read-write transaction, possibly together with other writes, and returns
// once the transaction is durable.
func (f *File) Update(fn func(Tx) error) error {
	w := &write{fn: fn, done: make(chan bool, 1)}
	c := &f.committer
	c.mu.Lock()
	c.queue = append(c.queue, w)
	if c.leading {
		c.mu.Unlock()
		if lead := <-w.done; !lead {
			return w.result()
		}
		c.mu.Lock()
	}
	c.leading = true
	group := c.queue
	c.queue = nil
	c.mu.Unlock()

	f.run(group, w)

	// Hand over to the first write that queued meanwhile: it commits the next group, and this
	// caller returns without serving anyone else.
	c.mu.Lock()
	if len(c.queue) > 0 {
		c.queue[0].done <- true
	} else {
		c.leading = false
	}
	c.mu.Unlock()
	return w.result()
}

// result is what Update returns to the write's caller, or a panic if the write panicked.
func (w *write) result() error {
	if p, ok := w.err.(*writePanic); ok {
		panic(p)
	}
	return w.err
}

// run commits a group of writes in one transaction and tells every writer (but itself) its result.
// The transaction also carries every pending message note (see note.go).
func (f *File) run(group []*write, leader *write) {
	withNotes := true
	for len(group) > 0 {
		failed := -1
		var failure error
		notesFailed := false
		var pending []pendingNote
		if withNotes {
			pending = f.notes.pending(time.Now())
		}
		var carry carried
		txid := 0
		start := time.Now()
		err := f.db.Update(func(tx *bolt.Tx) error {
			carry, txid = carried{}, tx.ID()
			t := &fileTx{tx: tx, f: f, w: &carry}
			if err := t.writeNotes(pending); err != nil {
				notesFailed = true
				return err
			}
			for i, w := range group {
				if err := call(w.fn, t); err != nil {
					failed, failure = i, err
					return err
				}
			}
			return nil
		})
		if notesFailed {
			// The notes stay pending (reads still see them); the writes go on without them.
			withNotes = false
			continue
		}
		if failed >= 0 {
			finish(group[failed], leader, failure)
			group = append(group[:failed], group[failed+1:]...)
			continue
		}
		if err == nil {
			metrics.Commit(metrics.Bbolt, time.Since(start), len(group))
			f.commits.Add(1)
			f.notes.settle(carry.notes, txid, time.Now())
		}
		f.health.committed(err)
		for _, w := range group {
			finish(w, leader, err)
		}
		return
	}
}

func finish(w, leader *write, err error) {
	w.err = err
	if w != leader {
		w.done <- false
	}
}

// call runs one write, catching its panic so that one bad write cannot take the others (or the
// committer) down with it; the panic is raised again on its caller's goroutine (write.result).
func call(fn func(Tx) error, tx Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &writePanic{value: p, stack: debug.Stack()}
		}
	}()
	return fn(tx)
}

// writePanic is a write function's panic carried to the goroutine that called Update: what it
// panicked with, and the stack of the goroutine where it panicked (the committer's, which the
// caller's own stack would not show).
type writePanic struct {
	value any
	stack []byte
}

func (p *writePanic) Error() string {
	return fmt.Sprintf("store: write panicked: %v\n\ngoroutine of the group commit:\n%s", p.value, p.stack)
}

// Unwrap gives the error the write panicked with, if it was one.
func (p *writePanic) Unwrap() error {
	err, _ := p.value.(error)
	return err
}
