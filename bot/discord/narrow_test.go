package discord

import (
	"strings"
	"testing"

	"tabuleiro/say"
)

// Ordo's start has 56 legal moves and autocomplete shows 25: the last says how many more there
// are and what to type to narrow them, and a move that is only the start of some lists them.
func TestAutocompleteSaysHowManyMoreAndAPartialMoveIsNarrowed(t *testing.T) {
	for _, lang := range say.Languages {
		t.Run(lang, func(t *testing.T) {
			w := say.For(lang)
			tb := newTable(t)
			const channel, alice = "c-narrow", "71"
			if r := tb.sendIn(in(command(alice, channel, "ordo", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}), lang, lang)); r.private() {
				t.Fatalf("vs-bot refused: %s", r.Data.Content)
			}
			r := tb.sendIn(in(typing(alice, channel, "ordo", ""), lang, lang))
			if len(r.Data.Choices) != 25 {
				t.Fatalf("%d suggestions, want 25", len(r.Data.Choices))
			}
			last := r.Data.Choices[24]
			if want := w.T("autocomplete.more", map[string]any{"Count": 32, "Example": last.Value}); last.Name != want || last.Value == "" {
				t.Errorf("the last suggestion is %+v, want the name %q", last, want)
			}
			r = tb.sendIn(in(command(alice, channel, "ordo", "move", opt{"play", 3, "c2"}), lang, lang))
			want := w.T("refusal.narrow", map[string]any{"Input": "c2", "Count": 6,
				"Moves": "c2-c3, c2-c4, c2-d3, c2-e4, c2:d2-c3, c2:d2-c4"})
			if !r.private() || !strings.Contains(r.Data.Content, want) {
				t.Errorf("play:c2 answered %q, want %q", r.Data.Content, want)
			}
		})
	}
}
