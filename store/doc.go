// Package store keeps tabuleiro's challenges and games in one bbolt file.
//
// Every change is one transaction that is committed (fsynced) before the function returns, so the
// bot replies only once the state is safe. A game is changed only through Update, a read-modify-write
// transaction guarded by the game's ply: when two decisions race, exactly one lands and the other gets
// ErrMovedOn. Indexes (active game per channel, kind and player; games in a channel; games waiting for
// the bot; deadlines; finished games per guild and player) are kept in step in the same transaction,
// so the bot never scans.
//
//	s, err := store.Open("data/tabuleiro.db", store.Options{Decode: catalog.Decode})
//	rec, g, err := s.Game(id)
//	m, err := g.Parse("d")
//	rec, g, err = s.Update(id, rec.Ply, func(rec *store.Game, g games.Game) error {
//		rec.Deadline = now.Add(72 * time.Hour)
//		return g.Play(m)
//	})
//	if errors.Is(err, store.ErrMovedOn) { /* someone decided first: show the current board */ }
package store
