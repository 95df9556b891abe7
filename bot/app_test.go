package bot

import (
	"context"
	"strings"
	"tabuleiro/say"
	"testing"
	"time"
)

// /tabuleiro settings is for members with Manage Server; me and help for everyone, privately.
func TestTabuleiroCommand(t *testing.T) {
	e := newEnv(t)
	admin := func(in *Interaction) *Interaction {
		in.MemberPerms = PermManageServer
		return in
	}
	t.Run("settings are refused to a member without Manage Server", func(t *testing.T) {
		mustRefuse(t, e.do(e.slash("alice", "tabuleiro", "settings", "threads", true)), "refusal.settings-perm")
	})
	t.Run("an admin changes and sees them", func(t *testing.T) {
		r := e.do(admin(e.slash("alice", "tabuleiro", "settings", "pings", false, "idle-timeout", "7d", "language", "pt-BR")))
		mustPrivate(t, r, "turn pings: **off**")
		for _, want := range []string{"idle timeout: **7d**", "language: **pt-BR**", "rated challenges: **on**"} {
			if !strings.Contains(said(r.Message), want) {
				t.Errorf("settings say %q, want %q", said(r.Message), want)
			}
		}
		s, err := e.st.ServerSettings("g1")
		if err != nil || !s.NoPings || s.IdleTimeout != 7*24*time.Hour || s.Language != "pt-BR" {
			t.Fatalf("stored %+v, %v", s, err)
		}
	})
	t.Run("me turns my pings off", func(t *testing.T) {
		mustPrivate(t, e.do(e.slash("bob", "tabuleiro", "me", "pings", false)), "turn pings **off**")
		if m, _ := e.st.MemberSettings("bob"); !m.NoPings {
			t.Fatal("not stored")
		}
	})
	t.Run("help names every game", func(t *testing.T) {
		r := e.do(e.slash("carol", "tabuleiro", "help"))
		for _, want := range []string{"/oolong vs-bot", "/ouri vs-bot", "/ordo vs-bot", ChallengeMenu, en("help.together")} {
			if !isPrivate(r) || !strings.Contains(said(r.Message), want) {
				t.Errorf("help lacks %q: %q", want, said(r.Message))
			}
		}
	})
}

// The user context-menu command offers the games privately; choosing one posts the challenge.
func TestChallengeFromTheMemberMenu(t *testing.T) {
	e := newEnv(t)
	menu := func(user, target string) *Interaction {
		in := e.interaction(user, Command)
		in.Command = CommandData{Name: ChallengeMenu, Target: target, Options: map[string]Value{},
			Bots: map[string]bool{target: strings.HasSuffix(target, "bot")}, Names: map[string]string{target: target}}
		return in
	}
	mustRefuse(t, e.do(menu("alice", "alice")), "refusal.menu-self")
	mustRefuse(t, e.do(menu("alice", "somebot")), "refusal.menu-bot")
	in := menu("alice", "bob")
	r := e.do(in)
	mustPrivate(t, r, "which game")
	var id Action
	for _, c := range controls(r.Message.Rows) {
		if c.Type == Menu {
			id = c.Action
			if len(c.Options) != 3 {
				t.Fatalf("menu %+v", c.Options)
			}
		}
	}
	r = e.do(e.click("alice", e.messageOf(in), id, "ordo"))
	mustPublic(t, r)
	if !strings.Contains(said(r.Message), mention("alice")+" challenges "+mention("bob")) || !strings.Contains(said(r.Message), "Ordo") {
		t.Fatalf("the challenge: %q", said(r.Message))
	}
	if len(r.Message.Pings) != 1 || r.Message.Pings[0] != "bob" {
		t.Fatalf("the challenge pings %+v", r.Message.Pings)
	}
	// A menu choice that names nobody (a forged custom id) is no open challenge.
	mustRefuse(t, e.do(e.click("carol", e.messageOf(in), Action{Kind: id.Kind, Route: id.Route}, "ordo")), "refusal.foreign-button")
	if cs, _ := e.st.OpenChallenges("c1"); len(cs) != 1 {
		t.Fatalf("open challenges after the nameless choice: %+v", cs)
	}
}

