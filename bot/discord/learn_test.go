package discord

import (
	"strings"
	"testing"
)

// A lesson over the signed endpoint: shown privately with the houses' buttons, a wrong /move
// explained, then answered by a button that updates the lesson's message (type 7) with the next
// lesson; an older button is stale.
func TestALessonOverTheEndpoint(t *testing.T) {
	tb := newTable(t)
	const ch, alice = "c-learn", "301"
	r, token := tb.send(command(alice, ch, "ouri", "learn"))
	if r.Type != 4 || !r.private() {
		t.Fatalf("the lesson: want a private answer, got type %d flags %d: %q", r.Type, r.Data.Flags, r.Data.Content)
	}
	mustSay(t, "the lesson", r.Data.Content, "**Sowing** — lesson 1 of 13", "**Your task:**", "```")
	var d string
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/learn/d") {
			d = id
		}
	}
	if d == "" {
		t.Fatalf("no button for house d: %v", r.customIDs())
	}
	wrong, _ := tb.send(command(alice, ch, "ouri", "move", opt{"play", 3, "a"}))
	if !wrong.private() {
		t.Fatalf("a wrong answer is not private: %q", wrong.Data.Content)
	}
	mustSay(t, "the wrong answer", wrong.Data.Content, "Not that: `a` holds 4 seeds", "**Sowing** — lesson 1 of 13")
	right, _ := tb.send(click(alice, ch, d, "orig-"+token))
	if right.Type != 7 {
		t.Fatalf("the button's answer: want the lesson's message updated (type 7), got %d: %q", right.Type, right.Data.Content)
	}
	mustSay(t, "the right answer", right.Data.Content, "Right: `d`.", "**Lesson done.** Four seeds", "lesson 2 of 13")
	stale, _ := tb.send(click(alice, ch, d, "orig-"+token))
	mustSay(t, "the same button again", stale.Data.Content, "That lesson moved on meanwhile")
}
