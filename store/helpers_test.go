package store

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// clock is a test clock that moves only when told.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// openTest opens a store on a real file in a temporary directory.
func openTest(t testing.TB, change ...func(*Options)) (*DB, *clock, string) {
	t.Helper()
	c := newClock()
	opt := Options{Decode: catalog.Decode, Now: c.Now}
	for _, f := range change {
		f(&opt)
	}
	path := filepath.Join(t.TempDir(), "data", "tabuleiro.db")
	s, err := Open(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	// Every storage test ends with the file's check, unless the test closed the store itself.
	t.Cleanup(func() {
		s.File().notes.mu.Lock()
		closed := s.File().notes.closed
		s.File().notes.mu.Unlock()
		if !closed {
			if err := s.Check(); err != nil {
				t.Error(err)
			}
		}
	})
	return s, c, path
}

func person(id string) Player { return Player{UserID: id} }
func bot(level string) Player { return Player{Bot: true, Level: level} }

// fresh encodes a new game of a kind after its first n decisions (the first legal one each time).
func fresh(t testing.TB, kind string, n int) []byte {
	t.Helper()
	g, err := catalog.New(kind, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if err := g.Play(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	return games.Encode(g)
}

// newGame stores a new game between two seats in a channel.
func newGame(t testing.TB, s *DB, channel, kind string, a, b Player) Game {
	t.Helper()
	g, err := s.CreateGame(Game{Guild: "g1", Channel: channel, Kind: kind, Seats: [2]Player{a, b},
		Encoded: fresh(t, kind, 0)})
	if err != nil {
		t.Fatalf("creating a %s game in %s: %v", kind, channel, err)
	}
	return g
}

// playFirst plays the first legal decision.
func playFirst(rec *Game, g games.Game) error { return g.Play(g.Legal()[0]) }

func gameIDs(gs []Game) []uint64 {
	out := []uint64{}
	for _, g := range gs {
		out = append(out, g.ID)
	}
	return out
}

func challengeIDs(cs []Challenge) []uint64 {
	out := []uint64{}
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

func mustGames(t testing.TB) func([]Game, error) []uint64 {
	return func(gs []Game, err error) []uint64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return gameIDs(gs)
	}
}

// rawTx is a transaction of the file as a Tx that sees the bytes stored, without notes.
func rawTx(tx *bolt.Tx) Tx { return &fileTx{tx: tx, f: &File{}} }
