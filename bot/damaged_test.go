package bot

import (
	"encoding/binary"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// A game whose stored record is damaged cannot be played, resigned or timed out; /resign closes it
// so that its players may start another, and the other game in the channel goes on.
func TestResigningADamagedGameFreesThePlayers(t *testing.T) {
	e := newEnv(t)
	mustPublic(t, e.do(e.slash("alice", "ouri", "vs-bot", "level", "easy", "first", "me")))
	mustPublic(t, e.do(e.slash("carol", "ouri", "vs-bot", "level", "easy", "first", "me")))
	damaged, _ := e.game("ouri", "alice")
	e.bot.Wait()
	e.st.Close()
	db, err := bolt.Open(e.path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("games")).Put(binary.BigEndian.AppendUint64(nil, damaged.ID), []byte("\xde\xad"))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	e.open()

	mustRefuse(t, e.do(e.slash("alice", "ouri", "board")), "error.corrupt-game")
	r := e.do(e.slash("alice", "ouri", "resign"))
	mustPrivate(t, r, en("reply.retired", "Title", "Ouri", "Game", damaged.ID, "Kind", "ouri"))
	if !strings.Contains(said(r.Message), "/ouri vs-bot") {
		t.Errorf("the reply does not say how to go on: %q", said(r.Message))
	}
	mustPublic(t, e.do(e.slash("alice", "ouri", "vs-bot", "level", "easy", "first", "me")))
	mustPublic(t, e.do(e.slash("carol", "ouri", "board")))
}
