package store

import (
	"bytes"
	"errors"
	"fmt"
	"time"
)

// DailyPuzzle is a server's puzzle of one UTC day: claimed by the one process that posts it, and
// claimed again by another only when that process died before its post was tried.
type DailyPuzzle struct {
	Guild, Day string // Day as Day gives it
	Channel    string
	Kind       string
	Puzzle     string
	Claimed    time.Time
	MessageID  string // the posted message, once noted
	Solvers    int    // people who solved it from the message, each once
	// Tried says its post was tried (posted, refused or failed): the claim is final, never
	// taken over. A record from a build before claims had a lease reads as tried, as its
	// claims were final then.
	Tried bool
}

// open says the claim waits for its post: not tried, no message noted.
func (d DailyPuzzle) open() bool { return !d.Tried && d.MessageID == "" }

// DailyServer is a server that asked for a daily puzzle (settings puzzle-channel and puzzle-hour).
type DailyServer struct {
	Guild, Channel string
	Hour           int // 0-23, UTC
}

// Day is the UTC day of t, as the daily puzzle's records name it: "2026-03-01".
func Day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// DailyDue lists the servers whose daily puzzle of day is due at hour (their puzzle-hour is hour
// or earlier) and not posted yet: not claimed, or claimed and not tried (its process may have died;
// ClaimDaily says whether its lease is over). One walk of the servers that asked for one.
func (s *DB) DailyDue(day string, hour int) ([]DailyServer, error) {
	var out []DailyServer
	err := s.view(func(tx Tx) error {
		out = nil
		daily := tx.Bucket(bDaily)
		c := tx.Bucket(bDailyServers).Cursor()
		for k, v := c.First(); len(k) > 1 && int(k[0]) <= hour; k, v = c.Next() {
			guild := string(k[1:])
			if v := daily.Get(key(guild, day)); v != nil {
				if d, err := decodeDaily(guild, day, v); err != nil || !d.open() {
					continue
				}
			}
			out = append(out, DailyServer{Guild: guild, Channel: string(v), Hour: int(k[0])})
		}
		return nil
	})
	return out, err
}

// ClaimDaily claims d.Guild's puzzle of d.Day for d, by compare-and-swap: when two processes race
// at the hour, one gets true and posts; the other gets the claim that won and false. A claim not
// tried within lease (its process died between the claim and the post) is claimed again, as it
// was (the same channel and puzzle: its post may have landed), so a day is not lost to a crash.
func (s *DB) ClaimDaily(d DailyPuzzle, lease time.Duration) (DailyPuzzle, bool, error) {
	if d.Guild == "" || d.Day == "" || d.Puzzle == "" || !checkText(d.Guild, d.Day) {
		return DailyPuzzle{}, false, errors.New("store: a daily puzzle needs its server, day and puzzle")
	}
	now := s.opt.Now()
	d.Claimed = now
	d.MessageID, d.Solvers, d.Tried = "", 0, false
	var out DailyPuzzle
	var won bool
	err := s.commit(func(tx Tx) error {
		b := tx.Bucket(bDaily)
		k := key(d.Guild, d.Day)
		out, won = d, true
		if v := b.Get(k); v != nil {
			was, err := decodeDaily(d.Guild, d.Day, v)
			if err != nil || !was.open() || now.Before(was.Claimed.Add(lease)) {
				out, won = was, false
				return err
			}
			out = was
			out.Claimed = now
		}
		return b.Put(k, encodeDaily(out))
	})
	return out, won, err
}

// Daily returns a server's daily puzzle of a day; ErrNotFound when none was claimed.
func (s *DB) Daily(guild, day string) (DailyPuzzle, error) {
	var out DailyPuzzle
	err := s.view(func(tx Tx) (err error) {
		out, err = getDaily(tx, guild, day)
		return err
	})
	return out, err
}

// NoteDailyMessage records the message the daily puzzle was posted as, at once, so that every
// process sees it; its claim is final.
func (s *DB) NoteDailyMessage(guild, day, messageID string) (DailyPuzzle, error) {
	return s.settleDailyPost(guild, day, func(d *DailyPuzzle) { d.MessageID, d.Tried = messageID, true })
}

// DailyTried marks a claimed daily puzzle's post tried, though none was noted (Discord refused it,
// or it failed and may have landed): its claim is final, never taken over.
func (s *DB) DailyTried(guild, day string) (DailyPuzzle, error) {
	return s.settleDailyPost(guild, day, func(d *DailyPuzzle) { d.Tried = true })
}

func (s *DB) settleDailyPost(guild, day string, change func(*DailyPuzzle)) (DailyPuzzle, error) {
	var out DailyPuzzle
	err := s.commit(func(tx Tx) error {
		d, err := getDaily(tx, guild, day)
		if err != nil {
			return err
		}
		change(&d)
		out = d
		return tx.Bucket(bDaily).Put(key(guild, day), encodeDaily(d))
	})
	return out, err
}

// The people's attempts at a daily puzzle are one a person and day, claimed in the store when
// the first starts: guild 0 day 0 user -> its state (one byte; none, from an earlier build, is a
// solve). A retry after it counts nowhere.

