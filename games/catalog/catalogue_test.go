package catalog

import (
	"strings"
	"testing"
	"unicode/utf8"

	"tabuleiro/say"
)

// The games speak no language: their descriptors name their texts by catalogue id, and every id
// is in the catalogue, in both languages (the catalogue's own test holds them to the same keys).
func TestTheDescriptorsNameTheirTextsInTheCatalogue(t *testing.T) {
	for _, lang := range say.Languages {
		w := say.For(lang)
		for _, d := range All() {
			t.Run(lang+" "+d.Title, func(t *testing.T) {
				known := func(id string) {
					t.Helper()
					if got := w.T(id, nil); got == id || got == "" {
						t.Errorf("%s is not in the %s catalogue", id, lang)
					}
				}
				for _, id := range []string{d.Blurb, d.MoveHelp, d.OfferHelp, d.Rules, d.SeatID(0), d.SeatID(1)} {
					known(id)
				}
				for _, o := range d.Options {
					known(o.Description)
					for _, v := range o.Choices {
						known("game." + d.Kind + ".choice." + o.Name + "." + v)
					}
				}
			})
		}
	}
	if en := say.For(say.English); en.T(All()[0].SeatID(0), nil) != All()[0].Seats[0] {
		t.Error("a seat's English name in the catalogue is not its descriptor's colour")
	}
}

func TestPortugueseKeepsGameNamesAndNotation(t *testing.T) {
	pt := say.For(say.Portuguese)
	for _, d := range All() {
		t.Run(d.Title, func(t *testing.T) {
			if blurb := pt.T("game."+d.Kind+".blurb", nil); !strings.HasPrefix(blurb, d.Title+": ") {
				t.Errorf("the Portuguese blurb %q does not start with %q", blurb, d.Title+": ")
			}
			if help := pt.T("game."+d.Kind+".move", nil); d.Kind != "ouri" && !strings.Contains(help, d.Example) {
				t.Errorf("the Portuguese move help %q lacks the example %q", help, d.Example)
			}
			rules := pt.T("game."+d.Kind+".rules", nil)
			if example := "`/" + d.Kind + " move play:" + d.Example + "`"; !strings.Contains(rules, example) {
				t.Errorf("the Portuguese rules lack the example %s", example)
			}
			parts := pt.Rich("game."+d.Kind+".rules", nil)
			if len(parts) < 2 || parts[0] != say.Strong(d.Title)[0] || !strings.HasPrefix(parts[1].Text, " — ") {
				t.Errorf("the Portuguese rules do not start with the game's name: %.40q", rules)
			}
			n := 0
			for _, p := range parts {
				n += utf8.RuneCountInString(p.Text)
				if p.Kind == say.StrongPart {
					n += len("****") // as Discord's markup writes emphasis
				}
			}
			if n > 2000 {
				t.Errorf("the Portuguese rules have %d characters, more than a message holds (2000)", n)
			}
		})
	}
}
