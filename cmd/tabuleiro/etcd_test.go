package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tabuleiro/store/etcdkv/etcdtest"
)

// TestMainOnEtcd runs the program with STORE=etcd on a three-member cluster, as shard 1 of 2: it
// answers a guild of shard 0 (the store is shared, so no 421), and /healthz follows the cluster's
// quorum.
func TestMainOnEtcd(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an etcd cluster")
	}
	cluster := etcdtest.Start(t, 3)
	api := httptest.NewServer(&fakeREST{})
	defer api.Close()
	pub, priv, _ := ed25519.GenerateKey(nil)
	env := map[string]string{
		"DISCORD_TOKEN": "tok", "DISCORD_GATEWAY": "off", "DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
		"HTTP_ADDR": "127.0.0.1:0", "DISCORD_API_BASE": api.URL, "DB_PATH": t.TempDir() + "/unused.db",
		"STORE": "etcd", "ETCD_ENDPOINTS": strings.Join(cluster.Endpoints(), ","),
		"SHARD_ID": "1", "SHARD_COUNT": "2",
	}
	cfg, err := loadConfig(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	m, stop := serving(t, cfg)
	health := func() int {
		resp, err := http.Get("http://" + m.Addr.String() + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := health(); code != 200 {
		t.Fatalf("/healthz on a sound cluster: %d", code)
	}
	// Guild 100 is shard 0's ((100>>22)%2 == 0); this process is shard 1.
	body := `{"id":"2","application_id":"424242","type":2,"token":"t2","version":1,"guild_id":"100","channel_id":"200",
		"member":{"user":{"id":"11","username":"alice"}},
		"data":{"id":"9","name":"ordo","type":1,"options":[{"name":"challenge","type":1,"options":[{"name":"opponent","type":6,"value":"22"}]}],
		"resolved":{"users":{"22":{"id":"22","username":"bob"}}}}}`
	resp := signedPost(t, m, priv, body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("another shard's guild answered %d, want 200 with a shared store", resp.StatusCode)
	}
	if open, err := m.Store.OpenChallenges("200"); err != nil || len(open) != 1 {
		t.Fatalf("the challenge in etcd: %v, %v", open, err)
	}

	// Two members of three stop: no quorum, so the store cannot commit and /healthz says so.
	cluster.StopMembers(1, 2)
	if code := health(); code != http.StatusServiceUnavailable {
		t.Fatalf("/healthz without a quorum: %d, want 503", code)
	}
	stop()
	m.Close()
}
