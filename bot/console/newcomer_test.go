package console

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/render/describe"
	"tabuleiro/say"
	"tabuleiro/store"
)

// The rough edges a newcomer hit (issue 24), each played at the console in both languages.

// session plays lines at a console speaking lang, boards shown whole and the bot on the console's
// clock (which wait moves on), and returns what each line printed.
func session(t *testing.T, lang string, lines ...string) []string {
	t.Helper()
	return saving(t, lang, t.TempDir(), lines...)
}

// bothLanguages runs f once per language the bot speaks, with that language's words.
func bothLanguages(t *testing.T, f func(t *testing.T, lang string, w *say.Words)) {
	for _, lang := range say.Languages {
		t.Run(lang, func(t *testing.T) { f(t, lang, say.For(lang)) })
	}
}

func TestAChoiceTypedInAnyCaseIsTheChoiceDeclared(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/tabuleiro settings language:PT-br", "/tabuleiro settings", "/ouri vs-bot first:me")
		for i, o := range out[:2] {
			if strings.Contains(o, "choice.") || !strings.Contains(o, "pt-BR") {
				t.Errorf("line %d does not show the language pt-BR:\n%s", i+1, o)
			}
		}
		if !strings.Contains(out[2], "(Sul)") {
			t.Errorf("a board is not in Portuguese once the server's language is pt-BR:\n%s", out[2])
		}
	})
}

func TestAMistypedOptionIsNamedWithTheOptionsThereAre(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		for _, c := range []struct{ line, option, options string }{
			{"/ouri vs-bot levl:easy", `"levl"`, "level:, first:, rules:, misere:"},
			{"/ouri vs-bot first:me lvl:hard", `"lvl"`, "level:, first:, rules:, misere:"},
			{"/ouri move play:b extra:1", `"extra"`, "play:"},
			{"/ordo challenge opponent:@bob rules:abapa", `"rules"`, "opponent:, first:, rated:"},
		} {
			t.Run(c.line, func(t *testing.T) {
				out := session(t, lang, c.line, "/ouri board")
				if !strings.Contains(out[0], c.option) || !strings.Contains(out[0], c.options) {
					t.Errorf("%q does not name the option %s and the options %s:\n%s", c.line, c.option, c.options, out[0])
				}
				if !strings.Contains(out[1], w.T("refusal.none-here", map[string]any{"Title": "Ouri", "Kind": "ouri"})) {
					t.Errorf("%q started something:\n%s", c.line, out[1])
				}
			})
		}
	})
}

func TestAnAtWithoutANameAsksForOneAndPostsNothing(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "@ /ouri vs-bot", "@  /ouri vs-bot")
		for _, o := range out {
			if !strings.Contains(o, "@bob /ouri vs-bot") || strings.Contains(o, "┌") {
				t.Errorf("an empty name is not refused with an example, or something was posted:\n%s", o)
			}
		}
	})
}

func TestALineTooLongIsRefusedAndTheSessionGoesOn(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		long := "/ouri move play:" + strings.Repeat("d", 1<<20)
		in := strings.NewReader(long + "\n/ouri rules\n" + strings.Repeat("x", maxLine+1))
		var out bytes.Buffer
		if err := Run(context.Background(), st, bot.Config{}, lang, in, &out); err != nil {
			t.Fatalf("the session ended with %v", err)
		}
		refusal := w.T("console.too-long", map[string]any{"Length": len(long), "Max": maxLine})
		if !strings.Contains(out.String(), refusal) {
			t.Errorf("the long line is not refused with %q", refusal)
		}
		if !strings.Contains(out.String(), "/ouri end") {
			t.Errorf("the line after the long one was not played:\n%.2000s", out.String())
		}
		if strings.Count(out.String(), "? ") != 2 {
			t.Errorf("want two refusals (the long line, and the long last line without an end):\n%.3000s", out.String())
		}
	})
}

// projectName finds the project's name where it is not the /tabuleiro command: on Discord the bot
// has the name its server gave it. In Portuguese the word is also "board", so only English is
// held to it; both languages are held to naming the bot once per bracket.
var projectName = regexp.MustCompile(`(^|[^/])\btabuleiro\b`)

