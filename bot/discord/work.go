package discord

import (
	"context"
	"log/slog"
	"runtime/debug"
	"sync"
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
}

// NewWork returns a tracker whose tasks run with ctx: cancel it to abandon them.
func NewWork(ctx context.Context, log *slog.Logger) *Work {
	if log == nil {
		log = slog.Default()
	}
	idle := make(chan struct{})
	close(idle)
	return &Work{ctx: ctx, log: log, idle: idle}
}

// Go runs f in the background and reports whether it was accepted. A panic in f is logged.
func (w *Work) Go(f func(ctx context.Context)) bool {
	if !w.start() {
		return false
	}
	go func() {
		defer w.done()
		w.run(f)
	}()
	return true
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
