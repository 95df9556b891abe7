package main

import (
	"context"
	"os"
	"strings"
	"testing"
)

// TestMain lets the test binary stand in for another engine: with TABULEIRO_TEST_ENGINE=1 it serves
// the engine protocol instead of running the tests.
func TestMain(m *testing.M) {
	if os.Getenv("TABULEIRO_TEST_ENGINE") == "1" {
		os.Exit(engine(context.Background(), os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func TestBenchAgainstAnotherEngine(t *testing.T) {
	t.Setenv("TABULEIRO_TEST_ENGINE", "1")
	for _, kind := range []string{"ouri", "ordo", "oolong"} {
		t.Run(kind+" is played out against the other program, every game counted", func(t *testing.T) {
			code, out, errs := runCmd(t, "", "bench", kind, "--a", "easy", "--b", "medium", "--games", "4",
				"--seed", "5", "--cache", "", "--against", os.Args[0])
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if !strings.Contains(out, "4 games from 2 paired openings") || !strings.Contains(out, "time per move") {
				t.Errorf("unexpected report:\n%s", out)
			}
			if !strings.Contains(out, "wins,") {
				t.Errorf("no results:\n%s", out)
			}
		})
	}
	t.Run("a program that cannot start is an error", func(t *testing.T) {
		code, _, errs := runCmd(t, "", "bench", "ouri", "--a", "easy", "--b", "easy", "--games", "2",
			"--cache", "", "--against", "/nonexistent/engine")
		if code == 0 || !strings.Contains(errs, "/nonexistent/engine") {
			t.Errorf("exit %d, stderr %q", code, errs)
		}
	})
}
