// Package etcdkv keeps a store.DB in an etcd cluster, so that any number of bot processes share one
// consistent store (STORE=etcd, ETCD_ENDPOINTS).
//
// A bucket is a key prefix: the record a file keeps under bucket "games" and key k is the etcd key
// <prefix>games/k, with the same bytes. A read-write transaction reads at one revision, remembers the
// revision of every key it read and buffers its writes; it commits with one etcd Txn that compares
// each key's ModRevision with the one it read (and each range it walked with the revision it read
// at). When another process wrote in between, the Txn fails and the transaction runs again on what
// is now stored: two replicas deciding on one game cannot both land, and the loser's second run sees
// the winner's ply and refuses as the file would (store.ErrMovedOn).
//
//	kv, err := etcdkv.Open(etcdkv.Config{Endpoints: []string{"http://etcd1:2379"}})
//	st, err := store.OpenKV(kv, store.Options{Decode: catalog.Decode})
package etcdkv

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"tabuleiro/metrics"
	"tabuleiro/store"
)

// Config says how to reach the cluster.
type Config struct {
	Endpoints []string // client URLs, e.g. http://etcd1:2379
	// Prefix is put before every key, so that several bots (or tests) can share a cluster.
	// Default "tabuleiro/".
	Prefix string
	// Timeout bounds each request to the cluster; default 5s. DialTimeout bounds the first
	// connection; default 5s.
	Timeout, DialTimeout time.Duration
	// DutyTTL is how long the duty outlives a process that died holding it (duty.go); default 10s.
	DutyTTL time.Duration
}

// KV is an etcd cluster as a store.KV. It is safe for concurrent use.
type KV struct {
	c       *clientv3.Client
	own     bool // Close closes c
	prefix  string
	timeout time.Duration
	fence   []clientv3.Cmp // compared by every commit (Fenced)
	stats   *Stats
	dutyTTL int   // seconds
	duty    *duty // shared with the Fenced copies
}

// Stats count what the KV did.
type Stats struct {
	Commits   atomic.Uint64 // Txns that landed
	Conflicts atomic.Uint64 // Txns refused because another process wrote what they read
}

// maxAttempts bounds the runs of one transaction that keeps meeting other writers.
const maxAttempts = 64

// ErrFenced: a fenced commit found that its fence no longer holds (the duty passed to another
// process); nothing was written.
var ErrFenced = errors.New("etcdkv: this process no longer holds the duty: nothing written")

// Open connects to the cluster.
func Open(cfg Config) (*KV, error) {
	if len(cfg.Endpoints) == 0 {
		return nil, errors.New("etcdkv: no endpoints: set ETCD_ENDPOINTS to the cluster's client URLs, comma-separated")
	}
	if cfg.DialTimeout <= 0 {
		cfg.DialTimeout = 5 * time.Second
	}
	c, err := clientv3.New(clientv3.Config{Endpoints: cfg.Endpoints, DialTimeout: cfg.DialTimeout,
		Logger: zap.NewNop()})
	if err != nil {
		return nil, fmt.Errorf("etcdkv: connecting to %s: %w", strings.Join(cfg.Endpoints, ","), err)
	}
	kv := New(c, cfg)
	kv.own = true
	return kv, nil
}

