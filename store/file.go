package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// A damaged file must never crash the bot. bbolt trusts its file: a torn meta page, a page of
// garbage or a file cut short makes it read past its memory map or panic, sometimes in a goroutine
// of its own that nobody can recover (its freelist is rebuilt by walking every page on Open, because
// we do not sync the freelist). So before bbolt maps an existing file, checkFile reads it with plain
// reads and checks what bbolt will rely on: the meta pages, and every page of the tree it will walk.
//
// The layout below is bbolt's (go.etcd.io/bbolt internal/common), in the machine's byte order:
//
//	page header (16 bytes): id u64, flags u16, count u16, overflow u32
//	meta (at 16 in pages 0 and 1): magic u32, version u32, pageSize u32, flags u32,
//	    root bucket {root page u64, sequence u64}, freelist u64, pgid u64 (high water mark),
//	    txid u64, checksum u64 (FNV-64a of everything before it)
//	branch element (16 bytes): pos u32, ksize u32, pgid u64
//	leaf element (16 bytes): flags u32, pos u32, ksize u32, vsize u32
//	    (pos counts from the element itself; the value follows the key)
//	bucket value: root page u64, sequence u64, then the inline page when root is 0

const (
	boltMagic   = 0xED0CDAED
	boltVersion = 2

	pageHeader  = 16
	elementSize = 16
	metaSize    = 64

	branchPage   = 0x01
	leafPage     = 0x02
	metaPage     = 0x04
	freelistPage = 0x10

	bucketLeaf = 0x01

	noFreelist = ^uint64(0)
)

// Restore says what to do about a damaged file.
const restoreHint = "stop the bot, move the damaged file aside, copy the newest backup over it " +
	"(tabuleiro-<time>.db in BACKUP_DIR, or a file made with `tabuleiro backup`) and start the bot again"

// FileError is a database file that cannot be used: it names the file, what is wrong and what to do.
type FileError struct {
	Path    string
	Problem string
	Advice  string
}

func (e *FileError) Error() string {
	return fmt.Sprintf("store: %s %s; %s", e.Path, e.Problem, e.Advice)
}

func damaged(path, format string, args ...any) *FileError {
	return &FileError{Path: path, Problem: "is damaged: " + fmt.Sprintf(format, args...), Advice: restoreHint}
}

type meta struct {
	magic, version, pageSize uint32
	root, freelist, pgid     uint64
	txid                     uint64
	sum, want                uint64
}

func readMeta(b []byte) meta {
	ne := binary.NativeEndian
	h := fnv.New64a()
	h.Write(b[:56])
	return meta{
		magic: ne.Uint32(b[0:]), version: ne.Uint32(b[4:]), pageSize: ne.Uint32(b[8:]),
		root: ne.Uint64(b[16:]), freelist: ne.Uint64(b[32:]), pgid: ne.Uint64(b[40:]),
		txid: ne.Uint64(b[48:]), sum: ne.Uint64(b[56:]), want: h.Sum64(),
	}
}

// problem says what is wrong with a meta page, or "" when its fields are sound.
func (m meta) problem() string {
	switch {
	case m.magic != boltMagic:
		return "it does not carry bbolt's marker"
	case m.version != boltVersion:
		return fmt.Sprintf("it is of bbolt format version %d, not %d", m.version, boltVersion)
	case m.sum != m.want:
		return "its checksum does not match (torn or overwritten)"
	case m.pageSize < 512 || m.pageSize > 1<<24 || m.pageSize&(m.pageSize-1) != 0:
		return fmt.Sprintf("its page size %d is impossible", m.pageSize)
	}
	return ""
}

