package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"tabuleiro/games"
	"tabuleiro/rating"
)

// Ratings are kept beside the games, not derived from them: a game's end changes them once, in the
// transaction that finishes it, and deleting old finished games (DeleteFinished) leaves them alone.
var (
	// Standings: guild 0 kind 0 user 0 -> a person's rating, rated record and vs-bot record.
	bStandings = []byte("standings")
	// The leaderboard: guild 0 kind 0 band (4 bytes) rating (8 bytes) user -> nothing, highest rating
	// first; the people with at least one rated game. A band is the whole part of a rating.
	bLeaderboard = []byte("standings-by-rating")
	// How many people each band of the leaderboard holds: guild 0 kind 0 band -> count. A rank or a
	// page adds up the bands above it (a few hundred numbers) instead of walking every person.
	bBands = []byte("standings-by-band")
)

// Standing is a person's record in one game on one server (the guild "" holds DMs' vs-bot games,
// which are never rated).
type Standing struct {
	Guild, Kind, User string
	Rating            rating.Rating // rating.Start until the first rated game
	Won, Drawn, Lost  int           // rated games
	Bot               []BotRecord   // games against the bot, one per level played, in the order first played
}

// Rated is the number of rated games played.
func (s Standing) Rated() int { return s.Won + s.Drawn + s.Lost }

// BotRecord is a person's results against the bot at one level.
type BotRecord struct {
	Level            string
	Won, Drawn, Lost int
}

// Standing returns a person's standing in a game on a server; someone who never played starts at
// rating.Start with empty records.
func (s *DB) Standing(guild, kind, user string) (Standing, error) {
	var out Standing
	err := s.view(func(tx Tx) (err error) {
		out, err = getStanding(tx, guild, kind, user)
		return err
	})
	return out, err
}

// Ranked is a standing with its place on the leaderboard (1 is the highest rating).
type Ranked struct {
	Rank int
	Standing
}

// Leaderboard is one page of a server's ratings in a game.
type Leaderboard struct {
	Entries []Ranked // the page, highest rating first
	Total   int      // people on the leaderboard
	Mine    Ranked   // the asking person's place; Rank 0 when they have no rated game
}

// Leaderboard returns up to limit ratings from offset (0: the highest) of a server's game, with the
// total and user's own place, in one read. It adds up the band counts of that server and game, then
// walks the leaderboard only within the bands of the page and of user's rating.
func (s *DB) Leaderboard(guild, kind, user string, offset, limit int) (Leaderboard, error) {
	var out Leaderboard
	err := s.view(func(tx Tx) error {
		out = Leaderboard{}
		prefix := key(guild, kind)
		st, err := getStanding(tx, guild, kind, user)
		if err != nil {
			return err
		}
		out.Mine.Standing = st
		mine := leaderboardKey(st)
		var mineBand []byte
		if mine != nil {
			mineBand = bandOf(mine)
		}
		// One walk over the band counts: the total, where the page starts and where the person's
		// band starts.
		var pageBand []byte
		pageStart, mineStart := 0, -1
		c := tx.Bucket(bBands).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			n, _ := binary.Uvarint(v)
			if pageBand == nil && limit > 0 && offset < out.Total+int(n) {
				pageBand, pageStart = append([]byte(nil), k...), out.Total
			}
			if mineBand != nil && bytes.Equal(k, mineBand) {
				mineStart = out.Total
			}
			out.Total += int(n)
		}
		lc := tx.Bucket(bLeaderboard).Cursor()
		if pageBand != nil {
			rank := pageStart
			for k, _ := lc.Seek(pageBand); k != nil && bytes.HasPrefix(k, prefix) && rank < offset+limit; k, _ = lc.Next() {
				rank++
				if rank <= offset {
					continue
				}
				st, err := getStanding(tx, guild, kind, string(k[len(prefix)+12:]))
				if err != nil {
					return err
				}
				out.Entries = append(out.Entries, Ranked{Rank: rank, Standing: st})
			}
		}
		if mineStart >= 0 {
			rank := mineStart
			for k, _ := lc.Seek(mineBand); k != nil && bytes.HasPrefix(k, mineBand); k, _ = lc.Next() {
				rank++
				if bytes.Equal(k, mine) {
					out.Mine.Rank = rank
					break
				}
			}
		}
		return nil
	})
	return out, err
}

