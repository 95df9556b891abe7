package store

import (
	"bytes"

	"tabuleiro/games"
)

// finishedBatch is how many records one read of EveryFinished looks at.
var finishedBatch = 512

// EveryFinished calls fn with every finished game and its decoded live game, in the order of
// their ids, until fn returns false. It reads the records in batches, one short read each, and
// decodes outside them, so a large file is neither held in one read nor in memory at once.
// Records that cannot be read are skipped and reported (Options.OnCorrupt).
func (s *DB) EveryFinished(fn func(rec Game, g games.Game) bool) error {
	var after []byte // the last key looked at; nil: start at the first
	for {
		var batch []Game
		var bad []error
		done := false
		err := s.view(func(tx Tx) error {
			batch, bad = batch[:0], bad[:0]
			c := tx.Bucket(bGames).Cursor()
			k, v := c.First()
			if after != nil {
				if k, v = c.Seek(after); bytes.Equal(k, after) {
					k, v = c.Next()
				}
			}
			for n := 0; k != nil && n < finishedBatch; k, v = c.Next() {
				n++
				after = append(after[:0], k...)
				g, err := decodeGame(idAt(k), v)
				switch {
				case err != nil:
					bad = append(bad, corrupt(bucketGames, idAt(k), err))
				case g.State == Finished:
					batch = append(batch, g)
				}
			}
			done = k == nil
			return nil
		})
		if err != nil {
			return err
		}
		s.skip(bad)
		for _, rec := range batch {
			rec, g, err := s.live(rec)
			if err != nil {
				s.skip([]error{err})
				continue
			}
			if !fn(rec, g) {
				return nil
			}
		}
		if done {
			return nil
		}
	}
}
