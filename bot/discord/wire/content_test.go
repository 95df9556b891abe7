package wire

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"tabuleiro/bot"
	"tabuleiro/say"
)

func TestMarkup(t *testing.T) {
	at := time.Date(2025, 3, 2, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		text say.Rich
		want string
	}{
		{"words are written as they are", say.Plain("a *b* `c`"), "a *b* `c`"},
		{"a mention names the person's id", say.Mention("42").Add(say.Plain(", your turn")), "<@42>, your turn"},
		{"a moment is relative, for each reader's client", say.Plain("expires ").Add(say.Time(at)), "expires <t:1740916800:R>"},
		{"emphasis is bold", say.Strong("Ouri").Add(say.Plain(" · ")), "**Ouri** · "},
		{"a board is fenced on lines of its own", say.Join("\n", say.Plain("head"), say.Block("", []string{" f e d", " a b c"}), say.Plain("foot")),
			"head\n```\n f e d\n a b c\n```\nfoot"},
		{"a move list names its language", say.Block("text", []string{"1. South d"}), "```text\n1. South d\n```"},
		{"nothing is nothing", nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := markup(c.text)
			if got != c.want {
				t.Errorf("markup = %q, want %q", got, c.want)
			}
			// The bot fits its messages to Discord's limit by this count.
			if n := utf8.RuneCountInString(got); Size(c.text) != n {
				t.Errorf("Size = %d, but Discord counts %d characters", Size(c.text), n)
			}
		})
	}
}

// TestEmphasisKeepsItsSpacesOutside: emphasis split around a channel or a mention closes where
// Discord closes it, after a letter, never after a space.
func TestEmphasisKeepsItsSpacesOutside(t *testing.T) {
	r := say.Rich{{Kind: say.StrongPart, Text: "in "}, {Kind: say.ChannelPart, Text: "7"}, {Kind: say.StrongPart, Text: " at 12:00"},
		{Kind: say.PlainPart, Text: " "}, {Kind: say.StrongPart, Text: " "}}
	if got, want := markup(r), "**in** <#7> **at 12:00**  "; got != want {
		t.Fatalf("markup = %q, want %q", got, want)
	}
	// Size counts what is written: a blank emphasis has no marks.
	if got := Size(r); got != utf8.RuneCountInString(markup(r)) {
		t.Fatalf("Size = %d for %q", got, markup(r))
	}
}

// TestContentFitsDiscordsCountOfItsMarkup: a message whose words fit 2000 characters but whose
// markup does not is clipped here, by what Discord counts.
func TestContentFitsDiscordsCountOfItsMarkup(t *testing.T) {
	words := strings.Repeat("x", 1995)
	m := bot.Message{Content: say.Plain(words).Add(say.Mention("123456"))}
	got := content(m)
	if n := utf8.RuneCountInString(got); n > 2000 {
		t.Fatalf("%d characters", n)
	}
	if got != words+"…" {
		t.Errorf("content = …%q, want the words and an ellipsis, the mention left out whole", got[len(got)-12:])
	}
	short := bot.Message{Content: say.Plain("hi ").Add(say.Mention("1"))}
	if got := content(short); got != "hi <@1>" {
		t.Errorf("a short message is changed: %q", got)
	}
}
