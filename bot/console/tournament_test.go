package console

import (
	"os"
	"strings"
	"testing"

	"tabuleiro/say"
)

// The tournament bookkeeping of issue 43, items 3 to 5, played at the console in both languages.

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

// A pairing waits for a player busy with another game of the kind here: that player is pinged
// when the round starts and once at half the round's time, told what ends the wait; then the
// round's end forfeits the pairing (issue 43, item 3).
func TestThePlayerKeepingAPairingWaitingIsToldWhatEndsIt(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang,
			"@ana /tabuleiro tournament create game:ordo rounds:1 round-time:1h",
			"@ana /tabuleiro tournament join",
			"@bia /tabuleiro tournament join",
			"@bob /tabuleiro tournament join",
			"@dave /tabuleiro tournament join",
			"@bob /ordo vs-bot level:easy first:me",
			"@ana /tabuleiro tournament start",
			"wait 25m",
			"wait 6m",
			"wait 10m",
			"wait 20m",
		)
		start, early, half, later := out[6], out[7], out[8], out[9]+out[10]
		told := func(reminder bool) string {
			id := "tournament.blocking"
			if reminder {
				id = "tournament.blocking-reminder"
			}
			// The message up to its deadline: what ends the wait, said to @bob.
			text := w.T(id, map[string]any{"Player": "@bob", "Board": 1, "Opponent": "@ana", "Round": 1,
				"Title": "Ordo", "Tournament": 1, "Kind": "ordo", "Deadline": "\x00"})
			return text[:strings.Index(text, "\x00")]
		}
		if !strings.Contains(start, told(false)) {
			t.Errorf("the round's start does not tell @bob what ends the wait (%q):\n%s", told(false), start)
		}
		if strings.Count(start+early+later, "@bob:") != 1 || strings.Contains(early, told(true)) {
			t.Errorf("@bob is told more than at the start and once at half the round's time:\n%s\n%s\n%s", start, early, later)
		}
		if !strings.Contains(half, told(true)) {
			t.Errorf("half the round's time does not remind @bob (%q):\n%s", told(true), half)
		}
	})
}

// The 8-player Ordo Swiss of issue 43, round 2: @eva won in the second seat, @fabi, @caio and
// @hugo in the first. The four winners meet each other (top half against bottom half), and so do
// the four others: nobody floats to let everyone turn seats; within the pairing the seats turn
// where they can (@caio and @fabi both sat first: the higher-ranked @caio sits second).
func TestASwissKeepsItsScoreGroupsWhole(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		lines := []string{"@ana /tabuleiro tournament create game:ordo rounds:2"}
		for _, p := range []string{"ana", "bia", "caio", "davi", "eva", "fabi", "gil", "hugo"} {
			lines = append(lines, "@"+p+" /tabuleiro tournament join")
		}
		lines = append(lines, "@ana /tabuleiro tournament start",
			"@ana /ordo resign", "@bia /ordo resign", "@gil /ordo resign", "@davi /ordo resign")
		out := session(t, lang, lines...)
		round1, round2 := out[9], out[len(out)-1]
		pairing := func(board int, first, second string) string {
			return w.T("tournament.pairing", map[string]any{"Board": board, "Player": "@" + first, "Opponent": "@" + second})
		}
		for i, p := range [][2]string{{"ana", "eva"}, {"fabi", "bia"}, {"caio", "gil"}, {"hugo", "davi"}} {
			if !strings.Contains(round1, pairing(i+1, p[0], p[1])) {
				t.Fatalf("round 1 is not the one of the issue (%s):\n%s", pairing(i+1, p[0], p[1]), round1)
			}
		}
		for i, p := range [][2]string{{"fabi", "caio"}, {"eva", "hugo"}, {"davi", "ana"}, {"bia", "gil"}} {
			if !strings.Contains(round2, pairing(i+1, p[0], p[1])) {
				t.Errorf("round 2 lacks %q:\n%s", pairing(i+1, p[0], p[1]), round2)
			}
		}
	})
}

// A tournament made before the server turned threads on is played in its channel, and each game
// of its round starts a thread of its own from its board.
func TestATournamentInTheChannelGivesEachGameAThread(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/tabuleiro tournament create game:ordo", "/tabuleiro tournament join",
			"@bia /tabuleiro tournament join", "@caio /tabuleiro tournament join", "@davi /tabuleiro tournament join",
			"/tabuleiro settings threads:true", "/tabuleiro tournament start")
		started, _, _ := strings.Cut(w.T("console.thread", map[string]any{"Name": "|", "Message": "|"}), "|")
		if n := strings.Count(out[len(out)-1], started); n != 2 {
			t.Errorf("%d threads started for the round's two games:\n%s", n, out[len(out)-1])
		}
	})
}
