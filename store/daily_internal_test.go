package store

import (
	"strings"
	"testing"

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
