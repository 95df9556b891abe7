package ouriai

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"

	"tabuleiro/games/ouri"
)

// Version changes whenever the values a database holds would change (rules, conventions,
// ranking); a file from another version is rebuilt.
const Version = 2

var magic = [8]byte{'t', 'a', 'b', 'O', 'u', 'r', 'i', 'D'}

// header is the fixed start of a database file; the lower bounds follow, one byte per position,
// then the upper bounds.
type header struct {
	Magic   [8]byte
	Version uint32
	Rules   uint8
	Seeds   uint8
	_       [2]byte
	Count   uint64
	CRC     uint32 // Castagnoli CRC of the values
	_       [4]byte
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// FileName is the database's file name inside a cache directory.
func FileName(rules ouri.Rules, seeds int) string {
	return fmt.Sprintf("ouri-endgame-%s-%d-v%d.db", rules, seeds, Version)
}

// Save writes the database to path atomically: a temporary file beside it, then a rename.
func (db *DB) Save(path string) error {
	n := len(db.values)
	raw := make([]byte, 2*n)
	for i, v := range db.values {
		raw[i], raw[n+i] = byte(v.lo), byte(v.hi)
	}
	h := header{Magic: magic, Version: Version, Rules: uint8(db.Rules), Seeds: uint8(db.Seeds),
		Count: uint64(n), CRC: crc32.Checksum(raw, castagnoli)}
	var buf bytes.Buffer
	if err := binary.Write(&buf, binary.LittleEndian, &h); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("ouri endgame database: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("ouri endgame database: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	_, err = tmp.Write(buf.Bytes())
	if err == nil {
		_, err = tmp.Write(raw)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("ouri endgame database: writing %s: %w", path, err)
	}
	return nil
}

// ErrStale says a database file is missing, damaged or from another version: build it again.
var ErrStale = errors.New("ouri endgame database: file missing, damaged or from another version")

// Load reads a database written by Save for the given rules and seed cap.
func Load(path string, rules ouri.Rules, seeds int) (*DB, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %v", ErrStale, err)
		}
		return nil, fmt.Errorf("ouri endgame database: %w", err)
	}
	var h header
	hs := binary.Size(h)
	if len(raw) < hs {
		return nil, fmt.Errorf("%w: %s is too short", ErrStale, path)
	}
	if err := binary.Read(bytes.NewReader(raw[:hs]), binary.LittleEndian, &h); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrStale, err)
	}
	body := raw[hs:]
	want := Positions(seeds)
	switch {
	case h.Magic != magic, h.Version != Version:
		return nil, fmt.Errorf("%w: %s has another format or version", ErrStale, path)
	case ouri.Rules(h.Rules) != rules, int(h.Seeds) != seeds:
		return nil, fmt.Errorf("%w: %s is for rules=%s and %d seeds", ErrStale, path, ouri.Rules(h.Rules), h.Seeds)
	case h.Count != uint64(want), len(body) != 2*want:
		return nil, fmt.Errorf("%w: %s holds %d values, want %d", ErrStale, path, len(body)/2, want)
	case crc32.Checksum(body, castagnoli) != h.CRC:
		return nil, fmt.Errorf("%w: %s fails its checksum", ErrStale, path)
	}
	db := &DB{Rules: rules, Seeds: seeds, values: make([]span, want)}
	for i := range db.values {
		db.values[i] = span{int8(body[i]), int8(body[want+i])}
	}
	return db, nil
}
