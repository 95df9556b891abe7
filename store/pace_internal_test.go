package store

import (
	"slices"
	"testing"

	"tabuleiro/games"
)

// A store written before the member index gets it built, once: its active games are listed by
// member and the check finds every entry again.
func TestTheMemberIndexIsBuiltForOlderStores(t *testing.T) {
	s, _, _ := openTest(t)
	a := newGame(t, s, "c1", "ouri", person("a"), person("b"))
	b := newGame(t, s, "c2", "ordo", person("a"), bot("easy"))
	done := newGame(t, s, "c3", "ouri", person("a"), person("c"))
	if _, _, err := s.Update(done.ID, -1, func(r *Game, g games.Game) error { return g.End(games.Resignation, 0) }); err != nil {
		t.Fatal(err)
	}
	// Forget the index and its mark, as an older build's store has neither.
	if err := s.commit(func(tx Tx) error {
		for _, k := range [][]byte{append(key("a"), u64(a.ID)...), append(key("b"), u64(a.ID)...), append(key("a"), u64(b.ID)...)} {
			if err := tx.Bucket(bMemberGames).Delete(k); err != nil {
				return err
			}
		}
		return tx.Bucket(bBuilt).Delete([]byte("active-by-member"))
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err == nil {
		t.Fatal("the check found nothing missing")
	}
	// One game a transaction, as a KV that bounds its writes would take it.
	s.maxGames = 1
	if err := s.buildMemberIndex(); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	got, err := s.MemberGames("a")
	if err != nil || !slices.Equal(gameIDs(got), []uint64{a.ID, b.ID}) {
		t.Fatalf("a's games after the build: %v, %v", gameIDs(got), err)
	}
	if got, _ := s.MemberGames("b"); !slices.Equal(gameIDs(got), []uint64{a.ID}) {
		t.Fatalf("b's games after the build: %v", gameIDs(got))
	}
	// Built once: entries lost later are the check's to find, not the build's to hide.
	s.commit(func(tx Tx) error { return tx.Bucket(bMemberGames).Delete(append(key("b"), u64(a.ID)...)) })
	if err := s.buildMemberIndex(); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err == nil {
		t.Fatal("the build ran again")
	}
	s.commit(func(tx Tx) error { return tx.Bucket(bMemberGames).Put(append(key("b"), u64(a.ID)...), nil) })
}