// checkFile checks an existing database file before bbolt maps it. A missing file is fine (Open
// creates it).
func checkFile(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: opening %s to check it: %w", path, err)
	}
	defer f.Close()
	unlock, busy, err := sharedLock(f)
	if err != nil {
		return fmt.Errorf("store: locking %s to check it: %w", path, err)
	}
	defer unlock()
	if busy {
		// Another process is writing it: bolt.Open will say so. Its pages may be mid-write now.
		return nil
	}
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("store: checking %s: %w", path, err)
	}
	if info.IsDir() {
		return &FileError{Path: path, Problem: "is a directory", Advice: "set DB_PATH to a file inside it"}
	}
	size := info.Size()
	if size == 0 {
		return &FileError{Path: path, Problem: "is an empty file (bbolt would silently start a new, empty " +
			"database in it, and every game would be gone)",
			Advice: "if you mean to start afresh, delete it; otherwise " + restoreHint}
	}

	m, pageSize, err := readMetas(f, path, size)
	if err != nil {
		return err
	}
	w := walker{f: f, pageSize: pageSize, hwm: m.pgid, seen: map[uint64]bool{}}
	if m.freelist != noFreelist {
		if err := w.freelist(m.freelist); err != "" {
			return damaged(path, "%s", err)
		}
	}
	if err := w.bucket(m.root, 0); err != "" {
		return damaged(path, "%s", err)
	}
	return nil
}

// readMetas reads a bbolt file's two meta pages as bbolt does and checks the one bbolt would use:
// it and the file's page size.
func readMetas(f *os.File, path string, size int64) (meta, int64, error) {
	// Meta page 0 is at the start; meta page 1 one page further, and the page size is in the metas.
	var metas [2]meta
	var ok [2]bool
	head := make([]byte, pageHeader+metaSize)
	if _, err := f.ReadAt(head, 0); err != nil {
		return meta{}, 0, notBolt(path, size)
	}
	metas[0] = readMeta(head[pageHeader:])
	ok[0] = metas[0].problem() == ""
	pageSize := int64(0)
	if ok[0] {
		pageSize = int64(metas[0].pageSize)
	}
	// Like bbolt, look for meta page 1 at every possible page size when meta page 0 is unreadable.
	for ps := int64(512); ps <= 1<<24 && ps+pageHeader+metaSize <= size; ps *= 2 {
		if pageSize != 0 && ps != pageSize {
			continue
		}
		if _, err := f.ReadAt(head, ps); err != nil {
			break
		}
		m := readMeta(head[pageHeader:])
		if m.problem() == "" && int64(m.pageSize) == ps {
			metas[1], ok[1] = m, true
			pageSize = ps
			break
		}
	}
	if !ok[0] && !ok[1] {
		if metas[0].magic != boltMagic {
			return meta{}, 0, notBolt(path, size)
		}
		return meta{}, 0, damaged(path, "both of its meta pages are unreadable (page 0: %s)", metas[0].problem())
	}
	if size%pageSize != 0 {
		return meta{}, 0, damaged(path, "its size %d is not a whole number of %d-byte pages (cut off?)", size, pageSize)
	}
	pages := uint64(size / pageSize)
	if pages < 4 {
		return meta{}, 0, damaged(path, "it holds %d pages, fewer than bbolt's 4 header pages", pages)
	}
	// bbolt uses the valid meta with the higher transaction id: that is the one that must lead to an
	// intact tree.
	use := 0
	if !ok[0] || ok[1] && metas[1].txid > metas[0].txid {
		use = 1
	}
	m := metas[use]
	switch {
	case m.pgid > pages:
		return meta{}, 0, damaged(path, "meta page %d says the file has %d pages, it has %d (cut off?)", use, m.pgid, pages)
	case m.root < 2 || m.root >= m.pgid:
		return meta{}, 0, damaged(path, "meta page %d names root page %d, outside pages 2 to %d", use, m.root, m.pgid-1)
	case m.freelist != noFreelist && (m.freelist < 2 || m.freelist >= m.pgid):
		return meta{}, 0, damaged(path, "meta page %d names freelist page %d, outside pages 2 to %d", use, m.freelist, m.pgid-1)
	}
	return m, pageSize, nil
}

func notBolt(path string, size int64) error {
	return &FileError{Path: path, Problem: fmt.Sprintf("is not a tabuleiro database (%d bytes without bbolt's "+
		"meta pages)", size), Advice: "check DB_PATH; if it is the right file, it is damaged: " + restoreHint}
}