func TestTheBotIsCalledTheBotWithItsLevelAndColourInOneBracket(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/ouri vs-bot level:easy first:bot", "/ouri history", "/ordo vs-bot level:medium first:me",
			"click "+w.T("button.resign", nil), "click "+w.T("button.resign-yes", nil), "/ordo profile",
			"/tabuleiro help", "/tabuleiro settings", "/ouri challenge opponent:@tabuleiro", "@x /ouri nope")
		seat := map[string]string{say.English: "The bot (easy, South)", say.Portuguese: "O bot (fácil, Sul)"}[lang]
		if !strings.Contains(out[0], seat) {
			t.Errorf("the bot's seat is not written %q:\n%s", seat, out[0])
		}
		for i, o := range out {
			for _, line := range strings.Split(o, "\n") {
				if strings.Contains(line, " › ") {
					continue // what was typed
				}
				if strings.Contains(line, ") (") || strings.Contains(line, "tabuleiro (") {
					t.Errorf("line %d names a seat with two brackets: %q", i+1, line)
				}
				if lang == say.English && projectName.MatchString(line) {
					t.Errorf("line %d names the bot by the project's name: %q", i+1, line)
				}
			}
		}
	})
}

// shown is the content of the one message out printed, as the console shows it.
func shown(out string) string {
	var lines []string
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "  │ "); ok {
			lines = append(lines, rest)
		}
	}
	return strings.Join(lines, "\n")
}

func TestEveryGamesRulesArriveWholeInBothLanguages(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		for _, d := range catalog.All() {
			t.Run(d.Kind, func(t *testing.T) {
				got := shown(session(t, lang, "/"+d.Kind+" rules")[0])
				if n := utf8.RuneCountInString(got); n > 2000 || strings.HasSuffix(got, "…") {
					t.Errorf("/%s rules is %d characters or clipped; Discord shows 2,000:\n%s", d.Kind, n, got)
				}
				coach := strings.ReplaceAll(w.T("coach.rules", map[string]any{"Kind": d.Kind}), "**", "")
				rules := strings.ReplaceAll(w.T(d.Rules, nil), "**", "")
				if !strings.HasSuffix(got, coach) || !strings.HasPrefix(got, rules) {
					t.Errorf("/%s rules does not hold the whole rules and the coach's:\n%s", d.Kind, got)
				}
			})
		}
	})
}

func TestSettingsSayWhatToTypeAndTheValuesTheyStandFor(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/tabuleiro me", "/tabuleiro me pings:false", "/tabuleiro settings")
		for i, want := range []string{"`/tabuleiro me pings:false`", "`/tabuleiro me pings:true`"} {
			if !strings.Contains(out[i], want) {
				t.Errorf("/tabuleiro me does not say how to change it with %s:\n%s", want, out[i])
			}
		}
		idle := w.T("duration.hours", map[string]any{"Count": 72})
		if !strings.Contains(out[2], idle+" (") {
			t.Errorf("the default idle timeout is not shown as %q:\n%s", idle, out[2])
		}
		if lang == say.Portuguese && (!strings.Contains(out[2], "avisos de vez: ligados") || !strings.Contains(out[1], "desligados")) {
			t.Errorf("on and off do not agree with \"avisos\":\n%s%s", out[1], out[2])
		}
	})
}

func TestNotationInProseIsSetApartAsCodeOnTheBoardAndInRefusals(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/ouri vs-bot level:easy first:me", "click e", "/ouri move play:e",
			"/oolong vs-bot level:easy first:me", "/oolong move play:n.s")
		sowed := strings.ReplaceAll(w.T("board.ouri.last", map[string]any{"Colour": w.T("game.ouri.seat.south", nil), "House": "e"}), "**", "")
		if !strings.Contains(out[1], sowed) || !strings.Contains(sowed, "`e`") {
			t.Errorf("the last sowing does not show `e`:\n%s", out[1])
		}
		for _, o := range []string{out[2], out[4]} {
			if !strings.Contains(o, "`") {
				t.Errorf("a refusal names notation outside code:\n%s", o)
			}
		}
		if !strings.Contains(out[3], "`c`") {
			t.Errorf("Oolong's table is not set apart:\n%s", out[3])
		}
	})
}

func TestOurisOfferToEndSaysTheScoreAndWhoWouldWin(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "@alice /ouri challenge opponent:@bob first:me rated:false", "@bob click "+w.T("button.accept", nil),
			"@alice click d", "@bob click a", "@alice /ouri end", "@bob /ouri end")
		north := w.T("game.ouri.seat.north", nil)
		outcome := w.T("status.ouri.wins", map[string]any{"Who": "@bob (" + north + ")", "Won": 26, "Lost": 22,
			"Why": w.T("status.ouri.why.agreement", nil)})
		if !strings.Contains(out[4], outcome) {
			t.Errorf("the offer does not say that accepting gives %q:\n%s", outcome, out[4])
		}
		if !strings.Contains(out[5], outcome) {
			t.Errorf("accepting did not give what the offer said:\n%s", out[5])
		}
	})
}