// dailyAttempt is the state of the person's counted attempt at a daily puzzle; false when they
// have none.
func dailyAttempt(tx Tx, guild, day, user string) (PuzzleState, bool, error) {
	k := key(guild, day, user)
	v := tx.Bucket(bDailySolvers).Get(k)
	switch {
	case v == nil:
		return Trying, false, nil
	case len(v) == 0:
		return Solved, true, nil
	case len(v) == 1 && PuzzleState(v[0]) <= Failed:
		return PuzzleState(v[0]), true, nil
	}
	return Trying, false, corruptAt(bDailySolvers, k, fmt.Errorf("a state of %d bytes", len(v)))
}

// claimDailyAttempt makes the attempt starting the person's counted one at the daily puzzle when
// they have none yet (Trying); else it is a retry, and the counted one's state is returned.
func claimDailyAttempt(tx Tx, guild, day, user string) (PuzzleState, error) {
	state, found, err := dailyAttempt(tx, guild, day, user)
	if err != nil || found {
		return state, err
	}
	return Trying, tx.Bucket(bDailySolvers).Put(key(guild, day, user), []byte{byte(Trying)})
}

// settleDaily ends the person's attempt at a daily puzzle: the counted one (claimed, or under way
// from an earlier build) takes its outcome and, solved, counts them among the solvers; a retry
// changes nothing and returns the counted one's state with retry true.
func settleDaily(tx Tx, guild, day, user string, solved bool) (d DailyPuzzle, counted PuzzleState, retry bool, err error) {
	d, err = getDaily(tx, guild, day)
	if errors.Is(err, ErrNotFound) {
		return DailyPuzzle{}, stateOf(solved), false, nil
	}
	if err != nil {
		return d, Trying, false, err
	}
	state, _, err := dailyAttempt(tx, guild, day, user)
	if err != nil {
		return d, Trying, false, err
	}
	if state != Trying {
		return d, state, true, nil
	}
	counted = stateOf(solved)
	if err := tx.Bucket(bDailySolvers).Put(key(guild, day, user), []byte{byte(counted)}); err != nil {
		return d, counted, false, err
	}
	if !solved {
		return d, counted, false, nil
	}
	d.Solvers++
	return d, counted, false, tx.Bucket(bDaily).Put(key(guild, day), encodeDaily(d))
}

func getDaily(tx Tx, guild, day string) (DailyPuzzle, error) {
	v := tx.Bucket(bDaily).Get(key(guild, day))
	if v == nil {
		return DailyPuzzle{}, ErrNotFound
	}
	return decodeDaily(guild, day, v)
}

func encodeDaily(d DailyPuzzle) []byte {
	w := learningWriter()
	w.str(d.Channel)
	w.str(d.Kind)
	w.str(d.Puzzle)
	w.time(d.Claimed)
	w.str(d.MessageID)
	w.uint(uint64(d.Solvers))
	w.bool(d.Tried)
	return w.b
}

func decodeDaily(guild, day string, b []byte) (DailyPuzzle, error) {
	r := learningRecord(b)
	d := DailyPuzzle{Guild: guild, Day: day, Channel: r.str(), Kind: r.str(), Puzzle: r.str(),
		Claimed: r.time(), MessageID: r.str(), Solvers: int(r.uint()), Tried: true}
	if len(r.b) > 0 { // written since claims have a lease; without it, a claim was final
		d.Tried = r.bool()
	}
	if err := r.end(); err != nil {
		return DailyPuzzle{}, corruptAt(bDaily, key(guild, day), err)
	}
	return d, nil
}

// dailyServerKey is a server's entry among those that asked for a daily puzzle; nil when it is off.
func dailyServerKey(guild string, c ServerSettings) []byte {
	if c.PuzzleChannel == "" || c.PuzzleHour < 0 || c.PuzzleHour > 23 {
		return nil
	}
	return append([]byte{byte(c.PuzzleHour)}, guild...)
}

// indexDailyServer moves a server's entry among those that asked for a daily puzzle as its
// settings change, in the transaction that changes them.
func indexDailyServer(tx Tx, guild string, old, now ServerSettings) error {
	b := tx.Bucket(bDailyServers)
	was, is := dailyServerKey(guild, old), dailyServerKey(guild, now)
	if was != nil && !bytes.Equal(was, is) {
		if err := b.Delete(was); err != nil {
			return err
		}
	}
	if is != nil {
		return b.Put(is, []byte(now.PuzzleChannel))
	}
	return nil
}

// checkDailyServers compares the servers listed for a daily puzzle with their settings both ways.
func checkDailyServers(tx Tx, add func(error) bool) {
	want := map[string]string{}
	tx.Bucket(bServerSettings).ForEach(func(k, v []byte) error {
		if c, err := decodeServerSettings(v); err == nil {
			if dk := dailyServerKey(string(k), c); dk != nil {
				want[string(dk)] = c.PuzzleChannel
			}
		}
		return nil
	})
	ok := true
	tx.Bucket(bDailyServers).ForEach(func(k, v []byte) error {
		if ch, listed := want[string(k)]; ok && (!listed || ch != string(v)) {
			ok = add(fmt.Errorf("index %s: entry %q (channel %q) is not what the server's settings say", bDailyServers, k, v))
		}
		delete(want, string(k))
		return nil
	})
	for k := range want {
		if ok {
			ok = add(fmt.Errorf("index %s: a server's daily puzzle lacks its entry %q", bDailyServers, k))
		}
	}
}
