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
	t.Run("Oware Abapa is played out against a program speaking Aualé's dialect, W/D/L and Elo reported", func(t *testing.T) {
		code, out, errs := runCmd(t, "", "bench", "ouri", "--opt", "rules=abapa", "--a", "easy", "--b", "medium",
			"--games", "6", "--seed", "3", "--cache", "", "--protocol", "auale", "--against", os.Args[0])
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		for _, want := range []string{"6 games from 3 paired openings", "wins,", "elo:", "95%"} {
			if !strings.Contains(out, want) {
				t.Errorf("no %q in the report:\n%s", want, out)
			}
		}
	})
	for _, c := range []struct{ name, args, says string }{
		{"Aualé's dialect is refused for another game", "ordo --protocol auale --against x", "Oware Abapa only"},
		{"Aualé's dialect is refused for Ouri's own rules", "ouri --protocol auale --against x", "Oware Abapa only"},
		{"Aualé's dialect needs a program", "ouri --opt rules=abapa --protocol auale", "--against"},
		{"an unknown protocol is refused", "ouri --protocol xboard --against x", "json or auale"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", append([]string{"bench"}, strings.Fields(c.args)...)...)
			if code != 2 || !strings.Contains(errs, c.says) {
				t.Errorf("exit %d, stderr %q, want 2 and %q", code, errs, c.says)
			}
		})
	}
}
