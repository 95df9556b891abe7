package games

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNormalizeTurnsLookAlikesIntoTheNotation(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"an en dash is a dash", "a3–a4", "a3-a4"},
		{"an em dash is a dash", "a3—a4", "a3-a4"},
		{"a minus sign is a dash", "a3−a4", "a3-a4"},
		{"a non-breaking hyphen is a dash", "a3‑a4", "a3-a4"},
		{"full-width letters and digits are ASCII", "ａ３－ａ４", "a3-a4"},
		{"a full-width upper-case house is ASCII", "Ｄ", "D"},
		{"a non-breaking space is a space", "c\u00a0ne", "c ne"},
		{"an ideographic space is a space", "a3\u3000a4", "a3 a4"},
		{"typographic quotes go", "“c.ne”", "c.ne"},
		{"single quotes and backticks go", "‘d’ `e` 'f'", "d e f"},
		{"zero-width marks go", "a3\u200b-a4\ufeff", "a3-a4"},
		{"a multiplication sign is a capture", "e5×e6", "e5xe6"},
		{"an ideographic full stop is a dot", "c。ne", "c.ne"},
		{"plain ASCII is left alone", "move nw.s e.n", "move nw.s e.n"},
		{"other letters are left for Foreign", "é", "é"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Normalize(tc.in); got != tc.want {
				t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestForeignNamesTheWholeCharacter(t *testing.T) {
	hint := Text{ID: "hint"}
	for _, tc := range []struct {
		name, in string
		want     Text // the character's name; ID "" when nothing is refused
	}{
		{"plain ASCII passes", "a3-a4", Text{}},
		{"an accented letter is named with its code point", "a3é", Text{ID: "notation.char", Args: Args("Char", `"é"`, "Code", "00E9")}},
		{"an emoji is named whole", "🙂a3", Text{ID: "notation.char", Args: Args("Char", `"🙂"`, "Code", "1F642")}},
		{"an invisible character is named by its code point", "a3\u200ea4", Text{ID: "notation.invisible", Args: Args("Code", "200E")}},
		{"a control character is named by its code point", "a\x07", Text{ID: "notation.invisible", Args: Args("Code", "0007")}},
		{"a broken UTF-8 byte is named as a byte", "a3\xe2\x80", Text{ID: "notation.byte", Args: Args("Code", "0xE2")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Foreign(tc.in, hint)
			if tc.want.ID == "" {
				if err != nil {
					t.Fatalf("Foreign(%q) = %v", tc.in, err)
				}
				return
			}
			var p *Problem
			if !errors.As(err, &p) || p.ID != "notation.foreign" || p.Args["Hint"].(Text).ID != hint.ID {
				t.Fatalf("Foreign(%q) = %v, want a notation.foreign problem with the hint", tc.in, err)
			}
			if got := p.Args["Char"].(Text); got.String() != tc.want.String() {
				t.Errorf("Foreign(%q) names %v, want %v", tc.in, got, tc.want)
			}
			if !utf8.ValidString(err.Error()) {
				t.Errorf("Foreign(%q) is not valid UTF-8", tc.in)
			}
		})
	}
}

func TestQuoteClipsJunk(t *testing.T) {
	if got := Quote("xx"); got != `"xx"` {
		t.Errorf("Quote(xx) = %s", got)
	}
	long := strings.Repeat("é", 40)
	got := Quote(long)
	if got != `"`+strings.Repeat("é", maxQuoted)+`"…` || !utf8.ValidString(got) {
		t.Errorf("Quote of 40 letters = %s", got)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"a3–a4", "ａ３－ａ４", "“c.ne”", "a3\xe2\x80", "\u200b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if Normalize(n) != n {
			t.Fatalf("Normalize is not idempotent on %q: %q then %q", s, n, Normalize(n))
		}
		if err := Foreign(n, Text{ID: "hint"}); err != nil && !utf8.ValidString(err.Error()) {
			t.Fatalf("Foreign(%q) is not valid UTF-8: %q", n, err)
		}
		if err := Foreign(n, Text{ID: "hint"}); err == nil && strings.ContainsFunc(n, func(r rune) bool { return r < ' ' || r > '~' }) {
			t.Fatalf("Foreign passed %q", n)
		}
	})
}
