package store

import (
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// panicky panics with what it is given; the tests look for its name in the stack the panic carries.
//
//go:noinline
func panicky(v any) { panic(v) }

// update calls f.Update and returns what it returned or what it panicked with.
func update(f *File, fn func(Tx) error) (panicked any, err error) {
	defer func() { panicked = recover() }()
	return nil, f.Update(fn)
}

func TestAPanicInAWriteIsRaisedAgainOnItsCallersGoroutine(t *testing.T) {
	cause := errors.New("the bug")
	for _, tc := range []struct {
		name  string
		value any
	}{
		{"a string", "a write went wrong"},
		{"an error", cause},
	} {
		t.Run("when the write panics with "+tc.name, func(t *testing.T) {
			f := openCommitTest(t)
			p, err := update(f, func(Tx) error { panicky(tc.value); return nil })
			if err != nil || p == nil {
				t.Fatalf("Update returned %v and did not panic", err)
			}
			wp, ok := p.(*writePanic)
			if !ok {
				t.Fatalf("panicked with %T %v, want the write's panic", p, p)
			}
			if wp.value != tc.value {
				t.Errorf("the panic carries %v, want %v", wp.value, tc.value)
			}
			if !strings.Contains(wp.Error(), "tabuleiro/store.panicky") {
				t.Errorf("the panic does not show the stack where the write panicked:\n%s", wp.Error())
			}
			if tc.value == cause && !errors.Is(wp, cause) {
				t.Errorf("the panic does not unwrap to the error the write panicked with")
			}
			if err := f.Update(func(Tx) error { return nil }); err != nil {
				t.Errorf("a write after the panic failed: %v", err)
			}
		})
	}
}

// TestAPanicInAGroupReachesOnlyItsOwnCaller queues writes behind a held commit, one of them
// panicking: its caller gets the panic, and every other write of the group is committed.
func TestAPanicInAGroupReachesOnlyItsOwnCaller(t *testing.T) {
	f := openCommitTest(t)
	key := func(i int) []byte { return []byte{'k', byte('0' + i)} }
	holding, release := make(chan struct{}), make(chan struct{})
	held := make(chan error, 1)
	go func() {
		held <- f.Update(func(Tx) error {
			close(holding)
			<-release
			return nil
		})
	}()
	<-holding
	free := sync.OnceFunc(func() { close(release) })
	t.Cleanup(free) // a failed test lets the held write go, so the file can close
	const writers, bad = 5, 2
	type outcome struct {
		err      error
		panicked any
	}
	outcomes := make([]outcome, writers)
	var wg sync.WaitGroup
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outcomes[i].panicked, outcomes[i].err = update(f, func(tx Tx) error {
				if i == bad {
					panicky("write 2 broke")
				}
				return tx.Bucket(bNames).Put(key(i), []byte("v"))
			})
		}()
	}
	waitFor(t, func() bool {
		f.committer.mu.Lock()
		defer f.committer.mu.Unlock()
		return len(f.committer.queue) == writers
	})
	free()
	wg.Wait()
	if err := <-held; err != nil {
		t.Fatalf("the held write failed: %v", err)
	}
	for i, o := range outcomes {
		switch {
		case i == bad:
			wp, ok := o.panicked.(*writePanic)
			if !ok || wp.value != "write 2 broke" || !strings.Contains(wp.Error(), "tabuleiro/store.panicky") {
				t.Errorf("the panicking write's caller got %v and %#v, want its panic with its stack", o.err, o.panicked)
			}
		case o.err != nil || o.panicked != nil:
			t.Errorf("write %d got %v and panic %v, want it committed", i, o.err, o.panicked)
		}
	}
	err := f.View(func(tx Tx) error {
		for i := range writers {
			if got := tx.Bucket(bNames).Get(key(i)); (got != nil) != (i != bad) {
				t.Errorf("write %d: stored %q", i, got)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// openCommitTest opens a bare file, whose records these tests do not keep in shape.
func openCommitTest(t *testing.T) *File {
	f, err := openFile(filepath.Join(t.TempDir(), "commit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
	}
}
