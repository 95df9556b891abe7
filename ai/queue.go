package ai

import (
	"context"
	"sync"

	"tabuleiro/metrics"
)

// queue lets at most n searches run at once; the others wait their turn in arrival order. A search
// that gives up while it waits (its ctx ends) leaves the queue at once.
type queue struct {
	mu      sync.Mutex
	free    int
	waiting []chan struct{}
}

func newQueue(n int) *queue { return &queue{free: max(1, n)} }

// enter waits for a turn. On nil the caller must leave once done; on an error (ctx's) it has no turn.
func (q *queue) enter(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	q.mu.Lock()
	if q.free > 0 && len(q.waiting) == 0 {
		q.free--
		q.mu.Unlock()
		return nil
	}
	turn := make(chan struct{})
	q.waiting = append(q.waiting, turn)
	metrics.Queue(len(q.waiting))
	q.mu.Unlock()
	select {
	case <-turn:
		return nil
	case <-ctx.Done():
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	for i, w := range q.waiting {
		if w == turn {
			q.waiting = append(q.waiting[:i], q.waiting[i+1:]...)
			metrics.Queue(len(q.waiting))
			return ctx.Err()
		}
	}
	// The turn came at the same moment as the cancellation: hand it on.
	q.passLocked()
	return ctx.Err()
}

// leave ends a turn, giving it to the longest waiter.
func (q *queue) leave() {
	q.mu.Lock()
	q.passLocked()
	q.mu.Unlock()
}

func (q *queue) passLocked() {
	if len(q.waiting) == 0 {
		q.free++
		return
	}
	next := q.waiting[0]
	q.waiting[0] = nil
	q.waiting = q.waiting[1:]
	metrics.Queue(len(q.waiting))
	close(next)
}

// shelf keeps up to cap(items) searchers (each with its transposition table) between searches.
// The queue lets no more than that many search at once, so no more than that many ever exist.
type shelf[T any] struct {
	items chan T
	fresh func() T
}

func newShelf[T any](n int, fresh func() T) *shelf[T] {
	return &shelf[T]{items: make(chan T, max(1, n)), fresh: fresh}
}

func (s *shelf[T]) take() T {
	select {
	case x := <-s.items:
		return x
	default:
		return s.fresh()
	}
}

func (s *shelf[T]) put(x T) {
	select {
	case s.items <- x:
	default: // only if more searches ran at once than the queue allows
	}
}
