package page

import (
	"bytes"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"tabuleiro/render"
	"tabuleiro/render/describe"
	"tabuleiro/render/picture"
	"tabuleiro/say"
	"tabuleiro/store"
)

// Everything that is not a page of a game whose server shows pages is the same bare 404.
func TestEverythingElseIsNotFound(t *testing.T) {
	s := newSite(t)
	good := s.path(s.finished)
	digits, key, _ := strings.Cut(strings.TrimPrefix(good, Prefix), "-")
	cases := []struct{ name, method, path string }{
		{"a game that does not exist, with its own key", "GET", Prefix + s.pages.name(999)},
		{"a game with another game's key", "GET", Prefix + digits + "-" + s.pages.sign(s.active.ID)},
		{"a key of zeros", "GET", Prefix + digits + "-" + strings.Repeat("0", keyDigits)},
		{"a key in capitals", "GET", Prefix + digits + "-" + strings.ToUpper(key)},
		{"a key cut short", "GET", good[:len(good)-1]},
		{"a key too long", "GET", good + "0"},
		{"no key", "GET", Prefix + digits},
		{"an id with a leading zero", "GET", Prefix + "0" + digits + "-" + key},
		{"game zero", "GET", Prefix + s.pages.name(0)},
		{"an id past 64 bits", "GET", Prefix + "18446744073709551616-" + key},
		{"a game of a server without pages", "GET", s.path(s.off)},
		{"its board", "GET", s.path(s.off) + ".png"},
		{"a game played in a DM", "GET", s.path(s.dm)},
		{"the pages' root", "GET", "/g/"},
		{"the pages' prefix alone", "GET", "/g"},
		{"a word", "GET", "/g/abc"},
		{"a path past the page", "GET", good + "/x"},
		{"a doubled extension", "GET", good + ".png.png"},
		{"another picture format", "GET", good + ".gif"},
		{"an escaped dash", "GET", Prefix + digits + "%2D" + key},
		{"an escaped slash", "GET", "/g%2F" + digits + "-" + key},
		{"a doubled slash", "GET", "/g//" + digits + "-" + key},
		{"a dot segment", "GET", Prefix + "x/../" + digits + "-" + key},
		{"a ply that is no number", "GET", good + "?ply=abc"},
		{"a negative ply", "GET", good + "?ply=-1"},
		{"a ply with a leading zero", "GET", good + "?ply=01"},
		{"a ply past the end", "GET", good + fmt.Sprintf("?ply=%d", plies+1)},
		{"a huge ply", "GET", good + "?ply=99999999999999999999"},
		{"two plies", "GET", good + "?ply=1&ply=2"},
		{"a query that does not parse", "GET", good + "?ply=%zz"},
		{"a board past the end", "GET", good + fmt.Sprintf(".png?ply=%d", plies+1)},
		{"a POST", "POST", good},
		{"a PUT", "PUT", good},
		{"a DELETE", "DELETE", good + ".png"},
		{"an OPTIONS", "OPTIONS", good},
	}
	for _, c := range cases {
		t.Run(c.name+" is not found", func(t *testing.T) {
			res, body := s.get(t, c.method, c.path)
			if res.StatusCode != http.StatusNotFound || body != "404 page not found\n" {
				t.Errorf("%s %s: %d %q, want a bare 404", c.method, c.path, res.StatusCode, body)
			}
		})
	}
	t.Run("a page turned off is not found", func(t *testing.T) {
		if res, _ := s.get(t, "GET", good); res.StatusCode != http.StatusOK {
			t.Fatalf("the page is not there to begin with: %d", res.StatusCode)
		}
		s.pages.bot.Table().ChangeSettings("g1", func(set *store.ServerSettings) { set.Pages = false })
		res, body := s.get(t, "GET", good)
		if res.StatusCode != http.StatusNotFound || body != "404 page not found\n" {
			t.Errorf("%d %q", res.StatusCode, body)
		}
		s.pages.bot.Table().ChangeSettings("g1", func(set *store.ServerSettings) { set.Pages = true })
	})
}

// img is a picture and its alt text; a picture without alt does not match, and fails the count.
var img = regexp.MustCompile(`<img [^>]*alt="([^"]+)"[^>]*>`)

var meta = regexp.MustCompile(`<meta (?:property|name)="([^"]+)" content="([^"]*)">`)

// metas are a page's meta tags, by property or name.
func metas(page string) map[string]string {
	out := map[string]string{}
	for _, m := range meta.FindAllStringSubmatch(page, -1) {
		out[m[1]] = html.UnescapeString(m[2])
	}
	return out
}

