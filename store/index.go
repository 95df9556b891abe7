package store

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strings"
	"time"
)

// Bucket names. Records are kept under big-endian uint64 ids; each index is a bucket of composite keys
// whose parts are separated by 0x00, so that a prefix ends exactly at a part boundary.
const (
	bucketChallenges = "challenges"
	bucketGames      = "games"
)

var (
	bChallenges = []byte(bucketChallenges)
	bGames      = []byte(bucketGames)

	// Open challenges: channel 0 id, and deadline id (time order).
	bChallengeChannel = []byte("challenges-by-channel")
	bChallengeDue     = []byte("challenges-by-deadline")

	// Active games: channel 0 kind 0 user -> id (one per person; bots are not indexed);
	// channel 0 id; id of games whose next decision is the bot's; deadline id (time order).
	bActive      = []byte("active-by-player")
	bGameChannel = []byte("games-by-channel")
	bBotToMove   = []byte("games-bot-to-move")
	bGameDue     = []byte("games-by-deadline")

	// Finished games: guild 0 user 0 finished id, and channel 0 kind 0 user 0 finished id (plus
	// channel 0 kind 0 0 finished id for anyone in the channel), so that a reverse cursor walks from
	// the most recently finished.
	bFinished = []byte("finished-by-guild-player")
	bLast     = []byte("finished-by-channel-player")

	// Active games with a turn ping due: due time id (time order).
	bPingDue = []byte("games-by-ping-due")

	// Team games whose voting is open: closing time id (time order).
	bVoteDue = []byte("games-by-vote-close")

	// Games played in a thread: thread -> id (active or finished, so the thread stays its).
	bThread = []byte("games-by-thread")

	// Settings: a server's (guild id -> record) and a member's (user id -> record). Not indexes.
	bServerSettings = []byte("server-settings")
	bMemberSettings = []byte("member-settings")
)

// allBuckets are the records' buckets, then every index (Check compares those with the records).
var allBuckets = [][]byte{bChallenges, bGames, bChallengeChannel, bChallengeDue,
	bActive, bGameChannel, bBotToMove, bGameDue, bFinished, bLast, bPingDue, bThread, bVoteDue, bMemberGames}

// settingsBuckets hold settings, which no index derives from.
// Ratings (rating.go) are kept with them: a game's end changes them, no game implies them.
// So are the learning's (learning.go).
var settingsBuckets = slices.Concat([][]byte{bServerSettings, bMemberSettings, bStandings, bLeaderboard, bBands},
	learningBuckets, [][]byte{bPageKey, bNames}, paceBuckets)

func u64(id uint64) []byte { return binary.BigEndian.AppendUint64(nil, id) }

// timeKey makes unix nanoseconds sort as bytes: flipping the sign bit puts times before 1970 first.
func timeKey(b []byte, t time.Time) []byte {
	return binary.BigEndian.AppendUint64(b, uint64(unixNano(t))^(1<<63))
}

// key joins parts with 0x00 and ends with the separator, ready for more parts or an id.
func key(parts ...string) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
		b = append(b, 0)
	}
	return b
}

func idAt(k []byte) uint64 {
	if len(k) < 8 {
		return 0
	}
	return binary.BigEndian.Uint64(k[len(k)-8:])
}

// entry is one index entry a record implies.
type entry struct {
	bucket   []byte
	key, val []byte
}

func challengeEntries(c Challenge) []entry {
	if c.State != ChallengeOpen {
		return nil
	}
	return []entry{
		{bChallengeChannel, append(key(c.Channel), u64(c.ID)...), nil},
		{bChallengeDue, append(timeKey(nil, c.Expires), u64(c.ID)...), nil},
	}
}

func gameEntries(g Game) []entry {
	var es []entry
	id := u64(g.ID)
	if g.Thread != "" {
		es = append(es, entry{bThread, []byte(g.Thread), id})
	}
	if g.State == Active {
		for _, p := range humans(g) {
			es = append(es, entry{bActive, key(g.Channel, g.Kind, p), id})
		}
		es = append(es, entry{bGameChannel, append(key(g.Channel), id...), nil})
		es = append(es, memberEntries(g, id)...)
		if (g.ToMove == 0 || g.ToMove == 1) && g.Seats[g.ToMove].Bot {
			es = append(es, entry{bBotToMove, id, nil})
		}
		if !g.Deadline.IsZero() {
			es = append(es, entry{bGameDue, append(timeKey(nil, g.Deadline), id...), nil})
		}
		if !g.Ping.Due.IsZero() {
			es = append(es, entry{bPingDue, append(timeKey(nil, g.Ping.Due), id...), nil})
		}
		if !g.Team.Closes.IsZero() {
			es = append(es, entry{bVoteDue, append(timeKey(nil, g.Team.Closes), id...), nil})
		}
		return es
	}
	for _, p := range people(g) {
		es = append(es, entry{bFinished, append(timeKey(key(g.Guild, p), g.LastMove), id...), nil})
		es = append(es, entry{bLast, append(timeKey(key(g.Channel, g.Kind, p), g.LastMove), id...), nil})
	}
	// No user id is empty, so the empty part lists every finished game of the channel.
	es = append(es, entry{bLast, append(timeKey(key(g.Channel, g.Kind, ""), g.LastMove), id...), nil})
	return es
}

