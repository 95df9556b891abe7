package console

import (
	"os"
	"strings"
	"testing"

	"tabuleiro/say"
)

// The tournament bookkeeping of issue 43, item 4, played at the console in both languages.

func TestAChannelHoldsOneTournamentAtATime(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang,
			"@ana /tabuleiro tournament create game:ordo",
			"@bia /tabuleiro tournament create game:ouri",
			"@ana /tabuleiro tournament cancel",
			"@bia /tabuleiro tournament create game:ouri",
		)
		here := w.T("refusal.tournament.here", map[string]any{"Title": "Ordo", "Tournament": 1})
		if !strings.Contains(out[1], here) {
			t.Errorf("a second tournament in the channel is not refused with the reason:\n%s", out[1])
		}
		if strings.Contains(out[3], w.T("refusal.tournament.here", map[string]any{"Title": "Ordo", "Tournament": 1})) ||
			!strings.Contains(out[3], "#2") {
			t.Errorf("once the first is cancelled, the channel takes the next:\n%s", out[3])
		}
	})
}

func TestARoundRobinTakesNoRounds(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang,
			"@ana /tabuleiro tournament create game:ordo format:round-robin rounds:5",
			"@ana /tabuleiro tournament create game:ordo format:round-robin",
		)
		if want := w.T("refusal.tournament.rounds-round-robin", nil); !strings.Contains(out[0], want) {
			t.Errorf("rounds on a round-robin is not refused with the reason:\n%s", out[0])
		}
		if !strings.Contains(out[1], "#1") {
			t.Errorf("the refusal made a tournament, or the round-robin without rounds is not made:\n%s", out[1])
		}
	})
}

func TestATournamentOfOneRoundSaysRoundOnce(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang,
			"@ana /tabuleiro tournament create game:ordo rounds:1 round-time:1h",
			"@ana /tabuleiro tournament join",
			"@bia /tabuleiro tournament join",
			"@ana /tabuleiro tournament start",
			"@ana /ordo resign",
		)
		one := w.T("tournament.finished", map[string]any{"Count": 1})
		many := w.T("tournament.finished", map[string]any{"Count": 2})
		if !strings.Contains(out[4], one) {
			t.Errorf("the tournament's message does not say it finished after 1 round (%q):\n%s", one, out[4])
		}
		if one == many || strings.Contains(out[4], strings.Replace(many, "2", "1", 1)) {
			t.Errorf("one round is worded as many: %q", one)
		}
	})
}

// Buchholz sums the opponents' scores, and a bye counts as an opponent with the player's own
// score: the legend under Swiss standings says so in both languages, and so does the README.
func TestBuchholzsLegendAndTheReadmeSayHowAByeCounts(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang,
			"@ana /tabuleiro tournament create game:ordo rounds:1 round-time:1h",
			"@ana /tabuleiro tournament join",
			"@bia /tabuleiro tournament join",
			"@caio /tabuleiro tournament join",
			"@ana /tabuleiro tournament start",
			"@ana /tabuleiro tournament standings",
		)
		bye := map[string]string{say.English: "a bye counts as an opponent with the player's own score",
			say.Portuguese: "uma folga conta como um adversário com os pontos do próprio jogador"}[lang]
		if legend := w.T("tournament.legend-swiss", nil); !strings.Contains(legend, bye) || !strings.Contains(out[5], legend) {
			t.Errorf("the standings' legend does not say how a bye counts (%q):\n%s", bye, out[5])
		}
	})
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if readme := strings.Join(strings.Fields(string(b)), " "); !strings.Contains(readme, "a bye counts as an opponent with the player's own score") {
		t.Error("the README's tournaments do not say how a bye counts in Buchholz")
	}
}
