package store

import (
	"bytes"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A reader of the store finds no token there: only its hash.
func TestALinkIsKeptWithoutItsToken(t *testing.T) {
	s, _, _ := openTest(t)
	token := "Zm9yIGFsaWNlJ3MgZXllcw"
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	if err := s.KeepLink(token, Link{Member: "alice", Game: 7, Expires: now.Add(time.Minute)}, now); err != nil {
		t.Fatal(err)
	}
	kept := 0
	s.File().db.View(func(tx *bolt.Tx) error {
		for _, name := range linkBuckets {
			tx.Bucket(name).ForEach(func(k, v []byte) error {
				kept++
				if bytes.Contains(k, []byte(token)) || bytes.Contains(v, []byte(token)) {
					t.Errorf("bucket %s holds the token: %q -> %q", name, k, v)
				}
				return nil
			})
		}
		return nil
	})
	if kept != 2 {
		t.Errorf("the link is kept in %d keys, want 2 (the link and its expiry)", kept)
	}
}

// Check finds a link without its expiry entry, and an entry without its link.
func TestCheckComparesTheLinksWithTheirExpiries(t *testing.T) {
	for _, c := range []struct {
		name   string
		damage func(tx *bolt.Tx) error
		want   string
	}{
		{"a lost entry", func(tx *bolt.Tx) error {
			k, _ := tx.Bucket(bLinksDue).Cursor().First()
			return tx.Bucket(bLinksDue).Delete(k)
		}, "lacks its entry"},
		{"a stray entry", func(tx *bolt.Tx) error {
			return tx.Bucket(bLinksDue).Put(linkDue(time.Unix(0, 0), linkKey("ghost")), []byte{})
		}, "names no link"},
		{"a damaged link", func(tx *bolt.Tx) error {
			k, _ := tx.Bucket(bLinks).Cursor().First()
			return tx.Bucket(bLinks).Put(k, []byte{99})
		}, "web-links record"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _, _ := openTest(t)
			now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
			if err := s.KeepLink(strings.Repeat("t", 22), Link{Member: "alice", Game: 7, Expires: now.Add(time.Minute)}, now); err != nil {
				t.Fatal(err)
			}
			if err := s.File().db.Update(c.damage); err != nil {
				t.Fatal(err)
			}
			if err := s.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Check says %v, want %q", err, c.want)
			}
			// Repair for the cleanup's own check.
			s.File().db.Update(func(tx *bolt.Tx) error {
				for _, name := range linkBuckets {
					tx.DeleteBucket(name)
					tx.CreateBucket(name)
				}
				return nil
			})
		})
	}
}
