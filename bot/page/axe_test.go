package page

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tabuleiro/bot/web/webtest"
)

// axe-core finds no violation of WCAG 2.2 AA on a game's page: finished and being played, at its
// end and stepped back, in English and Portuguese, wide and narrow, light and dark.
func TestAxeFindsNoViolationOnAPage(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	for _, tt := range []struct {
		name    string
		address string
		width   int64
		dark    bool
	}{
		{"finished, at its end", s.pages.Link(s.finished.ID), 1280, false},
		{"a finished game stepped back", s.pages.Link(s.finished.ID) + "?ply=1", 360, true},
		{"a game being played", s.pages.Link(s.active.ID), 360, false},
		{"a finished game in Portuguese", s.pages.Link(s.portuguese.ID), 1280, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			page, cancel := chromedp.NewContext(browser)
			defer cancel()
			if err := chromedp.Do(page, webtest.Dark(tt.dark), chromedp.EmulateViewport(tt.width, 800), chromedp.Navigate(tt.address)); err != nil {
				t.Fatal(err)
			}
			webtest.Axe(t, page, tt.name)
		})
	}
}

// Chromium's accessibility tree names every link of a game's page and its board's picture, in
// both languages.
func TestTheAccessibilityTreeNamesEveryLinkAndPicture(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	for _, address := range []string{s.pages.Link(s.finished.ID) + "?ply=2", s.pages.Link(s.portuguese.ID)} {
		page, cancel := chromedp.NewContext(browser)
		defer cancel()
		if err := chromedp.Do(page, chromedp.Navigate(address)); err != nil {
			t.Fatal(err)
		}
		tree, err := webtest.AXTree(page)
		if err != nil {
			t.Fatal(err)
		}
		roles := map[string]int{}
		for _, n := range tree {
			if n.Ignored {
				continue
			}
			roles[n.Role]++
			if (n.Role == "link" || n.Role == "button" || n.Role == "image") && strings.TrimSpace(n.Name) == "" {
				t.Errorf("%s: a %s has no name", address, n.Role)
			}
		}
		// The steps (first, back, on, last, the ones that lead somewhere) and the plies are links.
		if roles["link"] < plies || roles["image"] != 1 {
			t.Errorf("%s: the tree has %d links and %d images, want at least %d and one", address, roles["link"], roles["image"], plies)
		}
	}
}