// A turn ping: after the delay, one message that pings only the player to move and points to the
// board; the turn passing deletes it; nobody who turned pings off is pinged.
func TestTurnPings(t *testing.T) {
	e := newEnv(t)
	in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "first", "me")
	r := e.do(in)
	accept := actionOf(t, r.Message.Rows, "accept")
	e.do(e.click("bob", e.messageOf(in), accept))
	e.rec.take()
	e.clock.Advance(2*time.Minute + time.Second)
	e.bot.Sweep(context.Background())
	var ping sent
	for _, c := range e.rec.take() {
		if c.op == "send" {
			ping = c
		}
	}
	if ping.message == "" || !says(ping.content(), "notify.turn", "Player", say.Mention("alice")) {
		t.Fatalf("no ping for alice: %+v", ping)
	}
	if len(ping.msg.Pings) != 1 || ping.msg.Pings[0] != "alice" {
		t.Fatalf("the ping may notify %v, want alice alone", ping.msg.Pings)
	}
	if board := e.messageOf(in); ping.msg.Jump == nil || *ping.msg.Jump != (Jump{Guild: "g1", Channel: "c1", Message: board}) {
		t.Fatalf("the ping does not point to the board %s: %+v", board, ping.msg.Jump)
	}
	// Alice moves: the ping goes.
	move := e.slash("alice", "ouri", "move", "play", "d")
	e.do(move)
	deleted := false
	for _, c := range e.rec.take() {
		deleted = deleted || c.op == "delete" && c.message == ping.message
	}
	if !deleted {
		t.Fatal("the ping was not deleted when the turn passed")
	}
	// Bob does not move: his ping links the board alice's /move posted, whose id the bot had not
	// needed until then.
	e.clock.Advance(2*time.Minute + time.Second)
	e.bot.Sweep(context.Background())
	ping = sent{}
	for _, c := range e.rec.take() {
		if c.op == "send" {
			ping = c
		}
	}
	if board := e.messageOf(move); board == "" || ping.msg.Jump == nil || *ping.msg.Jump != (Jump{Guild: "g1", Channel: "c1", Message: board}) {
		t.Fatalf("bob's ping does not link the board %s: %+v", board, ping)
	}
	e.do(e.slash("bob", "ouri", "move", "play", "d"))
	_, g := e.game("ouri", "alice")
	e.do(e.slash("alice", "ouri", "move", "play", g.Format(g.Legal()[0])))
	e.rec.take()
	// Bob turned pings off: his turn is not pinged.
	e.do(e.slash("bob", "tabuleiro", "me", "pings", false))
	e.clock.Advance(3 * time.Minute)
	e.bot.Sweep(context.Background())
	for _, c := range e.rec.take() {
		if c.op == "send" {
			t.Fatalf("pinged bob who turned pings off: %+v", c)
		}
	}
}

// Rematch on a finished board: between people, a new challenge to the other with the seats swapped
// and the same options; against the bot, a new game at once, seats swapped, same level.
func TestRematch(t *testing.T) {
	e := newEnv(t)
	rematchID := func(rows []Row) Action { return actionOf(t, rows, "rematch") }
	t.Run("between two people", func(t *testing.T) {
		in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "first", "me", "rules", "abapa")
		r := e.do(in)
		accept := actionOf(t, r.Message.Rows, "accept")
		e.do(e.click("bob", e.messageOf(in), accept))
		r = e.do(e.slash("bob", "ouri", "resign"))
		mustPublic(t, r)
		id := rematchID(r.Message.Rows)
		mustRefuse(t, e.do(e.click("carol", "m", id)), "refusal.rematch-not-player")
		r = e.do(e.click("bob", "m", id))
		mustPublic(t, r)
		if !strings.Contains(said(r.Message), mention("bob")+" challenges "+mention("alice")) || !strings.Contains(said(r.Message), "rules: abapa") ||
			!strings.Contains(said(r.Message), mention("bob")+" moves first") {
			t.Fatalf("the rematch challenge: %q", said(r.Message))
		}
		// Alice's click lands before the button is cleared: refused, and no second challenge.
		mustRefuse(t, e.do(e.click("alice", "m", id)), "refusal.rematch-taken")
		if open, err := e.st.OpenChallenges("c1"); err != nil || len(open) != 1 {
			t.Fatalf("open challenges after two Rematch clicks: %d, %v; want the one", len(open), err)
		}
	})
	t.Run("a rematch that cannot start leaves the Rematch free", func(t *testing.T) {
		mustPublic(t, e.do(e.slash("erin", "ordo", "vs-bot", "level", "easy", "first", "me")))
		id := rematchID(e.do(e.slash("erin", "ordo", "resign")).Message.Rows)
		mustPublic(t, e.do(e.slash("erin", "ordo", "vs-bot", "level", "easy")))
		mustRefuse(t, e.do(e.click("erin", "m", id)), "refusal.busy-you")
		e.do(e.slash("erin", "ordo", "resign"))
		if r := e.do(e.click("erin", "m", id)); !strings.Contains(said(r.Message), "the bot (easy, White) vs "+mention("erin")) {
			t.Fatalf("the Rematch once erin is free again: %q", said(r.Message))
		}
	})
	t.Run("against the bot", func(t *testing.T) {
		mustPublic(t, e.do(e.slash("dave", "ordo", "vs-bot", "level", "easy", "first", "me")))
		r := e.do(e.slash("dave", "ordo", "resign"))
		id := rematchID(r.Message.Rows)
		r = e.do(e.click("dave", "m", id))
		mustPublic(t, r)
		if !strings.Contains(said(r.Message), "the bot (easy, White) vs "+mention("dave")+" (Black)") {
			t.Fatalf("the rematch against the bot: %q", said(r.Message))
		}
	})
}

