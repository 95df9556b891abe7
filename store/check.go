package store

import (
	"bytes"
	"errors"
	"fmt"
)

// maxProblems bounds the report of Check: past it, the file needs a backup, not a longer list.
const maxProblems = 20

// Check verifies the store: the KV's check of its storage (CheckingKV; in a file, bbolt's check of
// every page), then that the indexes and the records agree both ways: every index entry is one a
// readable record implies, and every readable record has all the entries it implies. Entries
// naming a record that cannot be read are left alone (Retire deals with those). Nil when all is
// well; otherwise the problems found, joined.
func (s *DB) Check() error {
	var problems []error
	add := func(err error) bool {
		problems = append(problems, err)
		return len(problems) < maxProblems
	}
	var err error
	if c, ok := s.kv.(CheckingKV); ok {
		err = c.CheckStorage(add)
	}
	if err == nil && len(problems) < maxProblems {
		err = s.view(func(tx Tx) error {
			checkIndexes(tx, add)
			checkStandings(tx, add)
			checkDailyServers(tx, add)
			checkMembers(tx, add)
			checkTournaments(tx, add)
			checkLinks(tx, add)
			return nil
		})
	}
	if err != nil {
		return fmt.Errorf("store: checking %s: %w", s.kv.Name(), err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("store: %s fails its check: %w", s.kv.Name(), errors.Join(problems...))
	}
	return nil
}

// checkIndexes compares the index buckets with the entries the records imply.
func checkIndexes(tx Tx, add func(error) bool) {
	type implied struct {
		val string
		by  string // the record that implies it
	}
	want := map[string]map[string]implied{} // bucket -> key -> entry
	for _, name := range allBuckets[2:] {
		want[string(name)] = map[string]implied{}
	}
	unreadable := map[string]map[uint64]bool{bucketGames: {}, bucketChallenges: {}}
	ok := true
	imply := func(by string, es []entry) {
		for _, e := range es {
			m := want[string(e.bucket)]
			if other, dup := m[string(e.key)]; dup && ok {
				ok = add(fmt.Errorf("index %s: %s and %s both claim entry %q", e.bucket, other.by, by, e.key))
			}
			m[string(e.key)] = implied{string(e.val), by}
		}
	}
	tx.Bucket(bGames).ForEach(func(k, v []byte) error {
		id := idAt(k)
		if g, err := decodeGame(id, v); err != nil {
			unreadable[bucketGames][id] = true
		} else {
			imply("game "+itoa(id), gameEntries(g))
		}
		return nil
	})
	tx.Bucket(bChallenges).ForEach(func(k, v []byte) error {
		id := idAt(k)
		if c, err := decodeChallenge(id, v); err != nil {
			unreadable[bucketChallenges][id] = true
		} else {
			imply("challenge "+itoa(id), challengeEntries(c))
		}
		return nil
	})
	for _, name := range allBuckets[2:] {
		if !ok {
			return
		}
		lost := unreadable[bucketGames]
		if bytes.Equal(name, bChallengeChannel) || bytes.Equal(name, bChallengeDue) {
			lost = unreadable[bucketChallenges]
		}
		m := want[string(name)]
		seen := map[string]bool{}
		tx.Bucket(name).ForEach(func(k, v []byte) error {
			seen[string(k)] = true
			id := idAt(k)
			if bytes.Equal(name, bActive) || bytes.Equal(name, bThread) {
				id = idAt(v)
			}
			e, implied := m[string(k)]
			switch {
			case lost[id]:
			case !implied:
				ok = add(fmt.Errorf("index %s: entry %q names record %d, which does not imply it", name, k, id))
			case e.val != string(v):
				ok = add(fmt.Errorf("index %s: entry %q holds %x, %s implies %x", name, k, v, e.by, e.val))
			}
			if !ok {
				return errStop
			}
			return nil
		})
		for k, e := range m {
			if !seen[k] && ok {
				ok = add(fmt.Errorf("index %s: %s lacks its entry %q", name, e.by, k))
			}
		}
	}
}

var errStop = errors.New("stop")
