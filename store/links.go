package store

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"
)

// Links are the personal links to the live web board (bot/web): a random token that makes a
// member a player of one game, kept until it is taken or expires. They are kept in the store, not
// in a process's memory, so that a link one replica made is taken on any other, once.
type Links interface {
	// KeepLink keeps token as l until l.Expires, and deletes links expired at now.
	KeepLink(token string, l Link, now time.Time) error
	// TakeLink takes token, once, for game: the link it was kept as, and true. An unknown or
	// taken token, one expired at now, or one kept for another game gives false, to any number
	// of processes racing for it but one.
	TakeLink(token string, game uint64, now time.Time) (Link, bool, error)
}

var _ Links = (*DB)(nil)

// Link is a personal link: who it makes a player of which game, until when.
type Link struct {
	Member  string
	Game    uint64
	Expires time.Time
}

// The links' buckets. A token is kept as its SHA-256 only: the store never holds a token that a
// reader of it could open a game with. The token is random (128 bits or more), so its hash needs
// no salt and no slow hashing.
var (
	// The links: hash of the token -> member, game, expiry.
	bLinks = []byte("web-links")
	// The links by expiry: expiry hash (time order) -> nothing, so the expired are found at once.
	bLinksDue = []byte("web-links-by-expiry")
)

var linkBuckets = [][]byte{bLinks, bLinksDue}

// maxLinkSweep bounds the expired links one KeepLink deletes (two keys each); the next takes
// more.
const maxLinkSweep = 16

func linkKey(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

func linkDue(expires time.Time, hash []byte) []byte { return append(timeKey(nil, expires), hash...) }

func (s *DB) KeepLink(token string, l Link, now time.Time) error {
	if len(token) < 16 || l.Member == "" || l.Game == 0 || !checkText(l.Member) {
		return errors.New("store: a link needs a token of 16 characters or more, its member and game")
	}
	h := linkKey(token)
	err := s.commit(func(tx Tx) error {
		if err := tx.Bucket(bLinks).Put(h, encodeLink(l)); err != nil {
			return err
		}
		return tx.Bucket(bLinksDue).Put(linkDue(l.Expires, h), []byte{})
	})
	if err != nil {
		return fmt.Errorf("store: keeping a link to game %d: %w", l.Game, err)
	}
	// The expired are deleted apart, so that keeping a link never waits on another's sweep.
	return s.sweepLinks(now)
}

// sweepLinks deletes up to maxLinkSweep links expired at now, when there are any.
func (s *DB) sweepLinks(now time.Time) error {
	limit := timeKey(nil, now)
	expired := func(tx Tx) [][]byte {
		var out [][]byte
		c := tx.Bucket(bLinksDue).Cursor()
		for k, _ := c.First(); len(k) >= 8 && len(out) < maxLinkSweep && bytes.Compare(k[:8], limit) <= 0; k, _ = c.Next() {
			out = append(out, bytes.Clone(k))
		}
		return out
	}
	var due bool
	if err := s.view(func(tx Tx) error { due = len(expired(tx)) > 0; return nil }); err != nil || !due {
		return err
	}
	err := s.commit(func(tx Tx) error {
		for _, k := range expired(tx) {
			if err := tx.Bucket(bLinks).Delete(k[8:]); err != nil {
				return err
			}
			if err := tx.Bucket(bLinksDue).Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: deleting expired links: %w", err)
	}
	return nil
}

func (s *DB) TakeLink(token string, game uint64, now time.Time) (Link, bool, error) {
	h := linkKey(token)
	var out Link
	var ok bool
	err := s.commit(func(tx Tx) error {
		out, ok = Link{}, false
		v := tx.Bucket(bLinks).Get(h)
		if v == nil {
			return nil
		}
		l, unreadable := decodeLink(h, v)
		if unreadable == nil && l.Game != game {
			return nil // another game's address: the link stays for its own game
		}
		// Taken, expired or unreadable, it goes.
		if err := tx.Bucket(bLinks).Delete(h); err != nil || unreadable != nil {
			return err
		}
		out, ok = l, now.Before(l.Expires)
		return tx.Bucket(bLinksDue).Delete(linkDue(l.Expires, h))
	})
	if err != nil {
		return Link{}, false, fmt.Errorf("store: taking a link to game %d: %w", game, err)
	}
	if !ok {
		out = Link{}
	}
	return out, ok, nil
}

func encodeLink(l Link) []byte {
	w := learningWriter()
	w.str(l.Member)
	w.uint(l.Game)
	w.time(l.Expires)
	return w.b
}

func decodeLink(hash, b []byte) (Link, error) {
	r := learningRecord(b)
	l := Link{Member: r.str(), Game: r.uint(), Expires: r.time()}
	if err := r.end(); err != nil {
		return Link{}, corruptAt(bLinks, hash, err)
	}
	return l, nil
}

// checkLinks compares the links with their expiry index both ways.
func checkLinks(tx Tx, add func(error) bool) {
	want := map[string]bool{}
	ok := true
	tx.Bucket(bLinks).ForEach(func(k, v []byte) error {
		l, err := decodeLink(k, v)
		if err != nil {
			ok = add(err)
		} else {
			want[string(linkDue(l.Expires, k))] = true
		}
		if !ok {
			return errStop
		}
		return nil
	})
	tx.Bucket(bLinksDue).ForEach(func(k, _ []byte) error {
		if !want[string(k)] && ok {
			ok = add(fmt.Errorf("index %s: entry %x names no link", bLinksDue, k))
		}
		delete(want, string(k))
		return nil
	})
	for k := range want {
		if ok {
			ok = add(fmt.Errorf("index %s: a link lacks its entry %x", bLinksDue, k))
		}
	}
}
