package say

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Move notation set in prose is set apart as code, in every language: a house "e" or "a" reads as
// a Portuguese word ("Norte semeou a casa e e capturou"), a table "s" or "e" too. Places where
// markup does not render (labels, descriptions) are left as they are.
var notationFields = []string{"Reply", "House", "Houses", "Move", "Seat", "Seats", "Table", "Tables", "Square", "From", "To",
	"A", "B", "Played", "Better", "Dirs", "Waiter", "Claimed", "Unclaimed", "Other"}

// notNotation are placeholders with those names that hold no notation: a move number, a colour.
var notNotation = map[string]bool{"board.ordo.pieces Move": true, "learn.ouri.theirs Seat": true}

func TestNotationInProseIsSetApartAsCode(t *testing.T) {
	field := regexp.MustCompile(`\{\{\.(` + strings.Join(notationFields, "|") + `)\}\}`)
	for _, lang := range Languages {
		cat := catalogue(t, lang)
		for _, id := range slices.Sorted(maps.Keys(cat)) {
			if p := placeOf(id); !p.markup {
				continue
			}
			for form, text := range cat[id] {
				for _, m := range field.FindAllStringSubmatchIndex(text, -1) {
					name := text[m[2]:m[3]]
					if notNotation[id+" "+name] {
						continue
					}
					if strings.Count(text[:m[0]], "`")%2 == 0 {
						t.Errorf("%s %s (%s): {{.%s}} is notation outside code: %q", lang, id, form, name, text)
					}
				}
			}
		}
	}
}

// Notation written into a text is set apart as code too: a square or an Ordo move ("took e5"), an
// Oolong table and seat ("nw.s"). A house letter or a table name alone cannot be told from a word
// ("a", "e", "se"); the lessons set them apart by hand.
func TestNotationWrittenInProseIsSetApartAsCode(t *testing.T) {
	code := regexp.MustCompile("(?s)```.*?```|`[^`]*`|\\{\\{[^}]*\\}\\}")
	notation := regexp.MustCompile(`(?:^|[\s(,;])([a-i][1-9](?:[-x:][a-i][1-9])*|(?:nw|n|ne|w|c|e|sw|s|se)\.(?:nw|n|ne|w|c|e|sw|s|se))(?:$|[\s),.;:?!])`)
	for _, lang := range Languages {
		cat := catalogue(t, lang)
		for _, id := range slices.Sorted(maps.Keys(cat)) {
			if p := placeOf(id); !p.markup {
				continue
			}
			for form, text := range cat[id] {
				if m := notation.FindStringSubmatch(code.ReplaceAllString(text, " ")); m != nil {
					t.Errorf("%s %s (%s): %q is notation outside code: %q", lang, id, form, m[1], text)
				}
			}
		}
	}
}
