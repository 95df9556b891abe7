package store

import (
	"bytes"
	"fmt"
	"time"
)

// The batches of DeleteFinished: each is one transaction that looks at up to retentionScan records
// and deletes up to retentionBatch of them, so that moves are never held up for long behind it.
var (
	retentionScan  = 2048
	retentionBatch = 256
)

// DeleteFinished removes the finished games that ended (LastMove) before before, with their index
// entries, in bounded batches, and returns how many it removed. Active games, and records that
// cannot be read, stay. The file does not shrink (bbolt reuses the pages); Compact shrinks it.
func (s *DB) DeleteFinished(before time.Time) (int, error) {
	total := 0
	batch := retentionBatch
	if s.maxGames > 0 {
		batch = min(batch, s.maxGames)
	}
	var after []byte // the last key looked at; nil: start at the first
	for {
		var n int
		var last []byte
		var done bool
		err := s.commit(func(tx Tx) error {
			n, last, done = 0, nil, false
			c := tx.Bucket(bGames).Cursor()
			k, v := c.First()
			if after != nil {
				if k, v = c.Seek(after); bytes.Equal(k, after) {
					k, v = c.Next()
				}
			}
			var doomed []Game
			for scanned := 0; k != nil && scanned < retentionScan && len(doomed) < batch; k, v = c.Next() {
				scanned++
				last = append(last[:0], k...)
				if g, err := decodeGame(idAt(k), v); err == nil && g.State == Finished && g.LastMove.Before(before) {
					doomed = append(doomed, g)
				}
			}
			done = k == nil
			for _, g := range doomed {
				if err := reindex(tx, gameEntries(g), nil); err != nil {
					return err
				}
				if err := tx.Bucket(bGames).Delete(u64(g.ID)); err != nil {
					return err
				}
			}
			n = len(doomed)
			return nil
		})
		if err != nil {
			return total, fmt.Errorf("store: deleting finished games: %w", err)
		}
		total += n
		if done || last == nil {
			return total, nil
		}
		after = last
	}
}
