package discord

import (
	"context"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"
)

// Work tracks what runs after an interaction has been answered (the bot's own moves, posting the
// board's message id) so that shutdown can wait for it. After Close it refuses new work: the
// intake has stopped, and the store is about to close.
type Work struct {
	ctx context.Context
	log *slog.Logger

	mu     sync.Mutex
	n      int
	closed bool
	idle   chan struct{} // closed when n drops to 0; replaced when work starts

	// jobs hands a task to a worker that has finished its last one and waits (workerLinger) for
	// another. A follow-up's HTTP client grows a fresh goroutine's stack several times over; a
	// worker that stays keeps its grown stack (copying stacks was about a third of clearing a
	// board's controls).
	jobs chan func(ctx context.Context)
}

// workerLinger is how long a worker with nothing to do waits for another task before it ends.
const workerLinger = 10 * time.Second

// NewWork returns a tracker whose tasks run with ctx: cancel it to abandon them.
func NewWork(ctx context.Context, log *slog.Logger) *Work {
	if log == nil {
		log = slog.Default()
	}
	idle := make(chan struct{})
	close(idle)
	return &Work{ctx: ctx, log: log, idle: idle, jobs: make(chan func(ctx context.Context))}
}

// Go runs f in the background and reports whether it was accepted. A panic in f is logged.
func (w *Work) Go(f func(ctx context.Context)) bool {
	if !w.start() {
		return false
	}
	w.launch(f)
	return true
}

// Hold counts a task that is not ready to run yet (an After step waits for its reply to be
// written), so that waiting for idle, here or at shutdown, already waits for it. The returned
// func runs it; it must be called exactly once (nil runs nothing). ok is false after Close.
func (w *Work) Hold() (run func(f func(ctx context.Context)), ok bool) {
	if !w.start() {
		return nil, false
	}
	return func(f func(ctx context.Context)) {
		if f == nil {
			w.done()
			return
		}
		w.launch(f)
	}, true
}

// launch runs f on a waiting worker or a new one; start has counted it.
func (w *Work) launch(f func(ctx context.Context)) {
	select {
	case w.jobs <- f:
	default:
		go w.worker(f)
	}
}

// worker runs f, then the tasks handed to it, until none comes for workerLinger or the work's
// context ends.
func (w *Work) worker(f func(ctx context.Context)) {
	var linger *time.Timer
	for {
		w.run(f)
		w.done()
		if linger == nil {
			linger = time.NewTimer(workerLinger)
		} else {
			linger.Reset(workerLinger)
		}
		select {
		case f = <-w.jobs:
		case <-linger.C:
			return
		case <-w.ctx.Done():
			return
		}
	}
}

// Do runs f now, in the caller's goroutine, tracked like Go.
func (w *Work) Do(f func(ctx context.Context)) bool {
	if !w.start() {
		return false
	}
	defer w.done()
	w.run(f)
	return true
}

func (w *Work) run(f func(ctx context.Context)) {
	defer func() {
		if p := recover(); p != nil {
			w.log.Error("discord: panic in background work", "panic", p, "stack", string(debug.Stack()))
		}
	}()
	f(w.ctx)
}

func (w *Work) start() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return false
	}
	if w.n == 0 {
		w.idle = make(chan struct{})
	}
	w.n++
	return true
}

func (w *Work) done() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.n--
	if w.n == 0 {
		close(w.idle)
	}
}

// Close refuses new work; what runs goes on.
func (w *Work) Close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
}

// Wait closes the tracker and waits until nothing runs, or ctx ends.
func (w *Work) Wait(ctx context.Context) error {
	w.Close()
	return w.idleWait(ctx)
}

// idleWait waits until nothing runs, without closing.
func (w *Work) idleWait(ctx context.Context) error {
	w.mu.Lock()
	idle := w.idle
	w.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