// maxRecentScan bounds the walk of RecentGames through a person's finished games of other kinds.
const maxRecentScan = 500

// RecentGames returns up to n games of kind a person finished on a server, most recent first. It
// walks the person's finished-games index of that server (all kinds) and looks at most at
// maxRecentScan games.
func (s *DB) RecentGames(guild, kind, user string, n int) ([]Game, error) {
	var out []Game
	var bad []error
	err := s.view(func(tx Tx) error {
		out, bad = nil, nil
		prefix := key(guild, user)
		c := tx.Bucket(bFinished).Cursor()
		// The last key under the prefix: the prefix followed by 0xff bytes is past any time and id.
		k, _ := c.Seek(append(append([]byte(nil), prefix...), bytes.Repeat([]byte{0xff}, 17)...))
		if k == nil {
			k, _ = c.Last()
		} else {
			k, _ = c.Prev()
		}
		for scanned := 0; k != nil && bytes.HasPrefix(k, prefix) && scanned < maxRecentScan; k, _ = c.Prev() {
			scanned++
			id := idAt(k)
			g, err := getGame(tx, id)
			if err != nil {
				bad = append(bad, indexed(bucketGames, id, err))
				continue
			}
			if g.Kind != kind {
				continue
			}
			out = append(out, g)
			if len(out) == n {
				break
			}
		}
		return nil
	})
	s.skip(bad)
	return out, err
}

// settle records the end of a game in its players' standings, inside the transaction that
// finishes it: that transaction moves the record from Active to Finished once, so two endings
// racing on one game (or a retry after a crash) settle it once. Whether a game is rated is the
// table's decision (rec.Rated, inherited from the challenge; the game's descriptor says which
// variants may be): settle carries it out. A rated game between two people who both decided at
// least once changes both ratings and sets rec.Change; a rated game that does not qualify changes
// nothing. A game against the bot counts in the person's vs-bot record.
func settle(tx Tx, old Game, rec *Game, g games.Game) error {
	if old.State != Active || rec.State != Finished || !rec.Outcome.Over() {
		return nil
	}
	o := rec.Outcome
	score := func(seat games.Seat) float64 {
		switch o.Winner {
		case seat:
			return rating.Win
		case games.NoSeat:
			return rating.Draw
		}
		return rating.Loss
	}
	a, b := rec.Seats[0], rec.Seats[1]
	if a.Bot != b.Bot {
		rec.Rated = false
		seat := games.Seat(0)
		if a.Bot {
			seat = 1
		}
		bot := rec.Seats[seat.Other()]
		level := bot.Level
		if level == "" {
			level = "hard"
		}
		person := rec.Seats[seat].UserID
		if person == "" {
			return nil
		}
		st, err := getStanding(tx, rec.Guild, rec.Kind, person)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(st.Bot, func(r BotRecord) bool { return r.Level == level })
		if i < 0 {
			st.Bot, i = append(st.Bot, BotRecord{Level: level}), len(st.Bot)
		}
		tally(&st.Bot[i].Won, &st.Bot[i].Drawn, &st.Bot[i].Lost, score(seat))
		return putStanding(tx, nil, st)
	}
	if !rec.Rated {
		return nil
	}
	if a.Bot || a.UserID == "" || b.UserID == "" || a.UserID == b.UserID || rec.Guild == "" ||
		!bothDecided(g) || o.Winner != 0 && o.Winner != 1 && o.Winner != games.NoSeat {
		// Rated stays as the challenge said (a rematch asks the same); Change stays zero.
		return nil
	}
	var was, now [2]Standing
	for i, p := range rec.Seats {
		st, err := getStanding(tx, rec.Guild, rec.Kind, p.UserID)
		if err != nil {
			return err
		}
		was[i], now[i] = st, st
	}
	now[0].Rating, now[1].Rating = rating.Game(was[0].Rating, was[1].Rating, score(0))
	for i := range now {
		s := &now[i]
		tally(&s.Won, &s.Drawn, &s.Lost, score(games.Seat(i)))
		rec.Change[i] = RatingChange{Before: was[i].Rating.Shown(), After: s.Rating.Shown(),
			BeforeProvisional: was[i].Rating.Provisional(), AfterProvisional: s.Rating.Provisional()}
		if err := putStanding(tx, &was[i], *s); err != nil {
			return err
		}
	}
	return nil
}

