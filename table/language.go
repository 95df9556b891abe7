package table

import "tabuleiro/store"

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