// New uses a client the caller made (and closes).
func New(c *clientv3.Client, cfg Config) *KV {
	if cfg.Prefix == "" {
		cfg.Prefix = "tabuleiro/"
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.DutyTTL <= 0 {
		cfg.DutyTTL = 10 * time.Second
	}
	return &KV{c: c, prefix: cfg.Prefix, timeout: cfg.Timeout, stats: &Stats{},
		dutyTTL: max(int(cfg.DutyTTL/time.Second), 1), duty: &duty{}}
}

// Client is the KV's etcd client (for leases and elections on the same connection).
func (k *KV) Client() *clientv3.Client { return k.c }

// Prefix is what every key of this KV starts with.
func (k *KV) Prefix() string { return k.prefix }

// Stats are the KV's counters (shared with its Fenced copies).
func (k *KV) Stats() *Stats { return k.stats }

// Fenced is the KV whose every commit also requires cmps to hold (a lease's key still being the
// one this process created): a process that lost its duty cannot write in its name. Such a commit
// returns ErrFenced.
func (k *KV) Fenced(cmps ...clientv3.Cmp) *KV {
	f := *k
	f.own = false
	f.fence = append(append([]clientv3.Cmp(nil), k.fence...), cmps...)
	return &f
}

// MaxWrites bounds the keys one transaction writes: etcd refuses a Txn of more than 128
// operations by default (--max-txn-ops), and counts the comparisons apart from the writes; a
// deletion compares the key it deletes, and a walk adds a comparison of its range.
func (k *KV) MaxWrites() int { return 64 }

func (k *KV) Name() string { return "etcd at " + strings.Join(k.c.Endpoints(), ",") }

// Close leaves the duty's election (another process takes the duty at once) and closes the
// client when Open made it.
func (k *KV) Close() error {
	if !k.own && k.fence != nil {
		return nil
	}
	k.stopDuty()
	if !k.own {
		return nil
	}
	return k.c.Close()
}

// Healthy reads one key through the cluster's leader (a linearizable read needs a quorum): nil
// when the cluster can commit.
func (k *KV) Healthy() error {
	ctx, cancel := context.WithTimeout(context.Background(), min(k.timeout, 2*time.Second))
	defer cancel()
	if _, err := k.c.Get(ctx, k.prefix+"health", clientv3.WithCountOnly()); err != nil {
		return fmt.Errorf("store: etcd at %s cannot be read through a quorum: %w", strings.Join(k.c.Endpoints(), ","), err)
	}
	return nil
}

func (k *KV) View(fn func(store.Tx) error) error {
	t := k.newTx(false)
	err := fn(t)
	if t.err != nil {
		return t.err
	}
	return err
}

func (k *KV) Update(fn func(store.Tx) error) error {
	for attempt := range maxAttempts {
		t := k.newTx(true)
		// The commit compares every key read, so the first run may read from whichever member
		// the client talks to (a serializable read, no round to the leader): a member that lags
		// only makes the commit fail and the run repeat, reading through the leader then.
		t.serializable = attempt == 0
		if err := fn(t); err != nil {
			if t.serializable && t.err == nil {
				continue // a refusal stands only on what the leader has: read again through it
			}
			return err
		}
		if t.err != nil {
			return t.err
		}
		if len(t.writes) == 0 {
			if t.serializable {
				continue // a refusal stands only on what the leader has: read again through it
			}
			return nil
		}
		cmps := append([]clientv3.Cmp(nil), k.fence...)
		for key, rev := range t.reads {
			cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(key), "=", rev))
		}
		for _, r := range t.ranges {
			cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(r[0]), "<", t.rev+1).WithRange(r[1]))
		}
		ops := make([]clientv3.Op, 0, len(t.writes))
		for key, w := range t.writes {
			if w.del {
				ops = append(ops, clientv3.OpDelete(key))
			} else {
				ops = append(ops, clientv3.OpPut(key, string(w.val)))
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), k.timeout)
		start := time.Now()
		resp, err := k.c.Txn(ctx).If(cmps...).Then(ops...).Commit()
		cancel()
		if err != nil {
			return fmt.Errorf("etcd: %w", err)
		}
		if resp.Succeeded {
			k.stats.Commits.Add(1)
			metrics.Commit(metrics.Etcd, time.Since(start), 1)
			return nil
		}
		k.stats.Conflicts.Add(1)
		if len(k.fence) > 0 && !k.fenceHolds() {
			return ErrFenced
		}
	}
	return fmt.Errorf("etcd: %d attempts met other writers; try again", maxAttempts)
}

// fenceHolds checks the fence alone.
func (k *KV) fenceHolds() bool {
	ctx, cancel := context.WithTimeout(context.Background(), k.timeout)
	defer cancel()
	resp, err := k.c.Txn(ctx).If(k.fence...).Commit()
	return err == nil && resp.Succeeded
}

type write struct {
	val []byte
	del bool
}

