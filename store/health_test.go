package store

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestHealthyReportsAFailedCommitUntilOneSucceeds(t *testing.T) {
	defer func(d time.Duration) { probeEvery = d }(probeEvery)
	probeEvery = time.Hour
	s, _, _ := openTest(t)
	if err := s.Healthy(); err != nil {
		t.Fatalf("a fresh store: %v", err)
	}
	full := errors.New("no space left on device")
	s.File().health.committed(full) // as run records a failed commit
	before := s.Stats().Commits
	for range 3 {
		if err := s.Healthy(); !errors.Is(err, full) || !strings.Contains(err.Error(), s.File().db.Path()) {
			t.Fatalf("after a failed commit: %v, want it named with the file", err)
		}
	}
	if got := s.Stats().Commits - before; got != 0 {
		t.Fatalf("%d probe commits within the probe period, want none", got)
	}
	// A probe that succeeds, or any commit, clears it.
	probeEvery = 0
	if err := s.Healthy(); err != nil {
		t.Fatalf("after a probe succeeded: %v", err)
	}
	s.File().health.committed(full)
	newGame(t, s, "c1", "ouri", person("a"), bot("easy"))
	if err := s.File().health.last(); err != nil {
		t.Fatalf("after a commit succeeded: %v", err)
	}
}

func TestHealthySeesARealFailure(t *testing.T) {
	s, _, _ := openTest(t)
	s.Close()
	if err := s.Healthy(); err != nil {
		t.Fatalf("nothing has failed yet: %v", err)
	}
	if _, err := s.CreateGame(Game{Channel: "c", Seats: [2]Player{person("a"), person("b")},
		Encoded: fresh(t, "ouri", 0)}); err == nil {
		t.Fatal("committed on a closed file")
	}
	if err := s.Healthy(); err == nil {
		t.Fatal("Healthy after a commit failed")
	}
}
