package etcdkv_test

import (
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv"
	"tabuleiro/store/etcdkv/etcdtest"
)

// A page on one replica learns within a second of a decision made on another.
func TestAWatcherHearsOfAnotherReplicasDecision(t *testing.T) {
	cluster := etcdtest.Start(t, 1)
	prefix := etcdtest.Prefix()
	open := func() *store.DB {
		kv := etcdkv.New(cluster.Client(t), etcdkv.Config{Prefix: prefix})
		st, err := store.OpenKV(kv, store.Options{Decode: catalog.Decode})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	a, b := open(), open()
	g, err := catalog.New("ouri", nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := a.CreateGame(store.Game{Guild: "g", Channel: "c", Kind: "ouri",
		Seats: [2]store.Player{{UserID: "alice"}, {UserID: "bob"}}, Encoded: games.Encode(g)})
	if err != nil {
		t.Fatal(err)
	}
	changed, stop := b.Watch(rec.ID)
	defer stop()
	time.Sleep(100 * time.Millisecond) // the watch reaches the cluster
	if _, _, err := a.Update(rec.ID, 0, func(_ *store.Game, g games.Game) error { return g.Play(g.Legal()[0]) }); err != nil {
		t.Fatal(err)
	}
	select {
	case <-changed:
	case <-time.After(time.Second):
		t.Fatal("a decision on replica A did not reach a watcher on replica B within a second")
	}
	if _, live, err := b.Game(rec.ID); err != nil || live.Ply() != 1 {
		t.Fatalf("replica B reads the game at ply %v (%v), want 1", live, err)
	}
}
