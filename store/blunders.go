package store

import (
	"bytes"
	"errors"
	"slices"
	"strconv"

	"tabuleiro/games"
)

// Blunder is a position a review marked ?? in one of a person's games: the decision before the
// blunder is the puzzle's position. It waits in the person's queue until a truth proves it a
// puzzle (then it is offered before any shipped one) or not (then it leaves the queue).
type Blunder struct {
	Seq     uint64 // its place in the person's queue, from 1
	Kind    string
	Options games.Options
	Log     []string // the decisions from the start to the position, in the game's notation
	Proven  bool
}

// PuzzleID is the blunder's id among the person's puzzles: its seen state and attempt use it.
func (b Blunder) PuzzleID() string { return "blunder-" + strconv.FormatUint(b.Seq, 10) }

// MaxBlunders is how many blunders a person's queue holds: adding one to a full queue drops the
// oldest not yet proven (or, when all are, the oldest).
const MaxBlunders = 32

// AddBlunder adds b to the end of the person's queue, unproven; false when the same position is
// queued already (a game reviewed twice).
func (s *DB) AddBlunder(user string, b Blunder) (Blunder, bool, error) {
	if err := checkPerson(user, b.Kind); err != nil {
		return Blunder{}, false, err
	}
	b.Proven = false
	var out Blunder
	var added bool
	err := s.commit(func(tx Tx) error {
		out, added = Blunder{}, false
		queue, keys, err := blundersOf(tx, user)
		if err != nil {
			return err
		}
		for _, q := range queue {
			if q.Kind == b.Kind && q.Options.String() == b.Options.String() && slices.Equal(q.Log, b.Log) {
				out = q
				return nil
			}
		}
		bk := tx.Bucket(bBlunders)
		if len(queue) >= MaxBlunders {
			drop := slices.IndexFunc(queue, func(q Blunder) bool { return !q.Proven })
			if drop < 0 {
				drop = 0
			}
			if err := bk.Delete(keys[drop]); err != nil {
				return err
			}
		}
		seq, err := bk.NextSequence()
		if err != nil {
			return err
		}
		b.Seq = seq
		out, added = b, true
		return bk.Put(blunderKey(user, seq), encodeBlunder(b))
	})
	return out, added, err
}

// Blunders returns the person's queue in one game, oldest first.
func (s *DB) Blunders(user, kind string) ([]Blunder, error) {
	var out []Blunder
	err := s.view(func(tx Tx) error {
		all, _, err := blundersOf(tx, user)
		out = slices.DeleteFunc(all, func(b Blunder) bool { return b.Kind != kind })
		return err
	})
	return out, err
}

// ProveBlunder records what the truth made of a queued blunder: proven, it stays to be offered;
// not a puzzle, it leaves the queue. A blunder no longer queued changes nothing.
func (s *DB) ProveBlunder(user string, seq uint64, proven bool) error {
	return s.commit(func(tx Tx) error {
		bk := tx.Bucket(bBlunders)
		k := blunderKey(user, seq)
		v := bk.Get(k)
		if v == nil {
			return nil
		}
		if !proven {
			return bk.Delete(k)
		}
		b, err := decodeBlunder(seq, v)
		if err != nil {
			return corruptAt(bBlunders, k, err)
		}
		b.Proven = true
		return bk.Put(k, encodeBlunder(b))
	})
}

func blunderKey(user string, seq uint64) []byte { return append(key(user), u64(seq)...) }

// blundersOf reads a person's whole queue (at most MaxBlunders), with its keys; a damaged entry
// is left out.
func blundersOf(tx Tx, user string) ([]Blunder, [][]byte, error) {
	var out []Blunder
	var keys [][]byte
	prefix := key(user)
	c := tx.Bucket(bBlunders).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if len(k) != len(prefix)+8 {
			continue
		}
		b, err := decodeBlunder(idAt(k), v)
		if err != nil {
			continue
		}
		out = append(out, b)
		keys = append(keys, append([]byte(nil), k...))
	}
	return out, keys, nil
}

func encodeBlunder(b Blunder) []byte {
	w := learningWriter()
	w.str(b.Kind)
	w.str(b.Options.String())
	w.uint(uint64(len(b.Log)))
	for _, d := range b.Log {
		w.str(d)
	}
	w.bool(b.Proven)
	return w.b
}

func decodeBlunder(seq uint64, v []byte) (Blunder, error) {
	r := learningRecord(v)
	b := Blunder{Seq: seq, Kind: r.str()}
	opts := r.str()
	n := r.uint()
	if n > 4096 {
		r.fail(errors.New("too many decisions"))
	}
	for i := uint64(0); i < n && r.err == nil; i++ {
		b.Log = append(b.Log, r.str())
	}
	b.Proven = r.bool()
	if err := r.end(); err != nil {
		return Blunder{}, err
	}
	o, err := games.ParseOptions(opts)
	if err != nil {
		return Blunder{}, err
	}
	b.Options = o
	return b, nil
}
