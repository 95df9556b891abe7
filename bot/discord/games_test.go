package discord

import (
	"fmt"
	"strings"
	"testing"

	"tabuleiro/bot"
	"tabuleiro/say"
)

// /tabuleiro games pages its list ten a page with ◀ ▶ on its private message: ▶ shows the next
// page in place, ◀ the one before; ◀ is off on the first page and ▶ on the last.
func TestTheGamesListPagesWithButtons(t *testing.T) {
	for _, lang := range say.Languages {
		t.Run(lang, func(t *testing.T) {
			w := say.For(lang)
			tb := newTableWith(t, quietLog(), func(c *bot.Config) { c.StartLimit = -1 }) // eleven games at once
			const alice = "81"
			for i := range 11 {
				r := tb.sendIn(in(command(alice, fmt.Sprintf("c-list-%d", i), "ordo", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}), lang, lang))
				if r.private() {
					t.Fatalf("game %d refused: %s", i, r.Data.Content)
				}
			}
			r := tb.sendIn(in(command(alice, "c-list-0", "tabuleiro", "games"), lang, lang))
			// The head's page count, past its emphasis: "(page 1 of 2), your move first:".
			head := func(page int) string {
				_, tail, _ := strings.Cut(w.T("games.head", map[string]any{"Page": page, "Pages": 2}), "(")
				return "(" + tail
			}
			first := head(1)
			if !r.private() || !strings.Contains(r.Data.Content, first) || strings.Count(r.Data.Content, "\n• ") != 10 {
				t.Fatalf("page 1 is not ten games, privately:\n%s", r.Data.Content)
			}
			buttons := r.customIDs()
			if len(buttons) != 2 {
				t.Fatalf("page 1's controls: %v, want ◀ ▶", buttons)
			}
			if !disabled(t, r, 0) || disabled(t, r, 1) {
				t.Errorf("on page 1 ◀ should be off and ▶ on")
			}
			r = tb.sendIn(in(click(alice, "c-list-0", buttons[1], "m-list"), lang, lang))
			second := head(2)
			if r.Type != 7 || !strings.Contains(r.Data.Content, second) || strings.Count(r.Data.Content, "\n• ") != 1 {
				t.Fatalf("▶ answered type %d, want page 2 in place with one game:\n%s", r.Type, r.Data.Content)
			}
			if disabled(t, r, 0) || !disabled(t, r, 1) {
				t.Errorf("on page 2 ◀ should be on and ▶ off")
			}
			r = tb.sendIn(in(click(alice, "c-list-0", r.customIDs()[0], "m-list"), lang, lang))
			if r.Type != 7 || !strings.Contains(r.Data.Content, first) {
				t.Fatalf("◀ answered type %d, want page 1 in place:\n%s", r.Type, r.Data.Content)
			}
		})
	}
}

// disabled reports whether r's i-th control is disabled.
func disabled(t *testing.T, r httpReply, i int) bool {
	t.Helper()
	var out []bool
	r.eachComponent(func(c map[string]any) {
		if _, ok := c["custom_id"]; ok {
			d, _ := c["disabled"].(bool)
			out = append(out, d)
		}
	})
	if i >= len(out) {
		t.Fatalf("no control %d of %d", i, len(out))
	}
	return out[i]
}
