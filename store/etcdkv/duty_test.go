package etcdkv_test

import (
	"context"
	"errors"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv"
	"tabuleiro/store/etcdkv/etcdtest"
)

// TestDutyIsHeldByOneProcessAndFenced: of two processes on one cluster exactly one has the duty; a
// write under a duty that ended is refused even before its holder noticed; the other process takes
// the duty over when the first leaves.
func TestDutyIsHeldByOneProcessAndFenced(t *testing.T) {
	cluster := etcdtest.Start(t, 3)
	prefix := etcdtest.Prefix()
	kv := func() *etcdkv.KV {
		return etcdkv.New(cluster.Client(t), etcdkv.Config{Prefix: prefix, DutyTTL: time.Second})
	}
	a, b := kv(), kv()
	t.Cleanup(func() { a.Close(); b.Close() })
	da := a.Duty()
	if da == nil {
		t.Fatal("the first process to ask has no duty")
	}
	if db := b.Duty(); db != nil {
		t.Fatal("both processes have the duty")
	}
	st, err := store.OpenKV(da, store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	c, err := st.CreateChallenge(store.Challenge{Guild: "g", Channel: "c", Kind: "ordo", Challenger: "a", Opponent: "b",
		Expires: time.Now()})
	if err != nil {
		t.Fatalf("a write under the duty: %v", err)
	}
	// The election key goes (as when a's lease ends while a is paused): a's writes are refused.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := cluster.Client(t).Delete(ctx, prefix+"duty", clientv3.WithPrefix()); err != nil {
		t.Fatal(err)
	}
	if _, err := st.CloseChallenge(c.ID, store.ChallengeExpired); !errors.Is(err, etcdkv.ErrFenced) {
		t.Fatalf("a write after the duty ended: %v, want ErrFenced", err)
	}
	plain, _ := store.OpenKV(a, store.Options{Decode: catalog.Decode})
	if got, _ := plain.Challenge(c.ID); got.State != store.ChallengeOpen {
		t.Fatalf("the refused expiry was written: %v", got.State)
	}
	// Both see the key go and stand again: one of them gets the duty, and its writes land.
	deadline := time.Now().Add(10 * time.Second)
	for (a.Duty() != nil) == (b.Duty() != nil) {
		if time.Now().After(deadline) {
			t.Fatal("not exactly one process has the duty 10s after it ended")
		}
	}
	holderKV := a.Duty()
	if holderKV == nil {
		holderKV = b.Duty()
	}
	again, _ := store.OpenKV(holderKV, store.Options{Decode: catalog.Decode})
	if _, err := again.CloseChallenge(c.ID, store.ChallengeExpired); err != nil {
		t.Fatalf("a write under the new duty: %v", err)
	}
	// The holder leaves: the other takes over.
	holder, other := a, b
	if b.Duty() != nil {
		holder, other = b, a
	}
	holder.Close()
	for other.Duty() == nil {
		if time.Now().After(deadline) {
			t.Fatal("the duty was not taken over after its holder left")
		}
	}
}
