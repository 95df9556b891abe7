package store

import (
	"bytes"
	"crypto/rand"
	"fmt"
)

// Pages are what the games' web pages need beside the games: the key their links are signed with,
// and the display names of the people who play, which a page shows where a chat shows a mention.
type Pages interface {
	// PageKey is the key game pages' links are signed with, made on first use and kept: every
	// process sharing the store signs alike, and links stay good across restarts.
	PageKey() ([]byte, error)
	// NoteNames keeps people's display names (user id -> name), writing only those that changed.
	NoteNames(names map[string]string) error
	// Names are the kept display names of users; a user without one is left out.
	Names(users ...string) (map[string]string, error)
}

var _ Pages = (*DB)(nil)

// The pages' buckets: settings-like, no index derives from them.
var (
	// The page key: "key" -> 32 random bytes.
	bPageKey = []byte("page-key")
	// Display names: user id -> the name as the chat last showed it.
	bNames = []byte("display-names")
)

var pageKeyName = []byte("key")

// PageKeySize is how long a page key is.
const PageKeySize = 32

// maxName bounds a kept display name (Discord's are at most 32 characters).
const maxName = 100

func (s *DB) PageKey() ([]byte, error) {
	var key []byte
	err := s.view(func(tx Tx) error {
		key = bytes.Clone(tx.Bucket(bPageKey).Get(pageKeyName))
		return nil
	})
	if err != nil || len(key) == PageKeySize {
		return key, err
	}
	fresh := make([]byte, PageKeySize)
	rand.Read(fresh)
	err = s.commit(func(tx Tx) error {
		b := tx.Bucket(bPageKey)
		// Another process may have made it meanwhile: theirs stands.
		if old := b.Get(pageKeyName); len(old) == PageKeySize {
			key = bytes.Clone(old)
			return nil
		}
		key = fresh
		return b.Put(pageKeyName, fresh)
	})
	if err != nil {
		return nil, fmt.Errorf("store: making the game pages' key: %w", err)
	}
	return key, nil
}

func (s *DB) NoteNames(names map[string]string) error {
	changed := func(tx Tx) map[string]string {
		b := tx.Bucket(bNames)
		out := map[string]string{}
		for user, name := range names {
			if user == "" || name == "" || !checkText(user, name) {
				continue
			}
			if r := []rune(name); len(r) > maxName {
				name = string(r[:maxName])
			}
			if string(b.Get([]byte(user))) != name {
				out[user] = name
			}
		}
		return out
	}
	var todo map[string]string
	if err := s.view(func(tx Tx) error { todo = changed(tx); return nil }); err != nil || len(todo) == 0 {
		return err
	}
	return s.commit(func(tx Tx) error {
		b := tx.Bucket(bNames)
		for user, name := range changed(tx) {
			if err := b.Put([]byte(user), []byte(name)); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *DB) Names(users ...string) (map[string]string, error) {
	out := map[string]string{}
	err := s.view(func(tx Tx) error {
		b := tx.Bucket(bNames)
		for _, u := range users {
			if v := b.Get([]byte(u)); len(v) > 0 {
				out[u] = string(v)
			}
		}
		return nil
	})
	return out, err
}
