package store

import (
	"fmt"
	"time"
)

// ServerSettings are what a server's admins chose (`/tabuleiro settings`). The zero value is the
// defaults: no threads, rated challenges, the language from the server's locale, the process's idle
// timeout, turn pings on, no game pages.
type ServerSettings struct {
	Threads     bool          // each game gets its own thread
	Unrated     bool          // challenges are unrated unless they say rated:true
	Language    string        // "en-US" or "pt-BR"; "" follows the server's locale
	IdleTimeout time.Duration // 0: the process's IDLE_TIMEOUT
	NoPings     bool          // no turn pings on this server
	// Locale is the server's Discord locale as last seen, so that work done later (the bot's
	// moves, expiries, pings) speaks the server's language without an interaction.
	Locale string
	// PuzzleChannel is where the daily puzzle is posted at PuzzleHour (0-23, UTC); "" posts none.
	PuzzleChannel string
	PuzzleHour    int
	Pages         bool // each game has a web page (with PUBLIC_URL), linked from its result and history
	// Boards is how public boards are shown: BoardsText ("" too) or BoardsImage.
	Boards string
}

// How boards are shown: a monospace block, a picture, or (for a person's own, `/tabuleiro me`) a
// description in words, for a screen reader.
const (
	BoardsText  = "text"
	BoardsImage = "image"
	BoardsWords = "words"
)

// MemberSettings are what a person chose for themselves (`/tabuleiro me`).
type MemberSettings struct {
	NoPings bool // never ping me when it is my turn
	// Boards is how the boards only they see are shown: BoardsText, BoardsImage, BoardsWords, or
	// "" for the server's setting (text outside a server).
	Boards string
	// Vacation pauses the clocks of their day-paced games everywhere (pace.go).
	Vacation Vacation
	// Digest asks for a DM each day at DigestHour (0-23, UTC) listing the games where it is
	// their move.
	Digest     bool
	DigestHour int
}

// ServerSettings returns a server's settings (the defaults when it chose none).
func (s *DB) ServerSettings(guild string) (ServerSettings, error) {
	var out ServerSettings
	err := s.view(func(tx Tx) error {
		v := tx.Bucket(bServerSettings).Get([]byte(guild))
		if v == nil {
			return nil
		}
		var err error
		out, err = decodeServerSettings(v)
		if err != nil {
			return &CorruptError{Bucket: string(bServerSettings), Key: guild, Err: err}
		}
		return nil
	})
	return out, err
}

// ChangeServerSettings applies fn to a server's settings and stores them durably.
func (s *DB) ChangeServerSettings(guild string, fn func(*ServerSettings)) (ServerSettings, error) {
	if guild == "" || !checkText(guild) {
		return ServerSettings{}, fmt.Errorf("store: settings need a server id")
	}
	var out ServerSettings
	err := s.commit(func(tx Tx) error {
		b := tx.Bucket(bServerSettings)
		cur := ServerSettings{}
		if v := b.Get([]byte(guild)); v != nil {
			// A damaged record is replaced by the defaults the admin is changing from.
			cur, _ = decodeServerSettings(v)
		}
		old := cur
		fn(&cur)
		out = cur
		if err := indexDailyServer(tx, guild, old, cur); err != nil {
			return err
		}
		return b.Put([]byte(guild), encodeServerSettings(cur))
	})
	return out, err
}

// MemberSettings returns a person's settings (the defaults when they chose none).
func (s *DB) MemberSettings(user string) (MemberSettings, error) {
	var out MemberSettings
	err := s.view(func(tx Tx) error {
		v := tx.Bucket(bMemberSettings).Get([]byte(user))
		if v == nil {
			return nil
		}
		var err error
		if out, err = decodeMemberSettings(v); err != nil {
			return &CorruptError{Bucket: string(bMemberSettings), Key: user, Err: err}
		}
		return nil
	})
	return out, err
}

// ChangeMemberSettings applies fn to a person's settings and stores them durably.
func (s *DB) ChangeMemberSettings(user string, fn func(*MemberSettings)) (MemberSettings, error) {
	if user == "" || !checkText(user) {
		return MemberSettings{}, fmt.Errorf("store: settings need a user id")
	}
	var out MemberSettings
	err := s.commit(func(tx Tx) error {
		cur := MemberSettings{}
		b := tx.Bucket(bMemberSettings)
		if v := b.Get([]byte(user)); v != nil {
			// A damaged record is replaced by the defaults the person is changing from.
			cur, _ = decodeMemberSettings(v)
		}
		old := cur
		fn(&cur)
		out = cur
		if err := indexMember(tx, user, old, cur); err != nil {
			return err
		}
		return b.Put([]byte(user), encodeMemberSettings(cur))
	})
	return out, err
}

func encodeServerSettings(c ServerSettings) []byte {
	w := writer{}
	w.b = append(w.b, recordVersion)
	w.bool(c.Threads)
	w.bool(c.Unrated)
	w.str(c.Language)
	w.int(int64(c.IdleTimeout))
	w.bool(c.NoPings)
	w.str(c.Locale)
	w.str(c.PuzzleChannel)
	w.int(int64(c.PuzzleHour))
	w.bool(c.Pages)
	w.str(c.Boards)
	return w.b
}

func decodeServerSettings(b []byte) (ServerSettings, error) {
	r := reader{b: b}
	r.version()
	var c ServerSettings
	c.Threads = r.bool()
	c.Unrated = r.bool()
	c.Language = r.str()
	c.IdleTimeout = time.Duration(r.int())
	c.NoPings = r.bool()
	if len(r.b) > 0 { // records written before Locale end here
		c.Locale = r.str()
	}
	if len(r.b) > 0 { // records written before the daily puzzle end here
		c.PuzzleChannel = r.str()
		c.PuzzleHour = int(r.int())
	}
	if len(r.b) > 0 { // records written before the game pages end here
		c.Pages = r.bool()
	}
	if len(r.b) > 0 { // records written before board images end here
		c.Boards = r.str()
	}
	return c, r.end()
}

func encodeMemberSettings(m MemberSettings) []byte {
	w := writer{}
	w.b = append(w.b, recordVersion)
	w.bool(m.NoPings)
	w.str(m.Boards)
	w.time(m.Vacation.Since)
	w.time(m.Vacation.Until)
	w.int(int64(m.Vacation.Year))
	w.int(int64(m.Vacation.Spent))
	w.bool(m.Digest)
	w.int(int64(m.DigestHour))
	return w.b
}

func decodeMemberSettings(b []byte) (MemberSettings, error) {
	r := reader{b: b}
	r.version()
	m := MemberSettings{NoPings: r.bool()}
	if len(r.b) > 0 { // records written before board images end here
		m.Boards = r.str()
	}
	if len(r.b) > 0 { // records written before vacations and digests end here
		m.Vacation.Since, m.Vacation.Until = r.time(), r.time()
		m.Vacation.Year, m.Vacation.Spent = int(r.int()), time.Duration(r.int())
		m.Digest, m.DigestHour = r.bool(), int(r.int())
	}
	return m, r.end()
}
