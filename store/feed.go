package store

import (
	"context"
	"encoding/binary"
	"sync"
)

// The live feed: whoever shows a game (a web page, an Activity) learns that it changed the moment
// the change is durable, from the one place every decision passes, whichever surface made it (a
// button, a typed move, the bot, a team's vote, a clock). A watcher is told only that the game
// changed, never what changed: it reads the game again. So a slow watcher costs nothing: the signal
// waits in a slot of one, later changes fold into it, and no commit ever waits for a watcher.
//
// Within one process the DB tells its watchers after each commit. Processes sharing a KV (etcd)
// hear of each other's commits through the KV (FeedingKV).

// FeedingKV is a KV that several processes share and that tells of changes made by any of them:
// changed is called with the key of every record of bucket written or deleted, by this process or
// another, until ctx is done. Without it a DB hears only of its own commits.
type FeedingKV interface {
	KV
	Feed(ctx context.Context, bucket []byte, changed func(key []byte))
}

// Watcher is a store that tells when a game changes. *DB is one.
type Watcher interface {
	// Watch signals on changed, soon after each change to game id is durable, until stop is
	// called. Changes made while the signal is not yet taken fold into it.
	Watch(id uint64) (changed <-chan struct{}, stop func())
}

var _ Watcher = (*DB)(nil)

// feed holds the watchers of each game.
type feed struct {
	mu       sync.Mutex
	watchers map[uint64]map[chan struct{}]struct{}
	// stop ends the KV's feed (FeedingKV) once the last watcher of any game leaves.
	stop  context.CancelFunc
	count int
}

// Watch signals on changed soon after each change to game id, until stop.
func (s *DB) Watch(id uint64) (<-chan struct{}, func()) {
	c := make(chan struct{}, 1)
	f := s.feed
	f.mu.Lock()
	if f.watchers == nil {
		f.watchers = map[uint64]map[chan struct{}]struct{}{}
	}
	if f.watchers[id] == nil {
		f.watchers[id] = map[chan struct{}]struct{}{}
	}
	f.watchers[id][c] = struct{}{}
	f.count++
	if fk, ok := s.kv.(FeedingKV); ok && f.stop == nil {
		ctx, cancel := context.WithCancel(context.Background())
		f.stop = cancel
		fk.Feed(ctx, bGames, func(key []byte) {
			if len(key) == 8 {
				s.changed(binary.BigEndian.Uint64(key))
			}
		})
	}
	f.mu.Unlock()
	var once sync.Once
	return c, func() {
		once.Do(func() {
			f.mu.Lock()
			defer f.mu.Unlock()
			delete(f.watchers[id], c)
			if len(f.watchers[id]) == 0 {
				delete(f.watchers, id)
			}
			if f.count--; f.count == 0 && f.stop != nil {
				f.stop()
				f.stop = nil
			}
		})
	}
}

// changed tells game id's watchers that it changed. It never blocks: a watcher that has not taken
// the last signal yet will read the game anyway.
func (s *DB) changed(id uint64) {
	f := s.feed
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.watchers[id] {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}
