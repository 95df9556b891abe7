package discord

import (
	"testing"

	"tabuleiro/store"
)

// A game's thread over the real REST client: the fake Discord creates it, the board is posted in
// it, and the bot's moves go there.
func TestAThreadOverREST(t *testing.T) {
	tb := newTable(t)
	if _, err := tb.st.ChangeServerSettings(guild, func(s *store.ServerSettings) { s.Threads = true }); err != nil {
		t.Fatal(err)
	}
	ch := "500"
	r, token := tb.send(command("11", ch, "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "bot"}))
	if r.private() {
		t.Fatalf("vs-bot refused: %s", r.Data.Content)
	}
	tb.settle()
	start := "orig-" + token
	if n := tb.f.count("POST", "/api/v10/channels/"+ch+"/messages/"+start+"/threads"); n != 1 {
		t.Fatalf("%d threads started from %s: %v", n, start, tb.f.recorded())
	}
	rec, err := tb.st.ActiveGame(ch, "ouri", "11")
	if err != nil || rec.Thread == "" {
		t.Fatalf("the game has no thread: %+v, %v", rec, err)
	}
	if n := tb.f.count("POST", "/api/v10/channels/"+rec.Thread+"/messages"); n != 1 {
		t.Errorf("%d boards posted in the thread, want 1", n)
	}
	if n := tb.f.count("PATCH", "/api/v10/channels/"+rec.Thread+"/messages/*"); n == 0 {
		t.Errorf("the bot's move did not edit the board in the thread: %v", tb.f.recorded())
	}
	if rec.Ply != 1 {
		t.Errorf("the bot has not moved: ply %d", rec.Ply)
	}
}
