package discord

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/bot"
)

// Old boards' buttons are always cleared: when a new board or panel supersedes a message, the old
// one keeps its text and loses its controls, through the interaction that shows it or in its channel.

// customID is the custom id of r's control whose id ends with suffix, or the test fails.
func (tb *table) customID(r httpReply, suffix string) string {
	tb.t.Helper()
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, suffix) {
			return id
		}
	}
	tb.t.Fatalf("no control ending %q in %v", suffix, r.customIDs())
	return ""
}

// clearedSince reports whether, among the calls to the fake Discord from the before-th on, the
// message shown by the response to token (its @original, "orig-<token>" in channel) lost every
// control and kept its text.
func (tb *table) clearedSince(before int, channel, token string) bool {
	hook := "/api/v10/webhooks/424242/" + token + "/messages/@original"
	direct := "/api/v10/channels/" + channel + "/messages/orig-" + token
	for _, c := range tb.f.recorded()[before:] {
		if c.Method == "PATCH" && (c.Path == hook || c.Path == direct) &&
			strings.Contains(c.Body, `"components":[]`) && !strings.Contains(c.Body, `"content"`) {
			return true
		}
	}
	return false
}

// TestRematchClearsTheFinishedBoard resigns a game of each kind of play through the signed endpoint
// and presses the finished board's Rematch: the next game (or the challenge to it) is a new message,
// and the finished board keeps its result but not its Rematch button.
func TestRematchClearsTheFinishedBoard(t *testing.T) {
	for _, tc := range []struct {
		name  string
		start func(tb *table, channel string) (resigner, clicker string)
		next  string // what the Rematch's new message says
	}{
		{"a game between people is rematched by a challenge", func(tb *table, channel string) (string, string) {
			first, second := tb.startGame(channel, "11", "22")
			return first, second
		}, "challenges"},
		{"a game against the bot is rematched at once", func(tb *table, channel string) (string, string) {
			tb.send(command("11", channel, "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}))
			return "11", "11"
		}, "the bot (easy, South) vs <@11> (North)"},
		{"a team game is rematched by anyone in the channel", func(tb *table, channel string) (string, string) {
			tb.send(command("11", channel, "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}, opt{"team", 5, true}))
			return "11", "33"
		}, "the bot (easy, South) vs the team (North)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(t)
			const channel = "720"
			resigner, clicker := tc.start(tb, channel)
			tb.settle()
			over, token := tb.send(command(resigner, channel, "ouri", "resign"))
			if over.private() || !strings.Contains(over.Data.Content, "resigned") {
				t.Fatalf("the resignation answered %+v", over)
			}
			tb.settle()
			rematch := tb.customID(over, "/rematch")
			before := len(tb.f.recorded())
			next, _ := tb.send(click(clicker, channel, rematch, "orig-"+token))
			tb.settle()
			if next.private() || next.Type != 4 || !strings.Contains(next.Data.Content, tc.next) {
				t.Fatalf("the Rematch answered %+v", next)
			}
			if !tb.clearedSince(before, channel, token) {
				t.Fatalf("the finished board kept its Rematch: calls %+v", tb.f.recorded()[before:])
			}
		})
	}
}

// TestTwoRematchClicksMakeOneChallenge has both players of a finished game press its Rematch at
// once through the signed endpoint: one challenge is made, and the other click is told privately
// that the rematch is already asked for.
func TestTwoRematchClicksMakeOneChallenge(t *testing.T) {
	tb := newTable(t)
	const channel = "721"
	resigner, _ := tb.startGame(channel, "11", "22")
	tb.settle()
	over, token := tb.send(command(resigner, channel, "ouri", "resign"))
	tb.settle()
	rematch := tb.customID(over, "/rematch")
	clickers := []string{"11", "22"}
	replies := make([]httpReply, len(clickers))
	var wg sync.WaitGroup
	for i, who := range clickers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			replies[i], _, err = tb.post(click(who, channel, rematch, "orig-"+token))
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	tb.settle()
	var challenges, refused int
	for i, r := range replies {
		switch {
		case !r.private() && strings.Contains(r.Data.Content, "challenges"):
			challenges++
		case r.private() && says(r.Data.Content, "refusal.rematch-taken"):
			refused++
		default:
			t.Errorf("%s's Rematch answered %+v", clickers[i], r)
		}
	}
	open, err := tb.st.OpenChallenges(channel)
	if challenges != 1 || refused != 1 || err != nil || len(open) != 1 {
		t.Fatalf("%d challenges posted, %d refused, %d stored (%v): want one, one and one", challenges, refused, len(open), err)
	}
}

// TestATeamThatResignsIsNamed resigns a team game through the signed endpoint, in each language: the
// result names the team, not the colour it played.
func TestATeamThatResignsIsNamed(t *testing.T) {
	for _, tc := range []struct {
		name, locale, kind, want, not string
	}{
		{"in English a team resigning Ouri is the team", "en-US", "ouri", "wins: the team resigned", "North resigned"},
		{"in English a team resigning Ordo is the team", "en-US", "ordo", "wins: the team resigned", "Black resigned"},
		{"in Portuguese a team resigning Ouri is a equipe", "pt-BR", "ouri", "vence: a equipe desistiu", "o Norte desistiu"},
		{"in Portuguese a team resigning Ordo is a equipe", "pt-BR", "ordo", "vence: a equipe desistiu", "as Pretas desistiram"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(t)
			const channel = "730"
			tb.send(in(command("11", channel, tc.kind, "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "bot"}, opt{"team", 5, true}), tc.locale, tc.locale))
			tb.settle()
			over, _ := tb.send(in(command("11", channel, tc.kind, "resign"), tc.locale, tc.locale))
			if over.private() || !strings.Contains(over.Data.Content, tc.want) || strings.Contains(over.Data.Content, tc.not) {
				t.Fatalf("the team's resignation says %q, want %q", over.Data.Content, tc.want)
			}
		})
	}
}

// TestANewPanelClearsTheOldOne answers a lesson and a puzzle through the signed endpoint with typed
// moves: each answer is a new private message, and the panel it replaces loses its buttons through
// the interaction that shows it — the command that posted it, or the click that last updated it.
func TestANewPanelClearsTheOldOne(t *testing.T) {
	const ch, alice = "c-panel", "311"
	t.Run("a typed answer to a lesson clears the lesson's earlier message", func(t *testing.T) {
		tb := newTable(t)
		first, shown := tb.send(command(alice, ch, "ouri", "learn"))
		before := len(tb.f.recorded())
		wrong, answered := tb.send(command(alice, ch, "ouri", "move", opt{"play", 3, "a"}))
		tb.settle()
		if !wrong.private() || len(wrong.customIDs()) == 0 || !tb.clearedSince(before, ch, shown) {
			t.Fatalf("the typed answer %q left the lesson's buttons %v", wrong.Data.Content, first.customIDs())
		}
		// A button of the new message updates it: that click's interaction shows the panel now.
		view := ""
		for _, id := range wrong.customIDs() {
			if strings.HasSuffix(id, "/learn/d") {
				view = id
			}
		}
		right, clicked := tb.send(click(alice, ch, view, "orig-"+answered))
		if right.Type != 7 {
			t.Fatalf("the lesson's button answered type %d: %q", right.Type, right.Data.Content)
		}
		tb.settle()
		before = len(tb.f.recorded())
		again, _ := tb.send(command(alice, ch, "ouri", "move", opt{"play", 3, "a"}))
		tb.settle()
		if !again.private() || !tb.clearedSince(before, ch, clicked) {
			t.Fatalf("the next typed answer did not clear the panel the click updated: %+v", tb.f.recorded()[before:])
		}
	})
	t.Run("a typed move in a puzzle clears the puzzle's earlier message", func(t *testing.T) {
		tb := newTable(t)
		served, shown := tb.send(command(alice, ch, "ouri", "puzzle"))
		if !served.private() || len(served.customIDs()) == 0 {
			t.Fatalf("the puzzle: %+v", served)
		}
		a, truth := servedPuzzle(t, served.Data.Content)
		keep, _, err := truth.Keeping(a.Game, a.Puzzle.Plies)
		if err != nil || len(keep) == 0 {
			t.Fatalf("no right move: %v", err)
		}
		before := len(tb.f.recorded())
		answer, _ := tb.send(command(alice, ch, "ouri", "move", opt{"play", 3, a.Game.Format(keep[0])}))
		tb.settle()
		if !answer.private() || !tb.clearedSince(before, ch, shown) {
			t.Fatalf("the typed move %q left the puzzle's buttons", answer.Data.Content)
		}
	})
	t.Run("the puzzle asked for again clears the message that showed it", func(t *testing.T) {
		tb := newTable(t)
		tb.send(command(alice, ch, "ouri", "puzzle"))
		_, shown := tb.send(command(alice, ch, "ouri", "puzzle"))
		tb.settle()
		before := len(tb.f.recorded())
		tb.send(command(alice, ch, "ouri", "puzzle"))
		tb.settle()
		if !tb.clearedSince(before, ch, shown) {
			t.Fatalf("the puzzle's earlier message kept its buttons: %+v", tb.f.recorded()[before:])
		}
	})
}

// TestAnAnsweredChallengeKeepsNoButtons answers challenges through the signed endpoint every way
// one ends: accepted (the message becomes the board, for everyone), declined, withdrawn, expired.
// None keeps a working Accept or Decline.
func TestAnAnsweredChallengeKeepsNoButtons(t *testing.T) {
	const channel = "740"
	for _, tc := range []struct {
		name     string
		opponent string // "" posts an open challenge
		clicker  string
		verb     string // "" lets it expire
		says     string
	}{
		{"an open challenge accepted becomes the board", "", "33", "/accept", "**Ouri** ·"},
		{"a challenge accepted becomes the board", "22", "22", "/accept", "**Ouri** ·"},
		{"a challenge declined says so without buttons", "22", "22", "/decline", "declined"},
		{"a challenge withdrawn says so without buttons", "22", "11", "/decline", "withdrew"},
		{"an open challenge withdrawn says so without buttons", "", "11", "/decline", "withdrew"},
		{"a challenge that expired has its buttons disabled", "22", "", "", "expired"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := newClock()
			tb := newTableWith(t, quietLog(), func(c *bot.Config) { c.Now = clock.Now })
			opts := []opt{}
			if tc.opponent != "" {
				opts = append(opts, opt{"opponent", 6, tc.opponent})
			}
			posted, token := tb.send(command("11", channel, "ouri", "challenge", opts...))
			tb.settle()
			accept := tb.customID(posted, "/accept")
			if tc.verb == "" {
				before := len(tb.f.recorded())
				clock.Advance(11 * time.Minute)
				tb.bot.Sweep(context.Background())
				tb.settle()
				var edit string
				for _, c := range tb.f.recorded()[before:] {
					if c.Method == "PATCH" && strings.Contains(c.Path, token) {
						edit = c.Body
					}
				}
				if !strings.Contains(edit, tc.says) || strings.Contains(edit, `"disabled":false`) || !strings.Contains(edit, `"disabled":true`) {
					t.Fatalf("the expired challenge was edited to %q", edit)
				}
				return
			}
			answer, _ := tb.send(click(tc.clicker, channel, strings.TrimSuffix(accept, "/accept")+tc.verb, "orig-"+token))
			tb.settle()
			if answer.Type != 7 || !strings.Contains(answer.Data.Content, tc.says) {
				t.Fatalf("the answer: %+v", answer)
			}
			for _, id := range answer.customIDs() {
				if strings.HasSuffix(id, "/accept") || strings.HasSuffix(id, "/decline") {
					t.Fatalf("the answered challenge still has %s", id)
				}
			}
		})
	}
}

// TestATournamentGamesFinalBoardHasNoRematch resigns a tournament game through the signed endpoint:
// the board the game was played on loses its controls, the final board offers no Rematch (the
// tournament pairs the next games) but Describe, and a Rematch pressed on it anyway is refused privately.
func TestATournamentGamesFinalBoardHasNoRematch(t *testing.T) {
	c := newCupRun(t, "round-robin", 0, []string{"11", "22"})
	p := c.tournament().Current().Pairings[0]
	played, _, err := c.st.Game(p.Game)
	if err != nil || played.MessageID == "" {
		t.Fatalf("the tournament game's board: %+v %v", played, err)
	}
	before := len(c.f.recorded())
	over, _ := c.send(command(p.Second, c.channel, "ordo", "resign"))
	c.settle()
	if ids := over.customIDs(); over.private() || !strings.Contains(over.Data.Content, "resigned") || len(ids) != 1 || !strings.HasSuffix(ids[0], "/describe") {
		t.Fatalf("the final board: %q with controls %v, want Describe alone", over.Data.Content, ids)
	}
	cleared := false
	for _, call := range c.f.recorded()[before:] {
		if call.Method == "PATCH" && call.Path == "/api/v10/channels/"+c.channel+"/messages/"+played.MessageID &&
			strings.Contains(call.Body, `"components":[]`) {
			cleared = true
		}
	}
	if !cleared {
		t.Fatalf("the board the game was played on kept its controls: %+v", c.f.recorded()[before:])
	}
	rematch := fmt.Sprintf("/ordo/%d/%d/rematch", p.Game, played.Ply)
	if r, _ := c.send(click(p.First, c.channel, rematch, played.MessageID)); !r.private() || !says(r.Data.Content, "refusal.rematch-tournament") {
		t.Fatalf("a Rematch on a tournament game answered %+v", r)
	}
}

// TestTheChallengeMenuIsClearedOnceUsed right-clicks a member through the signed endpoint and picks a
// game in the private menu: the challenge is posted, and the menu loses its choices.
func TestTheChallengeMenuIsClearedOnceUsed(t *testing.T) {
	tb := newTable(t)
	const channel = "750"
	menu, token := tb.send(map[string]any{"type": 2, "guild_id": guild, "channel_id": channel, "member": member("11"),
		"data": map[string]any{"id": "2", "name": bot.ChallengeMenu, "type": 2, "target_id": "22",
			"resolved": map[string]any{"users": map[string]any{"22": map[string]any{"id": "22", "username": "user22"}}}}})
	if !menu.private() || len(menu.customIDs()) != 1 {
		t.Fatalf("the game menu: %+v", menu)
	}
	before := len(tb.f.recorded())
	pick := click("11", channel, menu.customIDs()[0], "orig-"+token)
	pick["data"] = map[string]any{"custom_id": menu.customIDs()[0], "component_type": 3, "values": []string{"ouri"}}
	posted, _ := tb.send(pick)
	tb.settle()
	if posted.private() || !strings.Contains(posted.Data.Content, "challenges <@22>") {
		t.Fatalf("the game picked answered %+v", posted)
	}
	if !tb.clearedSince(before, channel, token) {
		t.Fatalf("the game menu kept its choices: %+v", tb.f.recorded()[before:])
	}
}
