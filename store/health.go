package store

import (
	"fmt"
	"sync"
	"time"
)

// probeEvery limits how often Healthy tries a commit of its own while the store is failing.
var probeEvery = 3 * time.Second

type health struct {
	mu     sync.Mutex
	err    error     // the failure of the last commit; nil once one succeeds
	at     time.Time // when the last commit was tried
	probed time.Time
}

// committed records how the last commit went.
func (h *health) committed(err error) {
	h.mu.Lock()
	h.err, h.at = err, time.Now()
	h.mu.Unlock()
}

func (h *health) last() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
}

// Healthy is nil when the file can commit. After a commit failed (disk full, an I/O error) it
// reports that failure until a commit succeeds again. So that a file nobody writes to recovers too,
// it tries an empty commit of its own (a meta page and an fsync) when no commit was tried for a few
// seconds, at most once every few seconds. That probe needs no new room in the file: on a full disk
// it may succeed while a larger write still fails, which then reports the failure again.
func (f *File) Healthy() error {
	h := &f.health
	h.mu.Lock()
	if h.err == nil {
		h.mu.Unlock()
		return nil
	}
	probe := time.Since(h.probed) >= probeEvery && time.Since(h.at) >= probeEvery
	if probe {
		h.probed = time.Now()
	}
	h.mu.Unlock()
	if probe {
		f.Update(func(Tx) error { return nil })
	}
	if err := h.last(); err != nil {
		return fmt.Errorf("store: %s cannot commit: %w", f.db.Path(), err)
	}
	return nil
}

// Healthy is nil when the store can commit (its KV's Healthy).
func (s *DB) Healthy() error { return s.kv.Healthy() }