// The README is where a newcomer reads what to expect: Ouri's end is no draw offer (accepting may
// hand either player the win), and turn pings come only in games between people.
func TestTheReadmeSaysWhatOurisEndAndTurnPingsDo(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), " ")
	if strings.Contains(readme, "`draw` (Ouri: `end`)") {
		t.Error("the README calls Ouri's end its draw")
	}
	if !strings.Contains(readme, "the larger store wins") {
		t.Error("the README does not say what Ouri's end gives")
	}
	if !strings.Contains(readme, "In a game between two people, when it is your turn") {
		t.Error("the README does not say turn pings come only in games between people")
	}
}

func TestAcceptingWhileAPlayerIsBusyNamesWhoAndWhatToDo(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		accept := "click " + w.T("button.accept", nil)
		out := session(t, lang, "@carol /ouri challenge opponent:@bob", "@carol /ouri vs-bot level:easy first:me", "@bob "+accept,
			"@dave /ouri challenge opponent:@erin", "@erin /ouri vs-bot level:easy first:me", "@erin "+accept,
			"@fay /ordo challenge", "@fay /ordo vs-bot level:easy first:me", "@gus "+accept)
		them := w.T("refusal.busy-challenger", map[string]any{"Player": "@carol", "Title": "Ouri"})
		if !strings.Contains(out[2], them) {
			t.Errorf("accepting while the challenger plays does not say %q:\n%s", them, out[2])
		}
		you := strings.ReplaceAll(w.T("refusal.busy-you", map[string]any{"Title": "Ouri", "Kind": "ouri"}), "**", "")
		if !strings.Contains(out[5], you) {
			t.Errorf("accepting while playing does not say %q:\n%s", you, out[5])
		}
		// Whoever takes an open challenge cannot Decline it: they are not told to.
		taker := w.T("refusal.busy-challenger-open", map[string]any{"Player": "@fay", "Title": "Ordo"})
		if !strings.Contains(out[8], taker) || strings.Contains(out[8], w.T("button.decline", nil)) {
			t.Errorf("taking an open challenge while its challenger plays does not say %q alone:\n%s", taker, out[8])
		}
	})
}

// The member menu keeps its English name in every language (command names stay English); help
// names it as Discord shows it, and nothing lists it as a slash command.
func TestTheMemberMenuIsNamedAsDiscordShowsItAndNeverAsASlashCommand(t *testing.T) {
	if en := say.For(say.English).T("command.challenge-menu", nil); en != bot.ChallengeMenu {
		t.Fatalf("the menu is registered as %q but English calls it %q", bot.ChallengeMenu, en)
	}
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/Challenge to a game", "/tabuleiro help")
		_, hint, _ := strings.Cut(out[0], "\n") // after what was typed
		if strings.Contains(hint, "Challenge") || !strings.Contains(hint, "/tabuleiro") {
			t.Errorf("the unknown command's hint lists the member menu as a slash command:\n%s", out[0])
		}
		if name := w.T("command.challenge-menu", nil); !strings.Contains(out[1], "Apps → "+name) {
			t.Errorf("help does not name the member menu %q:\n%s", name, out[1])
		}
		if !strings.Contains(out[1], "Apps → "+bot.ChallengeMenu) {
			t.Errorf("help does not name the menu as Discord shows it, %q:\n%s", bot.ChallengeMenu, out[1])
		}
		// The name stays English (section 5): Portuguese help says what it means.
		if gloss := "desafiar para uma partida"; (lang == say.Portuguese) != strings.Contains(out[1], gloss) {
			t.Errorf("help in %s glosses the English name (%q): %v, want only in Portuguese:\n%s", lang, gloss, strings.Contains(out[1], gloss), out[1])
		}
	})
}

func TestTheMoveListSaysHowManyMoreAndAPartialMoveIsNarrowed(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/ordo vs-bot level:easy first:me", "/ordo move play:", "/ordo move play:c2:d2")
		if more := w.T("autocomplete.more", map[string]any{"Count": 32, "Example": "e3"}); !strings.Contains(out[1], more) {
			t.Errorf("the 25 moves shown do not say %q:\n%s", more, out[1])
		}
		if want := w.T("refusal.narrow", map[string]any{"Input": "c2:d2", "Count": 2, "Moves": "c2:d2-c3, c2:d2-c4"}); !strings.Contains(out[2], want) {
			t.Errorf("play:c2:d2 does not list the two ordo moves:\n%s", out[2])
		}
	})
}

