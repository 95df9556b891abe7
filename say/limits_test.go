package say

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// A place is where a message is shown, with the most characters Discord takes there
// (https://discord.com/developers/docs: message content 2,000; command, option and choice
// descriptions and names 100; a button's label 80; a select menu's placeholder 150, its options'
// labels and descriptions 100; a thread's name 100). Markup shows only in message content.
type place struct {
	name   string
	max    int  // 0: no limit (the console's terminal)
	markup bool // Markdown renders here (bold, code, quotes)
}

var (
	content           = place{"message content", 2000, true}
	commandName       = place{"context-menu command name", 32, false}
	description       = place{"command or option description", 100, false}
	choiceName        = place{"choice name", 100, false}
	buttonLabel       = place{"button label", 80, false}
	placeholder       = place{"select menu placeholder", 150, false}
	optionLabel       = place{"select option label", 100, false}
	optionDescription = place{"select option description", 100, false}
	threadName        = place{"thread name", 100, false}
	terminal          = place{"console line", 0, true}
	// A position told in words is read aloud and is also a picture's alt text, where markup shows
	// as written: plain words, each part short enough for an attachment's description.
	wordsAloud = place{"description in words", 1024, false}
)

// places says where each message goes, by its id: the first pattern that matches.
var places = []struct {
	id    *regexp.Regexp
	place place
}{
	{regexp.MustCompile(`^command\.challenge-menu$`), commandName},
	{regexp.MustCompile(`^(command|sub|option)\.`), description},
	// A game's blurb is its command's description, and also a line of /tabuleiro help.
	{regexp.MustCompile(`^game\.[a-z]+\.(blurb|move|offer)$`), description},
	{regexp.MustCompile(`^game\.[a-z]+\.option\.`), description},
	{regexp.MustCompile(`^(choice|duration)\.`), choiceName},
	{regexp.MustCompile(`^game\.[a-z]+\.choice\.`), choiceName},
	{regexp.MustCompile(`^autocomplete\.`), choiceName},
	{regexp.MustCompile(`^button\.`), buttonLabel},
	{regexp.MustCompile(`^menu\.table-seats$`), optionLabel},
	{regexp.MustCompile(`^menu\.`), placeholder},
	{regexp.MustCompile(`^oolong\.choice\.`), optionDescription},
	{regexp.MustCompile(`^thread\.name$`), threadName},
	{regexp.MustCompile(`^console\.`), terminal},
	{regexp.MustCompile(`^words\.`), wordsAloud},
	{regexp.MustCompile(``), content},
}

func placeOf(id string) place {
	for _, p := range places {
		if p.id.MatchString(id) {
			return p.place
		}
	}
	return content
}

