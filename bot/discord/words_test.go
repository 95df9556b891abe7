package discord

import (
	"strings"
	"testing"
	"unicode/utf8"

	words "tabuleiro/render/describe"
	"tabuleiro/say"
)

// Boards in words through the signed endpoint and the fake Discord: a board's Describe answers
// anyone privately, in their own language, with the position as the describer tells it.

func TestDescribeThroughTheEndpoint(t *testing.T) {
	for _, lang := range say.Languages {
		t.Run("in "+lang, func(t *testing.T) {
			tb := newTable(t)
			const channel = "w1"
			first, _ := tb.startGame(channel, "a1", "b1")
			board := tb.sendIn(command(first, channel, "ouri", "board"))
			describeID := ""
			for _, id := range board.customIDs() {
				if strings.HasSuffix(id, "/describe") {
					describeID = id
				}
			}
			if describeID == "" {
				t.Fatalf("the board has no Describe button: %v", board.customIDs())
			}
			g := tb.position(gameOf(t, board.customIDs()))
			r := tb.sendIn(in(click("c1", channel, describeID, "m-board"), lang, say.English))
			m, typ := tb.lastAnswer(r)
			w := say.For(lang)
			d := words.Game(g, w)
			if typ != 4 || !r.private() || len(r.customIDs()) != 0 || len(r.Files) != 0 {
				t.Fatalf("type %d, private %v, controls %v, %d files: %s", typ, r.private(), r.customIDs(), len(r.Files), m.Content)
			}
			if !strings.Contains(m.Content, d.Position[0]) || !strings.HasSuffix(m.Content, d.Turn) || strings.Contains(m.Content, "```") {
				t.Errorf("the answer is not the position in words (%s):\n%s\nwant\n%s", lang, m.Content, d.Text())
			}
			if n := utf8.RuneCountInString(m.Content); n > 2000 {
				t.Errorf("the answer has %d characters", n)
			}
		})
	}
}

// /… move with no play is accepted by the endpoint (play is optional) and lists the legal moves
// privately, in the caller's language; autocomplete still suggests them.
func TestABareMoveThroughTheEndpoint(t *testing.T) {
	for _, lang := range say.Languages {
		t.Run("in "+lang, func(t *testing.T) {
			tb := newTable(t)
			const channel = "w2"
			first, _ := tb.startGame(channel, "a1", "b1")
			suggested := tb.choices(first, channel)
			r := tb.sendIn(in(command(first, channel, "ouri", "move"), lang, say.English))
			m, typ := tb.lastAnswer(r)
			if typ != 4 || !r.private() || len(r.customIDs()) != 0 {
				t.Fatalf("type %d, private %v, controls %v: %s", typ, r.private(), r.customIDs(), m.Content)
			}
			board := tb.sendIn(command(first, channel, "ouri", "board"))
			g := tb.position(gameOf(t, board.customIDs()))
			if want := strings.Join(words.MovePages(g, say.For(lang)), "\n"); m.Content != want {
				t.Errorf("the list:\n%s\nwant\n%s", m.Content, want)
			}
			for _, move := range suggested {
				if !strings.Contains(m.Content, move) {
					t.Errorf("the list lacks %s, which autocomplete suggests:\n%s", move, m.Content)
				}
			}
		})
	}
}

// Oolong's longest list, a Move Tea's hundreds of moves (seven messages when each was named),
// answers in one private message through the endpoint, and nothing follows through the webhook.
func TestAMoveTeaListIsOneMessage(t *testing.T) {
	for _, lang := range say.Languages {
		t.Run("in "+lang, func(t *testing.T) {
			tb := newTable(t)
			const channel = "w3"
			r, token := tb.send(command("a1", channel, "oolong", "challenge", opt{"opponent", 6, "b1"}, opt{"first", 3, "me"}))
			accept := tb.customID(r, "/accept")
			board := tb.sendIn(click("b1", channel, accept, "orig-"+token))
			id := gameOf(t, board.customIDs())
			w := say.For(lang)
			for ply := 0; ; ply++ {
				g := tb.position(id)
				if g.Outcome().Over() || ply > 200 {
					t.Fatalf("no list of more than 100 moves in %d plies", ply)
				}
				mover := []string{"a1", "b1"}[g.ToMove()]
				if len(g.Legal()) <= 100 {
					moves := tb.choicesOf("oolong", mover, channel)
					tb.sendIn(command(mover, channel, "oolong", "move", opt{"play", 3, moves[ply*7%len(moves)]}))
					continue
				}
				before := len(tb.f.recorded())
				r, token := tb.send(in(command(mover, channel, "oolong", "move"), lang, say.English))
				tb.settle()
				for _, c := range tb.f.recorded()[before:] {
					if c.Path == "/api/v10/webhooks/424242/"+token {
						t.Errorf("something followed the list: %s %s", c.Method, c.Body)
					}
				}
				pages := words.MovePages(g, w)
				if !r.private() || len(pages) != 1 || r.Data.Content != pages[0] || utf8.RuneCountInString(r.Data.Content) > 2000 {
					t.Fatalf("ply %d: %d legal moves answered (private %v) with\n%s\nwant the one page of\n%s", ply, len(g.Legal()), r.private(), r.Data.Content, strings.Join(pages, "\n---\n"))
				}
				t.Logf("at ply %d, %d legal moves took %d characters", ply, len(g.Legal()), utf8.RuneCountInString(r.Data.Content))
				return
			}
		})
	}
}