// Replay walks a finished game privately with ⏮ ◀ ▶ ⏭, disabled at the ends.
func TestReplay(t *testing.T) {
	e := newEnv(t)
	mustRefuse(t, e.do(e.slash("alice", "ouri", "replay")), "refusal.replay-none")
	e.do(e.slash("alice", "ouri", "vs-bot", "level", "easy", "first", "me"))
	e.do(e.slash("alice", "ouri", "move", "play", "d"))
	e.do(e.slash("alice", "ouri", "resign"))
	r := e.do(e.slash("carol", "ouri", "replay"))
	mustPrivate(t, r, "decision 2 of 2")
	buttons := func(r Reply) map[string]Control {
		out := map[string]Control{}
		for _, c := range controls(r.Message.Rows) {
			if c.Type == Button {
				out[c.Label] = c
			}
		}
		return out
	}
	bs := buttons(r)
	if !bs["▶"].Disabled || !bs["⏭"].Disabled || bs["◀"].Disabled || bs["⏮"].Disabled {
		t.Fatalf("at the end: %+v", bs)
	}
	r = e.do(e.click("carol", "m", bs["⏮"].Action))
	if r.Type != Update || !strings.Contains(said(r.Message), "decision 0 of 2") || !strings.Contains(said(r.Message), "The start.") {
		t.Fatalf("at the start: %+v", r)
	}
	bs = buttons(r)
	if bs["▶"].Disabled || !bs["◀"].Disabled || !bs["⏮"].Disabled {
		t.Fatalf("at the start: %+v", bs)
	}
	r = e.do(e.click("carol", "m", bs["▶"].Action))
	if !strings.Contains(said(r.Message), "decision 1 of 2") || !strings.Contains(said(r.Message), "1. South d") {
		t.Fatalf("one step: %q", said(r.Message))
	}
}

