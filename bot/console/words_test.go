package console

import (
	"strings"
	"testing"

	"tabuleiro/games/catalog"
	"tabuleiro/render/describe"
	"tabuleiro/say"
)

// A bare move lists the legal moves privately, grouped as the describer groups them; typing the
// play (play: left empty) still suggests them as Discord's autocomplete does.
func TestABareMoveListsTheMovesAndATypedOneSuggestsThem(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/ordo vs-bot level:easy first:me", "/ordo move", "/ordo move play:")
		g, _ := catalog.New("ordo", nil)
		pages := describe.MovePages(g, w)
		if !strings.Contains(out[1], plain(w, "console.posted-private", map[string]any{"User": "you", "Message": 2})) {
			t.Errorf("the list is not private:\n%s", out[1])
		}
		for _, line := range strings.Split(strings.Join(pages, "\n"), "\n") {
			if !strings.Contains(out[1], "│ "+line+"\n") {
				t.Errorf("the list lacks %q:\n%s", line, out[1])
			}
		}
		if want := w.T("console.your-moves", map[string]any{"Moves": "a3-a4  a3-b4"}); !strings.Contains(out[2], want) {
			t.Errorf("play: left empty does not suggest %q:\n%s", want, out[2])
		}
	})
}

