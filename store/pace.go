package store

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Pace is how long each player of a game has for each of their decisions: PaceLive is the server's
// idle timeout, as every game had before paces; a day pace gives that many pace days (PACE_DAY
// each, a day unless a test shortens it), starting again at every decision.
type Pace uint8

// PaceLive is the pace of a game played in one sitting: the server's idle timeout.
const PaceLive Pace = 0

// Paces are the paces a game may be played at, live first.
var Paces = []Pace{PaceLive, 1, 2, 3, 5, 7, 14}

// Days is how many pace days a player has for each decision; 0 for a live game.
func (p Pace) Days() int { return int(p) }

// String is the pace as people type it: "live", "1d", "14d".
func (p Pace) String() string {
	if p == PaceLive {
		return "live"
	}
	return strconv.Itoa(int(p)) + "d"
}

// ParsePace reads a pace as String writes it ("" is live). Paces other than those in Paces are
// refused, with the ones there are.
func ParsePace(s string) (Pace, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, p := range Paces {
		if s == p.String() || s == "" && p == PaceLive {
			return p, nil
		}
	}
	names := make([]string, len(Paces))
	for i, p := range Paces {
		names[i] = p.String()
	}
	return PaceLive, fmt.Errorf("%q is not a pace: choose one of %s", s, strings.Join(names, ", "))
}

// Vacation is a member's time away: while it lasts, the clocks of their day-paced games stand still
// (a game paused keeps the time its player had left in Game.Left). Each calendar year (UTC) gives
// a budget of vacation time; Spent is what the member used of Year's.
type Vacation struct {
	Since time.Time // when the vacation under way started; zero when there is none
	// Until is when the vacation under way ends: by itself once the budget is spent, or when the
	// member ended it. It stays set until the member's games are back on their clocks.
	Until time.Time
	Year  int           // the calendar year Spent counts
	Spent time.Duration // vacation time spent in Year, the one under way not included
}

// On says whether the vacation is under way at now.
func (v Vacation) On(now time.Time) bool { return !v.Since.IsZero() && now.Before(v.Until) }

// Correspondence is what slow play (correspondence play) keeps besides the games: the index of each member's active games (for
// "your games everywhere"), the vacations that end, and the daily digests and their claims.
type Correspondence interface {
	// MemberGames are a member's active games in every server and DM, by id (oldest first).
	MemberGames(user string) ([]Game, error)
	// VacationsDue are the members whose vacation ended at or before now and whose games are not
	// yet back on their clocks, earliest first.
	VacationsDue(now time.Time) ([]string, error)
	// DigestsDue are the members whose digest hour is hour and who were not sent day's digest.
	DigestsDue(day string, hour int) ([]string, error)
	// ClaimDigest claims a member's digest of day for the caller to send: true for one caller.
	// A claim not marked sent within lease may be claimed again (its sender died before sending).
	ClaimDigest(user, day string, lease time.Duration) (bool, error)
	// DigestSent marks a claimed digest sent (or skipped), so it is not claimed again that day.
	DigestSent(user, day string) error
}

var _ Correspondence = (*DB)(nil)

var (
	// Active games by member: user 0 id, for each person seated (not the bot, not a team).
	bMemberGames = []byte("active-by-member")

	// Vacations under way: end time user (time order), from the member's settings.
	bVacationDue = []byte("vacations-by-end")
	// Members who asked for a daily digest: hour byte, user (from the member's settings).
	bDigestHours = []byte("members-by-digest-hour")
	// The last digest claimed for each member: user -> day, claimed, sent.
	bDigests = []byte("digests")
	// Marks of the indexes built from the records they index, once, when they came.
	bBuilt = []byte("indexes-built")
)

// paceBuckets are the buckets of slow play no game implies: settings-derived indexes and claims.
var paceBuckets = [][]byte{bVacationDue, bDigestHours, bDigests, bBuilt}

// memberEntries are the member index's entries of an active game: one a person seated.
func memberEntries(g Game, id []byte) []entry {
	var es []entry
	for _, p := range humans(g) {
		if p != TeamKey {
			es = append(es, entry{bMemberGames, append(key(p), id...), nil})
		}
	}
	return es
}

