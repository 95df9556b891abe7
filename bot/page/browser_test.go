package page

import (
	"context"
	"fmt"
	"html"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"tabuleiro/render"
	"tabuleiro/render/picture"
	"tabuleiro/say"
)

// browsers are the names a Chromium goes by, Debian's first.
var browsers = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// A real browser loads a game's page, walks it from the start to the end by its links, and is shown
// the right board at every step: the text board in the page, and the picture it fetched.
func TestInARealBrowser(t *testing.T) {
	browser := ""
	for _, name := range browsers {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skipf("no Chromium installed (looked for %s): the pages are not tried in a browser; on Debian, apt-get install chromium", strings.Join(browsers, ", "))
	}
	s := newSite(t)
	// load has the browser load address and gives the page as the browser holds it once loaded.
	// Each load is a new visitor, with an empty cache: each fetches its board.
	load := func(address string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		args := []string{"--headless", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
			"--disable-extensions", "--disable-background-networking", "--disable-component-update",
			"--user-data-dir=" + t.TempDir(), "--dump-dom", address}
		if os.Geteuid() == 0 {
			args = append([]string{"--no-sandbox"}, args...) // Chromium's sandbox refuses to run as root
		}
		cmd := exec.CommandContext(ctx, browser, args...)
		cmd.WaitDelay = 5 * time.Second
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s --dump-dom %s: %v\n%s", browser, address, err, stderr.String())
		}
		return string(out)
	}

	en := say.For("en-US")
	next := regexp.MustCompile(`<a href="([^"]*)" rel="next">`)
	first := regexp.MustCompile(`<a href="([^"]*)" rel="first">`)
	address := s.pages.Link(s.finished.ID)
	dom := load(address)
	m := first.FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the page at the end has no link to the start:\n%s", dom)
	}
	for ply := 0; ; ply++ {
		base, err := url.Parse(address)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := url.Parse(html.UnescapeString(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		address = base.ResolveReference(ref).String()
		if want := fmt.Sprintf("%s?ply=%d", s.pages.Link(s.finished.ID), ply); address != want {
			t.Fatalf("the link leads to %s, want %s", address, want)
		}
		s.take()
		dom = load(address)

		tags := metas(dom)
		for k, v := range map[string]string{"og:title": "Ordo · Alice <3 vs Bob & Co", "og:url": s.pages.Link(s.finished.ID),
			"og:image": s.pages.Link(s.finished.ID) + ".png", "twitter:card": "summary_large_image"} {
			if tags[k] != v {
				t.Errorf("after %d decisions the browser holds %s=%q, want %q", ply, k, tags[k], v)
			}
		}
		shown := s.at(t, ply)
		if ply == plies {
			shown = s.played
		}
		text := html.UnescapeString(between(t, dom, `<pre id="text-board">`, "</pre>"))
		if lines := strings.Join(render.BlockOf(shown, en).Lines, "\n"); !strings.HasPrefix(text, lines+"\n") {
			t.Errorf("after %d decisions the browser shows the text board\n%s\nwant\n%s", ply, text, lines)
		}
		// The picture the browser fetched for the page is the board after those decisions.
		png, err := picture.Board(shown, en)
		if err != nil {
			t.Fatal(err)
		}
		board := fmt.Sprintf("GET %s.png?ply=%d", strings.TrimPrefix(s.pages.Link(s.finished.ID), s.srv.URL), ply)
		fetched := false
		for _, r := range s.take() {
			if r.request == board {
				fetched = r.status == 200 && r.size == len(png)
			}
		}
		if !fetched {
			t.Errorf("after %d decisions the browser did not fetch the board %s (%d bytes)", ply, board, len(png))
		}

		if m = next.FindStringSubmatch(dom); m == nil {
			if ply != plies {
				t.Fatalf("the page after %d decisions leads no further, the game has %d", ply, plies)
			}
			break
		}
		if ply == plies {
			t.Fatal("the page at the end leads further")
		}
	}
}
