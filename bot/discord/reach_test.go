package discord

import (
	"strings"
	"testing"

	"tabuleiro/store"
)

// Where every channel route answers 403, the bot's moves still arrive through the interactions'
// webhooks, for each game, over the real REST client.
func TestTheBotsMovesArriveWhereTheChannelIsForbidden(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			tb := newTable(t)
			tb.f.mu.Lock()
			tb.f.forbidChannels = true
			tb.f.mu.Unlock()
			ch := "300"
			r, token := tb.send(command("11", ch, kind, "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "bot"}))
			if r.private() {
				t.Fatalf("vs-bot refused: %s", r.Data.Content)
			}
			tb.settle()
			if n := tb.f.count("PATCH", "/api/v10/webhooks/424242/"+token+"/messages/@original"); n == 0 {
				t.Fatalf("the bot's first move did not come through the webhook: %v", tb.f.recorded())
			}
			// A move by a person: the bot answers through that interaction's webhook too.
			for i := 0; i < 3; i++ {
				rec, err := tb.st.ActiveGame(ch, kind, "11")
				if err != nil {
					return // over already
				}
				_, g, _ := tb.st.Game(rec.ID)
				r, token = tb.send(command("11", ch, kind, "move", opt{"play", 3, g.Format(g.Legal()[0])}))
				if r.private() {
					t.Fatalf("move refused: %s", r.Data.Content)
				}
				tb.settle()
				rec2, g2, _ := tb.st.Game(rec.ID)
				if rec2.State == store.Active && rec2.Seats[g2.ToMove()].Bot {
					t.Fatalf("the bot did not move at ply %d", g2.Ply())
				}
				if n := tb.f.count("PATCH", "/api/v10/webhooks/424242/"+token+"/messages/@original"); n == 0 && rec2.State == store.Active {
					t.Fatalf("the bot's move did not come through the webhook")
				}
			}
		})
	}
}

// Every message the bot sends says whom it may ping: the interaction responses with a message and
// every post and edit over REST. Only a challenge pings, and only its opponent.
func TestEveryMessageSaysWhomItMayPing(t *testing.T) {
	tb := newTable(t)
	ch := "400"
	var answers [][]byte
	send := func(in map[string]any) httpReply {
		t.Helper()
		r, _, err := tb.post(in)
		if err != nil {
			t.Fatal(err)
		}
		answers = append(answers, tb.lastRound.Load()[1])
		return r
	}
	send(command("11", ch, "ordo", "challenge", opt{"opponent", 6, "22"}))
	send(command("11", ch, "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "bot"}))
	tb.settle()
	for i := 0; i < 4; i++ {
		rec, err := tb.st.ActiveGame(ch, "ouri", "11")
		if err != nil {
			break
		}
		_, g, _ := tb.st.Game(rec.ID)
		send(command("11", ch, "ouri", "move", opt{"play", 3, g.Format(g.Legal()[0])}))
		tb.settle()
	}
	send(command("11", ch, "ouri", "history"))
	send(command("11", ch, "ouri", "board"))
	send(command("11", ch, "ouri", "resign"))
	tb.settle()
	for _, a := range answers {
		if strings.Contains(string(a), `"content"`) && !strings.Contains(string(a), `"allowed_mentions"`) {
			t.Errorf("a response without allowed_mentions: %s", a)
		}
		if strings.Contains(string(a), `"users":[`) && !strings.Contains(string(a), `challenges`) {
			t.Errorf("a response pings someone: %s", a)
		}
	}
	if !strings.Contains(string(answers[0]), `"allowed_mentions":{"parse":[],"users":["22"]`) {
		t.Errorf("the challenge does not ping its opponent alone: %s", answers[0])
	}
	var rest int
	for _, c := range tb.f.recorded() {
		if c.Method != "POST" && c.Method != "PATCH" || strings.HasSuffix(c.Path, "/callback") {
			continue
		}
		rest++
		if !strings.Contains(c.Body, `"allowed_mentions":{"parse":[]`) {
			t.Errorf("%s %s without allowed_mentions: %s", c.Method, c.Path, c.Body)
		}
	}
	if rest == 0 {
		t.Fatal("the bot sent nothing over REST")
	}
}
