// Package etcdtest runs an etcd cluster inside a test, offline: members listen on random local
// ports and keep their data in the test's temporary directories. Ticks are short (10ms, elections
// after 100ms) so that a member stopped mid-test is replaced quickly.
package etcdtest

import (
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"

	"tabuleiro/store"
	"tabuleiro/store/etcdkv"
)

// Cluster is a running cluster of embedded members.
type Cluster struct {
	t       testing.TB
	Members []*embed.Etcd // nil once stopped
	clients []string      // each member's client URL
}

var clusters atomic.Int64

// Start starts a cluster of n members and waits until it has a leader. It stops when the test ends.
// Its members do not fsync: a test's durability is the quorum.
func Start(t testing.TB, n int) *Cluster {
	t.Helper()
	return startCluster(t, n, false)
}

// StartDurable is Start with members that fsync every commit, as a real cluster does (benchmarks).
func StartDurable(t testing.TB, n int) *Cluster {
	t.Helper()
	return startCluster(t, n, true)
}

func startCluster(t testing.TB, n int, fsync bool) *Cluster {
	for attempt := 0; ; attempt++ {
		c, err := start(t, n, fsync)
		if err == nil {
			t.Cleanup(c.Stop)
			return c
		}
		// A port picked free may have been taken meanwhile: pick others.
		if attempt == 2 {
			t.Fatalf("etcdtest: starting %d members: %v", n, err)
		}
	}
}

func start(t testing.TB, n int, fsync bool) (*Cluster, error) {
	token := fmt.Sprintf("tabuleiro-test-%d-%d", clusters.Add(1), time.Now().UnixNano())
	cfgs := make([]*embed.Config, n)
	var initial []string
	c := &Cluster{t: t}
	for i := range cfgs {
		peer, client := freeURL(t), freeURL(t)
		cfg := embed.NewConfig()
		cfg.Name = fmt.Sprintf("m%d", i)
		cfg.Dir = t.TempDir()
		cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{peer}, []url.URL{peer}
		cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{client}, []url.URL{client}
		cfg.ListenMetricsUrls = nil
		cfg.InitialClusterToken = token
		// Quick elections, yet slow enough that a test machine busy with -race and other packages
		// does not miss heartbeats and change leaders over and over (requests then time out).
		cfg.TickMs, cfg.ElectionMs = 25, 500
		cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.NewNop())
		cfg.Logger = "zap"
		cfg.UnsafeNoFsync = !fsync
		if fsync {
			cfg.TickMs, cfg.ElectionMs = 100, 1000 // etcd's defaults: an fsync may take a while
		}
		initial = append(initial, cfg.Name+"="+peer.String())
		cfgs[i] = cfg
		c.clients = append(c.clients, client.String())
	}
	for _, cfg := range cfgs {
		cfg.InitialCluster = strings.Join(initial, ",")
	}
	started := make(chan error, n)
	c.Members = make([]*embed.Etcd, n)
	for i, cfg := range cfgs {
		go func() {
			e, err := embed.StartEtcd(cfg)
			if err == nil {
				c.Members[i] = e
				select {
				case <-e.Server.ReadyNotify():
				case <-time.After(30 * time.Second):
					err = fmt.Errorf("member %s not ready after 30s", cfg.Name)
				}
			}
			started <- err
		}()
	}
	var failed error
	for range n {
		if err := <-started; err != nil && failed == nil {
			failed = err
		}
	}
	if failed != nil {
		c.Stop()
		return nil, failed
	}
	return c, nil
}

// freeURL is a local URL on a port nothing listens on now.
func freeURL(t testing.TB) url.URL {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return url.URL{Scheme: "http", Host: ln.Addr().String()}
}

// Endpoints are the client URLs of every member.
func (c *Cluster) Endpoints() []string { return append([]string(nil), c.clients...) }

// StopMember stops member i (its data stays); the others go on as a cluster while a quorum is left.
func (c *Cluster) StopMember(i int) {
	if e := c.Members[i]; e != nil {
		c.Members[i] = nil
		e.Close()
	}
}

// StopMembers stops several members at once (one by one, a member that leaves a cluster without a
// quorum waits for it).
func (c *Cluster) StopMembers(which ...int) {
	var wg sync.WaitGroup
	for _, i := range which {
		if e := c.Members[i]; e != nil {
			c.Members[i] = nil
			wg.Go(e.Close)
		}
	}
	wg.Wait()
}

// Stop stops every member.
func (c *Cluster) Stop() {
	var all []int
	for i := range c.Members {
		all = append(all, i)
	}
	c.StopMembers(all...)
}

// Client is a new client of the whole cluster, closed when the test ends.
func (c *Cluster) Client(t testing.TB) *clientv3.Client {
	t.Helper()
	cl, err := clientv3.New(clientv3.Config{Endpoints: c.Endpoints(), DialTimeout: 5 * time.Second,
		Logger: zap.NewNop()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cl.Close() })
	return cl
}

var prefixes atomic.Int64

// Prefix is a key prefix no other caller in this process got: stores made with it are separate.
func Prefix() string { return fmt.Sprintf("t%d/", prefixes.Add(1)) }

// testTimeout bounds a request in tests: generous, for machines loaded far beyond production.
const testTimeout = 30 * time.Second

// Store opens a DB on the cluster with a new client, under prefix ("" for a new one).
func (c *Cluster) Store(t testing.TB, prefix string, opt store.Options) (*store.DB, *etcdkv.KV) {
	t.Helper()
	if prefix == "" {
		prefix = Prefix()
	}
	kv := etcdkv.New(c.Client(t), etcdkv.Config{Prefix: prefix, Timeout: testTimeout})
	st, err := store.OpenKV(kv, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, kv
}
