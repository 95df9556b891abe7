package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games/catalog"
)

// TestBackupWhilePlaying takes a backup while 8 players keep deciding: the backup opens, passes
// Check, and holds every decision acknowledged before it began.
func TestBackupWhilePlaying(t *testing.T) {
	s, _, _ := openTest(t)
	type ack struct {
		id  uint64
		ply int
	}
	var mu sync.Mutex
	var acked []ack
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var made atomic.Int64
	encoded := fresh(t, "ouri", 0)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			me := fmt.Sprint("p", w)
			for {
				rec, err := s.CreateGame(Game{Channel: fmt.Sprint("c", w%3), Encoded: encoded,
					Seats: [2]Player{person(me), person("x" + me)}})
				if err != nil {
					t.Error(err)
					return
				}
				for rec.State == Active {
					select {
					case <-stop:
						return
					default:
					}
					var err error
					rec, _, err = s.Update(rec.ID, rec.Ply, playFirst)
					if err != nil {
						t.Error(err)
						return
					}
					s.NoteMessage(rec.ID, fmt.Sprint("m", rec.Ply))
					made.Add(1)
					mu.Lock()
					acked = append(acked, ack{rec.ID, rec.Ply})
					mu.Unlock()
				}
			}
		}()
	}
	for made.Load() < 200 {
		time.Sleep(time.Millisecond)
	}
	mu.Lock()
	before := slices.Clone(acked)
	mu.Unlock()
	path := filepath.Join(t.TempDir(), "backups", "b.db")
	if err := s.File().BackupFile(path); err != nil {
		t.Fatal(err)
	}
	after := made.Load()
	close(stop)
	wg.Wait()
	if after == int64(len(before)) {
		t.Log("no decision landed during the backup")
	}

	b, err := Open(path, Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Check(); err != nil {
		t.Fatal(err)
	}
	for _, a := range before {
		rec, _, err := b.Game(a.id)
		if err != nil || rec.Ply < a.ply {
			t.Fatalf("the backup lost game %d at ply %d: ply %d %v", a.id, a.ply, rec.Ply, err)
		}
	}
	if _, err := os.Stat(path + ".tmp"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the temporary file is left: %v", err)
	}
	t.Logf("%d decisions acknowledged before the backup, %d when it ended", len(before), after)
}

