package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"tabuleiro/games"
)

// recordVersion is the first byte of every stored challenge and game. Readers refuse other versions,
// so a file written by a newer build reports its records as corrupt instead of misreading them.
const recordVersion = 6

var errTruncated = errors.New("record is cut off")

// writer appends fields in a compact form: uvarints, and strings prefixed by their length.
type writer struct{ b []byte }

func (w *writer) uint(u uint64)    { w.b = binary.AppendUvarint(w.b, u) }
func (w *writer) int(i int64)      { w.b = binary.AppendVarint(w.b, i) }
func (w *writer) bytes(p []byte)   { w.uint(uint64(len(p))); w.b = append(w.b, p...) }
func (w *writer) str(s string)     { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *writer) bool(v bool)      { w.b = append(w.b, b2u(v)) }
func (w *writer) time(t time.Time) { w.int(unixNano(t)) }

// reader reads what writer wrote; the first error sticks and later reads return zero values.
type reader struct {
	b   []byte
	err error
	v   byte // the record's version, once read
}

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

func (r *reader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	u, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(errTruncated)
		return 0
	}
	r.b = r.b[n:]
	return u
}

func (r *reader) int() int64 {
	if r.err != nil {
		return 0
	}
	i, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail(errTruncated)
		return 0
	}
	r.b = r.b[n:]
	return i
}

func (r *reader) bytes() []byte {
	n := r.uint()
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)) {
		r.fail(errTruncated)
		return nil
	}
	// Copy: the input may be bbolt's memory map, valid only inside the transaction.
	p := make([]byte, n)
	copy(p, r.b)
	r.b = r.b[n:]
	return p
}

