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

func TestHintOverTheEndpoint(t *testing.T) {
	tb := newCoachTable(t)
	const ch, alice, bob = "c-hint", "201", "202"
	tb.ouriGame(ch, alice, bob, false)

	t.Run("not on the opponent's turn: refused at once, privately", func(t *testing.T) {
		r, _ := tb.send(command(bob, ch, "ouri", "hint"))
		if r.Type != 4 || !r.private() {
			t.Fatalf("want a private answer at once, got type %d flags %d", r.Type, r.Data.Flags)
		}
		mustSay(t, "the refusal", r.Data.Content, "A hint is for your own decision")
	})
	t.Run("three hints, counted, each a legal move", func(t *testing.T) {
		for i, want := range []string{"Hint 1 of 3: play **", "Hint 2 of 3", "Hint 3 of 3"} {
			text := tb.deferred(command(alice, ch, "ouri", "hint"))
			left := []string{"2 hints left in this game.", "1 hint left in this game.", "That was your last hint in this game."}[i]
			mustSay(t, "the hint", text, want, left, "chance to win from there")
			move := strings.SplitN(strings.SplitN(text, "play **", 2)[1], "**", 2)[0]
			if !strings.Contains("abcdef", move) || len(move) != 1 {
				t.Errorf("the hint names %q, not a house", move)
			}
		}
	})
	t.Run("a fourth is refused at once", func(t *testing.T) {
		r, _ := tb.send(command(alice, ch, "ouri", "hint"))
		if r.Type != 4 || !r.private() {
			t.Fatalf("want a private answer at once, got type %d", r.Type)
		}
		mustSay(t, "the refusal", r.Data.Content, "You have used all 3 hints of this game.")
	})
	t.Run("the opponent has hints of their own, in their language", func(t *testing.T) {
		tb.play(ch, alice, "f")
		in := command(bob, ch, "ouri", "hint")
		in["locale"] = "pt-BR"
		mustSay(t, "the hint", tb.deferred(in), "Dica 1 de 3: jogue **", "Restam 2 dicas nesta partida.")
	})
	t.Run("refused in a rated game", func(t *testing.T) {
		const ch, carol, dave = "c-rated", "203", "204"
		tb.ouriGame(ch, carol, dave, true)
		r, _ := tb.send(command(carol, ch, "ouri", "hint"))
		if r.Type != 4 || !r.private() {
			t.Fatalf("want a private answer at once, got type %d", r.Type)
		}
		mustSay(t, "the refusal", r.Data.Content, "Hints are off in rated games")
	})
}

func TestReviewOverTheEndpoint(t *testing.T) {
	tb := newCoachTable(t)
	const ch, alice, bob = "c-review", "301", "302"
	t.Run("with no finished game here: refused at once", func(t *testing.T) {
		r, _ := tb.send(command(bob, ch, "ouri", "review"))
		if r.Type != 4 || !r.private() {
			t.Fatalf("want a private answer at once, got type %d", r.Type)
		}
		mustSay(t, "the refusal", r.Data.Content, "No Ouri game has finished in this channel yet")
	})
	t.Run("a game with a known blunder: deferred, then the blunder and the better move", func(t *testing.T) {
		tb.ouriGame(ch, alice, bob, false)
		// South's a at ply 7 leaves six seeds to North's c; e kept them.
		for i, m := range []string{"f", "f", "c", "a", "d", "e", "a", "c"} {
			tb.play(ch, []string{alice, bob}[i%2], m)
		}
		if r, _ := tb.send(command(alice, ch, "ouri", "resign")); r.private() {
			t.Fatalf("resign refused: %s", r.Data.Content)
		}
		text := tb.deferred(command(bob, ch, "ouri", "review", opt{"player", 6, alice}))
		mustSay(t, "the review", text, "— 8 decisions:", "7. South **a??** — better **e**",
			"Accuracy of <@301> (South)", "Accuracy of <@302> (North): 100% over 4 decisions")
		if n := strings.Count(text, "— better"); n != 1 {
			t.Errorf("the review lists %d decisions, want the blunder alone:\n%s", n, text)
		}
	})
}
