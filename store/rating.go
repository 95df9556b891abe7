package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games"
	"tabuleiro/rating"
)

// Ratings live beside the games, not derived from them: a game's end changes them once, in the
// transaction that finishes it, and deleting old finished games (DeleteFinished) leaves them alone.
var (
	// Standings: guild 0 kind 0 user 0 -> a person's rating, rated record and vs-bot record.
	bStandings = []byte("standings")
	// The leaderboard: guild 0 kind 0 rank key (8 bytes, highest rating first) user -> nothing; the
	// people with at least one rated game.
	bLeaderboard = []byte("standings-by-rating")
)

// Standing is a person's record in one game on one server (the guild "" holds DMs' vs-bot games,
// which are never rated).
type Standing struct {
	Guild, Kind, User string
	Rating            rating.Rating // rating.Start until the first rated game
	Won, Drawn, Lost  int           // rated games
	Bot               []BotRecord   // games against the bot, one per level played, by level name
}

// Rated is the number of rated games played.
func (s Standing) Rated() int { return s.Won + s.Drawn + s.Lost }

// BotRecord is a person's results against the bot at one level.
type BotRecord struct {
	Level            string
	Won, Drawn, Lost int
}

// Ratable reports whether games of kind with these options (canonical, as games.Game.Options gives
// them, or as a person gave them: absent options take their defaults) can be rated: every Oolong and
// Ordo game, and Ouri only with rules:ouri and without misere.
func Ratable(kind string, o games.Options) bool {
	switch kind {
	case "oolong", "ordo":
		return true
	case "ouri":
		return (o["rules"] == "" || o["rules"] == "ouri") && (o["misere"] == "" || o["misere"] == "false")
	}
	return false
}

// Standing returns a person's standing in a game on a server; someone who never played starts at
// rating.Start with empty records.
func (s *Store) Standing(guild, kind, user string) (Standing, error) {
	var out Standing
	err := s.view(func(tx *bolt.Tx) (err error) {
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
// total and user's own place, in one read. It walks the rating index of that server and game only.
func (s *Store) Leaderboard(guild, kind, user string, offset, limit int) (Leaderboard, error) {
	var out Leaderboard
	err := s.view(func(tx *bolt.Tx) error {
		out = Leaderboard{}
		prefix := key(guild, kind)
		c := tx.Bucket(bLeaderboard).Cursor()
		n := 0
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			n++
			who := string(k[len(prefix)+8:])
			mine := who == user
			if !mine && (n <= offset || n > offset+limit) {
				continue
			}
			st, err := getStanding(tx, guild, kind, who)
			if err != nil {
				return err
			}
			r := Ranked{Rank: n, Standing: st}
			if mine {
				out.Mine = r
			}
			if n > offset && n <= offset+limit {
				out.Entries = append(out.Entries, r)
			}
		}
		out.Total = n
		if out.Mine.Rank == 0 {
			st, err := getStanding(tx, guild, kind, user)
			if err != nil {
				return err
			}
			out.Mine.Standing = st
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
func (s *Store) RecentGames(guild, kind, user string, n int) ([]Game, error) {
	var out []Game
	var bad []error
	err := s.view(func(tx *bolt.Tx) error {
		out, bad = nil, nil
		for _, id := range ids(tx, bFinished, key(guild, user), true, maxRecentScan) {
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
// racing on one game (or a retry after a crash) settle it once. A rated game between two people
// who both decided at least once changes both ratings and sets rec.Change; a rated game that does
// not qualify becomes unrated. A game against the bot counts in the person's vs-bot record.
func settle(tx *bolt.Tx, old Game, rec *Game, g games.Game) error {
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
			st.Bot = append(st.Bot, BotRecord{Level: level})
			slices.SortFunc(st.Bot, func(x, y BotRecord) int { return levelOrder(x.Level) - levelOrder(y.Level) })
			i = slices.IndexFunc(st.Bot, func(r BotRecord) bool { return r.Level == level })
		}
		tally(&st.Bot[i].Won, &st.Bot[i].Drawn, &st.Bot[i].Lost, score(seat))
		return putStanding(tx, nil, st)
	}
	if !rec.Rated {
		return nil
	}
	if a.Bot || a.UserID == "" || b.UserID == "" || a.UserID == b.UserID || rec.Guild == "" ||
		!Ratable(rec.Kind, g.Options()) || !bothDecided(g) || o.Winner != 0 && o.Winner != 1 && o.Winner != games.NoSeat {
		rec.Rated = false
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

// levelOrder sorts the bot's levels from the weakest; unknown ones last, by name.
func levelOrder(level string) int {
	switch level {
	case "easy":
		return 0
	case "medium":
		return 1
	case "hard":
		return 2
	}
	return 3
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

func getStanding(tx *bolt.Tx, guild, kind, user string) (Standing, error) {
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
func putStanding(tx *bolt.Tx, old *Standing, st Standing) error {
	if old == nil {
		was, err := getStanding(tx, st.Guild, st.Kind, st.User)
		if err != nil {
			return err
		}
		old = &was
	}
	b := tx.Bucket(bLeaderboard)
	if k := leaderboardKey(*old); k != nil && !bytes.Equal(k, leaderboardKey(st)) {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	if k := leaderboardKey(st); k != nil {
		if err := b.Put(k, nil); err != nil {
			return err
		}
	}
	return tx.Bucket(bStandings).Put(key(st.Guild, st.Kind, st.User), encodeStanding(st))
}

// leaderboardKey is a standing's entry on the leaderboard, nil when it has no rated game.
func leaderboardKey(st Standing) []byte {
	if st.Rated() == 0 {
		return nil
	}
	k := key(st.Guild, st.Kind)
	k = binary.BigEndian.AppendUint64(k, descending(st.Rating.Rating))
	return append(k, st.User...)
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
func checkStandings(tx *bolt.Tx, add func(error) bool) {
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
}
