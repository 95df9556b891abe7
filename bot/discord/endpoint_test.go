package discord

import (
	"net/http/httptest"
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
	r, token := tb.send(command(first, channel, "ouri", "move", opt{"play", 3, moves[0]}))
	if r.private() || r.Type != 4 || !strings.Contains(r.Data.Content, "```") {
		t.Fatalf("move answered %+v", r)
	}
	tb.settle()
	// The new board's id is learnt later (when a ping links it, or before its token expires): a
	// move costs no request for it.
	if n := tb.f.count("GET", "/api/v10/webhooks/424242/"+token+"/messages/@original"); n != 0 {
		t.Errorf("the move's board was read %d times over REST", n)
	}

	rec, err := tb.st.ActiveGame(channel, "ouri", first)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Ply != 1 {
		t.Errorf("stored ply %d, want 1", rec.Ply)
	}
	if rec.MessageID != "" {
		t.Errorf("the stored board is %q, the board the move replaced", rec.MessageID)
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

// TestEndpointAnswersEveryCommand sends every subcommand of every game as a signed request over
// HTTP and checks the kind of answer a person would see.
func TestEndpointAnswersEveryCommand(t *testing.T) {
	for _, kind := range []string{"oolong", "ouri", "ordo"} {
		t.Run(kind, func(t *testing.T) {
			tb := newTable(t)
			srv := httptest.NewServer(tb.e)
			defer srv.Close()
			tb.url = srv.URL
			const channel, alice, bob, carol = "500", "51", "52", "53"
			offer := "draw"
			if kind == "ouri" {
				offer = "end"
			}
			steps := []struct {
				name    string
				in      map[string]any
				private bool
				says    string
			}{
				{"rules are private", command(alice, channel, kind, "rules"), true, "/" + kind},
				{"a challenge is public and pings the opponent", command(alice, channel, kind, "challenge", opt{"opponent", 6, bob}), false, "<@" + bob + ">"},
				{"a vs-bot game starts at once", command(carol, channel, kind, "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}), false, "```"},
				{"a move in the vs-bot game shows the board", nil, false, "```"},
				{"the board is public", command(carol, channel, kind, "board"), false, "```"},
				{"the history lists the moves", command(carol, channel, kind, "history"), false, "1. "},
				{"the bot refuses offers", command(carol, channel, kind, offer), true, "bot"},
				{"a resignation ends the game", command(carol, channel, kind, "resign"), false, "resigned"},
				{"a move without a game is refused", command(alice, channel, kind, "move", opt{"play", 3, "a"}), true, "no"},
			}
			for _, s := range steps {
				in := s.in
				if in == nil {
					choices := tb.choicesOf(kind, carol, channel)
					if len(choices) == 0 {
						t.Fatalf("%s: no legal move offered to the player", s.name)
					}
					in = command(carol, channel, kind, "move", opt{"play", 3, choices[0]})
				}
				r, _, err := tb.post(in)
				if err != nil {
					t.Fatalf("%s: %v", s.name, err)
				}
				if r.private() != s.private || !strings.Contains(strings.ToLower(r.Data.Content), strings.ToLower(s.says)) {
					t.Errorf("%s: private=%v %q, want private=%v and %q", s.name, r.private(), r.Data.Content, s.private, s.says)
				}
				tb.settle()
			}
		})
	}
}