func TestBackupCarriesPendingNotes(t *testing.T) {
	d := noteDelay
	noteDelay = time.Hour
	t.Cleanup(func() { noteDelay = d })
	s, _, _ := openTest(t)
	g := newGame(t, s, "c1", "ouri", person("a"), bot("easy"))
	s.NoteMessage(g.ID, "m1")
	var buf bytes.Buffer
	n, err := s.File().Backup(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("Backup: %d bytes written, %d reported, %v", buf.Len(), n, err)
	}
	path := filepath.Join(t.TempDir(), "b.db")
	os.WriteFile(path, buf.Bytes(), 0o600)
	b, err := Open(path, Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got, _, _ := b.Game(g.ID); got.MessageID != "m1" {
		t.Fatalf("the backup has message %q, want the noted m1", got.MessageID)
	}
}

func TestRunBackupsKeepsTheNewest(t *testing.T) {
	s, _, _ := openTest(t)
	newGame(t, s, "c1", "ouri", person("a"), bot("easy"))
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "tabuleiro-19990101T000000.000Z.db.tmp"), []byte("left by a crash"), 0o600)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a backup"), 0o600)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	var log logBuffer
	go func() {
		s.File().RunBackups(ctx, dir, 15*time.Millisecond, 3, slog.New(slog.NewTextHandler(&log, nil)))
		close(done)
	}()
	backups := func() []string {
		es, _ := os.ReadDir(dir)
		var out []string
		for _, e := range es {
			if strings.HasPrefix(e.Name(), "tabuleiro-") {
				out = append(out, e.Name())
			}
		}
		return out
	}
	deadline := time.Now().Add(10 * time.Second)
	for log.count("backup written") < 5 {
		if time.Now().After(deadline) {
			t.Fatalf("backups: %v", backups())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
	got := backups()
	if len(got) != 3 || slices.ContainsFunc(got, func(n string) bool { return strings.HasSuffix(n, ".tmp") }) {
		t.Fatalf("kept %v, want the 3 newest backups and no temporary file", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Fatal("another file was removed")
	}
	b, err := Open(filepath.Join(dir, got[2]), Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Check(); err != nil {
		t.Fatal(err)
	}
	if gs, _ := b.ChannelGames("c1"); len(gs) != 1 {
		t.Fatalf("the newest backup holds %d games, want 1", len(gs))
	}
}

// logBuffer is a log destination the test reads while RunBackups writes it.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) count(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(l.b.String(), s)
}

func TestBackupOffline(t *testing.T) {
	s, _, path := openTest(t)
	g := newGame(t, s, "c1", "ouri", person("a"), bot("easy"))
	dst := filepath.Join(t.TempDir(), "copy.db")
	if err := BackupOffline(path, dst); !errors.Is(err, ErrInUse) {
		t.Fatalf("copying a file the bot holds: %v, want ErrInUse", err)
	}
	s.Close()
	if err := BackupOffline(path, dst); err != nil {
		t.Fatal(err)
	}
	b, err := Open(dst, Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, _, err := b.Game(g.ID); err != nil {
		t.Fatal(err)
	}
	if err := BackupOffline(filepath.Join(t.TempDir(), "missing.db"), dst); err == nil {
		t.Fatal("copied a file that does not exist")
	}
}

func TestCheckFindsBrokenIndexes(t *testing.T) {
	breaks := []struct {
		name  string
		harm  func(tx *bolt.Tx, g Game) error
		names string
	}{
		{"an entry removed", func(tx *bolt.Tx, g Game) error {
			return tx.Bucket(bGameChannel).Delete(append(key(g.Channel), u64(g.ID)...))
		}, "lacks its entry"},
		{"an entry for a game that is not there", func(tx *bolt.Tx, g Game) error {
			return tx.Bucket(bBotToMove).Put(u64(999), nil)
		}, "does not imply it"},
		{"an entry naming another game", func(tx *bolt.Tx, g Game) error {
			return tx.Bucket(bActive).Put(key(g.Channel, g.Kind, "a"), u64(g.ID+1))
		}, "holds"},
	}
	for _, tt := range breaks {
		t.Run(tt.name, func(t *testing.T) {
			s, _, _ := openTest(t)
			g := newGame(t, s, "c1", "ouri", person("a"), bot("easy"))
			if err := s.Check(); err != nil {
				t.Fatalf("a sound file: %v", err)
			}
			if err := s.File().db.Update(func(tx *bolt.Tx) error { return tt.harm(tx, g) }); err != nil {
				t.Fatal(err)
			}
			err := s.Check()
			if err == nil || !strings.Contains(err.Error(), tt.names) {
				t.Fatalf("Check: %v, want it to say %q", err, tt.names)
			}
			// Leave a sound file for the cleanup's check.
			s.File().db.Update(func(tx *bolt.Tx) error {
				tx.Bucket(bBotToMove).Delete(u64(999))
				tx.Bucket(bActive).Put(key(g.Channel, g.Kind, "a"), u64(g.ID))
				return tx.Bucket(bGameChannel).Put(append(key(g.Channel), u64(g.ID)...), nil)
			})
		})
	}
}

func TestCompact(t *testing.T) {
	s, _, path := openTest(t)
	var ids []uint64
	for i := range 30 {
		ids = append(ids, newGame(t, s, "c1", "ouri", person(itoa(uint64(i))), bot("easy")).ID)
	}
	s.Close()
	dst := filepath.Join(t.TempDir(), "compact.db")
	if err := Compact(path, dst); err != nil {
		t.Fatal(err)
	}
	if err := Compact(path, dst); err == nil {
		t.Fatal("compacted over an existing file")
	}
	b, err := Open(dst, Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Check(); err != nil {
		t.Fatal(err)
	}
	if gs, _ := b.ChannelGames("c1"); !slices.Equal(gameIDs(gs), ids) {
		t.Fatalf("compacted games %v, want %v", gameIDs(gs), ids)
	}
}
