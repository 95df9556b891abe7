package oolong

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseReadsWhatAPersonTypes(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a full-width seat", "ｎｅ", "c.ne"},
		{"an ideographic full stop", "c。ne", "c.ne"},
		{"a full-width full stop", "c．ne", "c.ne"},
		{"typographic quotes", "“c.ne”", "c.ne"},
		{"a non-breaking space between table and seat", "c\u00a0ne", "c.ne"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := mustNew(t, nil)
			m, err := g.Parse(tc.in)
			if err != nil || g.Format(m) != tc.want {
				t.Errorf("Parse(%q) = %s, %v; want %s", tc.in, g.Format(m), err, tc.want)
			}
		})
	}
	t.Run("a full-width digit in a rotation", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{NE: "bbbbooooo"}, waiter: [2]Dir{C, C}, toMove: 0,
			pending: []Special{{Marker: RO, Table: NE, Actor: 0}}, placed: 0, used: []Dir{NE}})
		if m, err := g.Parse("rotate ３"); err != nil || g.Format(m) != "rotate 3" {
			t.Errorf("Parse(rotate ３) = %s, %v", g.Format(m), err)
		}
	})
}

func TestParseNamesACharacterItCannotRead(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"an accented letter", "c.né", `"é" (U+00E9) is not part of a move — write a seat (ne)`},
		{"a broken byte", "c.n\xe2", "the byte 0xE2 is not part of a move"},
		{"long junk is clipped", "c." + strings.Repeat("n", 40), `"nnnnnnnnnnnnnnnn"… is not a seat`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mustNew(t, nil).Parse(tc.in)
			if err == nil || !strings.Contains(said(err), tc.want) || !utf8.ValidString(err.Error()) {
				t.Errorf("Parse(%q) error %v, want one containing %q", tc.in, err, tc.want)
			}
		})
	}
}
