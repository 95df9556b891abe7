package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tabuleiro/store"
)

// Addresses, personal links and sessions. A board's address is "<id>-<key>", the key the first 96
// bits of an HMAC of the id. A personal link is a random token kept in the store (by its hash)
// until used or 15 minutes old, so that any replica takes it, once. A session is a cookie naming
// the member and the game, signed with the key every replica reads from the store, good for 30
// days.

const (
	keyDigits  = 24
	LinkTTL    = 15 * time.Minute
	sessionTTL = 30 * 24 * time.Hour
	// Prefix is the path every board's address starts with.
	Prefix = "/b/"
)

func (s *Server) sign(label string, parts ...string) []byte {
	m := hmac.New(sha256.New, s.cfg.Key)
	m.Write([]byte(label))
	for _, p := range parts {
		m.Write([]byte{0})
		m.Write([]byte(p))
	}
	return m.Sum(nil)
}

// name is game id's part of its board's address.
func (s *Server) name(id uint64) string {
	n := strconv.FormatUint(id, 10)
	return n + "-" + hex.EncodeToString(s.sign("board", n))[:keyDigits]
}

// Address is game id's board, for anyone to watch.
func (s *Server) Address(id uint64) string { return s.cfg.Public + Prefix + s.name(id) }

// game reads a board's name, or says it is none of ours.
func (s *Server) game(name string) (uint64, bool) {
	digits, key, ok := strings.Cut(name, "-")
	if !ok || digits == "" || len(digits) > 20 || digits[0] == '0' || len(key) != keyDigits {
		return 0, false
	}
	id, err := strconv.ParseUint(digits, 10, 64)
	if err != nil || id == 0 {
		return 0, false
	}
	want := hex.EncodeToString(s.sign("board", digits))[:keyDigits]
	return id, hmac.Equal([]byte(key), []byte(want))
}

// Invite is a personal link that makes member a player of game id on the board: one use, within
// LinkTTL, on any replica sharing the store. Give it to member alone (Discord: an ephemeral reply).
func (s *Server) Invite(member string, id uint64) (string, error) {
	var b [16]byte
	rand.Read(b[:])
	token := base64.RawURLEncoding.EncodeToString(b[:])
	now := s.cfg.Now()
	if err := s.table.KeepLink(token, store.Link{Member: member, Game: id, Expires: now.Add(LinkTTL)}, now); err != nil {
		return "", fmt.Errorf("web: a personal link for game %d: %w", id, err)
	}
	return s.Address(id) + "/join/" + token, nil
}

// redeem uses a personal link for game id: its member, or "" when it is unknown, used, expired or
// for another game.
func (s *Server) redeem(token string, id uint64) (string, error) {
	l, ok, err := s.table.TakeLink(token, id, s.cfg.Now())
	if err != nil || !ok {
		return "", err
	}
	return l.Member, nil
}

func cookieName(id uint64) string { return "tabuleiro-" + strconv.FormatUint(id, 10) }

// session is the cookie that makes member a player of game id.
func (s *Server) session(member string, id uint64) *http.Cookie {
	exp := strconv.FormatInt(s.cfg.Now().Add(sessionTTL).Unix(), 10)
	m := base64.RawURLEncoding.EncodeToString([]byte(member))
	mac := base64.RawURLEncoding.EncodeToString(s.sign("session", strconv.FormatUint(id, 10), member, exp))
	return &http.Cookie{Name: cookieName(id), Value: m + "." + exp + "." + mac, Path: Prefix + s.name(id),
		MaxAge: int(sessionTTL / time.Second), HttpOnly: true, Secure: strings.HasPrefix(s.cfg.Public, "https:"),
		SameSite: http.SameSiteLaxMode}
}

// member is who the request's session says plays game id, or "" for a watcher.
func (s *Server) member(r *http.Request, id uint64) string {
	c, err := r.Cookie(cookieName(id))
	if err != nil {
		return ""
	}
	parts := strings.Split(c.Value, ".")
	if len(parts) != 3 {
		return ""
	}
	mb, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil {
		return ""
	}
	mac, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || !hmac.Equal(mac, s.sign("session", strconv.FormatUint(id, 10), string(mb), parts[1])) {
		return ""
	}
	exp, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || !s.cfg.Now().Before(time.Unix(exp, 0)) {
		return ""
	}
	return string(mb)
}
