package console

import (
	"strings"
	"testing"

	"tabuleiro/say"
)

// Everyone at the console has its language as their Discord locale. A message everyone sees is in
// the server's language, and a reply only its reader sees in theirs; a moment in either is told in
// the reader's own language, as Discord tells a timestamp in whoever reads it.
func TestAMomentIsToldInTheReadersLanguage(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		server := say.Portuguese
		if lang == say.Portuguese {
			server = say.English
		}
		sw := say.For(server)
		out := session(t, lang, "/tabuleiro settings language:"+server,
			"@bob /ordo challenge opponent:@alice first:me pace:1d",
			"@alice /tabuleiro me vacation:start")
		in := func(w *say.Words, span string) string { return plain(w, "console.in", map[string]any{"Time": span}) }
		if public := out[1]; !strings.Contains(public, "["+sw.T("button.accept", nil)+"]") ||
			!strings.Contains(public, in(w, "10m")+".") || strings.Contains(public, in(sw, "10m")) {
			t.Errorf("the challenge is not in the server's language (%s) with its expiry in the reader's (%s):\n%s", server, lang, public)
		}
		want := plain(w, "vacation.started", map[string]any{"Until": in(w, "14d"), "Count": 0})
		if !strings.Contains(out[2], want) {
			t.Errorf("the vacation's reply is not in the member's language (%s):\n%s\nwant\n%s", lang, out[2], want)
		}
	})
}