// tx is one transaction: reads at one revision, writes buffered until Update commits them.
type tx struct {
	k            *KV
	writable     bool
	serializable bool               // reads need not go through the leader
	rev          int64              // the revision every read is at; 0 until the first read
	reads        map[string]int64   // key -> its ModRevision when read (0: absent)
	vals         map[string][]byte  // what was read (nil: absent)
	writes       map[string]write   // what will be written
	ranges       [][2]string        // key ranges walked by cursors, [start, end)
	err          error              // the first failure to reach the cluster
	buckets      map[string]*bucket // by name
	_            struct{}
}

func (k *KV) newTx(writable bool) *tx {
	return &tx{k: k, writable: writable, reads: map[string]int64{}, vals: map[string][]byte{},
		writes: map[string]write{}, buckets: map[string]*bucket{}}
}

func (t *tx) Bucket(name []byte) store.Bucket {
	b := t.buckets[string(name)]
	if b == nil {
		b = &bucket{t: t, name: string(name), lo: t.k.prefix + string(name) + "/"}
		b.hi = b.lo[:len(b.lo)-1] + "0" // '0' follows '/'
		t.buckets[string(name)] = b
	}
	return b
}

func (t *tx) fail(err error) {
	if t.err == nil {
		t.err = fmt.Errorf("etcd: %w", err)
	}
}

// get runs an etcd Get at the transaction's revision, fixing it on the first read.
func (t *tx) get(key string, opts ...clientv3.OpOption) *clientv3.GetResponse {
	if t.err != nil {
		return nil
	}
	if t.rev != 0 {
		opts = append(opts, clientv3.WithRev(t.rev))
	} else if t.serializable {
		opts = append(opts, clientv3.WithSerializable())
	}
	ctx, cancel := context.WithTimeout(context.Background(), t.k.timeout)
	defer cancel()
	resp, err := t.k.c.Get(ctx, key, opts...)
	if err != nil {
		t.fail(err)
		return nil
	}
	if t.rev == 0 {
		t.rev = resp.Header.Revision
	}
	return resp
}

// value reads one key, seeing the transaction's own writes.
func (t *tx) value(key string) []byte {
	if w, ok := t.writes[key]; ok {
		if w.del {
			return nil
		}
		return w.val
	}
	if v, ok := t.vals[key]; ok {
		return v
	}
	resp := t.get(key)
	if resp == nil {
		return nil
	}
	var v []byte
	var rev int64
	if len(resp.Kvs) > 0 {
		v, rev = resp.Kvs[0].Value, resp.Kvs[0].ModRevision
		if v == nil {
			v = []byte{}
		}
	}
	t.reads[key], t.vals[key] = rev, v
	return v
}

func (t *tx) put(key string, v []byte) error {
	if !t.writable {
		return errors.New("etcdkv: a write in a read-only transaction")
	}
	t.writes[key] = write{val: append([]byte{}, v...)}
	return nil
}

type bucket struct {
	t      *tx
	name   string
	lo, hi string // the bucket's keys are in [lo, hi)
}

func (b *bucket) Get(key []byte) []byte { return b.t.value(b.lo + string(key)) }

func (b *bucket) Put(key, value []byte) error { return b.t.put(b.lo+string(key), value) }

func (b *bucket) Delete(key []byte) error {
	if !b.t.writable {
		return errors.New("etcdkv: a delete in a read-only transaction")
	}
	// Deleting reads the key, so that the commit also requires it unchanged: two processes
	// moving one index entry cannot both succeed on stale views.
	b.t.value(b.lo + string(key))
	b.t.writes[b.lo+string(key)] = write{del: true}
	return nil
}

// NextSequence counts in a key of its own beside the bucket, as bbolt counts in the bucket.
func (b *bucket) NextSequence() (uint64, error) {
	key := b.t.k.prefix + "sequence/" + b.name
	var n uint64
	if v := b.t.value(key); v != nil {
		var err error
		if n, err = strconv.ParseUint(string(v), 10, 64); err != nil {
			return 0, fmt.Errorf("etcdkv: the sequence of %s reads %q: %w", b.name, v, err)
		}
	}
	if b.t.err != nil {
		return 0, b.t.err
	}
	n++
	return n, b.t.put(key, []byte(strconv.FormatUint(n, 10)))
}

