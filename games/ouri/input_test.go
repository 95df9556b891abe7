package ouri

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseReadsWhatAPersonTypes(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a full-width letter", "ｄ", "d"},
		{"a full-width capital", "Ｄ", "d"},
		{"typographic quotes", "“d”", "d"},
		{"a non-breaking space around it", "\u00a0d\u00a0", "d"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, nil)
			m, err := g.Parse(tc.in)
			if err != nil || g.Format(m) != tc.want {
				t.Errorf("Parse(%q) = %s, %v; want %s", tc.in, g.Format(m), err, tc.want)
			}
		})
	}
}

func TestParseNamesACharacterItCannotRead(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"an accented letter", "é", `"é" (U+00E9) is not part of a move — name one of your houses, a–f (you may sow a, b, c, d, e, f)`},
		{"a broken byte", "\xe2", "the byte 0xE2 is not part of a move"},
		{"long junk is clipped", strings.Repeat("z", 40), `"zzzzzzzzzzzzzzzz"… is not a house`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := newGame(t, nil).Parse(tc.in)
			if err == nil || !strings.Contains(said(err), tc.want) || !utf8.ValidString(err.Error()) {
				t.Errorf("Parse(%q) error %v, want one containing %q", tc.in, err, tc.want)
			}
		})
	}
}