// With threads on, an accepted challenge gets its own thread: the board moves there, the players
// move from it, and the per-channel rules still count the parent channel. Without the permissions,
// the game stays in the channel and the person is told privately.
func TestGamesInThreads(t *testing.T) {
	e := newEnv(t)
	admin := e.slash("alice", "tabuleiro", "settings", "threads", true)
	admin.MemberPerms = PermManageServer
	mustPrivate(t, e.do(admin), "threads: **on**")
	in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "first", "me")
	r := e.do(in)
	accept := actionOf(t, r.Message.Rows, "accept")
	e.rec.take()
	e.do(e.click("bob", e.messageOf(in), accept))
	var thread, board string
	for _, c := range e.rec.take() {
		switch {
		case c.op == "thread":
			if c.message != e.messageOf(in) || c.content() != "Ouri · alice vs bob" {
				t.Errorf("thread %+v", c)
			}
		case c.op == "send" && strings.HasPrefix(c.channel, "th-"):
			thread, board = c.channel, c.message
		}
	}
	if thread == "" {
		t.Fatal("no board was posted in a thread")
	}
	rec, _ := e.game("ouri", "alice")
	if rec.Thread != thread || rec.Channel != "c1" || rec.MessageID != board {
		t.Fatalf("the game: thread %q channel %q board %q", rec.Thread, rec.Channel, rec.MessageID)
	}
	// Alice moves from the thread.
	move := e.slash("alice", "ouri", "move", "play", "d")
	move.Channel = thread
	mustPublic(t, e.do(move))
	// The parent channel's rules: alice already plays Ouri there.
	mustRefuse(t, e.do(e.slash("alice", "ouri", "vs-bot")), "refusal.busy-you")

	t.Run("a rematch from the thread stays in the thread", func(t *testing.T) {
		resign := e.slash("bob", "ouri", "resign")
		resign.Channel = thread
		r := e.do(resign)
		click := e.click("bob", "m", actionOf(t, r.Message.Rows, "rematch"))
		click.Channel = thread
		again := e.do(click)
		accept := actionOf(t, again.Message.Rows, "accept")
		yes := e.click("alice", "rematch-msg", accept)
		yes.Channel = thread
		e.rec.take()
		e.do(yes)
		for _, c := range e.rec.take() {
			if c.op == "thread" {
				t.Fatalf("a thread inside a thread: %+v", c)
			}
		}
		rec, _ := e.game("ouri", "alice")
		if rec.Thread != thread {
			t.Fatalf("the rematch lives in %q, want the thread %q", rec.Thread, thread)
		}
	})

	t.Run("without the permissions the game stays in the channel", func(t *testing.T) {
		in := e.slash("carol", "ordo", "challenge", "opponent", "dave")
		in.Channel = "c2"
		r := e.do(in)
		accept := actionOf(t, r.Message.Rows, "accept")
		click := e.click("dave", e.messageOf(in), accept)
		click.Channel = "c2"
		click.Perms = PermViewChannel | PermSendMessages
		e.rec.take()
		e.do(click)
		var told bool
		for _, c := range e.rec.take() {
			if c.op == "thread" {
				t.Fatalf("a thread without the permission: %+v", c)
			}
			told = told || c.op == "followup" && says(c.content(), "thread.stays", "Why", say.Plain(en("thread.lack-both")))
		}
		if !told {
			t.Fatal("nobody was told why the game has no thread")
		}
	})
}

// A turn ping that came due while the bot was down goes out once after it starts again.
func TestAPingDueDuringARestartIsSentOnce(t *testing.T) {
	e := newEnv(t)
	in := e.slash("alice", "ordo", "challenge", "opponent", "bob", "first", "me")
	r := e.do(in)
	accept := actionOf(t, r.Message.Rows, "accept")
	e.do(e.click("bob", e.messageOf(in), accept))
	e.st.Close()
	e.clock.Advance(5 * time.Minute)
	e.open()
	e.rec.take()
	e.bot.Sweep(context.Background())
	e.bot.Sweep(context.Background())
	e.st.Close()
	e.open()
	e.bot.Sweep(context.Background())
	var pings []sent
	for _, c := range e.rec.take() {
		if c.op == "send" && says(c.content(), "notify.turn") {
			pings = append(pings, c)
		}
	}
	if len(pings) != 1 || len(pings[0].msg.Pings) != 1 || pings[0].msg.Pings[0] != "alice" {
		t.Fatalf("pings after the restart: %+v", pings)
	}
}

// Before the program stops, the ids of the boards that /move posted and nobody needed yet are read
// and stored, so that after a restart (the interactions' tokens are not kept) the bot edits them.
func TestBoardsAreLearntBeforeAStop(t *testing.T) {
	e := newEnv(t)
	in := e.slash("alice", "ordo", "challenge", "opponent", "bob", "first", "me")
	accept := actionOf(t, e.do(in).Message.Rows, "accept")
	e.do(e.click("bob", e.messageOf(in), accept))
	_, g := e.game("ordo", "alice")
	move := e.slash("alice", "ordo", "move", "play", g.Format(g.Legal()[0]))
	mustPublic(t, e.do(move))
	if rec, _ := e.game("ordo", "alice"); rec.MessageID != "" {
		t.Fatalf("after /move the stored board is %q, want not known yet", rec.MessageID)
	}
	e.bot.LearnBoards(context.Background())
	if rec, _ := e.game("ordo", "alice"); rec.MessageID == "" || rec.MessageID != e.messageOf(move) {
		t.Fatalf("the stored board is %q, want %q", rec.MessageID, e.messageOf(move))
	}
}