func tally(won, drawn, lost *int, score float64) {
	switch score {
	case rating.Win:
		*won++
	case rating.Draw:
		*drawn++
	default:
		*lost++
	}
}

// bothDecided reports whether each seat made at least one decision.
func bothDecided(g games.Game) bool {
	var seen [2]bool
	for _, s := range g.Deciders() {
		if s == 0 || s == 1 {
			seen[s] = true
		}
	}
	return seen[0] && seen[1]
}

func getStanding(tx Tx, guild, kind, user string) (Standing, error) {
	st := Standing{Guild: guild, Kind: kind, User: user, Rating: rating.Start}
	v := tx.Bucket(bStandings).Get(key(guild, kind, user))
	if v == nil {
		return st, nil
	}
	if err := decodeStanding(&st, v); err != nil {
		return Standing{}, &CorruptError{Bucket: string(bStandings), Key: guild + "/" + kind + "/" + user, Err: err}
	}
	return st, nil
}

// putStanding writes a standing and moves its leaderboard entry from that of old (nil: none known;
// the stored one is read).
func putStanding(tx Tx, old *Standing, st Standing) error {
	if old == nil {
		was, err := getStanding(tx, st.Guild, st.Kind, st.User)
		if err != nil {
			return err
		}
		old = &was
	}
	if was, now := leaderboardKey(*old), leaderboardKey(st); !bytes.Equal(was, now) {
		if was != nil {
			if err := tx.Bucket(bLeaderboard).Delete(was); err != nil {
				return err
			}
			if err := count(tx, bandOf(was), -1); err != nil {
				return err
			}
		}
		if now != nil {
			if err := tx.Bucket(bLeaderboard).Put(now, nil); err != nil {
				return err
			}
			if err := count(tx, bandOf(now), 1); err != nil {
				return err
			}
		}
	}
	return tx.Bucket(bStandings).Put(key(st.Guild, st.Kind, st.User), encodeStanding(st))
}

// bandOf is the band part of a leaderboard key: guild 0 kind 0 band.
func bandOf(k []byte) []byte {
	guildEnd := bytes.IndexByte(k, 0)
	kindEnd := guildEnd + 1 + bytes.IndexByte(k[guildEnd+1:], 0)
	return k[:kindEnd+1+4]
}

// count adds d to a band's count, deleting the band when it empties.
func count(tx Tx, band []byte, d int) error {
	b := tx.Bucket(bBands)
	n, _ := binary.Uvarint(b.Get(band))
	n = uint64(int64(n) + int64(d))
	if int64(n) <= 0 {
		return b.Delete(band)
	}
	return b.Put(band, binary.AppendUvarint(nil, n))
}

// leaderboardKey is a standing's entry on the leaderboard, nil when it has no rated game.
func leaderboardKey(st Standing) []byte {
	if st.Rated() == 0 {
		return nil
	}
	k := key(st.Guild, st.Kind)
	k = binary.BigEndian.AppendUint32(k, band(st.Rating.Rating))
	k = binary.BigEndian.AppendUint64(k, descending(st.Rating.Rating))
	return append(k, st.User...)
}

// band maps the whole part of a rating to 4 bytes that sort the highest first, in the same order
// as descending.
func band(r float64) uint32 {
	f := math.Floor(r)
	if math.IsNaN(f) {
		f = 0
	}
	f = min(max(f, math.MinInt32), math.MaxInt32)
	return ^(uint32(int32(f)) ^ 1<<31)
}

