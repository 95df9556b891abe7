package store_test

import (
	"fmt"
	"slices"
	"sync"

	"tabuleiro/store"
)

// memKV is the smallest KV a DB runs on: buckets in memory behind one lock, none of the optional
// methods but MaxWrites, which it enforces. It holds the DB to its defaults (notes committed at
// once, commits counted by the DB, no storage check, one process with the duty) and to the bound
// on the writes of a transaction.
type memKV struct {
	mu        sync.RWMutex
	buckets   map[string]map[string][]byte
	seqs      map[string]uint64
	maxWrites int
}

var _ store.BoundedKV = (*memKV)(nil)

func newMemKV(maxWrites int) *memKV {
	return &memKV{buckets: map[string]map[string][]byte{}, seqs: map[string]uint64{}, maxWrites: maxWrites}
}

func (m *memKV) View(fn func(store.Tx) error) error {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return fn(&memTx{m: m})
}

// Update holds the lock while fn runs, so that fn runs once, and applies its writes only when fn
// succeeds and they are within the bound.
func (m *memKV) Update(fn func(store.Tx) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := &memTx{m: m, writes: map[string]map[string][]byte{}, seqs: map[string]uint64{}}
	if err := fn(t); err != nil {
		return err
	}
	n := 0
	for _, w := range t.writes {
		n += len(w)
	}
	if n > m.maxWrites {
		return fmt.Errorf("memkv: a transaction wrote %d keys, more than its bound of %d", n, m.maxWrites)
	}
	for name, w := range t.writes {
		b := m.buckets[name]
		if b == nil {
			b = map[string][]byte{}
			m.buckets[name] = b
		}
		for k, v := range w {
			if v == nil {
				delete(b, k)
			} else {
				b[k] = v
			}
		}
	}
	for name, n := range t.seqs {
		m.seqs[name] = n
	}
	return nil
}

func (m *memKV) Healthy() error                  { return nil }
func (m *memKV) Name() string                    { return "memory" }
func (m *memKV) Close() error                    { return nil }
func (m *memKV) MaxWrites() int                  { return m.maxWrites }
func (t *memTx) Bucket(name []byte) store.Bucket { return &memBucket{t, string(name)} }

// memTx reads the stored buckets through its own writes (nil: deleted); a view has no writes.
type memTx struct {
	m      *memKV
	writes map[string]map[string][]byte
	seqs   map[string]uint64
}

type memBucket struct {
	t    *memTx
	name string
}

func (b *memBucket) Get(key []byte) []byte {
	if v, ok := b.t.writes[b.name][string(key)]; ok {
		return v
	}
	return b.t.m.buckets[b.name][string(key)]
}

func (b *memBucket) Put(key, value []byte) error { return b.write(key, append([]byte{}, value...)) }
func (b *memBucket) Delete(key []byte) error     { return b.write(key, nil) }

func (b *memBucket) write(key, value []byte) error {
	if b.t.writes == nil {
		return fmt.Errorf("memkv: a write in a view")
	}
	if b.t.writes[b.name] == nil {
		b.t.writes[b.name] = map[string][]byte{}
	}
	b.t.writes[b.name][string(key)] = value
	return nil
}

func (b *memBucket) NextSequence() (uint64, error) {
	n, ok := b.t.seqs[b.name]
	if !ok {
		n = b.t.m.seqs[b.name]
	}
	n++
	b.t.seqs[b.name] = n
	return n, nil
}

func (b *memBucket) ForEach(fn func(k, v []byte) error) error {
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return nil
}

// Cursor walks the bucket as it is when the walk starts, the transaction's writes included.
func (b *memBucket) Cursor() store.Cursor {
	var keys []string
	for k := range b.t.m.buckets[b.name] {
		keys = append(keys, k)
	}
	for k := range b.t.writes[b.name] {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	keys = slices.DeleteFunc(keys, func(k string) bool { return b.Get([]byte(k)) == nil })
	return &memCursor{b: b, keys: keys, i: -1}
}

type memCursor struct {
	b    *memBucket
	keys []string
	i    int
}

func (c *memCursor) at(i int) ([]byte, []byte) {
	c.i = max(min(i, len(c.keys)), -1)
	if c.i < 0 || c.i >= len(c.keys) {
		return nil, nil
	}
	k := []byte(c.keys[c.i])
	return k, c.b.Get(k)
}

func (c *memCursor) First() ([]byte, []byte) { return c.at(0) }
func (c *memCursor) Last() ([]byte, []byte)  { return c.at(len(c.keys) - 1) }
func (c *memCursor) Next() ([]byte, []byte)  { return c.at(c.i + 1) }
func (c *memCursor) Prev() ([]byte, []byte)  { return c.at(c.i - 1) }
func (c *memCursor) Seek(seek []byte) ([]byte, []byte) {
	i, _ := slices.BinarySearch(c.keys, string(seek))
	return c.at(i)
}
