package say

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"tabuleiro/games"
)

// marked writes r back with the catalogue's own marks (**…**), to compare with go-i18n's reading
// of the message files.
func marked(r Rich) string {
	var b strings.Builder
	for _, p := range r {
		if p.Kind == StrongPart {
			b.WriteString("**" + p.Text + "**")
			continue
		}
		b.WriteString(Rich{p}.String())
	}
	return b.String()
}

// player words itself as a mention, as table's players do.
type player string

func (p player) Rich(w *Words) Rich { return Mention(string(p)) }

func TestRichKeepsWhatChatsShowTheirOwnWay(t *testing.T) {
	expires := time.Date(2025, 3, 2, 12, 0, 0, 0, time.UTC)
	w := For(English)
	for _, c := range []struct {
		name string
		got  Rich
		want Rich
	}{
		{"emphasis in the catalogue is a strong part", w.Rich("refusal.settings-perm", nil), Rich{
			{Kind: PlainPart, Text: "Only members with the "}, {Kind: StrongPart, Text: "Manage Server"},
			{Kind: PlainPart, Text: " permission can see and change the bot's settings here."}}},
		{"a field inside emphasis is strong, with the words around it", w.Rich("leaderboard.head",
			map[string]any{"Title": "Ouri", "Page": 1, "Pages": 2}), Rich{
			{Kind: StrongPart, Text: "Ouri ratings"}, {Kind: PlainPart, Text: " on this server · page 1 of 2"}}},
		{"a mention and a moment keep their parts", w.Rich("challenge.unrated", map[string]any{
			"Challenger": Mention("1"), "Opponent": player("2"), "Title": "Ordo", "Options": "",
			"First": games.Text{ID: "challenge.first", Args: map[string]any{"Player": Mention("1")}}, "Expires": Time(expires)}), Rich{
			{Kind: MentionPart, Text: "1"}, {Kind: PlainPart, Text: " challenges "}, {Kind: MentionPart, Text: "2"},
			{Kind: PlainPart, Text: " to an unrated game of "}, {Kind: StrongPart, Text: "Ordo"},
			{Kind: PlainPart, Text: " — "}, {Kind: MentionPart, Text: "1"}, {Kind: PlainPart, Text: " moves first.\n"},
			{Kind: MentionPart, Text: "2"}, {Kind: PlainPart, Text: ": "}, {Kind: StrongPart, Text: "Accept"},
			{Kind: PlainPart, Text: " or "}, {Kind: StrongPart, Text: "Decline"},
			{Kind: PlainPart, Text: ". The challenge expires "}, {Kind: TimePart, At: expires}, {Kind: PlainPart, Text: "."}}},
		{"an id the catalogue lacks is itself", w.Rich("no.such.id", nil), Plain("no.such.id")},
		{"join skips what is empty and merges words", Join("\n", Plain("a"), nil, Strong("b"), Plain("c")), Rich{
			{Kind: PlainPart, Text: "a\n"}, {Kind: StrongPart, Text: "b"}, {Kind: PlainPart, Text: "\nc"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !reflect.DeepEqual(c.got, c.want) {
				t.Errorf("got  %#v\nwant %#v", c.got, c.want)
			}
		})
	}
}

func TestTWordsRichValuesPlainly(t *testing.T) {
	got := For(English).T("notify.turn", map[string]any{"Player": Mention("1"), "Title": "Ouri", "Opponent": player("2")})
	if want := "@1, it is your turn in your Ouri game against @2."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestEndedClosesASentenceOnce(t *testing.T) {
	for _, c := range []struct {
		name string
		in   Rich
		want string
	}{
		{"words without a stop get one", Plain("`z` is not a house (you may sow `a`)"), "`z` is not a house (you may sow `a`)."},
		{"words with a stop keep it", Plain("Count one house per seed."), "Count one house per seed."},
		{"a question keeps its mark", Plain("Which one?"), "Which one?"},
		{"an ellipsis keeps its mark", Plain("thinking…"), "thinking…"},
		{"a mention at the end is followed by a stop", Plain("Only ").Add(Mention("1")), "Only @1."},
		{"emphasis without a stop gets one", Strong("Done"), "Done."},
		{"nothing stays nothing", nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.in.Ended().String(); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestAddLeavesItsReceiverAsItWas(t *testing.T) {
	head := make(Rich, 0, 8).Add(Plain("head"))
	a, b := head.Add(Mention("1")), head.Add(Mention("2"))
	if a[1].Text != "1" || b[1].Text != "2" || len(head) != 1 || head[0].Text != "head" {
		t.Errorf("head %v, a %v, b %v", head, a, b)
	}
	c := head.Add(Plain(" more"))
	if head[0].Text != "head" || c[0].Text != "head more" {
		t.Errorf("merging words changed the receiver: head %v, c %v", head, c)
	}
}

func TestUnbalancedEmphasisIsRefusedWhenTheCatalogueLoads(t *testing.T) {
	for _, text := range []string{"**open", "a **{{.Title}}", "{{if .X}}**y**{{end}}"} {
		t.Run(text, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("compiled %q without a word", text)
				}
			}()
			compileTemplate("test", text)
		})
	}
}
