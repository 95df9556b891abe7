package store

import (
	"sync"
	"sync/atomic"
	"time"
)

// Message ids ride on commits. The id of a board (or challenge) message is known only after the
// message was posted, a moment after the decision was committed; committing it on its own would cost
// a second fsync per decision. NoteMessage keeps it in memory instead, and the committer writes every
// pending note inside the next transaction it runs for any reason. When nothing commits for
// noteDelay, one background commit carries them all; Close flushes them.
//
// Until a note is in the file, every read lays it over the record it reads, so no caller ever sees an
// older message id. A note stays in memory for a while after its commit too (marked with the id of
// the transaction that wrote it), because a read transaction that began before that commit still
// sees the older bytes and must still be corrected.

// noteDelay is how long a note may wait for a commit to carry it before one is made for it.
var noteDelay = time.Second

// noteKeep is how long a committed note stays to correct read transactions older than its commit.
// Reads last microseconds; this is generous.
const noteKeep = 10 * time.Second

type note struct {
	msg  string
	seq  uint64    // order of notes: a later one has a larger seq
	tx   int       // the read-write transaction that wrote it; 0 while pending
	done time.Time // when it was written
}

// noteRef names one note as it was when a transaction read or wrote it.
type noteRef struct {
	challenge bool
	id        uint64
	seq       uint64
}

type notes struct {
	mu         sync.Mutex
	seq        uint64
	games      map[uint64]*note
	challenges map[uint64]*note
	count      atomic.Int64 // entries in both maps: reads skip the lock when there are none
	timer      *time.Timer
	closed     bool
}

func (n *notes) table(challenge bool) map[uint64]*note {
	if challenge {
		return n.challenges
	}
	return n.games
}

// NoteMessage records the id of a game's live board message without a commit of its own: it is
// written by the next commit of any kind, or within about a second, or by Close. Every read and
// every update sees it at once. A note for a game that no longer exists is dropped.
//
// On another KV than a file the note is written at once: other processes read the record too, and
// a note kept in this process's memory would be invisible to them.
func (s *DB) NoteMessage(id uint64, messageID string) {
	if s.db == nil {
		s.SetMessage(id, messageID) // a game that is gone takes no note, as in a file
		return
	}
	s.note(false, id, messageID)
}

// NoteChallengeMessage is NoteMessage for a challenge's message.
func (s *DB) NoteChallengeMessage(id uint64, messageID string) {
	if s.db == nil {
		s.SetChallengeMessage(id, messageID)
		return
	}
	s.note(true, id, messageID)
}

func (s *DB) note(challenge bool, id uint64, msg string) {
	n := &s.notes
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.games == nil {
		n.games, n.challenges = map[uint64]*note{}, map[uint64]*note{}
	}
	t := n.table(challenge)
	if _, ok := t[id]; !ok {
		n.count.Add(1)
	}
	n.seq++
	t[id] = &note{msg: msg, seq: n.seq}
	if n.timer == nil && !n.closed {
		n.timer = time.AfterFunc(noteDelay, s.flushNotes)
	}
}

// flushNotes commits the pending notes when no other commit carried them.
func (s *DB) flushNotes() {
	n := &s.notes
	n.mu.Lock()
	n.timer = nil
	waiting := !n.closed && n.pendingLocked()
	n.mu.Unlock()
	if !waiting {
		return
	}
	if err := s.commit(func(Tx) error { return nil }); err != nil {
		// The notes stay pending and every read still sees them; try again later.
		n.mu.Lock()
		if n.timer == nil && !n.closed {
			n.timer = time.AfterFunc(noteDelay, s.flushNotes)
		}
		n.mu.Unlock()
	}
}

// pendingLocked reports whether some note is not yet in the file.
func (n *notes) pendingLocked() bool {
	for _, t := range []map[uint64]*note{n.games, n.challenges} {
		for _, e := range t {
			if e.tx == 0 {
				return true
			}
		}
	}
	return false
}

// stopNotes stops the background flush; Close then commits what is pending.
func (s *DB) stopNotes() (pending bool) {
	n := &s.notes
	n.mu.Lock()
	defer n.mu.Unlock()
	n.closed = true
	if n.timer != nil {
		n.timer.Stop()
		n.timer = nil
	}
	return n.pendingLocked()
}

// overlay returns the note a transaction should see instead of the stored message id, and its seq
// (0: none).
func (s *DB) overlay(tx Tx, challenge bool, id uint64) (string, uint64) {
	n := &s.notes
	if n.count.Load() == 0 {
		return "", 0
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	e := n.table(challenge)[id]
	// A note written by a transaction this one sees is already in the bytes it read.
	if e == nil || e.tx != 0 && tx.ID() >= e.tx {
		return "", 0
	}
	return e.msg, e.seq
}

// pendingNotes lists the notes a transaction should write, and forgets those written long ago.
func (n *notes) pendingNotes(now time.Time) []noteRef {
	if n.count.Load() == 0 {
		return nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []noteRef
	for _, challenge := range []bool{false, true} {
		t := n.table(challenge)
		for id, e := range t {
			switch {
			case e.tx == 0:
				out = append(out, noteRef{challenge, id, e.seq})
			case now.Sub(e.done) > noteKeep:
				delete(t, id)
				n.count.Add(-1)
			}
		}
	}
	return out
}

// writeNotes writes pending notes into tx, and lists them to be settled once the transaction is
// durable (those whose record is gone are dropped then).
func (s *DB) writeNotes(tx Tx, refs []noteRef) error {
	for _, r := range refs {
		msg, seq := s.overlay(tx, r.challenge, r.id)
		if seq == 0 {
			continue
		}
		r.seq = seq
		if r.challenge {
			old, err := getChallenge(tx, r.id)
			if err == nil && old.MessageID != msg {
				c := old
				c.MessageID = msg
				err = putChallenge(tx, &old, c)
				if err != nil {
					return err
				}
			}
		} else {
			old, err := getGame(tx, r.id)
			if err == nil && old.MessageID != msg {
				g := old
				g.MessageID = msg
				err = putGame(tx, &old, g)
				if err != nil {
					return err
				}
			}
		}
		// A record that is gone or cannot be read takes no note: the note is settled all the same.
		s.group.settle = append(s.group.settle, r)
	}
	return nil
}

// supersede tells the committer that a write in this transaction set the message id itself after
// reading the note r: once durable, the note must no longer be laid over the record.
func (s *DB) supersede(challenge bool, id, seq uint64) {
	if seq != 0 {
		s.group.settle = append(s.group.settle, noteRef{challenge, id, seq})
	}
}

// settle marks the notes of a durable transaction as written by it.
func (n *notes) settle(refs []noteRef, tx int, now time.Time) {
	if len(refs) == 0 {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, r := range refs {
		if e := n.table(r.challenge)[r.id]; e != nil && e.tx == 0 && e.seq <= r.seq {
			e.tx, e.done = tx, now
		}
	}
}

// Stats are counters of the work a Store did since it was opened.
type Stats struct {
	Decodes uint64 // calls of Options.Decode (each replays a game's log)
	Kept    uint64 // reads of a live game that took the copy the last write kept instead of a replay
	Commits uint64 // durable read-write transactions; a group commit of many writes counts once
}

type stats struct{ decodes, kept, commits atomic.Uint64 }

// Stats returns the counters.
func (s *DB) Stats() Stats {
	return Stats{Decodes: s.stats.decodes.Load(), Kept: s.stats.kept.Load(), Commits: s.stats.commits.Load()}
}