// MemberGames lists a member's active games everywhere, from the member index: one seek, then a
// read of each game.
func (s *DB) MemberGames(user string) ([]Game, error) {
	return s.games(0, func(tx Tx) []uint64 { return ids(tx, bMemberGames, key(user), false, 0) })
}

// VacationsDue lists the members whose vacation ended at or before now, earliest first.
func (s *DB) VacationsDue(now time.Time) ([]string, error) {
	var out []string
	err := s.view(func(tx Tx) error {
		out = nil
		limit := timeKey(nil, now)
		c := tx.Bucket(bVacationDue).Cursor()
		for k, _ := c.First(); len(k) > 8 && bytes.Compare(k[:8], limit) <= 0; k, _ = c.Next() {
			out = append(out, string(k[8:]))
		}
		return nil
	})
	return out, err
}

// vacationKey is a member's entry among the vacations under way; nil when there is none.
func vacationKey(user string, m MemberSettings) []byte {
	if m.Vacation.Since.IsZero() {
		return nil
	}
	return append(timeKey(nil, m.Vacation.Until), user...)
}

// digestKey is a member's entry among those who asked for a digest; nil when they did not.
func digestKey(user string, m MemberSettings) []byte {
	if !m.Digest || m.DigestHour < 0 || m.DigestHour > 23 {
		return nil
	}
	return append([]byte{byte(m.DigestHour)}, user...)
}