func (b *bucket) ForEach(fn func(k, v []byte) error) error {
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return b.t.err
}

func (b *bucket) Cursor() store.Cursor { return &cursor{b: b} }

// pageSize is how many keys a cursor fetches at once.
const pageSize = 256

// cursor walks a bucket a page at a time, at the transaction's revision.
type cursor struct {
	b    *bucket
	page []*mvccpb.KeyValue
	i    int
	desc bool // the page runs from the highest key down
}

// fetch loads the page that starts at from (inclusive) going up, or ends before from going down.
func (c *cursor) fetch(from string, desc bool) ([]byte, []byte) {
	b := c.b
	var resp *clientv3.GetResponse
	if desc {
		resp = b.t.get(b.lo, clientv3.WithRange(from), clientv3.WithLimit(pageSize),
			clientv3.WithSort(clientv3.SortByKey, clientv3.SortDescend))
	} else {
		resp = b.t.get(from, clientv3.WithRange(b.hi), clientv3.WithLimit(pageSize))
	}
	c.page, c.i, c.desc = nil, 0, desc
	if resp == nil {
		return nil, nil
	}
	c.page = resp.Kvs
	if b.t.writable {
		// The commit requires the walked range unchanged since the transaction's revision.
		lo, hi := from, b.hi
		if desc {
			lo, hi = b.lo, from
		}
		if resp.More && len(resp.Kvs) > 0 {
			last := string(resp.Kvs[len(resp.Kvs)-1].Key)
			if desc {
				lo = last
			} else {
				hi = last + "\x00"
			}
		}
		b.t.ranges = append(b.t.ranges, [2]string{lo, hi})
	}
	return c.current()
}

func (c *cursor) current() ([]byte, []byte) {
	if c.i >= len(c.page) {
		return nil, nil
	}
	kv := c.page[c.i]
	v := kv.Value
	if v == nil {
		v = []byte{}
	}
	return kv.Key[len(c.b.lo):], v
}

func (c *cursor) First() ([]byte, []byte)        { return c.fetch(c.b.lo, false) }
func (c *cursor) Last() ([]byte, []byte)         { return c.fetch(c.b.hi, true) }
func (c *cursor) Seek(s []byte) ([]byte, []byte) { return c.fetch(c.b.lo+string(s), false) }

func (c *cursor) Next() ([]byte, []byte) {
	if c.i >= len(c.page) {
		return nil, nil
	}
	if !c.desc && c.i+1 < len(c.page) {
		c.i++
		return c.current()
	}
	return c.fetch(string(c.page[c.i].Key)+"\x00", false)
}

func (c *cursor) Prev() ([]byte, []byte) {
	if c.i >= len(c.page) {
		return nil, nil
	}
	if c.desc && c.i+1 < len(c.page) {
		c.i++
		return c.current()
	}
	return c.fetch(string(c.page[c.i].Key), true)
}

// Feed calls changed with the key of every record of bucket any process writes or deletes, until
// ctx is done: a page on one replica learns of a decision made on another (store.FeedingKV). A
// watch the cluster cancels (a compaction, a lost member) is started again from the revision it
// reached, so no change is missed while the cluster keeps it.
func (k *KV) Feed(ctx context.Context, bucket []byte, changed func(key []byte)) {
	lo := k.prefix + string(bucket) + "/"
	go func() {
		var rev int64
		for ctx.Err() == nil {
			opts := []clientv3.OpOption{clientv3.WithPrefix()}
			if rev > 0 {
				opts = append(opts, clientv3.WithRev(rev+1))
			}
			for resp := range k.c.Watch(clientv3.WithRequireLeader(ctx), lo, opts...) {
				if resp.CompactRevision > 0 {
					rev = 0 // the changes in between are gone: carry on from now
				}
				for _, ev := range resp.Events {
					rev = max(rev, ev.Kv.ModRevision)
					changed([]byte(strings.TrimPrefix(string(ev.Kv.Key), lo)))
				}
			}
			select {
			case <-ctx.Done():
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
}