// samples are the longest values each placeholder takes in play (a mention is 21 characters, a
// list of moves holds at most 25); a placeholder without a sample fails the test, so that a new
// one gets one.
var samples = map[string]any{
	"A": "c2", "App": "settings [threads:true|false]   me [pings:true|false]   help", "Accept": "Aceitar", "Accuracy": 100, "After": "1662?", "B": "d2", "Before": "1500?",
	"Better": "move nw.sw se.ne", "Black": 40, "BlackClaimed": 4, "Blunder": 30,
	"Blurb": "Ouri: the Cape Verdean mancala, capture 25 seeds to win", "Challenger": "<@123456789012345678>",
	"Change": "+162", "End": 100, "Final": strings.Repeat("x", 880), "Low": 100, "LowPly": 999, "High": 100, "HighPly": 999, "Claim": ", conquistada pelo Verde", "Char": `"\u200b"`, "Choices": "1h, 12h, 24h, 72h, 7d, 14d", "Claimed": "nw", "Code": "1F600",
	"Colour": "Green", "Command": "tabuleiro", "Creator": "<@123456789012345678>", "Commands": "/oolong, /ouri, /ordo e /tabuleiro", "Deadline": 1740830400,
	"Deviation": 350, "Description": strings.Repeat("x", 1024), "Dirs": "nw, n, ne, w, c, e, sw, s, se", "Drawn": 999, "Effect": "whoever fired it swaps the teas of a claimed and an unclaimed table",
	"Error": strings.Repeat("x", 200), "Example": "/ordo move play:c2:d2-c4", "Expires": 1740830400,
	"File": "oolong-18446744073709551615.txt", "First": "<@123456789012345678> moves first", "From": "nw.sw",
	"Game": `"` + strings.Repeat("x", 32) + `"`, "Games": "/oolong, /ouri or /ordo", "Green": 40, "GreenClaimed": 4,
	"Hint":  "write a seat (ne), a table and seat (c.ne), or a special's choice such as rotate 3 or skip",
	"House": "f", "Houses": "a, b, c, d, e or f", "How": "resignation", "Idle": "14d (the bot's default)",
	"Inaccuracy": 10, "Input": `"` + strings.Repeat("x", 32) + `"`, "Key": "18446744073709551615", "Kind": "oolong",
	"Label": `"Yes, resign"`, "Language": "the server's locale (pt-BR)", "Last": "<@123456789012345678>", "Length": 1 << 20,
	"Level": "medium", "Levels": "easy 999 W · 999 D · 999 L, medium 999 W · 999 D · 999 L, hard 999 W · 999 D · 999 L",
	"Line": "/ouri vs-bot", "Loser": "Green", "Loss": 100, "Lost": 48, "Mark": "??", "Marker": "SC", "Max": 65536,
	"Markers": strings.Repeat("SC (5): whoever fired it swaps the teas of a claimed and an unclaimed table. ", 6),
	"Menu":    "Challenge to a game", "Message": 99999, "Mine": "White", "Mistake": 20,
	"Move": "move nw.sw se.ne", "Moves": strings.Repeat("c2:d2-c4, ", 24) + "c2:d2-c4", "Name": "Oolong · Somebody vs Someone",
	"North": 24, "Offer": "draw", "Offers": "draw (oolong, ordo)   end (ouri)", "Opponent": "<@123456789012345678>",
	"Option": "idle-timeout", "Options": " (rules: abapa, misère)", "Other": "se", "Outlook": "the bot sees a loss whatever you play; this is the best defence it finds.",
	"Page": 99, "Pages": 99, "Path": "/tmp/tabuleiro-pictures/ouri-12-34.png", "Boards": "como o servidor", "Permission": "Send Messages in Threads", "Pings": "off", "Placeholder": `"Choose: a … z"`,
	"Played": "move nw.sw se.ne", "Player": "<@123456789012345678>", "Players": "**Oolong** · <@123456789012345678> (Black) vs the bot (medium, Green)",
	"Ply": 999, "Rank": 9999, "Ranks": "ranks 6–8", "Rated": "off", "Reach": "reach",
	"Rating": "1500?", "Record": "999 W · 999 D · 999 L", "Result": "<@123456789012345678> (Green) wins: five tables claimed",
	"Seat": "nw", "Seats": "n, ne, e, se, s, sw, w or nw", "Some": "<@123456789012345678>, <@123456789012345678>",
	"South": 24, "Squares": "a2, b2, c2, d2, e2, f2, g2, h2, i2, j2", "Special": "Swap Unclaimed", "Square": "j8", "Start": strings.Repeat("x", 16), "State": "withdrawn",
	"Sub": `"leaderboard"`, "Subs": "challenge, vs-bot, move, board, history, replay, resign, draw, hint, review, leaderboard, profile, rules",
	"Table": "nw", "Seated": "Preto em nw, n, ne, w; Verde em c, e, sw, s, se", "Tables": "n, ne, e, se, s, sw, w or nw", "Theirs": "White", "Threads": "off", "Time": "71h59m59s",
	"Title": "Oolong", "To": "se.ne", "Total": 9999, "Turn": "The bot (medium, Green) decides: Swap Unclaimed, fired at table nw (swap <table> <table> or skip)",
	"Type": 9, "Unclaimed": "se", "Used": 3, "User": "somebody", "Value": `"` + strings.Repeat("x", 32) + `"`,
	"Values": "a · b", "Done": strings.Repeat("x", 300), "Task": strings.Repeat("x", 200), "Lesson": 99, "Step": 9,
	"Replies": "c2:d2-c4 c2:d2-c4 c2:d2-c4", "Puzzle": "oolong-0320", "Answer": "move nw.sw se.ne", "Plies": 5,
	"Keeping": strings.Repeat("c2:d2-c4, ", 24) + "c2:d2-c4", "Waiter": "nw", "White": 20, "Who": "<@123456789012345678> (Green)", "Why": "position repeated 3 times, seeds collected",
	"Hour": "23", "Day": "2026-03-01", "Year": "2026", "Month": "03", "Date": "01", "Channel": "<#123456789012345678>",
	// Slow play: a pace, a vacation's end, a game's clock and its jump link.
	"Pace": "14 dias por jogada", "Until": 1740830400, "Clock": ", de férias, de volta <t:1740830400:R>", "Next": 99,
	"Link":     "https://discord.com/channels/123456789012345678/123456789012345678/123456789012345678",
	"Vacation": "sim, de volta <t:1740830400:R> no mais tardar", "Left": "14d", "Digest": "às 23h UTC",
	"Votes": strings.Repeat("`c2:d2-c4` 99, ", 8) + "`c2:d2-c4` 99", "Closes": 1740830400, "Seconds": 3600,
	// A game page: PUBLIC_URL/g/<id>-<24 hex digits>, with a long-ish origin.
	"URL":        "https://tabuleiro.example.org/g/18446744073709551615-0123456789abcdef01234567",
	"Play":       "move ne.se ne.nw",
	"Addr":       "127.0.0.1:65535",
	"Tournament": 99999, "Round": 63, "Rounds": 63, "Board": 32, "Format": "todos-contra-todos, 15 rodadas",
	"Score": "½–½", "Points": "63½", "Position": strings.Repeat("x", 1000), "Buchholz": "2015½", "Berger": "2015¾",
	"Teas": 9, "Steps": 7, "Store": 48, "Reply": "move nw.sw se.ne", "Switch": "false", "Then": "off", "Win": 100, "Won": 48, "Word": `"frobnicate"`,
}

