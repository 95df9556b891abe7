package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tabuleiro/games/catalog"
)

// shortDir is a temporary directory with a path short enough for a unix socket.
func shortDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "sock")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func TestBackupOverTheSocket(t *testing.T) {
	s, _, _ := openTest(t)
	g := newGame(t, s, "c1", "ouri", person("a"), bot("easy"))
	dir := shortDir(t)
	sock := BackupSocket(filepath.Join(dir, "t.db"))
	dst := filepath.Join(t.TempDir(), "copy.db")
	if err := FetchBackup(sock, dst); !errors.Is(err, ErrNoBot) {
		t.Fatalf("no bot listening: %v, want ErrNoBot", err)
	}
	// A socket file left by a bot that died is replaced.
	os.WriteFile(sock, nil, 0o600)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.File().ServeBackups(ctx, sock, nil) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		err := FetchBackup(sock, dst)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if info, err := os.Stat(sock); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the socket: %v %v, want it readable by its owner only", info.Mode(), err)
	}
	if err := s.File().ServeBackups(ctx, sock, nil); err == nil {
		t.Fatal("a second server took the socket of a live one")
	}
	b, err := Open(dst, Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.Game(g.ID); err != nil {
		t.Fatal(err)
	}
	if err := b.Check(); err != nil {
		t.Fatal(err)
	}
	b.Close()
	cancel()
	if err := <-served; err != nil {
		t.Fatalf("ServeBackups after its context ended: %v", err)
	}
	if _, err := os.Lstat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the socket is left behind: %v", err)
	}
}
