package say

import (
	"regexp"
	"strings"
	"testing"
)

// The project's name is not the bot's: on Discord the bot has the name its server gave it, so a
// message names it as "the bot" / "o bot" (or "I"), and "tabuleiro" appears only as the
// /tabuleiro command. In Portuguese the word also means "board": there it must stand for the
// board the English message names.
var (
	projectName = regexp.MustCompile(`(^|[^/])\btabuleiro\b`)
	boardWord   = regexp.MustCompile(`(?i)\bboards?\b`)
)

func TestNoMessageCallsTheBotByTheProjectsName(t *testing.T) {
	en, pt := catalogue(t, English), catalogue(t, Portuguese)
	for id, forms := range en {
		if id == "console.welcome" {
			continue // the program's own banner in a terminal, where it is the program's name
		}
		for form, text := range forms {
			if projectName.MatchString(text) {
				t.Errorf("en-US %s (%s) names the bot \"tabuleiro\": %q", id, form, text)
			}
			if p := pt[id][form]; projectName.MatchString(strings.ReplaceAll(p, "jogos de tabuleiro", "")) && !boardWord.MatchString(text) {
				t.Errorf("pt-BR %s (%s) says \"tabuleiro\" where English names no board: %q / %q", id, form, p, text)
			}
		}
	}
}
