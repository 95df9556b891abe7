package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"tabuleiro/bot/web/webtest"
	"tabuleiro/store"
	"tabuleiro/table"
)

// controls are the roles a person acts on: each needs a name.
var controls = map[string]bool{"button": true, "link": true, "checkbox": true, "radio": true, "textbox": true,
	"combobox": true, "menuitem": true, "tab": true, "slider": true, "switch": true, "spinbutton": true}

// Chromium's accessibility tree names every house, square and seat of the board and every control
// of the page, for a player, a watcher and a finished game, in both languages: each cell is a named
// button whose name no other cell shares, and the board is a group named in the viewer's language.
func TestTheAccessibilityTreeNamesEverySquareAndControl(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	// alice and bob's Ordo game goes on a move, so that a decision is marked; carol's Ouri game
	// against the bot ends after a sowing, so that its plies and stepper show.
	if _, _, err := s.b.Table().Move(table.Actor{User: "111", Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}, "a3-a4"); err != nil {
		t.Fatal(err)
	}
	carol := s.player(t, "333", s.vsBot)
	if _, _, err := s.b.Table().Move(table.Actor{User: "333", Place: table.Place{Guild: "g1", Channel: "c2"}, Kind: "ouri"}, "c"); err != nil {
		t.Fatal(err)
	}
	s.b.Wait()
	if status, a := carol.send(s.vsBot, "resign", s.ply(t, s.vsBot), ""); status != http.StatusOK || !a.State.Over {
		t.Fatalf("carol's resignation: %d %+v", status, a)
	}
	for _, lang := range []string{"en-US", "pt-BR"} {
		for _, tt := range []struct {
			name   string
			rec    store.Game
			member string // "" for a watcher
			cells  int
			width  int64
		}{
			{"an Ordo player", s.people, "222", 80, 1280},
			{"an Ordo watcher on a phone", s.people, "", 80, 360},
			{"an Oolong player", s.oolong, "111", 81, 1280},
			{"an Oolong watcher on a phone", s.oolong, "", 9, 360}, // the waiter's table, shown large
			{"a finished Ouri game", s.vsBot, "", 12, 1280},
		} {
			t.Run(lang+"/"+tt.name, func(t *testing.T) {
				page := tab(t, browser, lang)
				address := s.web.Address(tt.rec.ID)
				if tt.member != "" {
					address = s.invite(t, tt.member, tt.rec.ID)
				}
				if err := chromedp.Do(page, chromedp.EmulateViewport(tt.width, 800), chromedp.Navigate(address), chromedp.WaitVisible(`.board .cell`)); err != nil {
					t.Fatal(err)
				}
				waitPly(t, page, s, s.ply(t, tt.rec))
				words := s.client(t, lang).state(tt.rec).Words
				cells, err := chromedp.Run(page, chromedp.Nodes(`.board .cell`))
				if err != nil {
					t.Fatal(err)
				}
				tree, err := webtest.AXTree(page)
				if err != nil {
					t.Fatal(err)
				}
				byDOM := map[cdp.BackendNodeID]webtest.AXNode{}
				boards := 0
				for _, n := range tree {
					byDOM[n.DOM] = n
					if !n.Ignored && controls[n.Role] && strings.TrimSpace(n.Name) == "" {
						t.Errorf("a %s has no name", n.Role)
					}
					if n.Role == "group" && n.Name == words["board"] {
						boards++
					}
				}
				if boards != 1 {
					t.Errorf("%d groups are named %q, the board's name", boards, words["board"])
				}
				if len(cells) != tt.cells {
					t.Errorf("the board has %d cells, want %d", len(cells), tt.cells)
				}
				named := map[string]string{}
				for _, c := range cells {
					n, ok := byDOM[c.BackendNodeID]
					mark := c.AttributeValue("data-mark")
					switch {
					case !ok || n.Ignored:
						t.Errorf("cell %s is not in the accessibility tree", mark)
					case n.Role != "button" || n.Name == "":
						t.Errorf("cell %s is a %s named %q", mark, n.Role, n.Name)
					case named[n.Name] != "":
						t.Errorf("cells %s and %s are both named %q", named[n.Name], mark, n.Name)
					case tt.rec.Kind == "ordo" && !strings.HasPrefix(n.Name, mark+": "):
						t.Errorf("square %s is named %q", mark, n.Name)
					}
					named[n.Name] = mark
				}
			})
		}
	}
}
