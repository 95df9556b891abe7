package table

import (
	"context"
	"errors"
	"sync"
	"time"

	"tabuleiro/games"
	"tabuleiro/store"
)

// A turn in a game between two people is pinged once after TurnPingAfter, and once more (the
// reminder) when half the idle timeout has passed. The due time lives in the game's record, set by
// the move that started the turn (no commit of its own), and the sweep advances it in a transaction
// before the ping goes out: a ping is sent at most once, also across restarts.

// idleTimeout is a server's idle timeout: its setting, else the table's.
func (t *Table) idleTimeout(guild string) time.Duration {
	if s := t.settings(guild); s.IdleTimeout > 0 {
		return s.IdleTimeout
	}
	return t.cfg.IdleTimeout
}

// settings are a server's settings, cached: a move must not read them from the store.
func (t *Table) settings(guild string) store.ServerSettings {
	if guild == "" {
		return store.ServerSettings{}
	}
	t.setMu.Lock()
	s, ok := t.set[guild]
	fresh := time.Since(t.readAt[guild]) < settingsFresh
	t.setMu.Unlock()
	if ok && fresh {
		return s
	}
	s, err := t.st.ServerSettings(guild)
	if err != nil {
		t.log.Warn("could not read a server's settings; using the defaults", "guild", guild, "err", err)
		return store.ServerSettings{}
	}
	t.setMu.Lock()
	if len(t.set) >= maxCachedSettings {
		// DMs keep their language here too, one entry each: start over rather than grow forever.
		clear(t.set)
		clear(t.readAt)
	}
	t.keepSettings(guild, s)
	t.setMu.Unlock()
	return s
}

// settingsFresh is how long the cache trusts a server's settings: another process sharing the
// store (STORE=etcd) may change them. On the wall clock.
var settingsFresh = 10 * time.Second

// keepSettings caches a server's settings as just read or written; setMu is held.
func (t *Table) keepSettings(guild string, s store.ServerSettings) {
	if t.readAt == nil {
		t.readAt = map[string]time.Time{}
	}
	t.set[guild], t.readAt[guild] = s, time.Now()
}

// maxCachedSettings bounds the settings cache (servers and DM channels).
const maxCachedSettings = 100000

// Speaks is what the public messages of a place follow: its server's language setting, and its
// locale. A request gives the locale it came with (a server's, or in a DM the caller's), and a change
// is remembered (rarely written: once per place and change) for the work done later without one
// (bot moves, expiries, pings), which gives "". A DM or group DM has no server: its channel keeps
// the locale instead.
func (t *Table) Speaks(guild, channel, locale string) (setting, loc string) {
	if guild == "" {
		if channel == "" {
			return "", locale
		}
		guild = "dm:" + channel
	}
	s := t.settings(guild)
	if locale == "" || locale == s.Locale {
		return s.Language, s.Locale
	}
	if _, err := t.ChangeSettings(guild, func(s *store.ServerSettings) { s.Locale = locale }); err != nil {
		t.log.Warn("could not remember a server's locale", "guild", guild, "err", err)
	}
	return s.Language, locale
}

// settingsCache holds servers' settings read from the store.
type settingsCache struct {
	setMu  sync.Mutex
	set    map[string]store.ServerSettings
	readAt map[string]time.Time // when each was read (or written) here
}

// Settings are a server's settings.
func (t *Table) Settings(guild string) (store.ServerSettings, error) {
	return t.st.ServerSettings(guild)
}

// ChangeSettings changes a server's settings.
func (t *Table) ChangeSettings(guild string, fn func(*store.ServerSettings)) (store.ServerSettings, error) {
	s, err := t.st.ChangeServerSettings(guild, fn)
	if err == nil {
		t.setMu.Lock()
		t.keepSettings(guild, s)
		t.setMu.Unlock()
	}
	return s, err
}

// MemberSettings are a person's own settings.
func (t *Table) MemberSettings(user string) (store.MemberSettings, error) {
	return t.st.MemberSettings(user)
}

// ChangeMemberSettings changes a person's own settings.
func (t *Table) ChangeMemberSettings(user string, fn func(*store.MemberSettings)) (store.MemberSettings, error) {
	return t.st.ChangeMemberSettings(user, fn)
}

// turnStarts sets the record for a turn that starts now: the first ping's due time in a game
// between two people, and the previous ping message to delete (returned).
func (t *Table) turnStarts(r *store.Game, g games.Game, now time.Time) (stale string) {
	stale, r.Ping = r.Ping.Message, store.Ping{}
	if g.Outcome().Over() || r.Seats[0].Bot || r.Seats[1].Bot {
		return stale
	}
	r.Ping.Due = now.Add(t.cfg.TurnPingAfter)
	return stale
}

// errNoPing aborts a ping that is no longer due.
var errNoPing = errors.New("no ping due")

// pings sends the turn pings due now.
func (t *Table) pings(ctx context.Context, st store.Games, now time.Time) {
	due, err := st.PingsDue(now)
	if err != nil {
		t.log.Error("could not list the turn pings due", "err", err)
	}
	for _, rec := range due {
		var reminder bool
		var stale string
		rec, g, err := st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
			if r.Ping.Due.IsZero() || r.Ping.Due.After(now) || g.Outcome().Over() {
				return errNoPing
			}
			reminder = r.Ping.Sent > 0
			r.Ping.Sent++
			r.Ping.Due = time.Time{}
			if half := r.LastMove.Add(t.idleTimeout(r.Guild) / 2); !reminder && half.After(now) {
				r.Ping.Due = half
			}
			stale = r.Ping.Message
			return nil
		})
		if err != nil {
			if !errors.Is(err, errNoPing) && !errors.Is(err, store.ErrMovedOn) {
				t.log.Error("could not advance a turn ping", "game", rec.ID, "err", err)
			}
			continue
		}
		v := View{Game: rec, Live: g}
		if !t.mayPing(v) {
			continue
		}
		msg, err := t.notify.TurnPing(ctx, v, reminder, stale)
		if err != nil || msg == "" {
			continue
		}
		// The game keeps its ping message, to delete it when the turn passes.
		_, _, err = st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
			r.Ping.Message = msg
			return nil
		})
		if err != nil && !errors.Is(err, store.ErrMovedOn) {
			t.log.Warn("could not record a turn ping's message", "game", rec.ID, "err", err)
		}
	}
}

// mayPing says whether the player to move may be pinged: the server and the player allow it.
func (t *Table) mayPing(v View) bool {
	if t.settings(v.Game.Guild).NoPings {
		return false
	}
	m, err := t.st.MemberSettings(v.Mover().UserID)
	return err == nil && !m.NoPings
}