// A page shows the game after the decisions asked, steps by links, names the players by their
// display names and carries the Open Graph tags; its board is the picture of that position.
func TestAPageShowsTheGame(t *testing.T) {
	s := newSite(t)
	page := s.path(s.finished)
	en := say.For("en-US")
	for ply := 0; ply <= plies; ply++ {
		path := page
		if ply < plies {
			path += fmt.Sprintf("?ply=%d", ply)
		}
		t.Run(fmt.Sprintf("after %d decisions", ply), func(t *testing.T) {
			res, body := s.get(t, "GET", path)
			if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
			}
			want := map[string]string{
				"og:title":     "Ordo · Alice <3 vs Bob & Co",
				"og:url":       s.srv.URL + page,
				"og:image":     s.srv.URL + page + ".png",
				"og:type":      "website",
				"twitter:card": "summary_large_image",
				"robots":       "noindex, nofollow",
			}
			got := metas(body)
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s is %q, want %q", k, got[k], v)
				}
			}
			if d := got["og:description"]; !strings.Contains(d, "Bob & Co (Black) wins") && !strings.Contains(d, "Alice <3 (White) wins") {
				t.Errorf("the description does not give the result by name: %q", d)
			}
			for _, w := range []string{`<html lang="en-US">`, "<title>Ordo · Alice &lt;3 vs Bob &amp; Co</title>",
				fmt.Sprintf(`<img id="board" src="%s.png?ply=%d"`, strings.TrimPrefix(page, Prefix), ply)} {
				if !strings.Contains(body, w) {
					t.Errorf("the page lacks %s", w)
				}
			}
			if strings.Contains(body, "<@") || strings.Contains(body, "@alice") || strings.Contains(body, "<script") {
				t.Error("the page shows a chat's mention, or a script")
			}
			imgs := img.FindAllStringSubmatch(body, -1)
			if len(imgs) == 0 {
				t.Error("the page has no picture of the board")
			}
			board := s.at(t, ply)
			if ply == plies {
				board = s.played // with its result
			}
			for _, m := range imgs {
				if alt := html.UnescapeString(m[1]); alt != "The board: "+describe.Short(board, en) {
					t.Errorf("a picture's alt is %q, want the board after %d decisions in words", alt, ply)
				}
			}
			if alt := got["og:image:alt"]; alt != "The board: "+describe.Short(s.played, en) {
				t.Errorf("og:image:alt is %q, want the board now in words", alt)
			}
			text := html.UnescapeString(between(t, body, `<pre id="text-board">`, "</pre>"))
			block := render.BlockOf(s.at(t, ply), en)
			if !strings.HasPrefix(text, strings.Join(block.Lines, "\n")+"\n") {
				t.Errorf("the text board is\n%s\nwant\n%s", text, strings.Join(block.Lines, "\n"))
			}
			where := en.T("page.start", nil)
			if ply > 0 {
				where = en.T("page.at", map[string]any{"Ply": ply, "Total": plies})
			}
			if c := between(t, body, `<figcaption id="ply">`, "</figcaption>"); c != where {
				t.Errorf("the caption is %q, want %q", c, where)
			}
			for rel, to := range map[string]int{"first": 0, "prev": ply - 1, "next": ply + 1, "last": plies} {
				link := fmt.Sprintf(`<a href="?ply=%d" rel="%s">`, to, rel)
				if leads := to >= 0 && to <= plies && to != ply; leads != strings.Contains(body, link) {
					t.Errorf("link %s to %d: shown %v, want %v", rel, to, !leads, leads)
				}
			}
			for i, m := range s.played.Log() {
				li := fmt.Sprintf(`<a href="?ply=%d"`, i+1)
				if i+1 == ply {
					li += ` aria-current="step"`
				}
				li += ">" + html.EscapeString(fmt.Sprintf("%d. %s %s", i+1, []string{"White", "Black"}[i%2], s.played.Format(m))) + "</a>"
				if !strings.Contains(body, li) {
					t.Errorf("the decisions lack %s", li)
				}
			}

			res, png := s.get(t, "GET", fmt.Sprintf("%s.png?ply=%d", page, ply))
			shown := s.at(t, ply)
			if ply == plies {
				shown = s.played // with its result
			}
			wantPNG, err := picture.Board(shown, en)
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" || !bytes.Equal([]byte(png), wantPNG) {
				t.Errorf("the board after %d decisions: %d %s, %d bytes, want %d", ply, res.StatusCode, res.Header.Get("Content-Type"), len(png), len(wantPNG))
			}
		})
	}
	t.Run("the board now is the finished game's", func(t *testing.T) {
		res, png := s.get(t, "GET", page+".png")
		want, _ := picture.Board(s.played, en)
		if res.StatusCode != http.StatusOK || !bytes.Equal([]byte(png), want) || res.Header.Get("Cache-Control") != "public, max-age=300" {
			t.Errorf("%d, %d bytes (want %d), cache %q", res.StatusCode, len(png), len(want), res.Header.Get("Cache-Control"))
		}
	})
	t.Run("HEAD answers as GET does, without the body", func(t *testing.T) {
		res, body := s.get(t, "HEAD", page)
		if res.StatusCode != http.StatusOK || body != "" || res.Header.Get("Content-Length") == "" {
			t.Errorf("%d %q %q", res.StatusCode, body, res.Header.Get("Content-Length"))
		}
	})
	t.Run("a page lets nothing run and leaks its address nowhere", func(t *testing.T) {
		res, _ := s.get(t, "GET", page)
		for h, want := range map[string]string{"Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"} {
			if res.Header.Get(h) != want {
				t.Errorf("%s: %q", h, res.Header.Get(h))
			}
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("Content-Security-Policy: %q", csp)
		}
	})
	t.Run("a game being played says whose turn it is, and is not cached", func(t *testing.T) {
		res, body := s.get(t, "GET", s.path(s.active))
		if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("%d, cache %q", res.StatusCode, res.Header.Get("Cache-Control"))
		}
		if d := metas(body)["og:description"]; d != "Bob & Co (Black) to move" {
			t.Errorf("the description is %q", d)
		}
		if !strings.Contains(body, `<span aria-disabled="true" data-rel="next">`) {
			t.Error("the last decision of a game being played leads further")
		}
	})
	t.Run("a game against the bot names it", func(t *testing.T) {
		_, body := s.get(t, "GET", s.path(s.vsBot))
		if got := metas(body)["og:title"]; got != "Ordo · Alice <3 vs the bot" {
			t.Errorf("title %q", got)
		}
	})
	t.Run("a team game names the team, and each player's line starts as a sentence", func(t *testing.T) {
		_, body := s.get(t, "GET", s.path(s.team))
		if got := metas(body)["og:title"]; got != "Ordo · the team vs the bot" {
			t.Errorf("title %q", got)
		}
		for _, w := range []string{"<li>The team (White)</li>", "<li>The bot (easy, Black)</li>"} {
			if !strings.Contains(body, w) {
				t.Errorf("the page lacks %q", w)
			}
		}
	})
	t.Run("a page speaks its server's language", func(t *testing.T) {
		_, body := s.get(t, "GET", s.path(s.portuguese)+"?ply=1")
		for _, w := range []string{`<html lang="pt-BR">`, "Ordo · Alice &lt;3 x Bob &amp; Co", "Depois da decisão 1 de 4", ">Decisões</h2>", "1. Brancas "} {
			if !strings.Contains(body, w) {
				t.Errorf("the Portuguese page lacks %q", w)
			}
		}
	})
	t.Run("a player whose name is not known is a player", func(t *testing.T) {
		rec := s.active
		rec.ID, rec.Channel, rec.Seats[1].UserID = 0, "c9", "carol"
		rec, err := s.st.CreateGame(rec)
		if err != nil {
			t.Fatal(err)
		}
		_, body := s.get(t, "GET", s.path(rec))
		if got := metas(body)["og:title"]; got != "Ordo · Alice <3 vs a player" {
			t.Errorf("title %q", got)
		}
	})
}

