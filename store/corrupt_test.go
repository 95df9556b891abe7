package store

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games"
)

// poke writes raw bytes under a record's key, as damage or a future build would.
func poke(t *testing.T, s *DB, bucket []byte, id uint64, raw func(old []byte) []byte) {
	t.Helper()
	err := s.File().db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		return b.Put(u64(id), raw(append([]byte(nil), b.Get(u64(id))...)))
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestUnreadableGamesAreNamedAndSpareTheOthers(t *testing.T) {
	damages := []struct {
		name string
		raw  func(old []byte) []byte
	}{
		{"garbage bytes", func([]byte) []byte { return []byte("\xde\xad\xbe\xef garbage") }},
		{"a record from a future version", func(old []byte) []byte { old[0] = recordVersion + 1; return old }},
		{"a cut off record", func(old []byte) []byte { return old[:len(old)/2] }},
		{"an empty record", func([]byte) []byte { return []byte{} }},
		{"a game log that does not replay", func(old []byte) []byte {
			g, _ := decodeGame(0, old)
			g.Encoded = games.Record{Kind: "ouri", Options: games.Options{}, Log: []games.Move{77},
				Loser: games.NoSeat}.Encode()
			return encodeGame(g)
		}},
	}
	for _, tt := range damages {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var reported []error
			s, c, _ := openTest(t, func(o *Options) {
				o.OnCorrupt = func(err error) { mu.Lock(); reported = append(reported, err); mu.Unlock() }
			})
			ids := mustGames(t)
			var all []Game
			for _, p := range []string{"a", "b", "c"} {
				g := newGame(t, s, "c1", "ouri", person(p), bot("easy"))
				if _, _, err := s.Update(g.ID, 0, func(rec *Game, g games.Game) error {
					rec.Deadline = c.Now().Add(time.Hour)
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				all = append(all, g)
			}
			bad := all[1]
			poke(t, s, bGames, bad.ID, tt.raw)

			_, _, err := s.Game(bad.ID)
			var ce *CorruptError
			if !errors.As(err, &ce) || ce.Bucket != "games" || ce.Key != itoa(bad.ID) {
				t.Fatalf("reading the damaged game: %v, want a CorruptError naming games/%d", err, bad.ID)
			}
			if !strings.Contains(err.Error(), itoa(bad.ID)) {
				t.Fatalf("the message %q does not name the key", err)
			}
			if _, _, err := s.Update(bad.ID, -1, playFirst); !errors.As(err, &ce) {
				t.Fatalf("updating the damaged game: %v, want a CorruptError", err)
			}
			// The others go on, and listings skip the damaged one and report it.
			for _, g := range []Game{all[0], all[2]} {
				if _, _, err := s.Update(g.ID, 0, playFirst); err != nil {
					t.Fatalf("updating game %d next to a damaged one: %v", g.ID, err)
				}
			}
			wantOthers := []uint64{all[0].ID, all[2].ID}
			listings := map[string]func() ([]Game, error){
				"channel":  func() ([]Game, error) { return s.ChannelGames("c1") },
				"deadline": func() ([]Game, error) { return s.GamesDue(c.Now().Add(time.Hour)) },
			}
			for name, list := range listings {
				mu.Lock()
				reported = nil
				mu.Unlock()
				got := ids(list())
				// A record that still decodes (its game log does not) is listed: it is the game
				// that cannot be read, and Game and Update report it.
				if !reflect.DeepEqual(got, wantOthers) && !(tt.name == "a game log that does not replay" &&
					len(got) == 3) {
					t.Fatalf("%s listing: %v, want %v", name, got, wantOthers)
				}
				if len(got) == 2 {
					mu.Lock()
					if len(reported) != 1 || !errors.As(reported[0], &ce) || ce.Key != itoa(bad.ID) {
						t.Fatalf("%s listing reported %v, want games/%d", name, reported, bad.ID)
					}
					mu.Unlock()
				}
			}
			if a, err := s.ActiveGame("c1", "ouri", "c"); err != nil || a.ID != all[2].ID {
				t.Fatalf("an undamaged active game: %d %v", a.ID, err)
			}
			if _, err := s.CreateGame(Game{Channel: "c2", Seats: [2]Player{person("a"), person("b")},
				Encoded: fresh(t, "ouri", 0)}); err != nil {
				t.Fatalf("creating a game next to a damaged one: %v", err)
			}

			// Retiring the damaged game frees its player's place and leaves the others alone.
			if err := s.Retire(all[0].ID); !errors.Is(err, ErrReadable) {
				t.Fatalf("retiring a game that reads: %v, want ErrReadable", err)
			}
			if err := s.Retire(bad.ID); err != nil {
				t.Fatalf("retiring the damaged game: %v", err)
			}
			if _, err := s.ActiveGame("c1", "ouri", "b"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("the damaged game still holds b's place: %v", err)
			}
			for name, list := range listings {
				if got := ids(list()); !reflect.DeepEqual(got, wantOthers) {
					t.Fatalf("%s listing after retiring: %v, want %v", name, got, wantOthers)
				}
			}
			if bots, _ := s.BotToMove(); len(bots) != 2 {
				t.Fatalf("games waiting on the bot after retiring: %v, want the 2 others", ids(bots, nil))
			}
			newGame(t, s, "c1", "ouri", person("b"), bot("easy"))
			if err := s.Retire(bad.ID); err != nil && !errors.Is(err, ErrClosed) {
				t.Fatalf("retiring twice: %v", err)
			}
			if err := s.Retire(1 << 40); !errors.Is(err, ErrNotFound) {
				t.Fatalf("retiring a game that does not exist: %v", err)
			}
		})
	}
}

func TestUnreadableChallengesAreNamedAndSpareTheOthers(t *testing.T) {
	var reported []error
	s, c, _ := openTest(t, func(o *Options) { o.OnCorrupt = func(err error) { reported = append(reported, err) } })
	a, _ := s.CreateChallenge(challenge("c1", "alice", "bob", time.Minute, c))
	b, _ := s.CreateChallenge(challenge("c1", "carol", "dave", time.Minute, c))
	poke(t, s, bChallenges, a.ID, func([]byte) []byte { return []byte{recordVersion, 0xff} })
	var ce *CorruptError
	if _, err := s.Challenge(a.ID); !errors.As(err, &ce) || ce.Bucket != "challenges" || ce.Key != itoa(a.ID) {
		t.Fatalf("reading the damaged challenge: %v", err)
	}
	open, err := s.OpenChallenges("c1")
	if err != nil || !reflect.DeepEqual(challengeIDs(open), []uint64{b.ID}) {
		t.Fatalf("open challenges: %v %v", challengeIDs(open), err)
	}
	if len(reported) != 1 || !errors.As(reported[0], &ce) || ce.Key != itoa(a.ID) {
		t.Fatalf("reported %v", reported)
	}
	if _, err := s.CloseChallenge(b.ID, ChallengeDeclined); err != nil {
		t.Fatalf("declining the other challenge: %v", err)
	}
}

func TestRecordsRoundTrip(t *testing.T) {
	at := time.Date(2025, 1, 2, 3, 4, 5, 6, time.UTC)
	gamesToStore := []Game{
		{ID: 1, Guild: "g", Channel: "c", Kind: "ouri", Seats: [2]Player{person("1"), bot("hard")},
			MessageID: "m", State: Active, Outcome: games.Ongoing, Ply: 3, ToMove: 1, Encoded: []byte{1, 2, 3},
			Created: at, LastMove: at.Add(time.Second), Deadline: at.Add(time.Hour), Offer: Offer{"end", 1}},
		{ID: 2, Kind: "ordo", Seats: [2]Player{{UserID: "9", Bot: true, Level: "easy"}, person("8")},
			State: Finished, Outcome: games.Outcome{Winner: games.NoSeat, Method: games.Agreement},
			ToMove: games.NoSeat, Encoded: []byte{}, Created: at},
		{ID: 3, Created: time.Unix(0, -5).UTC(), Encoded: []byte{}},
	}
	for _, g := range gamesToStore {
		got, err := decodeGame(g.ID, encodeGame(g))
		if err != nil || !reflect.DeepEqual(normal(got), g) {
			t.Errorf("game round trip:\n got %+v %v\nwant %+v", got, err, g)
		}
	}
	c := Challenge{ID: 7, Guild: "g", Channel: "c", Kind: "oolong", Options: games.Options{"layout": "A,B", "trigger": "owner"},
		First: "random", Challenger: "1", Opponent: "2", MessageID: "m", Created: at, Expires: at.Add(time.Minute),
		State: ChallengeAccepted, GameID: 4}
	got, err := decodeChallenge(7, encodeChallenge(c))
	got.Created, got.Expires = got.Created.UTC(), got.Expires.UTC()
	if err != nil || !reflect.DeepEqual(got, c) {
		t.Errorf("challenge round trip:\n got %+v %v\nwant %+v", got, err, c)
	}
}

func TestOpen(t *testing.T) {
	t.Run("it creates missing directories", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "a", "b", "tabuleiro.db")
		s, err := Open(path, Options{Decode: func([]byte) (games.Game, error) { return nil, nil }})
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		if _, err := os.Stat(path); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a second opener gets a clear error instead of waiting forever", func(t *testing.T) {
		defer func(d time.Duration) { lockTimeout = d }(lockTimeout)
		lockTimeout = 100 * time.Millisecond
		_, _, path := openTest(t)
		_, err := Open(path, Options{Decode: func([]byte) (games.Game, error) { return nil, nil }})
		if err == nil || !strings.Contains(err.Error(), "in use by another process") {
			t.Fatalf("second open: %v", err)
		}
	})
	t.Run("it needs a decoder", func(t *testing.T) {
		if _, err := Open(filepath.Join(t.TempDir(), "x.db"), Options{}); err == nil {
			t.Fatal("opened without a decoder")
		}
	})
}
