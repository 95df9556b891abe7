package page

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strconv"
	"strings"
)

// keyDigits is how many hex digits of the HMAC an address carries: 96 bits.
const keyDigits = 24

// Prefix is the path every page's address starts with.
const Prefix = "/g/"

// name is game id's part of its address: "<id>-<key>".
func (s *Pages) name(id uint64) string {
	return strconv.FormatUint(id, 10) + "-" + s.sign(id)
}

func (s *Pages) sign(id uint64) string {
	m := hmac.New(sha256.New, s.key)
	// The key signs nothing else today; the label keeps it so should it ever sign more.
	m.Write([]byte("page:"))
	m.Write([]byte(strconv.FormatUint(id, 10)))
	return hex.EncodeToString(m.Sum(nil))[:keyDigits]
}

// request is what an address asks for.
type request struct {
	id  uint64
	png bool
	ply int // -1: the last
}

// parse reads an address's escaped path and query, or says it is none of ours (ok false).
func (s *Pages) parse(path, query string) (r request, ok bool) {
	rest, ok := strings.CutPrefix(path, Prefix)
	if !ok {
		return request{}, false
	}
	rest, r.png = strings.CutSuffix(rest, ".png")
	digits, key, ok := strings.Cut(rest, "-")
	if !ok || !canonical(digits) || len(key) != keyDigits {
		return request{}, false
	}
	id, err := strconv.ParseUint(digits, 10, 64)
	if err != nil || id == 0 || !hmac.Equal([]byte(key), []byte(s.sign(id))) {
		return request{}, false
	}
	r.id = id
	q, err := url.ParseQuery(query)
	if err != nil {
		return request{}, false
	}
	r.ply = -1
	if plies, asked := q["ply"]; asked {
		if len(plies) != 1 || !canonical(plies[0]) || len(plies[0]) > 6 {
			return request{}, false
		}
		r.ply, _ = strconv.Atoi(plies[0])
	}
	return r, true
}

// canonical reports whether s is a number written as strconv writes it: digits only, no leading
// zero, so that every page has one address.
func canonical(s string) bool {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
