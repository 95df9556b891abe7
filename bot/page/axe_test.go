package page

import (
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
		{"a finished game", s.pages.Link(s.finished.ID), 1280, false},
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