// walker reads the pages bbolt will read, checking every bound before it is used.
type walker struct {
	f        io.ReaderAt
	pageSize int64
	hwm      uint64 // pages below this id are in use
	seen     map[uint64]bool
}

// maxDepth is deeper than any real tree of buckets: a cycle or garbage ends there.
const maxDepth = 64

// page reads page id with its overflow pages.
func (w *walker) page(id uint64) ([]byte, string) {
	if id < 2 || id >= w.hwm {
		return nil, fmt.Sprintf("a page refers to page %d, outside pages 2 to %d", id, w.hwm-1)
	}
	b := make([]byte, w.pageSize)
	if _, err := w.f.ReadAt(b, int64(id)*w.pageSize); err != nil {
		return nil, fmt.Sprintf("page %d cannot be read: %v", id, err)
	}
	ne := binary.NativeEndian
	if got := ne.Uint64(b); got != id {
		return nil, fmt.Sprintf("page %d is labelled page %d (overwritten)", id, got)
	}
	overflow := uint64(ne.Uint32(b[12:]))
	if overflow == 0 {
		return b, ""
	}
	if id+overflow >= w.hwm {
		return nil, fmt.Sprintf("page %d runs %d pages past the end of the data", id, id+overflow-w.hwm+1)
	}
	b = append(b, make([]byte, int64(overflow)*w.pageSize)...)
	if _, err := w.f.ReadAt(b[w.pageSize:], int64(id+1)*w.pageSize); err != nil {
		return nil, fmt.Sprintf("page %d cannot be read: %v", id, err)
	}
	return b, ""
}

func (w *walker) freelist(id uint64) string {
	b, err := w.page(id)
	if err != "" {
		return err
	}
	ne := binary.NativeEndian
	if flags := ne.Uint16(b[8:]); flags&freelistPage == 0 {
		return fmt.Sprintf("the freelist page %d is not a freelist (flags %#x)", id, flags)
	}
	n, at := uint64(ne.Uint16(b[10:])), pageHeader
	if n == 0xFFFF { // the real count is the first element
		if len(b) < pageHeader+8 {
			return fmt.Sprintf("the freelist page %d is cut off", id)
		}
		n, at = ne.Uint64(b[pageHeader:]), pageHeader+8
	}
	if n > uint64(len(b)-at)/8 {
		return fmt.Sprintf("the freelist page %d lists %d pages, more than it holds", id, n)
	}
	for i := uint64(0); i < n; i++ {
		if p := ne.Uint64(b[at+int(i)*8:]); p < 2 || p >= w.hwm {
			return fmt.Sprintf("the freelist page %d frees page %d, outside pages 2 to %d", id, p, w.hwm-1)
		}
	}
	return ""
}

// bucket checks the tree of a bucket whose root is page id, and the buckets inside it. It checks
// what bbolt's own walk on Open (Tx.recursivelyCheckBucket) would report, because bbolt panics in a
// goroutine of its own on any of it: pages out of bounds, reached twice or of the wrong type, and
// keys out of order within a page or outside the range their parent gives them.
func (w *walker) bucket(id uint64, depth int) string {
	_, msg := w.tree(id, depth, nil, nil)
	return msg
}

// tree checks the subtree at page id, whose keys must be >= lo (nil: any) and < hi (nil: any), and
// returns its largest key.
func (w *walker) tree(id uint64, depth int, lo, hi []byte) ([]byte, string) {
	if depth > maxDepth {
		return nil, fmt.Sprintf("page %d is deeper than %d levels (a cycle?)", id, maxDepth)
	}
	b, msg := w.page(id)
	if msg != "" {
		return nil, msg
	}
	overflow := uint64(binary.NativeEndian.Uint32(b[12:]))
	for p := id; p <= id+overflow; p++ {
		if w.seen[p] {
			return nil, fmt.Sprintf("page %d is reached twice", p)
		}
		w.seen[p] = true
	}
	return w.nodes(b, fmt.Sprintf("page %d", id), depth, lo, hi)
}