// descending maps a rating to 8 bytes that sort the highest rating first.
func descending(r float64) uint64 {
	b := math.Float64bits(r)
	if b>>63 == 0 {
		b |= 1 << 63 // positive: above every negative
	} else {
		b = ^b
	}
	return ^b
}

// standingVersion is the first byte of a stored standing.
const standingVersion = 1

func encodeStanding(st Standing) []byte {
	w := writer{b: make([]byte, 0, 64)}
	w.b = append(w.b, standingVersion)
	w.uint(math.Float64bits(st.Rating.Rating))
	w.uint(math.Float64bits(st.Rating.Deviation))
	w.uint(math.Float64bits(st.Rating.Volatility))
	w.uint(uint64(st.Won))
	w.uint(uint64(st.Drawn))
	w.uint(uint64(st.Lost))
	w.uint(uint64(len(st.Bot)))
	for _, r := range st.Bot {
		w.str(r.Level)
		w.uint(uint64(r.Won))
		w.uint(uint64(r.Drawn))
		w.uint(uint64(r.Lost))
	}
	return w.b
}

func decodeStanding(st *Standing, b []byte) error {
	r := reader{b: b}
	if v := r.byte(); r.err == nil && v != standingVersion {
		return fmt.Errorf("standing version %d, this build reads version %d", v, standingVersion)
	}
	st.Rating.Rating = math.Float64frombits(r.uint())
	st.Rating.Deviation = math.Float64frombits(r.uint())
	st.Rating.Volatility = math.Float64frombits(r.uint())
	st.Won, st.Drawn, st.Lost = int(r.uint()), int(r.uint()), int(r.uint())
	n := r.uint()
	if n > 16 {
		r.fail(errors.New("too many bot levels"))
	}
	st.Bot = nil
	for i := uint64(0); i < n && r.err == nil; i++ {
		st.Bot = append(st.Bot, BotRecord{Level: r.str(), Won: int(r.uint()), Drawn: int(r.uint()), Lost: int(r.uint())})
	}
	return r.end()
}

// checkStandings compares the leaderboard with the standings both ways.
func checkStandings(tx Tx, add func(error) bool) {
	want := map[string]bool{}
	ok := true
	tx.Bucket(bStandings).ForEach(func(k, v []byte) error {
		parts := bytes.Split(k, []byte{0})
		if len(parts) != 4 {
			ok = add(fmt.Errorf("standings: key %q is not guild, game and person", k))
			return nil
		}
		st := Standing{Guild: string(parts[0]), Kind: string(parts[1]), User: string(parts[2])}
		if err := decodeStanding(&st, v); err != nil {
			ok = add(fmt.Errorf("standings: %q cannot be read: %w", k, err))
			return nil
		}
		if lk := leaderboardKey(st); lk != nil {
			want[string(lk)] = true
		}
		return nil
	})
	tx.Bucket(bLeaderboard).ForEach(func(k, v []byte) error {
		if !want[string(k)] && ok {
			ok = add(fmt.Errorf("index %s: entry %q names no standing", bLeaderboard, k))
		}
		delete(want, string(k))
		return nil
	})
	for k := range want {
		if ok {
			ok = add(fmt.Errorf("index %s: a standing lacks its entry %q", bLeaderboard, k))
		}
	}
	bands := map[string]uint64{}
	tx.Bucket(bLeaderboard).ForEach(func(k, v []byte) error {
		bands[string(bandOf(k))]++
		return nil
	})
	tx.Bucket(bBands).ForEach(func(k, v []byte) error {
		if n, _ := binary.Uvarint(v); n != bands[string(k)] && ok {
			ok = add(fmt.Errorf("index %s: band %q counts %d, the leaderboard holds %d", bBands, k, n, bands[string(k)]))
		}
		delete(bands, string(k))
		return nil
	})
	for k, n := range bands {
		if ok {
			ok = add(fmt.Errorf("index %s: band %q of %d people is not counted", bBands, k, n))
		}
	}
}
