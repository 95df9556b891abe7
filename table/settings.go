package table

import (
	"sync"
	"time"

	"tabuleiro/store"
)

// Servers' settings (threads, ratings, language, idle timeout, pings) and people's own, read through
// a cache: a move must not read them from the store.

// settingsCache holds servers' settings read from the store.
type settingsCache struct {
	setMu  sync.Mutex
	set    map[string]store.ServerSettings
	readAt map[string]time.Time // when each was read (or written) here
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

// idleTimeout is a server's idle timeout: its setting, else the table's.
func (t *Table) idleTimeout(guild string) time.Duration {
	if s := t.settings(guild); s.IdleTimeout > 0 {
		return s.IdleTimeout
	}
	return t.cfg.IdleTimeout
}

// ImageBoards reports whether a server shows its public boards as pictures (cached: every move asks).
func (t *Table) ImageBoards(guild string) bool { return t.settings(guild).Boards == store.BoardsImage }
