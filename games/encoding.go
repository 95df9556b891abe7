package games

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// EncodingVersion is the first byte of every encoded game. Decoders refuse any other version.
const EncodingVersion = 1

// Record is a whole game as stored: enough to rebuild every position by replaying the log.
type Record struct {
	Kind    string
	Code    byte // the game's Descriptor.Code, the byte Encode writes for its kind
	Options Options
	Log     []Move
	// Ending is set when the game was ended outside play (Agreement, Resignation, Time), with the
	// loser for Resignation and Time.
	Ending Method
	Loser  Seat
}

// RecordOf captures a game for encoding.
func RecordOf(g Game) Record {
	d := g.Descriptor()
	r := Record{Kind: d.Kind, Code: d.Code, Options: g.Options(), Log: g.Log(), Loser: NoSeat}
	if o := g.Outcome(); o.Method == Agreement || o.Method == Resignation || o.Method == Time {
		r.Ending = o.Method
		if o.Method != Agreement {
			r.Loser = o.Winner.Other()
		}
	}
	return r
}

// Encode writes a game compactly: version, kind, options, decision log and any outside ending.
func Encode(g Game) []byte { return RecordOf(g).Encode() }

// Encode writes the record in the versioned binary form that DecodeRecord reads. The kind is written
// as r.Code; Kind is not read.
func (r Record) Encode() []byte {
	opts := r.Options.String()
	b := make([]byte, 0, 8+len(opts)+2*len(r.Log))
	b = append(b, EncodingVersion, r.Code)
	b = binary.AppendUvarint(b, uint64(len(opts)))
	b = append(b, opts...)
	b = binary.AppendUvarint(b, uint64(len(r.Log)))
	for _, m := range r.Log {
		b = binary.AppendUvarint(b, uint64(m))
	}
	b = append(b, byte(r.Ending), byte(r.Loser+1))
	return b
}

// ErrCorrupt is wrapped by every decoding error caused by the bytes themselves.
var ErrCorrupt = errors.New("corrupt game encoding")

// DecodeRecord reads an encoded game without replaying it. It sets Code and leaves Kind empty: only
// the catalog of games knows which game a code names (catalog.DecodeRecord fills Kind in, and
// catalog.Decode also replays and validates).
func DecodeRecord(b []byte) (Record, error) {
	var r Record
	if len(b) < 2 {
		return r, fmt.Errorf("%w: %d bytes is too short", ErrCorrupt, len(b))
	}
	if b[0] != EncodingVersion {
		return r, fmt.Errorf("%w: version %d, this build reads version %d", ErrCorrupt, b[0], EncodingVersion)
	}
	if b[1] == 0 {
		return r, fmt.Errorf("%w: unknown game code 0", ErrCorrupt)
	}
	r.Code = b[1]
	rest := b[2:]
	n, k := binary.Uvarint(rest)
	if k <= 0 || n > uint64(len(rest)-k) {
		return r, fmt.Errorf("%w: options length is cut off", ErrCorrupt)
	}
	opts, err := ParseOptions(string(rest[k : k+int(n)]))
	if err != nil {
		return r, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	r.Options = opts
	rest = rest[k+int(n):]
	count, k := binary.Uvarint(rest)
	if k <= 0 || count > uint64(len(rest)) {
		return r, fmt.Errorf("%w: decision count is cut off or too large", ErrCorrupt)
	}
	rest = rest[k:]
	r.Log = make([]Move, 0, count)
	for i := uint64(0); i < count; i++ {
		m, k := binary.Uvarint(rest)
		if k <= 0 || m > 0xFFFFFFFF {
			return r, fmt.Errorf("%w: decision %d is cut off", ErrCorrupt, i+1)
		}
		r.Log = append(r.Log, Move(m))
		rest = rest[k:]
	}
	if len(rest) != 2 {
		return r, fmt.Errorf("%w: %d bytes after the decision log, want 2", ErrCorrupt, len(rest))
	}
	r.Ending, r.Loser = Method(rest[0]), Seat(rest[1])-1
	switch r.Ending {
	case NotOver:
	case Agreement:
	case Resignation, Time:
		if r.Loser != 0 && r.Loser != 1 {
			return r, fmt.Errorf("%w: %s ending without a losing seat", ErrCorrupt, r.Ending)
		}
	default:
		return r, fmt.Errorf("%w: unknown ending %d", ErrCorrupt, rest[0])
	}
	return r, nil
}