// humans are the user ids of the seats that count towards "one active game per person", a team
// seat's as TeamKey: one team game of a kind per channel.
func humans(g Game) []string {
	var ids []string
	for i, p := range g.Seats {
		switch {
		case p.Team:
			ids = append(ids, TeamKey)
		case !p.Bot && p.UserID != "" && (i == 0 || p.UserID != g.Seats[0].UserID):
			ids = append(ids, p.UserID)
		}
	}
	return ids
}

// people are the user ids of every seat that has one, the bot's included, for history.
func people(g Game) []string {
	var ids []string
	for i, p := range g.Seats {
		if p.UserID != "" && (i == 0 || p.UserID != g.Seats[0].UserID) {
			ids = append(ids, p.UserID)
		}
	}
	return ids
}

// reindex replaces the entries of old (nil for a new record) with those of new.
func reindex(tx Tx, old, new []entry) error {
	for _, o := range old {
		if contains(new, o) {
			continue
		}
		if err := tx.Bucket(o.bucket).Delete(o.key); err != nil {
			return err
		}
	}
	for _, n := range new {
		if contains(old, n) {
			continue
		}
		if err := tx.Bucket(n.bucket).Put(n.key, n.val); err != nil {
			return err
		}
	}
	return nil
}

func contains(es []entry, e entry) bool {
	for _, x := range es {
		if bytes.Equal(x.bucket, e.bucket) && bytes.Equal(x.key, e.key) && bytes.Equal(x.val, e.val) {
			return true
		}
	}
	return false
}

// busy reports whether a person in g already has another active game of its kind in its channel.
func busy(tx Tx, g Game) bool {
	if g.State != Active {
		return false
	}
	b := tx.Bucket(bActive)
	for _, p := range humans(g) {
		if v := b.Get(key(g.Channel, g.Kind, p)); v != nil && idAt(v) != g.ID {
			return true
		}
	}
	return false
}

// ids walks the keys of bucket that start with prefix, in order (or reverse), and collects the ids
// that end them (or, for the active index, that are their values), up to limit (<= 0: all).
func ids(tx Tx, bucket, prefix []byte, reverse bool, limit int) []uint64 {
	var out []uint64
	c := tx.Bucket(bucket).Cursor()
	var k []byte
	if reverse {
		// Seek past the last key with the prefix: the prefix followed by 0xff bytes is beyond any
		// id or time key under it.
		k, _ = c.Seek(append(append([]byte(nil), prefix...), bytes.Repeat([]byte{0xff}, 17)...))
		if k == nil {
			k, _ = c.Last()
		} else {
			k, _ = c.Prev()
		}
	} else if len(prefix) == 0 {
		k, _ = c.First()
	} else {
		k, _ = c.Seek(prefix)
	}
	for ; k != nil && bytes.HasPrefix(k, prefix); k = step(c, reverse) {
		out = append(out, idAt(k))
		if limit > 0 && len(out) >= limit {
			break
		}
	}
	return out
}

func step(c Cursor, reverse bool) []byte {
	var k []byte
	if reverse {
		k, _ = c.Prev()
	} else {
		k, _ = c.Next()
	}
	return k
}

// due collects the ids of a deadline index up to and including now, earliest first.
func due(tx Tx, bucket []byte, now time.Time) []uint64 {
	var out []uint64
	limit := timeKey(nil, now)
	c := tx.Bucket(bucket).Cursor()
	for k, _ := c.First(); k != nil && bytes.Compare(k[:8], limit) <= 0; k, _ = c.Next() {
		out = append(out, idAt(k))
	}
	return out
}

// checkText refuses strings that would break composite keys.
func checkText(fields ...string) bool {
	for _, f := range fields {
		if strings.IndexByte(f, 0) >= 0 {
			return false
		}
	}
	return true
}
