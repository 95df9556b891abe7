package discord

import (
	"context"
	"strings"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/store"
)

// TestATeamTurnOverTheEndpoint plays one turn of a team game through the signed endpoint, on the
// real store and the fake Discord: a vote by button updates the board, typed votes are said in
// the channel, a late vote is refused privately, and when the sweep closes the vote the team's
// move and the bot's answer reach the board through the webhook.
func TestATeamTurnOverTheEndpoint(t *testing.T) {
	clock := newClock()
	tb := newTableWith(t, quietLog(), func(c *bot.Config) { c.Now = clock.Now })
	const channel = "710"
	r, token := tb.send(command("11", channel, "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}, opt{"team", 5, true}))
	if r.private() || !strings.Contains(r.Data.Content, "the team (South) vs the bot (easy, North)") {
		t.Fatalf("the team game's board: %+v", r)
	}
	sow := ""
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/sow/d") {
			sow = id
		}
	}
	if sow == "" {
		t.Fatalf("no button for house d in %v", r.customIDs())
	}
	up, _ := tb.send(click("22", channel, sow, "orig-"+token))
	if up.Type != 7 || !strings.Contains(up.Data.Content, "Votes: `d` 1 — voting closes") {
		t.Fatalf("the vote by button answered %+v", up)
	}
	for _, voter := range []string{"33", "44"} {
		said, _ := tb.send(command(voter, channel, "ouri", "move", opt{"play", 3, "e"}))
		if said.private() || !strings.Contains(said.Data.Content, "votes `e` for the team") {
			t.Fatalf("%s's typed vote answered %+v", voter, said)
		}
	}
	// The second member to vote again replaces the earlier vote: d has none left, e has all three.
	changed, _ := tb.send(command("22", channel, "ouri", "move", opt{"play", 3, "e"}))
	if !strings.Contains(changed.Data.Content, "votes: `e` 3;") {
		t.Fatalf("the changed vote answered %+v", changed)
	}
	tb.settle()
	clock.Advance(30 * time.Second)
	late, _ := tb.send(command("55", channel, "ouri", "move", opt{"play", 3, "d"}))
	if !late.private() || !says(late.Data.Content, "refusal.vote-closed") {
		t.Fatalf("the late vote answered %+v", late)
	}
	before := len(tb.f.recorded())
	tb.bot.Sweep(context.Background())
	tb.settle()
	rec, g, err := tb.st.ActiveLive(channel, "ouri", store.TeamKey)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Ply != 2 || g.Format(g.Log()[0]) != "e" || len(rec.Team.Votes) != 0 {
		t.Fatalf("after the sweep: ply %d, team %+v", rec.Ply, rec.Team)
	}
	var edits []string
	for _, c := range tb.f.recorded()[before:] {
		if c.Method == "PATCH" && strings.HasSuffix(c.Path, "/messages/@original") {
			edits = append(edits, c.Body)
		}
	}
	if len(edits) != 2 || !strings.Contains(edits[0], "South sowed `e`") || !strings.Contains(edits[1], "North sowed") ||
		!strings.Contains(edits[1], "The most voted move is played 30s after the first vote") {
		t.Fatalf("the board's edits after the sweep: %q", edits)
	}
	// Closing again (a second replica's sweep) plays nothing more.
	tb.bot.Sweep(context.Background())
	tb.settle()
	if again, _, _ := tb.st.Game(rec.ID); again.Ply != 2 {
		t.Fatalf("a second sweep moved the game to ply %d", again.Ply)
	}
}
