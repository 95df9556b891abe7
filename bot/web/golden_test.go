package web

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabuleiro/bot/web/webtest"
	"tabuleiro/store"
)

var update = flag.Bool("update", false, "rewrite the screenshots in testdata/screens with today's")

// The tolerance of a screenshot against its golden: fonts and their smoothing differ a little
// from one machine to another, so a pixel counts as changed only past channelSlack, and a
// screenshot passes while at most changedShare of its pixels changed.
const (
	channelSlack = 48
	changedShare = 0.02
)

// golden compares the page ctx shows at width w (800 px tall) with testdata/screens/name.png;
// -update rewrites it. A screenshot that differs is kept beside the test's temporary files and
// said where.
func golden(t *testing.T, ctx context.Context, name string, w int64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 800), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "screens", name+".png")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, shot, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no golden for %s (%v): run go test ./bot/web -run Screens -update and look at it", name, err)
	}
	if why := differs(want, shot); why != "" {
		kept := filepath.Join(t.TempDir(), name+".png")
		os.WriteFile(kept, shot, 0o644)
		t.Errorf("%s differs from its golden: %s (today's is %s; -update rewrites the golden)", name, why, kept)
	}
}

// differs says how two PNGs differ beyond the tolerance, or "" when they do not.
func differs(a, b []byte) string {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return "the golden is no PNG: " + err.Error()
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return "the screenshot is no PNG: " + err.Error()
	}
	if ia.Bounds() != ib.Bounds() {
		return fmt.Sprintf("%v against %v", ib.Bounds().Size(), ia.Bounds().Size())
	}
	changed, total := 0, 0
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			total++
			if far(ia, ib, x, y) {
				changed++
			}
		}
	}
	if share := float64(changed) / float64(total); share > changedShare {
		return fmt.Sprintf("%.1f%% of the pixels changed (at most %.0f%% may)", share*100, changedShare*100)
	}
	return ""
}

// far says whether pixel (x, y) differs in a channel by more than channelSlack (of 255).
func far(a, b image.Image, x, y int) bool {
	r1, g1, b1, _ := a.At(x, y).RGBA()
	r2, g2, b2, _ := b.At(x, y).RGBA()
	for _, d := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}} {
		lo, hi := min(d[0], d[1]), max(d[0], d[1])
		if (hi-lo)>>8 > channelSlack {
			return true
		}
	}
	return false
}

// The boards at 360 and 1280 px, light and dark, look as their goldens do: Ordo to a player who
// picked a piece, Ouri to a watcher, Oolong to a player.
func TestScreensMatchTheirGoldens(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	for _, tt := range []struct {
		name   string
		rec    store.Game
		member string
		pick   string
	}{
		{"ordo", s.people, "111", "a3"},
		{"ouri", s.vsBot, "", ""},
		{"oolong", s.oolong, "111", ""},
	} {
		for _, dark := range []bool{false, true} {
			theme := "light"
			if dark {
				theme = "dark"
			}
			for _, width := range []int64{360, 1280} {
				name := fmt.Sprintf("%s-%s-%d", tt.name, theme, width)
				t.Run(name, func(t *testing.T) {
					page := tab(t, browser, "en-US")
					address := s.web.Address(tt.rec.ID)
					if tt.member != "" {
						address = s.invite(t, tt.member, tt.rec.ID)
					}
					if err := chromedp.Do(page, webtest.Dark(dark), chromedp.EmulateViewport(width, 800), chromedp.Navigate(address),
						chromedp.WaitVisible(`.board .cell`)); err != nil {
						t.Fatal(err)
					}
					waitPly(t, page, s, 0)
					// The stream is on ("Live: …"): nothing more will change.
					connected := s.client(t, "en-US").state(tt.rec).Words["connected"]
					for on := false; !on; time.Sleep(20 * time.Millisecond) {
						if err := webtest.Eval(page, `document.querySelector(".status").textContent.includes(`+strconv.Quote(connected)+`)`, &on); err != nil {
							t.Fatal(err)
						}
					}
					if tt.pick != "" {
						click(t, page, `[data-mark="`+tt.pick+`"]`)
					}
					golden(t, page, name, width)
				})
			}
		}
	}
}
