package bot

import (
	"context"
	"strings"
	"tabuleiro/say"
	"testing"
	"time"
)

// TestOpenChallenge is a challenge without an opponent: anyone here but the challenger may take it,
// the first Accept wins, and nobody is pinged.
func TestOpenChallenge(t *testing.T) {
	post := func(e *env, opts ...any) (msg string, accept, decline Action) {
		in := e.slash("alice", "ordo", "challenge", opts...)
		r := e.do(in)
		mustPublic(e.t, r)
		if len(r.Message.Pings) != 0 {
			e.t.Errorf("an open challenge pings %v, want nobody", r.Message.Pings)
		}
		if s := said(r.Message); !says(s, "challenge.open-rated", "Challenger", say.Mention("alice")) || strings.Contains(s, "@bob") {
			e.t.Errorf("the open challenge says %q", s)
		}
		accept, decline = challengeActions(e.t, r)
		return e.messageOf(in), accept, decline
	}
	t.Run("a third person accepts and plays the seat the challenger left", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, _ := post(e, "first", "them", "rated", true)
		r := e.do(e.click("carol", msg, accept))
		mustUpdate(t, r)
		rec, _ := e.game("ordo", "alice")
		if rec.Seats[0].UserID != "carol" || rec.Seats[1].UserID != "alice" || !rec.Rated {
			t.Fatalf("the game's seats %+v rated %v, want carol first, alice second, rated", rec.Seats, rec.Rated)
		}
		if c, _ := e.st.Challenge(accept.Challenge); c.Opponent != "carol" || c.GameID != rec.ID {
			t.Fatalf("the challenge after: %+v", c)
		}
	})
	t.Run("the second to accept is told privately it is taken", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, decline := post(e)
		e.do(e.click("carol", msg, accept))
		mustRefuse(t, e.do(e.click("dave", msg, accept)), "refusal.challenge-taken")
		mustRefuse(t, e.do(e.click("dave", msg, decline)), "refusal.challenge-taken")
		if gs, _ := e.st.ChannelGames("c1"); len(gs) != 1 {
			t.Fatalf("%d games, want 1", len(gs))
		}
	})
	t.Run("the challenger cannot accept it but may withdraw it", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, decline := post(e)
		mustRefuse(t, e.do(e.click("alice", msg, accept)), "refusal.challenge-own-open")
		mustRefuse(t, e.do(e.click("carol", msg, decline)), "refusal.challenge-open-decline", "Challenger", say.Mention("alice"))
		r := e.do(e.click("alice", msg, decline))
		if r.Type != Update || !says(said(r.Message), "challenge.open-withdrawn", "Challenger", say.Mention("alice")) || len(controls(r.Message.Rows)) != 0 {
			t.Fatalf("withdraw: %+v", r)
		}
		mustRefuse(t, e.do(e.click("carol", msg, accept)), "refusal.challenge-closed")
	})
	t.Run("an accepter already playing here is refused and the challenge stays open", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, _ := post(e)
		e.do(e.slash("carol", "ordo", "vs-bot", "level", "easy", "first", "me"))
		mustRefuse(t, e.do(e.click("carol", msg, accept)), "refusal.busy-you")
		mustUpdate(t, e.do(e.click("dave", msg, accept)))
	})
	t.Run("with threads on, the accepted game moves to a thread named for both players", func(t *testing.T) {
		e := newEnv(t)
		admin := e.slash("alice", "tabuleiro", "settings", "threads", true)
		admin.MemberPerms = PermManageServer
		mustPrivate(t, e.do(admin), "threads: **on**")
		msg, accept, _ := post(e)
		e.rec.take()
		e.do(e.click("carol", msg, accept))
		var named string
		for _, c := range e.rec.take() {
			if c.op == "thread" && c.message == msg {
				named = c.content()
			}
		}
		if named != "Ordo · alice vs carol" && named != "Ordo · carol vs alice" {
			t.Fatalf("the thread is named %q", named)
		}
	})
	t.Run("unanswered, it expires: buttons cleared, the message says so", func(t *testing.T) {
		e := newEnv(t)
		msg, accept, _ := post(e)
		e.rec.take()
		e.clock.Advance(11 * time.Minute)
		e.bot.Sweep(context.Background())
		var edited []sent
		for _, s := range e.rec.take() {
			if s.op == "edit" && s.message == msg {
				edited = append(edited, s)
			}
		}
		if len(edited) != 1 || !says(edited[0].content(), "challenge.open-expired", "Challenger", say.Mention("alice")) ||
			len(enabled(edited[0].msg.Rows)) != 0 || len(edited[0].msg.Pings) != 0 {
			t.Fatalf("the expiry edit: %+v", edited)
		}
		mustRefuse(t, e.do(e.click("carol", msg, accept)), "refusal.challenge-closed")
	})
}
