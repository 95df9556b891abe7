package games

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lookAlikes are characters phones and word processors put where a player meant plain ASCII:
// dashes and minus signs for '-', typographic spaces for ' ', a multiplication sign for Ordo's 'x'.
// Full-width forms (U+FF01–U+FF5E) are mapped by arithmetic in Normalize.
var lookAlikes = map[rune]rune{
	'\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-',
	'\u2043': '-', '\u2212': '-', '\uFE58': '-', '\uFE63': '-', '\u2192': '-',
	'\u00A0': ' ', '\u1680': ' ', '\u2000': ' ', '\u2001': ' ', '\u2002': ' ', '\u2003': ' ',
	'\u2004': ' ', '\u2005': ' ', '\u2006': ' ', '\u2007': ' ', '\u2008': ' ', '\u2009': ' ',
	'\u200A': ' ', '\u202F': ' ', '\u205F': ' ', '\u3000': ' ', '\t': ' ', '\n': ' ', '\r': ' ',
	'\u00D7': 'x', '\u2236': ':', '\u3002': '.', '\uFF61': '.',
}

// dropped are characters with no part in a move that a client or a habit adds around it: quotes of
// every kind, backticks, and invisible marks (zero-width spaces and joiners, a byte-order mark, a
// soft hyphen, direction marks).
const dropped = "'\"`\u2018\u2019\u201A\u201B\u201C\u201D\u201E\u201F\u2039\u203A\u00AB\u00BB\u2032\u2033" +
	"\u200B\u200C\u200D\u2060\uFEFF\u00AD\u200E\u200F"

// Normalize turns what a person may type into the plain ASCII of the notations: look-alike dashes,
// spaces and full-width letters and digits become their ASCII forms, quotes and invisible marks
// go. Anything else, and everything from a broken UTF-8 byte on, is left as it is, for Foreign to name. Every game's Parse calls it first.
func Normalize(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c == '\'' || c == '"' || c == '`' || c == '\t' || c == '\n' || c == '\r' {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch {
		case r == utf8.RuneError && isBadByte(s, i):
			// Broken UTF-8 is no look-alike: keep it and the rest as they are, for Foreign to name
			// the byte (dropping a quote could join two broken pieces into a character).
			b.WriteString(s[i:])
			return b.String()
		default:
			if r >= 0xFF01 && r <= 0xFF5E {
				r -= 0xFEE0
			} else if a, ok := lookAlikes[r]; ok {
				r = a
			}
			if !strings.ContainsRune(dropped, r) {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

func isBadByte(s string, i int) bool {
	_, size := utf8.DecodeRuneInString(s[i:])
	return size == 1
}

// Foreign refuses a decision holding a character no notation uses (anything but printable ASCII),
// naming the first such character whole, never a piece of it: `"é" (U+00E9) is not part of a move —
// ` followed by hint.
func Foreign(s string, hint Text) error {
	for i, r := range s {
		if r >= ' ' && r <= '~' {
			continue
		}
		var name Text
		switch {
		case r == utf8.RuneError && isBadByte(s, i):
			name = Text{ID: "notation.byte", Args: Args("Code", fmt.Sprintf("0x%02X", s[i]))}
		case unicode.IsGraphic(r) && !unicode.IsSpace(r):
			name = Text{ID: "notation.char", Args: Args("Char", fmt.Sprintf("%q", string(r)), "Code", fmt.Sprintf("%04X", r))}
		default:
			name = Text{ID: "notation.invisible", Args: Args("Code", fmt.Sprintf("%04X", r))}
		}
		return Problemf("notation.foreign", "Char", name, "Hint", hint)
	}
	return nil
}

// maxQuoted is how many characters of a player's input an error quotes.
const maxQuoted = 16

// Quote quotes a player's input for an error message, clipped to its first few characters so junk
// never fills a reply: `"abcdefghijklmnop…"`.
func Quote(s string) string {
	n := 0
	for i := range s {
		if n == maxQuoted {
			return fmt.Sprintf("%q…", s[:i])
		}
		n++
	}
	return fmt.Sprintf("%q", s)
}
