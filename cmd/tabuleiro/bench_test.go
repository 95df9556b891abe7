package main

import (
	"context"
	"os"
	"path/filepath"
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

func TestBenchPlaysTheOpeningsOfAFile(t *testing.T) {
	write := func(t *testing.T, text string) string {
		path := filepath.Join(t.TempDir(), "openings.txt")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	t.Run("each line is an opening, replayed with its decisions in canonical notation", func(t *testing.T) {
		path := write(t, "# balanced\nd;c;E # a comment\n\nf\n")
		got, err := readOpenings(path, "ouri", nil)
		if err != nil || len(got) != 2 {
			t.Fatalf("got %v, %v; want two openings", got, err)
		}
		st, err := openingFrom("ouri", nil, got[0], 1)
		if err != nil || st.game.Ply() != 3 || strings.Join(st.moves, ";") != "d;c;e" {
			t.Fatalf("the first opening: %v at ply %d, %v", st.moves, st.game.Ply(), err)
		}
	})
	t.Run("a match is played from them, from both seats, and says so", func(t *testing.T) {
		path := write(t, "d;c\nf;a\n")
		code, out, errs := runCmd(t, "", "bench", "ouri", "--a", "easy", "--b", "medium", "--games", "6",
			"--cache", "", "--openings", path)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if !strings.Contains(out, "6 games from 3 paired openings of "+path+" (2 in it)") {
			t.Errorf("unexpected report:\n%s", out)
		}
	})
	for _, c := range []struct{ name, text, says string }{
		{"a decision that is not legal is named with its line", "d;c\nd;z\n", ":2: move \"z\" at ply 2 is illegal"},
		{"a file without an opening is refused", "# nothing\n\n", "no openings"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", "bench", "ouri", "--games", "2", "--cache", "", "--openings", write(t, c.text))
			if code != 2 || !strings.Contains(errs, c.says) {
				t.Errorf("exit %d, stderr %q, want 2 and %q", code, errs, c.says)
			}
		})
	}
	t.Run("a file that cannot be read is an error", func(t *testing.T) {
		code, _, errs := runCmd(t, "", "bench", "ouri", "--openings", "/nonexistent/openings.txt")
		if code != 2 || !strings.Contains(errs, "/nonexistent/openings.txt") {
			t.Errorf("exit %d, stderr %q", code, errs)
		}
	})
}

func TestOpeningsWritesAFileBenchReads(t *testing.T) {
	code, out, errs := runCmd(t, "", "openings", "ordo", "--plies", "2", "--n", "3", "--within", "50",
		"--movetime", "20ms", "--cache", "")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	path := filepath.Join(t.TempDir(), "ordo.txt")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readOpenings(path, "ordo", nil)
	if err != nil || len(got) != 3 {
		t.Fatalf("bench reads %v, %v from:\n%s", got, err, out)
	}
	for _, o := range got {
		if len(o) != 2 {
			t.Errorf("an opening of %d plies, want 2: %v", len(o), o)
		}
	}
	t.Run("by depth, the same file every time", func(t *testing.T) {
		var files [2]string
		for i := range files {
			code, out, errs := runCmd(t, "", "openings", "ordo", "--plies", "2", "--n", "4", "--within", "50",
				"--depth", "2", "--cache", "")
			if code != 0 || !strings.Contains(out, "hard (2 plies)") {
				t.Fatalf("exit %d: %s\n%s", code, errs, out)
			}
			files[i] = out
		}
		if files[0] != files[1] {
			t.Errorf("two runs at depth 2 differ:\n%s\n%s", files[0], files[1])
		}
	})
	for _, c := range []struct{ name, args string }{
		{"no game", "--n 3"},
		{"no openings asked for", "ordo --n 0"},
		{"a verdict further than 50 points from even", "ordo --within 60"},
		{"a negative depth", "ordo --depth -1"},
	} {
		t.Run(c.name+" is refused with the usage", func(t *testing.T) {
			code, _, errs := runCmd(t, "", append([]string{"openings"}, strings.Fields(c.args)...)...)
			if code != 2 || !strings.Contains(errs, "usage: tabuleiro openings") {
				t.Errorf("exit %d, stderr %q", code, errs)
			}
		})
	}
}

func TestBenchTakesTheEndgameDatabasesSeedCap(t *testing.T) {
	code, _, errs := runCmd(t, "", "bench", "ouri", "--a", "easy", "--b", "easy", "--games", "2", "--cache", "", "--endgame-seeds", "19")
	if code != 2 || !strings.Contains(errs, "--endgame-seeds 19: give a number of seeds from 1 to 18") {
		t.Errorf("a cap beyond the largest database: exit %d, stderr %q", code, errs)
	}
	code, out, errs := runCmd(t, "", "bench", "ouri", "--a", "hard", "--b", "easy", "--games", "2", "--movetime", "5ms",
		"--cache", "", "--endgame-seeds", "6")
	if code != 0 || !strings.Contains(out, "2 games from 1 paired opening") {
		t.Errorf("hard with 6-seed databases: exit %d, stderr %q, out:\n%s", code, errs, out)
	}
}
