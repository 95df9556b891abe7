package table

import (
	"context"
	"errors"
	"time"

	"tabuleiro/metrics"
	"tabuleiro/store"
)

// The daily digest: a member who asked for one (/tabuleiro me digest:<hour>) gets, once a UTC day
// during that hour, a DM listing the games where it is their move, with deadlines and jump links;
// nothing when there are none. The sweep of the process with the duty sends it: each member's day is
// claimed in the store first (compare-and-swap, as the daily puzzle's post), so any number of
// processes send it once; a claim whose process died before sending is claimed again after its
// lease (digestLease), still within the hour.

// digestLease is how long a claimed digest may wait for its sender before another process claims
// it: a minute of a pace day, so a minute in production, and seconds where PACE_DAY is short (a
// test of a process killed between the claim and the send waits seconds, not a minute); never
// less than minDigestLease. The sender gives up on the DM after half of it (digestSend), so a
// live sender has marked it tried before anyone else may claim it.
func (t *Table) digestLease() time.Duration {
	return max(t.cfg.PaceDay/(24*60), minDigestLease)
}

// minDigestLease is the lease's floor, reached with PACE_DAY under four hours (tests, the
// console). Its half, 5 seconds, is what a DM may take: two REST calls (opening the member's DM,
// posting in it), each well under a second at Discord's usual latency, with room for a short
// rate-limit wait. The other half is slack for marking it tried (one store commit) and for the
// clocks of two replicas differing: a lease shorter than the send would let a second replica send
// it again while the first is still sending.
const minDigestLease = 10 * time.Second

// digestSend is how long one digest's DM may take: half its lease.
func digestSend(lease time.Duration) time.Duration { return lease / 2 }

// ErrDigestHour refuses a digest hour outside the day.
var ErrDigestHour = refuse(Invalid, "digest.refuse.hour")

// ErrNoDM is what a DigestSender's error wraps when the member takes no DMs from the bot: the
// digest is skipped quietly (and counted).
var ErrNoDM = errors.New("the member takes no direct messages from the bot")

// Digest is one member's daily digest: the games where it is their move, soonest deadline first.
type Digest struct {
	User  string
	Day   string // as store.Day writes it
	Games []Listed
}

// DigestSender sends a member their digest as a DM. A Notifier that implements it gets the
// digests; an error wrapping ErrNoDM says the member takes no DMs.
type DigestSender interface {
	SendDigest(ctx context.Context, d Digest) error
}

// SetDigest sets the UTC hour (0-23) of a member's daily digest, or turns it off (on false).
func (t *Table) SetDigest(user string, on bool, hour int) (store.MemberSettings, error) {
	if on && (hour < 0 || hour > 23) {
		return store.MemberSettings{}, ErrDigestHour
	}
	return t.st.ChangeMemberSettings(user, func(m *store.MemberSettings) {
		m.Digest = on
		if on {
			m.DigestHour = hour
		}
	})
}

// DigestOf is a member's digest as it would be sent now: the games where it is their move.
func (t *Table) DigestOf(user string, now time.Time) (Digest, error) {
	all, err := t.GamesOf(user)
	if err != nil {
		return Digest{}, err
	}
	d := Digest{User: user, Day: store.Day(now)}
	for _, l := range all {
		if l.YourMove {
			d.Games = append(d.Games, l)
		}
	}
	return d, nil
}

// sendDigests sends the digests due at now (their hour has come, that day's not sent yet), each
// once, through the notifier when it is a DigestSender. It returns how many it sent.
func (t *Table) sendDigests(ctx context.Context, st store.Store, now time.Time) int {
	send, ok := t.notify.(DigestSender)
	if !ok {
		return 0
	}
	now = now.UTC()
	day := store.Day(now)
	due, err := st.DigestsDue(day, now.Hour())
	if err != nil {
		t.log.Error("could not list the digests due", "err", err)
		return 0
	}
	sent, lease := 0, t.digestLease()
	for _, user := range due {
		if ctx.Err() != nil {
			break
		}
		won, err := st.ClaimDigest(user, day, lease)
		if err != nil {
			t.log.Error("could not claim a digest", "user", user, "err", err)
			continue
		}
		if !won {
			continue
		}
		// Bounded by the lease whatever the HTTP client's own timeout (two minutes): past its
		// deadline no request of this DM leaves, and one under way is given up.
		sendCtx, cancel := context.WithTimeout(ctx, digestSend(lease))
		outcome := t.sendDigest(sendCtx, send, user, now)
		cancel()
		metrics.Digest(outcome)
		if outcome == metrics.DigestSent {
			sent++
		}
		// Whatever became of it, it was tried: a Discord POST that failed may have landed, so
		// it is not tried again that day (only a claim whose process died is).
		if err := st.DigestSent(user, day); err != nil {
			t.log.Error("could not mark a digest sent", "user", user, "err", err)
		}
	}
	return sent
}

// sendDigest sends one member's digest and says what became of it.
func (t *Table) sendDigest(ctx context.Context, send DigestSender, user string, now time.Time) string {
	d, err := t.DigestOf(user, now)
	if err != nil {
		t.log.Error("could not list a member's games for their digest", "user", user, "err", err)
		return metrics.DigestFailed
	}
	if len(d.Games) == 0 {
		return metrics.DigestEmpty
	}
	switch err := send.SendDigest(ctx, d); {
	case errors.Is(err, ErrNoDM):
		t.log.Debug("a digest was skipped: the member takes no DMs", "user", user)
		return metrics.DigestUndeliverable
	case err != nil:
		t.log.Warn("could not send a digest", "user", user, "err", err)
		return metrics.DigestFailed
	}
	t.log.Info("digest sent", "user", user, "games", len(d.Games))
	return metrics.DigestSent
}
