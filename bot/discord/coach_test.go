package discord

import (
	"encoding/json"
	"strings"
	"testing"

	"tabuleiro/bot"
)

// newCoachTable is the endpoint whose coach searches to a fixed depth: the same hints and reviews
// on any machine.
func newCoachTable(t *testing.T) *table {
	return newTableWith(t, quietLog(), func(c *bot.Config) { c.CoachDepth = 8 })
}

// ouriGame has south challenge north to an Ouri game in channel, south first, rated or not, and
// north accept it.
func (tb *table) ouriGame(channel, south, north string, rated bool) {
	tb.t.Helper()
	r, token := tb.send(command(south, channel, "ouri", "challenge", opt{"opponent", 6, north},
		opt{"first", 3, "me"}, opt{"rated", 5, rated}))
	if r.private() {
		tb.t.Fatalf("challenge refused: %s", r.Data.Content)
	}
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/accept") {
			if r, _ := tb.send(click(north, channel, id, "orig-"+token)); r.private() {
				tb.t.Fatalf("accept refused: %s", r.Data.Content)
			}
			return
		}
	}
	tb.t.Fatalf("no Accept button in %v", r.customIDs())
}

// play has user play move with /ouri move.
func (tb *table) play(channel, user, move string) {
	tb.t.Helper()
	if r, _ := tb.send(command(user, channel, "ouri", "move", opt{"play", 3, move})); r.private() {
		tb.t.Fatalf("%s's %s refused: %s", user, move, r.Data.Content)
	}
}

// deferred sends a command that must be answered later: a private type 5 at once, then, once the
// background work is done, the text edited into @original through the interaction's webhook.
func (tb *table) deferred(in map[string]any) string {
	tb.t.Helper()
	r, token := tb.send(in)
	if r.Type != 5 || !r.private() {
		tb.t.Fatalf("want a private deferred answer (type 5, flags 64), got type %d flags %d: %q", r.Type, r.Data.Flags, r.Data.Content)
	}
	tb.settle()
	path := "/api/v10/webhooks/424242/" + token + "/messages/@original"
	var edits []string
	for _, c := range tb.f.recorded() {
		if c.Method == "PATCH" && c.Path == path {
			var body struct{ Content string }
			if err := json.Unmarshal([]byte(c.Body), &body); err != nil {
				tb.t.Fatalf("edit body %s: %v", c.Body, err)
			}
			edits = append(edits, body.Content)
		}
	}
	if len(edits) != 1 {
		tb.t.Fatalf("want one edit of the deferred answer, got %d: %q", len(edits), edits)
	}
	return edits[0]
}

func mustSay(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s does not say %q:\n%s", what, want, text)
		}
	}
}

// A coach's answer over the endpoint: deferred privately at once (type 5, flags 64), then edited into
// @original through the interaction's webhook, in the caller's language (the hints' and reviews'
// rules are tested in package bot).
func TestACoachAnswerOverTheEndpoint(t *testing.T) {
	tb := newCoachTable(t)
	const ch, alice, bob = "c-hint", "201", "202"
	tb.ouriGame(ch, alice, bob, false)
	mustSay(t, "the hint", tb.deferred(command(alice, ch, "ouri", "hint")), "Hint 1 of 3: play **")
	tb.play(ch, alice, "f")
	in := command(bob, ch, "ouri", "hint")
	in["locale"] = "pt-BR"
	mustSay(t, "the hint", tb.deferred(in), "Dica 1 de 3: jogue **")
	r, _ := tb.send(command(alice, ch, "ouri", "hint")) // not her turn
	if r.Type != 4 || !r.private() {
		t.Fatalf("a refusal: want a private answer at once, got type %d flags %d", r.Type, r.Data.Flags)
	}
}
