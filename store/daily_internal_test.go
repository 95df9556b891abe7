package store

import (
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Check finds a list of daily-puzzle servers that disagrees with their settings.
func TestCheckComparesTheDailyServersWithTheSettings(t *testing.T) {
	for _, c := range []struct {
		name   string
		damage func(tx *bolt.Tx) error
		want   string
	}{
		{"a lost entry", func(tx *bolt.Tx) error {
			return tx.Bucket(bDailyServers).Delete(append([]byte{9}, "g1"...))
		}, "lacks its entry"},
		{"a stray entry", func(tx *bolt.Tx) error {
			return tx.Bucket(bDailyServers).Put(append([]byte{3}, "ghost"...), []byte("c"))
		}, "is not what the server's settings say"},
		{"a stale channel", func(tx *bolt.Tx) error {
			return tx.Bucket(bDailyServers).Put(append([]byte{9}, "g1"...), []byte("old"))
		}, "is not what the server's settings say"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _, _ := openTest(t)
			if _, err := s.ChangeServerSettings("g1", func(c *ServerSettings) { c.PuzzleChannel, c.PuzzleHour = "c9", 9 }); err != nil {
				t.Fatal(err)
			}
			if err := s.File().db.Update(c.damage); err != nil {
				t.Fatal(err)
			}
			if err := s.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Check says %v, want %q", err, c.want)
			}
			// Repair for the cleanup's own check: the settings say again what they say.
			s.File().db.Update(func(tx *bolt.Tx) error {
				tx.DeleteBucket(bDailyServers)
				tx.CreateBucket(bDailyServers)
				return nil
			})
			s.ChangeServerSettings("g1", func(c *ServerSettings) {})
		})
	}
}

// A daily puzzle's record from the build before claims had a lease (no flag after the solvers)
// reads as tried: its claim was final then, and is not taken over now.
func TestADailyClaimOfTheBuildBeforeTheLeaseIsFinal(t *testing.T) {
	s, c, _ := openTest(t)
	old := learningWriter()
	old.str("c1")
	old.str("ouri")
	old.str("ouri-0001")
	old.time(c.Now())
	old.str("")
	old.uint(0)
	day := Day(c.Now())
	if err := s.File().db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bDaily).Put(key("g1", day), old.b)
	}); err != nil {
		t.Fatal(err)
	}
	c.Add(time.Hour)
	d, won, err := s.ClaimDaily(DailyPuzzle{Guild: "g1", Day: day, Channel: "c1", Kind: "ouri", Puzzle: "ouri-0002"}, time.Minute)
	if err != nil || won || !d.Tried || d.Puzzle != "ouri-0001" {
		t.Fatalf("claiming over the old record: %+v, won %v, %v; want it final", d, won, err)
	}
}
