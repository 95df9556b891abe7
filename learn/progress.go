package learn

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"

	"tabuleiro/games"
)

// Progress is one person's progress in one game's lessons, as the bot stores it.
type Progress struct {
	Done    []string // the lessons finished, by ID, in the order finished
	Current State    // the lesson under way; Lesson "" when none
}

// Finished reports whether the lesson id is done.
func (p Progress) Finished(id string) bool { return slices.Contains(p.Done, id) }

// Record is p with a's attempt in it: a finished lesson joins Done and leaves Current, one under
// way becomes Current.
func (p Progress) Record(a *Attempt) Progress {
	out := Progress{Done: slices.Clone(p.Done), Current: a.State()}
	if a.Done() {
		if !out.Finished(a.lesson.ID) {
			out.Done = append(out.Done, a.lesson.ID)
		}
		out.Current = State{}
	}
	return out
}

// ErrAllDone is Next's answer when every lesson of the game is done.
var ErrAllDone = errors.New("learn: every lesson is done")

// Next continues where the learner left: the lesson under way if it is the game's (a lesson done
// before and taken again included), otherwise the first of the game's lessons not done, from its
// start. ErrAllDone when none is left.
func Next(d *games.Descriptor, p Progress) (*Attempt, error) {
	if l, ok := Lookup(p.Current.Lesson); ok && l.game == d {
		return Resume(p.Current)
	}
	for _, l := range Of(d) {
		if !p.Finished(l.ID) {
			return Start(l)
		}
	}
	return nil, ErrAllDone
}

// progressVersion is the first byte of an encoded Progress.
const progressVersion = 1

// Limits of a decoded Progress: far above what lessons need, low enough that no stored value costs
// much to read.
const (
	maxStrings = 256
	maxString  = 64
)

// Encode writes p as bytes: the version, then Done and Current's lesson and decisions as
// length-prefixed strings.
func (p Progress) Encode() []byte {
	b := []byte{progressVersion}
	b = appendStrings(b, p.Done)
	b = appendString(b, p.Current.Lesson)
	return appendStrings(b, p.Current.Played)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// DecodeProgress reads what Encode wrote; nil or empty bytes are no progress yet.
func DecodeProgress(b []byte) (Progress, error) {
	var p Progress
	if len(b) == 0 {
		return p, nil
	}
	if b[0] != progressVersion {
		return p, fmt.Errorf("learn: progress version %d, want %d", b[0], progressVersion)
	}
	r := reader{b: b[1:]}
	p.Done = r.strings()
	p.Current.Lesson = r.string()
	p.Current.Played = r.strings()
	if r.err == nil && len(r.b) > 0 {
		r.err = fmt.Errorf("%d bytes after the progress", len(r.b))
	}
	if r.err != nil {
		return Progress{}, fmt.Errorf("learn: progress: %w", r.err)
	}
	return p, nil
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) count(limit int) int {
	if r.err != nil {
		return 0
	}
	n, size := binary.Uvarint(r.b)
	switch {
	case size <= 0:
		r.err = errors.New("a length is cut short")
	case n > uint64(limit):
		r.err = fmt.Errorf("a length of %d is over %d", n, limit)
	default:
		r.b = r.b[size:]
		return int(n)
	}
	return 0
}

func (r *reader) string() string {
	n := r.count(maxString)
	switch {
	case r.err != nil:
		return ""
	case n > len(r.b):
		r.err = errors.New("a text is cut short")
		return ""
	case !utf8.Valid(r.b[:n]):
		r.err = errors.New("a text is not UTF-8")
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *reader) strings() []string {
	n := r.count(maxStrings)
	var ss []string
	for i := 0; i < n && r.err == nil; i++ {
		ss = append(ss, r.string())
	}
	return ss
}
