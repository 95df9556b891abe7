package discord

import (
	"strings"
	"testing"
)

func TestEndpointPlaysThroughTheRealBot(t *testing.T) {
	tb := newTable(t)
	const channel = "200"
	first, second := tb.startGame(channel, "11", "22")

	moves := tb.choices(first, channel)
	if len(moves) == 0 || len(moves) > 25 {
		t.Fatalf("autocomplete offered %v", moves)
	}
	if got := tb.choices(second, channel); len(got) != 0 {
		t.Errorf("autocomplete offered %v to the player who is not to move", got)
	}

	r, _ := tb.send(command(second, channel, "ouri", "move", opt{"play", 3, moves[0]}))
	if !r.private() {
		t.Errorf("a move out of turn was not refused privately: %+v", r)
	}
	r, _ = tb.send(command(first, channel, "ouri", "move", opt{"play", 3, moves[0]}))
	if r.private() || r.Type != 4 || !strings.Contains(r.Data.Content, "```") {
		t.Fatalf("move answered %+v", r)
	}
	tb.settle()

	rec, err := tb.st.ActiveGame(channel, "ouri", first)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Ply != 1 {
		t.Errorf("stored ply %d, want 1", rec.Ply)
	}
	if rec.MessageID == "" {
		t.Errorf("the new board's message id was not recorded")
	}
	if len(tb.choices(second, channel)) == 0 {
		t.Errorf("the second player may not move after the first")
	}
	if n := tb.f.count("GET", "/api/v10/webhooks/424242/*"); n == 0 {
		t.Errorf("the bot never asked for its response message over REST")
	}
}

func TestUnknownInteractionLosesNothing(t *testing.T) {
	tb := newTable(t)
	const channel = "300"
	// The challenge's follow-up (recording its message id) fails with 10062.
	tb.f.on("GET", "/api/v10/webhooks/424242/tok1/messages/@original",
		answer{Status: 404, Body: `{"message":"Unknown interaction","code":10062}`})
	first, _ := tb.startGame(channel, "31", "32")
	tb.settle()
	if _, err := tb.st.ActiveGame(channel, "ouri", first); err != nil {
		t.Fatalf("the game is not stored after a 10062: %v", err)
	}
	if n := tb.f.count("GET", "/api/v10/webhooks/424242/tok1/messages/@original"); n != 1 {
		t.Errorf("@original asked %d times, want 1 (10062 is not retried)", n)
	}
}
