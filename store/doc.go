// Package store keeps tabuleiro's challenges and games: in one bbolt file (Open, the default), or in
// an etcd cluster that many bot processes share (OpenKV with store/etcdkv). The table and the bot
// use the Store interface; *DB implements it on either KV (kv.go), with the same records, indexes
// and bytes, and conformance_test.go holds both to the same behaviour. What follows describes the
// file; on etcd each write is an etcd transaction of its own, guarded by the revisions of the keys it
// read, so the same guarantees hold across processes.
//
// Every change is one transaction that is committed (fsynced) before the function returns, so the
// bot replies only once the state is safe. Writes that arrive together share one commit (commit.go).
// A game is changed only through Update or UpdateLive, read-modify-write transactions guarded by the
// game's ply: when two decisions race, exactly one lands and the other gets ErrMovedOn. Indexes
// (active game per channel, kind and player; games in a channel; games waiting for the bot;
// deadlines; finished games per guild and player) are kept in step in the same transaction, so the
// bot never scans.
//
// The transaction that ends a game also settles it (rating.go): a rated game between two people
// changes both Glicko-2 ratings and the game's record of the change, a game against the bot counts in
// the person's vs-bot record, and the leaderboard index and its band counts follow. The game moves
// from active to finished once, so it is settled once, whatever ends it and however often.
//
// A decision costs one read, at most one replay of the game's log and one commit: ActiveLive reads
// the record and decodes its game, UpdateLive applies the decision to that same live game. A write
// keeps a copy of the game it wrote (kept.go), and the next read takes it while the stored encoding
// is still the one kept, so a game's next move replays nothing. The id of the board message posted
// afterwards is noted in memory (NoteMessage) and rides on the next commit.
//
//	s, err := store.Open("data/tabuleiro.db", store.Options{Decode: catalog.Decode})
//	rec, g, err := s.ActiveLive(channel, "ouri", userID)
//	m, err := g.Parse("d")
//	rec, g, err = s.UpdateLive(rec, g, func(rec *store.Game, g games.Game) error {
//		rec.Deadline = now.Add(72 * time.Hour)
//		return g.Play(m)
//	})
//	if errors.Is(err, store.ErrMovedOn) { /* someone decided first: show the current board */ }
//	s.NoteMessage(rec.ID, posted.ID)
//
// The file is checked before bbolt maps it, so a damaged file gives a *FileError saying what to do
// instead of a crash. Backup, BackupFile and RunBackups copy it while the bot plays; ServeBackups
// lets `tabuleiro backup` ask a running bot for a copy. To restore a backup: stop the bot, copy the
// backup over DB_PATH, start the bot.
package store
