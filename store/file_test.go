package store

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games/catalog"
)

// pristine is a database with 40 games of a few decisions each, made once for all damage tests.
var pristine struct {
	once     sync.Once
	b        []byte
	pageSize int
}

// damagedCopy lets change damage a copy of pristine's bytes and writes it to a new file.
func damagedCopy(t *testing.T, change func(b []byte, pageSize int) []byte) string {
	t.Helper()
	pristine.once.Do(func() {
		dir, err := os.MkdirTemp("", "pristine")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		path := filepath.Join(dir, "pristine.db")
		s, err := Open(path, Options{Decode: catalog.Decode, Now: newClock().Now})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 40 {
			g := newGame(t, s, "c"+itoa(uint64(i%10)), "ouri", person(itoa(uint64(i))), bot("easy"))
			for range 5 {
				if _, _, err := s.Update(g.ID, -1, playFirst); err != nil {
					t.Fatal(err)
				}
			}
		}
		pristine.pageSize = s.File().db.Info().PageSize
		s.Close()
		if pristine.b, err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	})
	if pristine.b == nil {
		t.Fatal("no pristine database")
	}
	out := filepath.Join(t.TempDir(), "damaged.db")
	b := change(append([]byte(nil), pristine.b...), pristine.pageSize)
	if err := os.WriteFile(out, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return out
}

// current is the meta page bbolt uses: the one with the higher transaction id.
func current(b []byte, ps int) meta {
	m := readMeta(b[pageHeader:])
	if m1 := readMeta(b[ps+pageHeader:]); m1.txid > m.txid {
		m = m1
	}
	return m
}

// mustRefuse opens a damaged file and wants a clear error that names the file and says what to do.
func mustRefuse(t *testing.T, path string, says ...string) {
	t.Helper()
	s, err := Open(path, Options{Decode: catalog.Decode})
	if err == nil {
		s.Close()
		t.Fatal("a damaged file opened")
	}
	msg := err.Error()
	for _, want := range append([]string{path}, says...) {
		if !strings.Contains(msg, want) {
			t.Fatalf("the error %q does not say %q", msg, want)
		}
	}
	var fe *FileError
	if !errors.As(err, &fe) || fe.Advice == "" {
		t.Fatalf("the error %q is not a *FileError with advice", msg)
	}
}

func TestDamagedFilesAreRefusedClearly(t *testing.T) {
	flip := func(b []byte, at int) { b[at] ^= 0x10 }
	cases := []struct {
		name   string
		change func(b []byte, pageSize int) []byte
		says   []string
	}{
		{"a file cut off mid-page", func(b []byte, ps int) []byte { return b[:len(b)-ps/2] },
			[]string{"whole number of", "backup"}},
		{"a file cut off at a page boundary", func(b []byte, ps int) []byte { return b[:(current(b, ps).pgid-1)*uint64(ps)] },
			[]string{"cut off", "backup"}},
		{"a file cut to its header pages", func(b []byte, ps int) []byte { return b[:3*ps] },
			[]string{"backup"}},
		{"both meta pages with flipped bits", func(b []byte, ps int) []byte {
			flip(b, pageHeader+20)
			flip(b, ps+pageHeader+20)
			return b
		}, []string{"meta pages", "backup"}},
		{"the root page overwritten with garbage", func(b []byte, ps int) []byte {
			m := current(b, ps)
			rng := rand.New(rand.NewPCG(1, 2))
			for i := range ps {
				b[int(m.root)*ps+i] = byte(rng.Uint32())
			}
			return b
		}, []string{"backup"}},
		{"a page whose element points past its end", func(b []byte, ps int) []byte {
			m := current(b, ps)
			root := b[int(m.root)*ps:]
			root[pageHeader+4] = 0xff // the first element's pos
			root[pageHeader+5] = 0xff
			return b
		}, []string{"past the end", "backup"}},
		{"an empty file", func([]byte, int) []byte { return nil }, []string{"empty", "delete it", "backup"}},
		{"a text file", func([]byte, int) []byte { return []byte("DB_PATH=data/tabuleiro.db\n") },
			[]string{"not a tabuleiro database", "DB_PATH"}},
		{"a file of noise", func(b []byte, _ int) []byte {
			rng := rand.New(rand.NewPCG(3, 4))
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			return b
		}, []string{"not a tabuleiro database"}},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			mustRefuse(t, damagedCopy(t, tt.change), tt.says...)
		})
	}
}

func TestOneTornMetaPageStillOpens(t *testing.T) {
	for page := range 2 {
		path := damagedCopy(t, func(b []byte, ps int) []byte {
			b[page*ps+pageHeader+20] ^= 0x10
			return b
		})
		s, err := Open(path, Options{Decode: catalog.Decode})
		if err != nil {
			t.Fatalf("meta page %d torn: %v", page, err)
		}
		if gs, err := s.ChannelGames("c1"); err != nil || len(gs) != 4 {
			t.Fatalf("meta page %d torn: %d games, %v", page, len(gs), err)
		}
		s.Close()
	}
}

// TestGarbageInAnyPageNeverCrashes overwrites each page of a file in turn with noise: opening and
// reading either works (a free page) or gives an error, and never panics.
func TestGarbageInAnyPageNeverCrashes(t *testing.T) {
	var pages, pageSize int
	damagedCopy(t, func(b []byte, ps int) []byte { pages, pageSize = len(b)/ps, ps; return b })
	refused := 0
	for p := 0; p < pages; p++ {
		path := damagedCopy(t, func(b []byte, ps int) []byte {
			rng := rand.New(rand.NewPCG(uint64(p), 9))
			for i := range ps {
				b[p*ps+i] = byte(rng.Uint32())
			}
			return b
		})
		s, err := Open(path, Options{Decode: catalog.Decode})
		if err != nil {
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Errorf("page %d of %d (%d bytes): %v is not a *FileError", p, pages, pageSize, err)
			}
			refused++
			continue
		}
		if _, err := s.ChannelGames("c1"); err != nil {
			t.Errorf("page %d: listing: %v", p, err)
		}
		s.Close()
	}
	t.Logf("%d of %d damaged pages refused, the others were free", refused, pages)
}

// FuzzOpenDamagedFile overwrites part of a sound file with the fuzzer's bytes: Open refuses it with a
// *FileError or opens it, and then reading every listing and checking never panics.
//
//	go test -run '^$' -fuzz FuzzOpenDamagedFile -fuzztime 60s ./store/
func FuzzOpenDamagedFile(f *testing.F) {
	f.Add(uint32(0), []byte{0})
	f.Add(uint32(4096*2+16), []byte{0xff, 0xff, 0xff, 0xff})
	f.Add(uint32(4096*3+10), []byte{0, 0})
	f.Add(uint32(4096+32), []byte("\x07\x00\x00\x00\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, at uint32, data []byte) {
		path := damagedCopy(t, func(b []byte, _ int) []byte {
			copy(b[int(at)%len(b):], data)
			return b
		})
		s, err := Open(path, Options{Decode: catalog.Decode})
		if err != nil {
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("%v is not a *FileError", err)
			}
			return
		}
		defer s.Close()
		for i := range 10 {
			s.ChannelGames("c" + itoa(uint64(i)))
		}
		s.FinishedGames("g1", "1", 0)
		s.BotToMove()
		s.Check()
	})
}

func TestAFileThatLostItsGamesIsRefused(t *testing.T) {
	s, _, path := openTest(t)
	newGame(t, s, "c1", "ouri", person("a"), bot("easy"))
	s.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket(bGames) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	mustRefuse(t, path, `bucket "games" is missing`, "backup")
}