// nodes checks the elements of one branch or leaf page (or an inline bucket's page) held in b, and
// returns its largest key.
func (w *walker) nodes(b []byte, name string, depth int, lo, hi []byte) ([]byte, string) {
	ne := binary.NativeEndian
	if len(b) < pageHeader {
		return nil, name + " is cut off"
	}
	flags, count := ne.Uint16(b[8:]), int(ne.Uint16(b[10:]))
	if flags != branchPage && flags != leafPage {
		return nil, fmt.Sprintf("%s should be a branch or a leaf, its flags are %#x", name, flags)
	}
	if flags == branchPage && count == 0 {
		return nil, name + " is a branch without elements"
	}
	if pageHeader+count*elementSize > len(b) {
		return nil, fmt.Sprintf("%s says it holds %d elements, more than fit", name, count)
	}
	// Like bbolt: the first key is >= lo, each next one > the previous (for a branch, > the largest
	// key of the previous child), and all are < hi.
	order := func(i int, k, prev []byte) string {
		if i == 0 && prev != nil && bytes.Compare(prev, k) > 0 || i > 0 && bytes.Compare(prev, k) >= 0 ||
			hi != nil && bytes.Compare(k, hi) >= 0 {
			return fmt.Sprintf("%s element %d has a key out of order", name, i)
		}
		return ""
	}
	key := func(i int) ([]byte, bool) {
		at := pageHeader + i*elementSize
		e := b[at : at+elementSize]
		pos, ksize := int64(ne.Uint32(e[0:])), int64(ne.Uint32(e[4:]))
		if flags == leafPage {
			pos, ksize = int64(ne.Uint32(e[4:])), int64(ne.Uint32(e[8:]))
		}
		if int64(at)+pos+ksize > int64(len(b)) {
			return nil, false
		}
		return b[int64(at)+pos : int64(at)+pos+ksize], true
	}
	prev := lo
	var last []byte
	for i := 0; i < count; i++ {
		at := pageHeader + i*elementSize
		e := b[at : at+elementSize]
		k, ok := key(i)
		if !ok {
			return nil, fmt.Sprintf("%s element %d has a key past the end of the page", name, i)
		}
		if msg := order(i, k, prev); msg != "" {
			return nil, msg
		}
		if flags == branchPage {
			next := hi
			if i+1 < count {
				if next, ok = key(i + 1); !ok {
					return nil, fmt.Sprintf("%s element %d has a key past the end of the page", name, i+1)
				}
			}
			max, msg := w.tree(ne.Uint64(e[8:]), depth+1, k, next)
			if msg != "" {
				return nil, msg
			}
			prev, last = max, max
			continue
		}
		prev, last = k, k
		if msg := w.leaf(b, at, i, name, depth); msg != "" {
			return nil, msg
		}
	}
	return last, ""
}

// leaf checks element i of a leaf page b, at offset at: its value lies within the page, and a
// bucket it holds (by its root page, or inline) is whole.
func (w *walker) leaf(b []byte, at, i int, name string, depth int) string {
	ne := binary.NativeEndian
	e := b[at : at+elementSize]
	eflags, pos, ksize, vsize := ne.Uint32(e[0:]), int64(ne.Uint32(e[4:])), int64(ne.Uint32(e[8:])), int64(ne.Uint32(e[12:]))
	end := int64(at) + pos + ksize + vsize
	if end > int64(len(b)) {
		return fmt.Sprintf("%s element %d has a value past the end of the page", name, i)
	}
	if eflags&bucketLeaf == 0 {
		return ""
	}
	v := b[int64(at)+pos+ksize : end]
	if len(v) < 16 {
		return fmt.Sprintf("%s element %d is a bucket with a cut off header", name, i)
	}
	if root := ne.Uint64(v); root != 0 {
		return w.bucket(root, depth+1)
	}
	_, msg := w.nodes(v[16:], fmt.Sprintf("the inline bucket in %s element %d", name, i), depth+1, nil, nil)
	return msg
}
