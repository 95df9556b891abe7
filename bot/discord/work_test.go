package discord

import (
	"bytes"
	"context"
	"log/slog"
	"runtime"
	"strings"
	"testing"
	"time"
)

// goroutine is the calling goroutine's number, read from its stack trace's first line.
func goroutine() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	id, _, _ := strings.Cut(strings.TrimPrefix(string(buf), "goroutine "), " ")
	return id
}

func TestWorkRunsTasksOnAWorkerThatStays(t *testing.T) {
	var logs bytes.Buffer
	w := NewWork(context.Background(), slog.New(slog.NewTextHandler(&logs, nil)))
	ran := make(chan string, 1)
	var on []string
	for i, task := range []func(ctx context.Context){
		func(ctx context.Context) { ran <- goroutine() },
		func(ctx context.Context) { ran <- goroutine(); panic("a task's bug") },
		func(ctx context.Context) { ran <- goroutine() },
	} {
		if !w.Go(task) {
			t.Fatalf("task %d refused", i)
		}
		on = append(on, <-ran)
		// The worker takes the next task only once it waits for one.
		for deadline := time.Now().Add(5 * time.Second); !workerWaits(on[i]) && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
	}
	if on[0] != on[1] || on[1] != on[2] {
		t.Errorf("tasks ran on goroutines %v; want one worker for all", on)
	}
	if !strings.Contains(logs.String(), "a task's bug") {
		t.Errorf("the panic was not logged: %s", logs.String())
	}
	if err := w.Wait(context.Background()); err != nil || w.Go(func(context.Context) {}) {
		t.Errorf("after Wait: err %v, or a task was accepted", err)
	}
}

// workerWaits reports whether goroutine id is a worker blocked waiting for a task.
func workerWaits(id string) bool {
	buf := make([]byte, 1<<20)
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if strings.HasPrefix(g, "goroutine "+id+" [select") && strings.Contains(g, "discord.(*Work).worker") {
			return true
		}
	}
	return false
}

// A held task counts from Hold, before it may run: whoever waits for idle once the reply is out
// (shutdown, a test) waits for it too, and a held task released with nil leaves nothing running.
func TestWorkCountsAHeldTaskBeforeItRuns(t *testing.T) {
	w := NewWork(context.Background(), nil)
	idle := func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		return w.idleWait(ctx) == nil
	}
	run, ok := w.Hold()
	if !ok {
		t.Fatal("a hold was refused before Close")
	}
	if idle() {
		t.Fatal("idle with a task held")
	}
	ran := make(chan struct{})
	run(func(context.Context) { close(ran) })
	<-ran
	if err := w.idleWait(context.Background()); err != nil {
		t.Fatal(err)
	}
	release, _ := w.Hold()
	release(nil)
	if !idle() {
		t.Fatal("a hold released with nothing to run still counts")
	}
	w.Close()
	if _, ok := w.Hold(); ok {
		t.Fatal("a hold was granted after Close")
	}
}
