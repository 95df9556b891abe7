// Package store keeps tabuleiro's challenges, games, ratings, settings and tournaments. The table and
// the bot use its interfaces, one a concern (Games, Challenges, Ratings, Settings, Tournaments; Store
// is all of them with the upkeep), so that a caller or a fake takes only what it uses. *DB implements them all on an ordered
// key-value store (KV, kv.go): the records, their encoding, the indexes and the ratings are the
// DB's, the same bytes on every KV, and the DB reaches every KV by one code path. Open puts it on a
// bbolt file (File, the default, for one process); OpenKV on another KV, such as an etcd cluster
// that many bot processes share (store/etcdkv). conformance_test.go holds the file, etcd and the
// smallest KV (in memory, memkv_test.go) to the same behaviour.
//
// Every change is one transaction of the KV, durable before the function returns (in the file
// fsynced; in etcd on a quorum's disks), so the bot replies only once the state is safe. A game is
// changed only through Update or UpdateLive, read-modify-write transactions guarded by the game's
// ply: when two decisions race, exactly one lands and the other gets ErrMovedOn. On etcd a
// transaction commits only if no key it read changed since (compare-and-swap on the keys'
// revisions), and runs again on what is stored otherwise, so this holds across processes too.
// Indexes (active game per channel, kind and player; games in a channel; games waiting for the bot;
// deadlines; finished games per guild and player) are kept in step in the same transaction, so the
// bot never scans.
//
// Learning (learning.go) keeps what people learn between games, per person and game across servers:
// lessons' progress, puzzle ratings (the solver's and the puzzle's, both changed once by the
// transaction that settles an attempt, however often it is settled), the puzzles each person saw
// and the attempt under way; each server's daily puzzle, claimed once a UTC day by compare-and-swap
// whatever the number of processes; and the blunders a review found, queued to become puzzles.
//
// Slow play (pace.go): a game keeps its pace (live, or days per decision) and, while a vacation
// stops its clock, the time its player had left instead of a deadline. Active games are indexed by
// member, so that a member's games in every server and DM are one seek away; a member's settings
// hold their vacation (indexed by its end, for the sweep that ends it) and their digest hour
// (indexed by hour); each member's digest of a UTC day is claimed once by compare-and-swap, and
// claimed again only when its sender died before marking it sent. A store written before the
// member index builds it once when it opens.
//
// The web board's personal links (links.go) are kept by the hash of their token, with their expiry
// (indexed, so that keeping a link deletes the expired ones): a link one process made is taken on
// any other, once, by compare-and-swap.
//
// The transaction that ends a game also settles it (rating.go): a rated game between two people
// changes both Glicko-2 ratings and the game's record of the change, a game against the bot counts in
// the person's vs-bot record, and the leaderboard index and its band counts follow. The game moves
// from active to finished once, so it is settled once, whatever ends it and however often. The same
// transaction records a tournament game's result in its tournament (tournament.go), where each round
// is paired once: PairRound compares the tournament's revision, so of two processes pairing a round
// one stores it and the other is told it is paired.
//
// A decision costs one read, at most one replay of the game's log and one commit: ActiveLive reads
// the record and decodes its game, UpdateLive applies the decision to that same live game. A write
// keeps a copy of the game it wrote (kept.go), and the next read takes it while the stored encoding
// is still the one kept, so a game's next move replays nothing. The id of the board message posted
// afterwards is a note (NoteMessage): the file carries it on its next commit and lays it over every
// read meanwhile (note.go); a KV that carries no notes, such as etcd, commits it at once, so that
// other processes see it.
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
// The file commits the writes that arrive together in one transaction and one fsync (commit.go).
// It is checked before bbolt maps it, so a damaged file gives a *FileError saying what to do instead
// of a crash (file.go), and Check runs bbolt's check of every page before the DB's check of its
// indexes. File.Backup, BackupFile and RunBackups copy it while the bot plays; File.ServeBackups
// lets `tabuleiro backup` ask a running bot for a copy; Compact shrinks a stopped bot's file. To
// restore a backup: stop the bot, copy the backup over DB_PATH, start the bot. etcd takes its own
// snapshots.
package store