// indexMember moves a member's entries among the vacations and the digests as their settings
// change, in the transaction that changes them.
func indexMember(tx Tx, user string, old, now MemberSettings) error {
	for _, ix := range []struct {
		bucket []byte
		key    func(string, MemberSettings) []byte
	}{{bVacationDue, vacationKey}, {bDigestHours, digestKey}} {
		b := tx.Bucket(ix.bucket)
		was, is := ix.key(user, old), ix.key(user, now)
		if bytes.Equal(was, is) {
			continue
		}
		if was != nil {
			if err := b.Delete(was); err != nil {
				return err
			}
		}
		if is != nil {
			if err := b.Put(is, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkMembers compares the vacations and digests listed with the members' settings both ways.
func checkMembers(tx Tx, add func(error) bool) {
	want := map[string]string{} // bucket 0 key -> user
	tx.Bucket(bMemberSettings).ForEach(func(k, v []byte) error {
		if m, err := decodeMemberSettings(v); err == nil {
			if vk := vacationKey(string(k), m); vk != nil {
				want[string(bVacationDue)+"\x00"+string(vk)] = string(k)
			}
			if dk := digestKey(string(k), m); dk != nil {
				want[string(bDigestHours)+"\x00"+string(dk)] = string(k)
			}
		}
		return nil
	})
	ok := true
	for _, b := range [][]byte{bVacationDue, bDigestHours} {
		tx.Bucket(b).ForEach(func(k, v []byte) error {
			w := string(b) + "\x00" + string(k)
			if _, listed := want[w]; !listed && ok {
				ok = add(fmt.Errorf("index %s: entry %q is not what any member's settings say", b, k))
			}
			delete(want, w)
			return nil
		})
	}
	for k, user := range want {
		if ok {
			ok = add(fmt.Errorf("index %s: member %s lacks their entry", k[:strings.IndexByte(k, 0)], user))
		}
	}
}

// Digest claims: the last digest claimed for a member, one record each.
type digestClaim struct {
	Day     string
	Claimed time.Time
	Sent    bool
}

const digestVersion = 1

func encodeDigest(d digestClaim) []byte {
	w := writer{b: []byte{digestVersion}}
	w.str(d.Day)
	w.time(d.Claimed)
	w.bool(d.Sent)
	return w.b
}

func decodeDigest(user string, b []byte) (digestClaim, error) {
	r := reader{b: b}
	if v := r.byte(); r.err == nil && v != digestVersion {
		r.fail(fmt.Errorf("record version %d, this build reads version %d", v, digestVersion))
	}
	d := digestClaim{Day: r.str(), Claimed: r.time(), Sent: r.bool()}
	if err := r.end(); err != nil {
		return digestClaim{}, corruptAt(bDigests, []byte(user), err)
	}
	return d, nil
}

// DigestsDue lists the members whose digest hour is hour and whose digest of day was not sent:
// one walk of the members who asked for one at that hour.
func (s *DB) DigestsDue(day string, hour int) ([]string, error) {
	if hour < 0 || hour > 23 {
		return nil, nil
	}
	var out []string
	err := s.view(func(tx Tx) error {
		out = nil
		claims := tx.Bucket(bDigests)
		c := tx.Bucket(bDigestHours).Cursor()
		for k, _ := c.Seek([]byte{byte(hour)}); len(k) > 1 && int(k[0]) == hour; k, _ = c.Next() {
			user := string(k[1:])
			if v := claims.Get(k[1:]); v != nil {
				if d, err := decodeDigest(user, v); err == nil && d.Day == day && d.Sent {
					continue
				}
			}
			out = append(out, user)
		}
		return nil
	})
	return out, err
}

// ClaimDigest claims a member's digest of day by compare-and-swap: of the processes that race for
// it, one gets true and sends it. A claim whose digest was not marked sent within lease (its
// process died between the claim and the send) may be claimed again, so a digest is not lost to
// a crash; a damaged claim is claimed over.
func (s *DB) ClaimDigest(user, day string, lease time.Duration) (bool, error) {
	if user == "" || day == "" || !checkText(user) {
		return false, errors.New("store: a digest needs its member and day")
	}
	now := s.opt.Now()
	var won bool
	err := s.commit(func(tx Tx) error {
		won = false
		b := tx.Bucket(bDigests)
		if v := b.Get([]byte(user)); v != nil {
			d, err := decodeDigest(user, v)
			if err == nil && d.Day == day && (d.Sent || now.Before(d.Claimed.Add(lease))) {
				return nil
			}
		}
		won = true
		return b.Put([]byte(user), encodeDigest(digestClaim{Day: day, Claimed: now}))
	})
	if err != nil {
		return false, fmt.Errorf("store: claiming the digest of %s: %w", user, err)
	}
	return won, nil
}

// DigestSent marks a member's digest of day sent; a claim of another day is left alone.
func (s *DB) DigestSent(user, day string) error {
	err := s.commit(func(tx Tx) error {
		b := tx.Bucket(bDigests)
		v := b.Get([]byte(user))
		if v == nil {
			return nil
		}
		d, err := decodeDigest(user, v)
		if err != nil || d.Day != day || d.Sent {
			return nil
		}
		d.Sent = true
		return b.Put([]byte(user), encodeDigest(d))
	})
	if err != nil {
		return fmt.Errorf("store: marking the digest of %s sent: %w", user, err)
	}
	return nil
}

// buildMemberIndex puts the member index's entries of the active games stored before it came,
// once per store: a mark says it was built. Processes sharing a KV may build it together (each
// entry is the same), in transactions of at most batch games.
func (s *DB) buildMemberIndex() error {
	mark := []byte("active-by-member")
	var built bool
	if err := s.view(func(tx Tx) error {
		built = tx.Bucket(bBuilt).Get(mark) != nil
		return nil
	}); err != nil || built {
		return err
	}
	batch := s.maxGames
	if batch <= 0 {
		batch = 1000
	}
	var after uint64
	for {
		var done bool
		var next uint64
		err := s.commit(func(tx Tx) error {
			done, next = false, after
			c := tx.Bucket(bGames).Cursor()
			var puts []entry
			var last uint64
			n := 0
			for k, v := c.Seek(u64(after + 1)); k != nil && n < batch; k, v = c.Next() {
				last = idAt(k)
				n++
				if g, err := decodeGame(last, v); err == nil && g.State == Active {
					puts = append(puts, memberEntries(g, u64(last))...)
				}
			}
			for _, e := range puts {
				if err := tx.Bucket(e.bucket).Put(e.key, e.val); err != nil {
					return err
				}
			}
			if n < batch {
				done = true
				return tx.Bucket(bBuilt).Put(mark, []byte{1})
			}
			next = last
			return nil
		})
		if err != nil {
			return fmt.Errorf("store: building the index of members' games: %w", err)
		}
		if done {
			return nil
		}
		after = next
	}
}