func (r *reader) str() string { return string(r.bytes()) }

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if len(r.b) == 0 {
		r.fail(errTruncated)
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) bool() bool {
	switch r.byte() {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail(errors.New("a flag is neither 0 nor 1"))
	return false
}

func (r *reader) time() time.Time { return fromUnixNano(r.int()) }

// version checks the leading version byte: this build reads its own version and the older ones,
// whose records lack the fields each later version added at their end (they read as zero).
func (r *reader) version() {
	v := r.byte()
	if r.err == nil && (v < 1 || v > recordVersion) {
		r.fail(fmt.Errorf("record version %d, this build reads versions 1 to %d", v, recordVersion))
	}
	r.v = v
}

// end checks that nothing is left over.
func (r *reader) end() error {
	if r.err == nil && len(r.b) != 0 {
		r.fail(fmt.Errorf("%d bytes left over after the record", len(r.b)))
	}
	return r.err
}

func b2u(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// unixNano maps the zero time to 0 (UnixNano of the zero time is out of range).
func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromUnixNano(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n)
}

func encodeChallenge(c Challenge) []byte {
	w := writer{b: make([]byte, 0, 128)}
	w.b = append(w.b, recordVersion)
	w.str(c.Guild)
	w.str(c.Channel)
	w.str(c.Kind)
	w.str(c.Options.String())
	w.str(c.First)
	w.str(c.Challenger)
	w.str(c.Opponent)
	w.str(c.MessageID)
	w.time(c.Created)
	w.time(c.Expires)
	w.uint(uint64(c.State))
	w.uint(c.GameID)
	// Version 2.
	w.bool(c.Rated)
	// Version 6.
	w.uint(uint64(c.Pace))
	return w.b
}

func decodeChallenge(id uint64, b []byte) (Challenge, error) {
	r := reader{b: b}
	r.version()
	c := Challenge{ID: id}
	c.Guild = r.str()
	c.Channel = r.str()
	c.Kind = r.str()
	opts := r.str()
	c.First = r.str()
	c.Challenger = r.str()
	c.Opponent = r.str()
	c.MessageID = r.str()
	c.Created = r.time()
	c.Expires = r.time()
	state := r.uint()
	c.GameID = r.uint()
	if r.v >= 2 {
		c.Rated = r.bool()
	}
	if r.v >= 6 {
		c.Pace = Pace(r.uint())
	}
	if err := r.end(); err != nil {
		return Challenge{}, corrupt(bucketChallenges, id, err)
	}
	if state > uint64(ChallengeExpired) {
		return Challenge{}, corrupt(bucketChallenges, id, fmt.Errorf("unknown challenge state %d", state))
	}
	c.State = ChallengeState(state)
	o, err := games.ParseOptions(opts)
	if err != nil {
		return Challenge{}, corrupt(bucketChallenges, id, err)
	}
	c.Options = o
	return c, nil
}

func encodeGame(g Game) []byte {
	w := writer{b: make([]byte, 0, 128+len(g.Encoded))}
	w.b = append(w.b, recordVersion)
	w.str(g.Guild)
	w.str(g.Channel)
	w.str(g.Kind)
	for _, p := range g.Seats {
		w.str(p.UserID)
		w.bool(p.Bot)
		w.str(p.Level)
	}
	w.str(g.MessageID)
	w.uint(uint64(g.State))
	w.int(int64(g.Outcome.Winner))
	w.uint(uint64(g.Outcome.Method))
	w.uint(uint64(g.Ply))
	w.int(int64(g.ToMove))
	w.bytes(g.Encoded)
	w.time(g.Created)
	w.time(g.LastMove)
	w.time(g.Deadline)
	w.str(g.Offer.Kind)
	w.int(int64(g.Offer.By))
	// Version 2.
	w.bool(g.Rated)
	for _, c := range g.Change {
		w.int(int64(c.Before))
		w.int(int64(c.After))
		w.bool(c.BeforeProvisional)
		w.bool(c.AfterProvisional)
	}
	w.str(g.Thread)
	w.time(g.Ping.Due)
	w.uint(uint64(g.Ping.Sent))
	w.str(g.Ping.Message)
	// Version 3.
	for _, n := range g.Hints {
		w.uint(uint64(n))
	}
	// Version 4.
	for _, p := range g.Seats {
		w.bool(p.Team)
	}
	w.str(g.Team.Starter)
	w.int(int64(g.Team.Window))
	w.time(g.Team.Closes)
	w.uint(uint64(len(g.Team.Votes)))
	for _, v := range g.Team.Votes {
		w.str(v.User)
		w.str(v.Move)
	}
	// Version 5.
	w.bool(g.Rematched)
	// Version 6.
	w.uint(uint64(g.Pace))
	w.int(int64(g.Left))
	return w.b
}

func decodeGame(id uint64, b []byte) (Game, error) {
	r := reader{b: b}
	r.version()
	g := Game{ID: id}
	g.Guild = r.str()
	g.Channel = r.str()
	g.Kind = r.str()
	for i := range g.Seats {
		g.Seats[i].UserID = r.str()
		g.Seats[i].Bot = r.bool()
		g.Seats[i].Level = r.str()
	}
	g.MessageID = r.str()
	state := r.uint()
	g.Outcome.Winner = games.Seat(r.int())
	g.Outcome.Method = games.Method(r.uint())
	g.Ply = int(r.uint())
	g.ToMove = games.Seat(r.int())
	g.Encoded = r.bytes()
	g.Created = r.time()
	g.LastMove = r.time()
	g.Deadline = r.time()
	g.Offer.Kind = r.str()
	g.Offer.By = games.Seat(r.int())
	if r.v >= 2 {
		g.Rated = r.bool()
		for i := range g.Change {
			g.Change[i].Before = int(r.int())
			g.Change[i].After = int(r.int())
			g.Change[i].BeforeProvisional = r.bool()
			g.Change[i].AfterProvisional = r.bool()
		}
		g.Thread = r.str()
		g.Ping.Due = r.time()
		g.Ping.Sent = int(r.uint())
		g.Ping.Message = r.str()
	}
	if r.v >= 3 {
		for i := range g.Hints {
			g.Hints[i] = int(r.uint())
		}
	}
	if r.v >= 4 {
		for i := range g.Seats {
			g.Seats[i].Team = r.bool()
		}
		g.Team.Starter = r.str()
		g.Team.Window = time.Duration(r.int())
		g.Team.Closes = r.time()
		// Each vote takes at least two bytes: a count beyond that is damage, not a length to allocate.
		if n := r.uint(); n > uint64(len(r.b)/2) {
			r.fail(errTruncated)
		} else if n > 0 {
			g.Team.Votes = make([]Vote, n)
			for i := range g.Team.Votes {
				g.Team.Votes[i] = Vote{User: r.str(), Move: r.str()}
			}
		}
	}
	if r.v >= 5 {
		g.Rematched = r.bool()
	}
	if r.v >= 6 {
		g.Pace = Pace(r.uint())
		g.Left = time.Duration(r.int())
	}
	if err := r.end(); err != nil {
		return Game{}, corrupt(bucketGames, id, err)
	}
	if state > uint64(Finished) {
		return Game{}, corrupt(bucketGames, id, fmt.Errorf("unknown game state %d", state))
	}
	g.State = GameState(state)
	return g, nil
}

func corrupt(bucket string, id uint64, err error) *CorruptError {
	return &CorruptError{Bucket: bucket, Key: itoa(id), Err: err}
}
