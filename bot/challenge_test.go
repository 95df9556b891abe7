package bot

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"tabuleiro/say"
	"tabuleiro/store"
)

// challengeActions are the actions of a challenge message's Accept and Decline.
func challengeActions(t *testing.T, r Reply) (accept, decline Action) {
	t.Helper()
	return actionOf(t, r.Message.Rows, "accept"), actionOf(t, r.Message.Rows, "decline")
}

func TestChallenge(t *testing.T) {
	open := func(e *env, opts ...any) (msg string, accept, decline Action) {
		in := e.slash("alice", "ordo", "challenge", append([]any{"opponent", "bob"}, opts...)...)
		r := e.do(in)
		mustPublic(e.t, r)
		if !slices.Equal(r.Message.Pings, []string{"bob"}) {
			e.t.Errorf("the challenge does not ping the opponent alone: %v", r.Message.Pings)
		}
		accept, decline = challengeActions(e.t, r)
		return e.messageOf(in), accept, decline
	}
	t.Run("only the opponent may accept; nothing changes for the others", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, decline := open(e)
		mustRefuse(t, e.do(e.click("alice", msg, accept)), "refusal.challenge-own")
		mustRefuse(t, e.do(e.click("carol", msg, accept)), "refusal.challenge-not-yours", "Opponent", say.Mention("bob"), "Kind", "ordo")
		mustRefuse(t, e.do(e.click("carol", msg, decline)), "refusal.challenge-not-yours", "Opponent", say.Mention("bob"), "Kind", "ordo")
		if cs, _ := e.st.OpenChallenges("c1"); len(cs) != 1 {
			t.Fatalf("open challenges %+v", cs)
		}
	})
	t.Run("the challenger withdraws with Decline", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, decline := open(e)
		r := e.do(e.click("alice", msg, decline))
		if r.Type != Update || !strings.Contains(said(r.Message), "withdrew") || len(controls(r.Message.Rows)) != 0 {
			t.Fatalf("withdraw: %+v", r)
		}
		mustRefuse(t, e.do(e.click("bob", msg, accept)), "refusal.challenge-closed")
	})
	t.Run("the opponent declines", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, decline := open(e)
		r := e.do(e.click("bob", msg, decline))
		if r.Type != Update || !strings.Contains(said(r.Message), mention("bob")+" declined") || len(controls(r.Message.Rows)) != 0 {
			t.Fatalf("decline: %+v", r)
		}
		mustRefuse(t, e.do(e.click("bob", msg, accept)), "refusal.challenge-closed")
		mustRefuse(t, e.do(e.click("alice", msg, decline)), "refusal.challenge-closed")
	})
	t.Run("a second click on an accepted challenge gets a private note", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, decline := open(e)
		e.do(e.click("bob", msg, accept))
		mustRefuse(t, e.do(e.click("bob", msg, accept)), "refusal.challenge-closed")
		mustRefuse(t, e.do(e.click("alice", msg, decline)), "refusal.challenge-closed")
		if gs, _ := e.st.ChannelGames("c1"); len(gs) != 1 {
			t.Fatalf("%d games", len(gs))
		}
	})
	t.Run("an expired challenge cannot be accepted, even before the sweep", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, _ := open(e)
		e.clock.Advance(11 * time.Minute)
		mustRefuse(t, e.do(e.click("bob", msg, accept)), "error.expired")
		e.bot.Sweep(context.Background())
		mustRefuse(t, e.do(e.click("bob", msg, accept)), "refusal.challenge-closed")
		if gs, _ := e.st.ChannelGames("c1"); len(gs) != 0 {
			t.Fatalf("%d games", len(gs))
		}
	})
	t.Run("a challenge accepted after the opponent started another game is refused", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, _ := open(e)
		e.do(e.slash("bob", "ordo", "vs-bot", "level", "easy", "first", "me"))
		mustRefuse(t, e.do(e.click("bob", msg, accept)), "refusal.busy-you")
	})
	t.Run("a challenge's buttons in another channel are refused", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, _ := open(e)
		in := e.click("bob", msg, accept)
		in.Channel = "c2"
		mustRefuse(t, e.do(in), "refusal.challenge-other-channel")
	})
	t.Run("a challenge with options shows them and starts the game with them", func(t *testing.T) {
		e := newEnv(t)
		in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "rules", "abapa", "misere", true)
		r := e.do(in)
		if s := said(r.Message); !strings.Contains(s, "rules: abapa") || !strings.Contains(s, "misere: true") {
			t.Errorf("options not shown: %q", s)
		}
		accept, _ := challengeActions(t, r)
		r = e.do(e.click("bob", e.messageOf(in), accept))
		if board := strings.ToLower(said(r.Message)); !strings.Contains(board, "abapa") || !strings.Contains(board, "misere") {
			t.Errorf("the board does not show the options: %q", board)
		}
	})
}

// TestStaleButtons uses every kind of control once it is out of date: each gets a private note and
// changes nothing.
func TestStaleButtons(t *testing.T) {
	e := newEnv(t)
	board := e.challengeGame("ouri")
	rec, _ := e.game("ouri", "alice")
	old := func(route, arg string) Action { return Action{Route: route, Kind: "ouri", Game: rec.ID, Arg: arg} }
	e.do(e.click("alice", board, old("sow", "d")))
	for _, c := range []struct {
		name, user string
		a          Action
		want       string
	}{
		{"a house of an old board", "bob", old("sow", "a"), "refusal.stale-board"},
		{"a menu view of an old board", "bob", old("view", ""), "refusal.stale-board"},
		{"a group of an old board", "bob", old("group", ""), "refusal.stale-board"},
	} {
		t.Run(c.name, func(t *testing.T) {
			mustRefuse(t, e.do(e.click(c.user, board, c.a, "x")), c.want)
		})
	}
	e.do(e.slash("bob", "ouri", "resign"))
	_, g, _ := e.st.Game(rec.ID)
	ply := g.Ply()
	now := func(route, arg string) Action {
		return Action{Route: route, Kind: "ouri", Game: rec.ID, Ply: ply, Arg: arg}
	}
	for _, c := range []struct {
		name, user string
		a          Action
		want       string
	}{
		{"a house of the finished game's last board", "alice", now("sow", "a"), "refusal.over"},
		{"Resign of a finished game", "alice", now("resign", ""), "refusal.already-over"},
		{"the resign confirmation of a finished game", "alice", now("resign-yes", ""), "refusal.already-over"},
		{"an old board of a finished game", "bob", old("sow", "a"), "refusal.stale-board"},
		{"a game that does not exist", "bob", Action{Kind: "ouri", Game: 999, Route: "sow", Arg: "a"}, "refusal.game-gone"},
		{"a challenge that does not exist", "bob", Action{Kind: "ouri", Challenge: 999, Route: "accept"}, "refusal.challenge-gone"},
		{"a control that is not the bot's", "bob", Action{}, "refusal.foreign-button"},
		{"another game's kind", "bob", Action{Kind: "ordo", Game: rec.ID, Ply: ply, Route: "resign"}, "refusal.other-channel"},
	} {
		t.Run(c.name, func(t *testing.T) {
			mustRefuse(t, e.do(e.click(c.user, board, c.a)), c.want)
			if rec2, g2, _ := e.st.Game(rec.ID); rec2.Ply != ply || g2.Outcome().Winner != 0 || rec2.State != store.Finished {
				t.Fatalf("the game changed: %+v", rec2)
			}
		})
	}
}
