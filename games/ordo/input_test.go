package ordo

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseReadsWhatAPersonTypes(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a space for the dash, as in /ordo move play:a3 a4", "a3 a4", "a3-a4"},
		{"two spaces and upper case", "  A3   A4 ", "a3-a4"},
		{"an en dash", "a3–a4", "a3-a4"},
		{"an em dash with spaces", "a3 — a4", "a3-a4"},
		{"a minus sign", "a3−a4", "a3-a4"},
		{"full-width letters, digits and dash", "ａ３－ａ４", "a3-a4"},
		{"typographic quotes around it", "“a3-a4”", "a3-a4"},
		{"backticks around it", "`a3-a4`", "a3-a4"},
		{"a non-breaking space", "a3\u00a0a4", "a3-a4"},
		{"an ordo with an en dash", "c2:d2–c4", "c2:d2-c4"},
		{"an ordo as three squares", "c2 d2 c4", "c2:d2-c4"},
		{"an ordo as three squares, the far end first", "d2 c2 d4", "c2:d2-c4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t)
			m, err := g.Parse(tc.in)
			if err != nil || Format(m) != tc.want {
				t.Errorf("Parse(%q) = %s, %v; want %s", tc.in, Format(m), err, tc.want)
			}
		})
	}
}

func TestParseNamesACharacterItCannotRead(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"an accented letter", "a3-é4", `"é" (U+00E9) is not part of a move — write moves like a3-a4`},
		{"an emoji", "a3🙂a4", `"🙂" (U+1F642) is not part of a move`},
		{"a broken byte", "a3\xe2a4", "the byte 0xE2 is not part of a move"},
		{"an ASCII symbol", "a3=a4", `"=" is not part of a move`},
		{"long junk is clipped", "a3-a4 " + strings.Repeat("b", 50), `"a3-a4 bbbbbbbbbb"… is not a move`},
		{"a long square is clipped", "a3-a" + strings.Repeat("1", 40), `"a111111111111111"… is not a square`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := newGame(t).Parse(tc.in)
			if err == nil || !strings.Contains(said(err), tc.want) || !utf8.ValidString(err.Error()) {
				t.Errorf("Parse(%q) error %v, want one containing %q", tc.in, err, tc.want)
			}
		})
	}
}

// A square alone is no move: the answer says what is on it, and for the mover's own piece which
// moves move it (alone or inside an ordo) or that none does.
func TestParseSaysWhatIsOnASquareWrittenAlone(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"an empty square", "e5", "e5 is empty — your pieces are on ranks 1–3"},
		{"the opponent's piece", "c8", "that is Black's piece on c8 — you play White"},
		{"a piece hemmed in by its own", "a2", "your piece on a2 has no legal move now"},
		{"a piece that moves inside an ordo named from another square", "d2", "c2:d2-c3, c2:d2-c4, d2-b4, d2-c3, d2-d3, d2-d4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := newGame(t).Parse(tc.in)
			if err == nil || !strings.Contains(said(err), tc.want) {
				t.Errorf("Parse(%q) error %q, want one containing %q", tc.in, said(err), tc.want)
			}
		})
	}
}
