package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// seeded makes a database file with one game, and returns the open store.
func seeded(t *testing.T, db string) (*store.DB, uint64) {
	t.Helper()
	st, err := store.Open(db, store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	g, err := catalog.New("ouri", nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := st.CreateGame(store.Game{Channel: "c1", Encoded: games.Encode(g),
		Seats: [2]store.Player{{UserID: "alice"}, {Bot: true, Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	return st, rec.ID
}

// holds checks that a backup file opens and holds the game.
func holds(t *testing.T, path string, id uint64) {
	t.Helper()
	st, err := store.Open(path, store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, _, err := st.Game(id); err != nil {
		t.Fatalf("the backup lacks game %d: %v", id, err)
	}
	if err := st.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestBackupCommand(t *testing.T) {
	// A short directory: the socket's path must fit in a unix socket address.
	dir, err := os.MkdirTemp("", "bk")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	db := filepath.Join(dir, "t.db")
	st, id := seeded(t, db)

	t.Run("a running bot without the socket is told about scheduled backups", func(t *testing.T) {
		var out, errs bytes.Buffer
		if code := backup([]string{"--db", db, filepath.Join(dir, "a.db")}, &out, &errs); code != 1 ||
			!strings.Contains(errs.String(), "BACKUP_DIR") {
			t.Fatalf("exit %d, stderr %q", code, errs.String())
		}
	})
	t.Run("a running bot answers over its socket", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		served := make(chan struct{})
		defer func() { cancel(); <-served }() // the socket is gone before the next case
		go func() { defer close(served); st.File().ServeBackups(ctx, store.BackupSocket(db), nil) }()
		dst := filepath.Join(dir, "b.db")
		var out, errs bytes.Buffer
		deadline := time.Now().Add(5 * time.Second)
		for backup([]string{"--db", db, dst}, &out, &errs) != 0 {
			if time.Now().After(deadline) {
				t.Fatalf("stderr %q", errs.String())
			}
			errs.Reset()
			time.Sleep(10 * time.Millisecond)
		}
		if !strings.Contains(out.String(), "running bot") {
			t.Fatalf("stdout %q", out.String())
		}
		holds(t, dst, id)
	})
	t.Run("a stopped bot's file is copied directly", func(t *testing.T) {
		st.Close()
		dst := filepath.Join(dir, "c.db")
		var out, errs bytes.Buffer
		if code := backup([]string{"--db", db, dst}, &out, &errs); code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errs.String())
		}
		holds(t, dst, id)
	})
	t.Run("a damaged file is named with what to do", func(t *testing.T) {
		bad := filepath.Join(dir, "bad.db")
		os.WriteFile(bad, []byte("not a database"), 0o600)
		var out, errs bytes.Buffer
		if code := backup([]string{"--db", bad, filepath.Join(dir, "d.db")}, &out, &errs); code != 1 ||
			!strings.Contains(errs.String(), bad) {
			t.Fatalf("exit %d, stderr %q", code, errs.String())
		}
	})
	t.Run("it needs exactly one file", func(t *testing.T) {
		var out, errs bytes.Buffer
		if code := backup([]string{"--db", db}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "usage") {
			t.Fatalf("exit %d, stderr %q", code, errs.String())
		}
	})
}

func TestCompactCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	st, id := seeded(t, db)
	var out, errs bytes.Buffer
	if code := compact([]string{"--db", db, filepath.Join(dir, "x.db")}, &out, &errs); code != 1 ||
		!strings.Contains(errs.String(), "stop it first") {
		t.Fatalf("compacting a held file: exit %d, stderr %q", code, errs.String())
	}
	st.Close()
	dst := filepath.Join(dir, "compact.db")
	errs.Reset()
	if code := compact([]string{"--db", db, dst}, &out, &errs); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs.String())
	}
	holds(t, dst, id)
	if code := compact([]string{"--db", db, dst}, &out, &errs); code != 1 {
		t.Fatal("compacted over an existing file")
	}
}
