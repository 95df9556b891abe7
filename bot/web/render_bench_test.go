package web

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabuleiro/bot/web/webtest"
)

// The page's first render at 360 px from a warm server: from the navigation's start to the first
// board painted (the page's own mark, "board-shown"), each time in a fresh tab of one warm browser.
// Reported as the median and the worst (page-ms, worst-ms), with the wall time a tab took to
// show the board as the test's browser saw it (ns/op).
//
//	go test ./bot/web/ -run '^$' -bench FirstRender -benchtime 20x
func BenchmarkTheFirstRenderAt360(b *testing.B) {
	browser := webtest.Chrome(b)
	s := newSite(b)
	address := s.web.Address(s.people.ID)
	// Warm the server, the browser's cache of the assets, and Chromium itself.
	if err := chromedp.Do(browser, chromedp.EmulateViewport(360, 800), chromedp.Navigate(address), chromedp.WaitVisible(`.board .cell`)); err != nil {
		b.Fatal(err)
	}
	var page []float64
	b.ResetTimer()
	for range b.N {
		ctx, cancel := chromedp.NewContext(browser)
		err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 800), chromedp.Navigate(address))
		var shown float64
		if err == nil {
			shown, err = chromedp.Run(ctx, chromedp.Poll[float64](`(performance.getEntriesByName("board-shown")[0] || {}).startTime`,
				chromedp.WithPollingInterval(5*time.Millisecond)))
		}
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		page = append(page, shown)
	}
	b.StopTimer()
	slices.Sort(page)
	b.ReportMetric(page[len(page)/2], "page-ms")
	b.ReportMetric(page[len(page)-1], "worst-ms")
}
