package web

import (
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tabuleiro/bot/web/webtest"
	"tabuleiro/store"
	"tabuleiro/table"
)

// axe-core finds no violation of WCAG 2.2 AA on the live board: a player's, a watcher's and a
// finished game's page, of every kind, light and dark, wide and narrow.
func TestAxeFindsNoViolationOnTheBoard(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	// The Ouri game against the bot ends: carol resigns after one sowing and the bot's answer.
	carol := s.player(t, "333", s.vsBot)
	if _, _, err := s.b.Table().Move(table.Actor{User: "333", Place: table.Place{Guild: "g1", Channel: "c2"}, Kind: "ouri"}, "c"); err != nil {
		t.Fatal(err)
	}
	s.b.Wait()
	if status, a := carol.send(s.vsBot, "resign", s.ply(t, s.vsBot), ""); status != http.StatusOK || !a.State.Over {
		t.Fatalf("carol's resignation: %d %+v", status, a)
	}
	for _, tt := range []struct {
		name, lang string
		rec        store.Game
		member     string // "" for a watcher
		dark       bool
		width      int64
	}{
		{"an Ordo player", "en-US", s.people, "111", false, 1280},
		{"an Ordo watcher", "pt-BR", s.people, "", true, 360},
		{"an Oolong player", "pt-BR", s.oolong, "111", true, 1280},
		{"an Oolong watcher on a phone", "en-US", s.oolong, "", false, 360},
		{"a finished Ouri game", "en-US", s.vsBot, "", false, 360},
		{"a finished Ouri game in the dark", "pt-BR", s.vsBot, "", true, 1280},
	} {
		t.Run(tt.name, func(t *testing.T) {
			page := tab(t, browser, tt.lang)
			address := s.web.Address(tt.rec.ID)
			if tt.member != "" {
				address = s.invite(t, tt.member, tt.rec.ID)
			}
			if err := chromedp.Do(page, webtest.Dark(tt.dark), chromedp.EmulateViewport(tt.width, 800),
				chromedp.Navigate(address), chromedp.WaitVisible(`.board .cell`)); err != nil {
				t.Fatal(err)
			}
			waitPly(t, page, s, s.ply(t, tt.rec))
			webtest.Axe(t, page, tt.name)
		})
	}
}

// ply is how many decisions game rec has had.
func (s *site) ply(t testing.TB, rec store.Game) int {
	t.Helper()
	got, _, err := s.st.Game(rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	return got.Ply
}
