package store

import (
	"errors"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games"
)

// delta measures what a call costs in decodes and commits.
func delta(s *DB, f func()) Stats {
	before := s.Stats()
	f()
	after := s.Stats()
	return Stats{Decodes: after.Decodes - before.Decodes, Commits: after.Commits - before.Commits}
}

func TestActiveLiveReadsAndDecodesOnce(t *testing.T) {
	s, _, _ := openTest(t)
	g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
	var rec Game
	var live games.Game
	var err error
	cost := delta(s, func() { rec, live, err = s.ActiveLive("c1", "ouri", "alice") })
	if err != nil || rec.ID != g.ID || live == nil || live.Ply() != 0 {
		t.Fatalf("ActiveLive: %+v %v %v", rec, live, err)
	}
	if cost != (Stats{Decodes: 1}) {
		t.Fatalf("ActiveLive cost %+v, want one decode and no commit", cost)
	}
	if _, _, err := s.ActiveLive("c1", "ouri", "bob"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a person without a game: %v, want ErrNotFound", err)
	}
	poke(t, s, bGames, g.ID, func(old []byte) []byte {
		r, _ := decodeGame(0, old)
		r.Encoded = []byte("nonsense")
		return encodeGame(r)
	})
	var ce *CorruptError
	if rec, _, err := s.ActiveLive("c1", "ouri", "alice"); !errors.As(err, &ce) || rec.ID != g.ID {
		t.Fatalf("a game that does not decode: %d %v, want the record and a CorruptError", rec.ID, err)
	}
}

func TestUpdateLive(t *testing.T) {
	t.Run("a decision on the game just read costs no decode and one commit", func(t *testing.T) {
		s, _, _ := openTest(t)
		newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		rec, live, err := s.ActiveLive("c1", "ouri", "alice")
		if err != nil {
			t.Fatal(err)
		}
		var out Game
		var after games.Game
		cost := delta(s, func() {
			out, after, err = s.UpdateLive(rec, live, playFirst)
		})
		if err != nil || out.Ply != 1 || after.Ply() != 1 {
			t.Fatalf("UpdateLive: ply %d %v", out.Ply, err)
		}
		if cost != (Stats{Commits: 1}) {
			t.Fatalf("UpdateLive cost %+v, want no decode and one commit", cost)
		}
		stored, g, err := s.Game(rec.ID)
		if err != nil || stored.Ply != 1 || !slices.Equal(g.Log(), after.Log()) {
			t.Fatalf("stored after UpdateLive: ply %d %v", stored.Ply, err)
		}
	})
	t.Run("a record read before someone else decided is refused", func(t *testing.T) {
		s, _, _ := openTest(t)
		newGame(t, s, "c1", "ouri", person("alice"), person("bob"))
		rec, live, _ := s.ActiveLive("c1", "ouri", "alice")
		if _, _, err := s.Update(rec.ID, rec.Ply, playFirst); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.UpdateLive(rec, live, playFirst); !errors.Is(err, ErrMovedOn) {
			t.Fatalf("UpdateLive on a stale read: %v, want ErrMovedOn", err)
		}
		// Same ply, other bytes: an offer does not change the ply but a decision does change the log.
		rec, live, _ = s.ActiveLive("c1", "ouri", "alice")
		stale := rec
		stale.Encoded = append([]byte(nil), rec.Encoded...)
		stale.Encoded[len(stale.Encoded)-1] ^= 1
		if _, _, err := s.UpdateLive(stale, live, playFirst); !errors.Is(err, ErrMovedOn) {
			t.Fatalf("UpdateLive with other bytes: %v, want ErrMovedOn", err)
		}
	})
	t.Run("a refusal from fn is returned and nothing is written", func(t *testing.T) {
		s, _, _ := openTest(t)
		newGame(t, s, "c1", "ouri", person("alice"), person("bob"))
		rec, live, _ := s.ActiveLive("c1", "ouri", "alice")
		nope := errors.New("nope")
		if _, _, err := s.UpdateLive(rec, live, func(*Game, games.Game) error { return nope }); err != nil && !errors.Is(err, nope) {
			t.Fatalf("got %v, want the refusal", err)
		}
		if got, _, _ := s.Game(rec.ID); got.Ply != 0 {
			t.Fatalf("ply %d after a refusal", got.Ply)
		}
	})
	t.Run("a re-run after a neighbour fails applies the decision once", func(t *testing.T) {
		s, _, _ := openTest(t)
		newGame(t, s, "c1", "ouri", person("alice"), person("bob"))
		rec, live, _ := s.ActiveLive("c1", "ouri", "alice")

		// Hold the committer with a slow write, so that UpdateLive and a failing write queue up
		// behind it and are committed together, UpdateLive first.
		release := make(chan struct{})
		entered := make(chan struct{})
		go s.commit(func(Tx) error { close(entered); <-release; return nil })
		<-entered
		queued := func(n int) {
			for {
				s.File().committer.mu.Lock()
				got := len(s.File().committer.queue)
				s.File().committer.mu.Unlock()
				if got >= n {
					return
				}
				time.Sleep(time.Millisecond)
			}
		}
		runs := 0
		type result struct {
			rec Game
			err error
		}
		done := make(chan result)
		before := s.Stats()
		go func() {
			out, _, err := s.UpdateLive(rec, live, func(r *Game, g games.Game) error {
				runs++
				return playFirst(r, g)
			})
			done <- result{out, err}
		}()
		queued(1)
		boom := errors.New("a neighbour fails")
		failed := make(chan error)
		go func() { failed <- s.commit(func(Tx) error { return boom }) }()
		queued(2)
		close(release)
		if err := <-failed; !errors.Is(err, boom) {
			t.Fatalf("the failing neighbour got %v", err)
		}
		r := <-done
		if r.err != nil || r.rec.Ply != 1 {
			t.Fatalf("UpdateLive beside a failure: ply %d %v", r.rec.Ply, r.err)
		}
		if runs != 2 {
			t.Fatalf("fn ran %d times, want 2 (the group was rolled back once)", runs)
		}
		if got := s.Stats().Decodes - before.Decodes; got != 1 {
			t.Fatalf("%d decodes, want 1: the re-run replays the stored game", got)
		}
		if got, g, _ := s.Game(rec.ID); got.Ply != 1 || len(g.Log()) != 1 {
			t.Fatalf("stored ply %d, want 1", got.Ply)
		}
	})
}