// markup is what renders only in message content.
var markup = regexp.MustCompile("\\*\\*|`|<@|<t:")

func TestEveryMessageFitsWhereItGoesInBothLanguages(t *testing.T) {
	en := catalogue(t, English)
	for _, lang := range Languages {
		w := For(lang)
		for _, id := range slices.Sorted(maps.Keys(en)) {
			p := placeOf(id)
			data := map[string]any{}
			if id == "thread.name" {
				// Threads are named after display names (at most 32 characters), not mentions.
				data = map[string]any{"Player": strings.Repeat("x", 32), "Opponent": strings.Repeat("x", 32)}
			}
			for form, text := range en[id] {
				for _, name := range placeholders(t, id+" "+form, text) {
					if name == "Count" {
						data[name] = 0 // set below
						continue
					}
					if _, given := data[name]; given {
						continue
					}
					v, ok := samples[name]
					if !ok {
						t.Fatalf("%s: no sample value for {{.%s}}; add one to samples", id, name)
					}
					data[name] = v
				}
			}
			counts := []int{1, 2, 5, 9999}
			if len(en[id]) == 1 {
				counts = counts[len(counts)-1:]
			}
			for _, n := range counts {
				if _, ok := data["Count"]; ok || len(en[id]) > 1 {
					data["Count"] = n
				}
				got := marked(w.Rich(id, data)) // as written, emphasis marked
				if strings.Contains(got, "<no value>") || got == id {
					t.Errorf("%s %s does not render: %q", lang, id, got)
				}
				if p.max > 0 && utf8.RuneCountInString(got) > p.max {
					t.Errorf("%s %s is %d characters with the longest values; a %s holds %d:\n%s",
						lang, id, utf8.RuneCountInString(got), p.name, p.max, got)
				}
				if !p.markup && (markup.MatchString(got) || strings.Contains(got, "\n")) {
					t.Errorf("%s %s goes in a %s, where markup and line breaks show as written: %q", lang, id, p.name, got)
				}
			}
		}
	}
}