// between is the text of body between from and to.
func between(t *testing.T, body, from, to string) string {
	t.Helper()
	_, rest, ok := strings.Cut(body, from)
	if !ok {
		t.Fatalf("the page has no %s", from)
	}
	in, _, ok := strings.Cut(rest, to)
	if !ok {
		t.Fatalf("%s is not closed by %s", from, to)
	}
	return in
}

// The address of a page is the public address, the game's id and its key; the key differs from
// game to game and from store to store.
func TestLinks(t *testing.T) {
	a, b := newSite(t), newSite(t)
	l := a.pages.Link(a.finished.ID)
	if !regexp.MustCompile(`^http://127\.0\.0\.1:\d+/g/\d+-[0-9a-f]{24}$`).MatchString(l) {
		t.Fatalf("link %q", l)
	}
	if a.pages.sign(1) == a.pages.sign(2) || a.pages.sign(1) == b.pages.sign(1) {
		t.Error("keys repeat across games or stores")
	}
}

func TestBoardPicturesWaitForAFreeCore(t *testing.T) {
	s := newSite(t)
	s.pages.drawWait = 50 * time.Millisecond
	board := s.path(s.finished) + ".png"
	for range cap(s.pages.drawing) {
		s.pages.drawing <- struct{}{} // every core busy drawing
	}
	res, body := s.get(t, "GET", board)
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") != "1" {
		t.Errorf("with every core drawing: %d, Retry-After %q, want 503 and 1", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if !strings.Contains(body, "try again") {
		t.Errorf("the refusal does not say what to do: %q", body)
	}
	if res, _ := s.get(t, "GET", s.path(s.finished)); res.StatusCode != http.StatusOK {
		t.Errorf("the page itself, which draws no picture: %d, want 200", res.StatusCode)
	}
	s.pages.drawWait = 5 * time.Second
	done := make(chan *http.Response, 1)
	go func() {
		res, err := http.Get(s.srv.URL + board)
		if err != nil {
			res = &http.Response{Status: err.Error()}
		} else {
			res.Body.Close()
		}
		done <- res
	}()
	time.Sleep(10 * time.Millisecond) // most likely waiting by now; if not, it finds the token free
	<-s.pages.drawing                 // one core free again, within the wait
	if res := <-done; res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
		t.Errorf("once a core is free: %s %s, want the picture", res.Status, res.Header.Get("Content-Type"))
	}
	if n := len(s.pages.drawing); n != cap(s.pages.drawing)-1 {
		t.Errorf("%d tokens held after the picture, want %d: a drawing kept its token", n, cap(s.pages.drawing)-1)
	}
}