// A square written alone as an Ordo move says what is there: a piece of the mover's with no legal
// move (a2 at the start, hemmed in by its own pieces) names one that can move, an empty square says
// where the mover's pieces are, the opponent's piece says whose it is.
func TestASquareAloneSaysWhatIsThereAndWhyItIsNoMove(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/ordo vs-bot level:easy first:me", "/ordo move play:a2", "/ordo move play:e5", "/ordo move play:c8")
		ranks := w.T("ordo.ranks", map[string]any{"From": 1, "To": 3})
		for i, want := range []string{
			w.T("ordo.stuck", map[string]any{"Square": "a2", "Example": "a3-a4"}),
			w.T("ordo.empty", map[string]any{"Square": "e5", "Ranks": ranks}),
			w.T("ordo.theirs", map[string]any{"Theirs": w.T("game.ordo.seat.black", nil), "Square": "c8", "Mine": w.T("game.ordo.seat.white", nil)}),
		} {
			if !strings.Contains(out[i+1], want) {
				t.Errorf("line %d answered\n%s\nwant %q", i+2, out[i+1], want)
			}
		}
	})
}

func TestTheLegendComesWithTheFirstBoardsAndOnRequest(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/oolong vs-bot level:easy first:me", "click ne", "click n", "/oolong board", "/oolong history")
		legend := w.T("board.oolong.legend", nil)
		markers := strings.SplitN(w.T("board.oolong.markers", map[string]any{"Markers": ""}), ".", 2)[0]
		has := func(o string) bool { return strings.Contains(o, legend) && strings.Contains(o, markers) }
		if !has(out[0]) {
			t.Errorf("the first board has no legend:\n%s", out[0])
		}
		if strings.Contains(out[2], legend) || strings.Contains(out[2], markers) {
			t.Errorf("a board after each player decided repeats the legend:\n%s", out[2])
		}
		if !has(out[3]) {
			t.Errorf("/oolong board does not show the legend:\n%s", out[3])
		}
	})
}

func TestHelpListsEverySubcommandThereIs(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		text := session(t, lang, "help")[0]
		for _, cmd := range bot.Commands() {
			if cmd.User {
				continue
			}
			for _, s := range cmd.Subs {
				if !regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(s.Name) + `(\s|$)`).MatchString(text) {
					t.Errorf("help leaves out /%s %s:\n%s", cmd.Name, s.Name, text)
				}
				for _, o := range s.Options {
					if !strings.Contains(text, o.Name+":") {
						t.Errorf("help leaves out /%s %s %s:", cmd.Name, s.Name, o.Name)
					}
				}
			}
		}
		if !strings.Contains(text, "/tabuleiro") {
			t.Errorf("help leaves out /tabuleiro:\n%s", text)
		}
	})
}

// The other replies made of several messages arrive whole too, in both languages.
func TestHelpSettingsAndProfileArriveWhole(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/tabuleiro help", "/tabuleiro settings", "/ouri profile", "/ouri leaderboard")
		for i, o := range out {
			got := shown(o)
			if n := utf8.RuneCountInString(got); n == 0 || n > 2000 || strings.HasSuffix(got, "…") {
				t.Errorf("reply %d is %d characters or clipped:\n%s", i+1, n, got)
			}
		}
		if foot := strings.ReplaceAll(w.T("help.foot", map[string]any{"Menu": w.T("command.challenge-menu", nil)}), "**", ""); !strings.HasSuffix(shown(out[0]), foot) {
			t.Errorf("help does not end with its foot:\n%s", shown(out[0]))
		}
	})
}

func TestAPictureIsNotedWithWhatItShows(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "/tabuleiro settings boards:image", "/ouri vs-bot level:easy first:me")
		g, err := catalog.New("ouri", nil)
		if err != nil {
			t.Fatal(err)
		}
		want := w.T("console.described", map[string]any{"Description": describe.Short(g, w)})
		if !strings.Contains(out[1], ".png") || !strings.Contains(out[1], want) {
			t.Errorf("the board's picture is not described as %q:\n%s", want, out[1])
		}
	})
}