// stored reads a game's message id as the file holds it, without notes.
func stored(t *testing.T, s *DB, id uint64) string {
	t.Helper()
	var msg string
	err := s.File().db.View(func(tx *bolt.Tx) error {
		g, err := getGame(rawTx(tx), id)
		msg = g.MessageID
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

func storedChallenge(t *testing.T, s *DB, id uint64) string {
	t.Helper()
	var msg string
	err := s.File().db.View(func(tx *bolt.Tx) error {
		c, err := getChallenge(rawTx(tx), id)
		msg = c.MessageID
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

func TestNotedMessages(t *testing.T) {
	hold := func(t *testing.T) {
		d := noteDelay
		noteDelay = time.Hour
		t.Cleanup(func() { noteDelay = d })
	}

	t.Run("a note is seen at once by every read", func(t *testing.T) {
		hold(t)
		s, c, _ := openTest(t)
		g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		ch, _ := s.CreateChallenge(challenge("c1", "bob", "carol", time.Minute, c))
		cost := delta(s, func() {
			s.NoteMessage(g.ID, "m1")
			s.NoteChallengeMessage(ch.ID, "m2")
		})
		if cost.Commits != 0 {
			t.Fatalf("noting committed %d times", cost.Commits)
		}
		reads := map[string]func() (string, error){
			"Game": func() (string, error) { r, _, err := s.Game(g.ID); return r.MessageID, err },
			"ActiveGame": func() (string, error) {
				r, err := s.ActiveGame("c1", "ouri", "alice")
				return r.MessageID, err
			},
			"ActiveLive": func() (string, error) {
				r, _, err := s.ActiveLive("c1", "ouri", "alice")
				return r.MessageID, err
			},
			"LastGame": func() (string, error) { r, err := s.LastGame("c1", "ouri", "alice"); return r.MessageID, err },
			"ChannelGames": func() (string, error) {
				gs, err := s.ChannelGames("c1")
				if len(gs) != 1 {
					return "", err
				}
				return gs[0].MessageID, err
			},
		}
		for name, read := range reads {
			if got, err := read(); err != nil || got != "m1" {
				t.Errorf("%s sees message %q (%v), want m1", name, got, err)
			}
		}
		if got, err := s.Challenge(ch.ID); err != nil || got.MessageID != "m2" {
			t.Errorf("Challenge sees %q %v, want m2", got.MessageID, err)
		}
		if got, err := s.OpenChallenges("c1"); err != nil || len(got) != 1 || got[0].MessageID != "m2" {
			t.Errorf("OpenChallenges sees %+v %v, want m2", got, err)
		}
		if stored(t, s, g.ID) != "" || storedChallenge(t, s, ch.ID) != "" {
			t.Fatal("a note was written without a commit")
		}
		var seen string
		looking := errors.New("only looking")
		if _, _, err := s.Update(g.ID, -1, func(r *Game, _ games.Game) error {
			seen = r.MessageID
			return looking
		}); !errors.Is(err, looking) || seen != "m1" {
			t.Errorf("Update sees message %q (%v), want m1", seen, err)
		}
	})

	t.Run("a note rides on the next commit of another game", func(t *testing.T) {
		hold(t)
		s, _, _ := openTest(t)
		a := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		b := newGame(t, s, "c1", "ouri", person("bob"), bot("easy"))
		s.NoteMessage(a.ID, "ma")
		cost := delta(s, func() {
			if _, _, err := s.Update(b.ID, 0, playFirst); err != nil {
				t.Fatal(err)
			}
		})
		if cost.Commits != 1 || stored(t, s, a.ID) != "ma" {
			t.Fatalf("after a move on another game: %d commits, stored %q", cost.Commits, stored(t, s, a.ID))
		}
	})

	t.Run("a note followed by a move on its game adds no commit", func(t *testing.T) {
		hold(t)
		s, _, _ := openTest(t)
		newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		rec, live, _ := s.ActiveLive("c1", "ouri", "alice")
		cost := delta(s, func() {
			s.NoteMessage(rec.ID, "m1")
			var err error
			rec, live, err = s.UpdateLive(rec, live, playFirst)
			if err != nil {
				t.Fatal(err)
			}
		})
		if cost != (Stats{Commits: 1}) || rec.MessageID != "m1" || stored(t, s, rec.ID) != "m1" {
			t.Fatalf("note then move: cost %+v, returned %q, stored %q", cost, rec.MessageID, stored(t, s, rec.ID))
		}
	})

	t.Run("a note waits at most the flush delay", func(t *testing.T) {
		d := noteDelay
		noteDelay = 20 * time.Millisecond
		t.Cleanup(func() { noteDelay = d })
		s, c, _ := openTest(t)
		g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		ch, _ := s.CreateChallenge(challenge("c1", "bob", "carol", time.Minute, c))
		before := s.Stats()
		s.NoteMessage(g.ID, "m1")
		s.NoteChallengeMessage(ch.ID, "m2")
		deadline := time.Now().Add(5 * time.Second)
		// The counter moves just after the commit is visible: wait for both.
		for stored(t, s, g.ID) != "m1" || storedChallenge(t, s, ch.ID) != "m2" || s.Stats().Commits == before.Commits {
			if time.Now().After(deadline) {
				t.Fatal("the notes were not flushed")
			}
			time.Sleep(5 * time.Millisecond)
		}
		if got := s.Stats().Commits - before.Commits; got != 1 {
			t.Fatalf("flushing two notes took %d commits, want 1", got)
		}
	})

	t.Run("Close writes the notes and they survive a reopen", func(t *testing.T) {
		hold(t)
		s, c, path := openTest(t)
		g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		ch, _ := s.CreateChallenge(challenge("c1", "bob", "carol", time.Minute, c))
		s.NoteMessage(g.ID, "m1")
		s.NoteChallengeMessage(ch.ID, "m2")
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s2, err := Open(path, Options{Decode: s.opt.Decode, Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		if stored(t, s2, g.ID) != "m1" || storedChallenge(t, s2, ch.ID) != "m2" {
			t.Fatalf("after reopening: %q %q", stored(t, s2, g.ID), storedChallenge(t, s2, ch.ID))
		}
	})

	t.Run("a later explicit message id wins over an earlier note", func(t *testing.T) {
		hold(t)
		s, c, path := openTest(t)
		g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		ch, _ := s.CreateChallenge(challenge("c1", "bob", "carol", time.Minute, c))
		s.NoteMessage(g.ID, "note")
		if err := s.SetMessage(g.ID, "set"); err != nil {
			t.Fatal(err)
		}
		s.NoteChallengeMessage(ch.ID, "note")
		if err := s.SetChallengeMessage(ch.ID, "set"); err != nil {
			t.Fatal(err)
		}
		s.NoteMessage(g.ID, "note2")
		if _, _, err := s.Update(g.ID, -1, func(r *Game, _ games.Game) error { r.MessageID = "fn"; return nil }); err != nil {
			t.Fatal(err)
		}
		s.Close() // flushes whatever is still pending
		s, err := Open(path, Options{Decode: s.opt.Decode})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if got := stored(t, s, g.ID); got != "fn" {
			t.Fatalf("game message %q, want fn", got)
		}
		if got := storedChallenge(t, s, ch.ID); got != "set" {
			t.Fatalf("challenge message %q, want set", got)
		}
	})

	t.Run("a note for a game that does not exist is dropped", func(t *testing.T) {
		hold(t)
		s, _, _ := openTest(t)
		g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		s.NoteMessage(12345, "lost")
		if _, _, err := s.Update(g.ID, 0, playFirst); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Game(12345); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the note made a game: %v", err)
		}
		s.File().notes.mu.Lock()
		pending := s.File().notes.pendingLocked()
		s.File().notes.mu.Unlock()
		if pending {
			t.Fatal("the note is still pending after a commit")
		}
	})
}

// TestNotesUnderConcurrentMoves has several players move and note their board message at once, with
// the background flush racing them: each always reads its latest note, and the file ends with it.
func TestNotesUnderConcurrentMoves(t *testing.T) {
	d := noteDelay
	noteDelay = time.Millisecond
	t.Cleanup(func() { noteDelay = d })
	s, c, path := openTest(t)
	const players = 8
	last := make([]string, players)
	ids := make([]uint64, players)
	errs := make(chan error, players)
	for w := 0; w < players; w++ {
		ids[w] = newGame(t, s, "c1", "ouri", person(itoa(uint64(w))), person("x"+itoa(uint64(w)))).ID
	}
	for w := 0; w < players; w++ {
		go func(w int) {
			me := itoa(uint64(w))
			for i := 0; i < 30; i++ {
				rec, live, err := s.ActiveLive("c1", "ouri", me)
				if errors.Is(err, ErrNotFound) {
					break
				}
				if err != nil {
					errs <- err
					return
				}
				if rec.MessageID != last[w] {
					errs <- errors.New("player " + me + " read message " + rec.MessageID + ", noted " + last[w])
					return
				}
				if rec, _, err = s.UpdateLive(rec, live, playFirst); err != nil {
					errs <- err
					return
				}
				last[w] = "m" + itoa(uint64(rec.Ply))
				s.NoteMessage(rec.ID, last[w])
			}
			errs <- nil
		}(w)
	}
	for range players {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s2, err := Open(path, Options{Decode: s.opt.Decode, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	for w, id := range ids {
		if got := stored(t, s2, id); got != last[w] {
			t.Errorf("game %d stored message %q, want the last note %q", id, got, last[w])
		}
	}
}

// A write keeps a copy of the game it wrote; the next read takes it instead of replaying, and only
// while the stored encoding is the one kept.
func TestAReadTakesTheGameTheLastWriteKept(t *testing.T) {
	s, _, _ := openTest(t)
	g := newGame(t, s, "c1", "ouri", person("alice"), person("bob"))
	rec, live, err := s.ActiveLive("c1", "ouri", "alice")
	if err != nil {
		t.Fatal(err)
	}
	rec, live, err = s.UpdateLive(rec, live, playFirst)
	if err != nil {
		t.Fatal(err)
	}
	// The writer's game is its own: changing it does not change what the next read gets.
	if err := live.Play(live.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	before := s.Stats()
	got, kept, err := s.Game(g.ID)
	after := s.Stats()
	if err != nil || got.Ply != 1 || kept.Ply() != 1 || kept.Hash() == live.Hash() {
		t.Fatalf("the read after a write: ply %d, game at ply %d (%v)", got.Ply, kept.Ply(), err)
	}
	if d, k := after.Decodes-before.Decodes, after.Kept-before.Kept; d != 0 || k != 1 {
		t.Fatalf("the read after a write: %d decodes, %d kept games; want 0 and 1", d, k)
	}
	if replayed, err := s.decode(got.Encoded); err != nil || replayed.Hash() != kept.Hash() ||
		!slices.Equal(replayed.Legal(), kept.Legal()) || !slices.Equal(replayed.Deciders(), kept.Deciders()) {
		t.Fatalf("the kept game is not the stored one replayed (%v)", err)
	}
	// The copy was handed over: a second read replays.
	if cost := delta(s, func() { _, _, err = s.Game(g.ID) }); err != nil || cost.Decodes != 1 {
		t.Fatalf("a second read: %+v %v, want one decode", cost, err)
	}

	// A record written behind the store's back (another process on a shared KV) is not the one
	// kept: the read replays it.
	if _, _, err := s.UpdateLive(got, kept, playFirst); err != nil {
		t.Fatal(err)
	}
	poke(t, s, bGames, g.ID, func(old []byte) []byte {
		r, _ := decodeGame(0, old)
		r.Encoded, r.Ply = rec.Encoded, rec.Ply
		return encodeGame(r)
	})
	var back games.Game
	cost := delta(s, func() { got, back, err = s.Game(g.ID) })
	if err != nil || got.Ply != 1 || back.Ply() != 1 || cost.Decodes != 1 {
		t.Fatalf("a record changed elsewhere: ply %d, game at ply %d, %+v (%v); want ply 1 replayed", got.Ply, back.Ply(), cost, err)
	}

	// A finished game keeps nothing.
	if _, _, err := s.Update(g.ID, -1, resign(0)); err != nil {
		t.Fatal(err)
	}
	if cost := delta(s, func() { _, _, err = s.Game(g.ID) }); err != nil || cost.Decodes != 1 {
		t.Fatalf("a finished game's read: %+v %v, want one decode", cost, err)
	}
}

// The file carries notes as patches of a record's bytes: these are the places where the patch
// meets a transaction that is not the DB's usual read-then-write of the record.
func TestNotesAtTheFilesSeams(t *testing.T) {
	d := noteDelay
	noteDelay = time.Hour
	t.Cleanup(func() { noteDelay = d })

	t.Run("a read that began before the note was committed still sees it", func(t *testing.T) {
		s, _, _ := openTest(t)
		g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		began, release := make(chan struct{}), make(chan struct{})
		type seen struct{ noted, stored string }
		got := make(chan seen, 1)
		go s.File().View(func(tx Tx) error {
			close(began)
			<-release
			rec, err := getGame(tx, g.ID)
			raw, _ := getGame(rawTx(tx.(*fileTx).tx), g.ID)
			if err != nil {
				t.Error(err)
			}
			got <- seen{rec.MessageID, raw.MessageID}
			return nil
		})
		<-began
		s.NoteMessage(g.ID, "m1")
		if err := s.File().flushPending(); err != nil {
			t.Fatal(err)
		}
		close(release)
		select {
		case r := <-got:
			if r.stored != "" || r.noted != "m1" {
				t.Fatalf("the older read holds %q and sees %q, want the bytes before the note corrected to m1", r.stored, r.noted)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the older read did not finish")
		}
		if stored(t, s, g.ID) != "m1" {
			t.Fatalf("stored %q after the flush", stored(t, s, g.ID))
		}
	})

	t.Run("a record deleted before the flush takes no note and stays gone", func(t *testing.T) {
		s, c, _ := openTest(t)
		g := newGame(t, s, "c1", "ouri", person("alice"), person("bob"))
		if _, _, err := s.Update(g.ID, -1, resign(0)); err != nil {
			t.Fatal(err)
		}
		s.NoteMessage(g.ID, "m1")
		c.Add(time.Hour)
		if n, err := s.DeleteFinished(c.Now()); err != nil || n != 1 {
			t.Fatalf("DeleteFinished: %d %v", n, err)
		}
		if err := s.File().flushPending(); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Game(g.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the noted game after its deletion: %v", err)
		}
		f := s.File()
		f.notes.mu.Lock()
		pending := f.notes.pendingLocked()
		f.notes.mu.Unlock()
		if pending {
			t.Fatal("the note of a deleted game is still pending")
		}
	})

	t.Run("a write that did not read the record leaves the note to the next commit", func(t *testing.T) {
		s, _, _ := openTest(t)
		g := newGame(t, s, "c1", "ouri", person("alice"), bot("easy"))
		s.NoteMessage(g.ID, "m1")
		// The pending note rides on this commit first; then it is noted again and the record is
		// rewritten without being read, with bytes that do not carry the new note.
		if err := s.File().flushPending(); err != nil {
			t.Fatal(err)
		}
		s.NoteMessage(g.ID, "m2")
		err := s.commit(func(tx Tx) error {
			rec := g
			rec.MessageID = "blind"
			return tx.Bucket(bGames).Put(u64(g.ID), encodeGame(rec))
		})
		if err != nil {
			t.Fatal(err)
		}
		if got, _, _ := s.Game(g.ID); got.MessageID != "m2" || stored(t, s, g.ID) != "blind" {
			t.Fatalf("after a blind write: read %q, stored %q; want the note m2 over the stored blind", got.MessageID, stored(t, s, g.ID))
		}
		if err := s.File().flushPending(); err != nil {
			t.Fatal(err)
		}
		if stored(t, s, g.ID) != "m2" {
			t.Fatalf("stored %q after the next commit, want m2", stored(t, s, g.ID))
		}
	})
}
