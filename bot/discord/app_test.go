package discord

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/store"
)

// /tabuleiro settings is for members with Manage Server; me and help for everyone, privately.
func TestTabuleiroCommand(t *testing.T) {
	e := newEnv(t)
	admin := func(in *discordgo.Interaction) *discordgo.Interaction {
		in.Member.Permissions = int64(bot.PermManageServer)
		return in
	}
	t.Run("settings are refused to a member without Manage Server", func(t *testing.T) {
		mustPrivate(t, e.do(e.slash("alice", "tabuleiro", "settings", "threads", true)), "Manage Server")
	})
	t.Run("an admin changes and sees them", func(t *testing.T) {
		r := e.do(admin(e.slash("alice", "tabuleiro", "settings", "pings", false, "idle-timeout", "7d", "language", "pt-BR")))
		mustPrivate(t, r, "turn pings: **off**")
		for _, want := range []string{"idle timeout: **7d**", "language: **pt-BR**", "rated challenges: **on**"} {
			if !strings.Contains(r.Data.Content, want) {
				t.Errorf("settings say %q, want %q", r.Data.Content, want)
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
		for _, want := range []string{"/oolong vs-bot", "/ouri vs-bot", "/ordo vs-bot", "Challenge to a game"} {
			if !isPrivate(r) || !strings.Contains(r.Data.Content, want) {
				t.Errorf("help lacks %q: %q", want, r.Data.Content)
			}
		}
	})
}

// The user context-menu command offers the games privately; choosing one posts the challenge.
func TestChallengeFromTheMemberMenu(t *testing.T) {
	e := newEnv(t)
	menu := func(user, target string) *discordgo.Interaction {
		return e.interaction(user, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
			Name: "Challenge to a game", CommandType: discordgo.UserApplicationCommand, TargetID: target,
			Resolved: &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{
				target: {ID: target, Bot: strings.HasSuffix(target, "bot")}}}})
	}
	mustPrivate(t, e.do(menu("alice", "alice")), "yourself")
	mustPrivate(t, e.do(menu("alice", "somebot")), "bot")
	in := menu("alice", "bob")
	r := e.do(in)
	mustPrivate(t, r, "which game")
	var id string
	for _, c := range flatten(r.Data.Components) {
		if m, ok := c.(discordgo.SelectMenu); ok {
			id = m.CustomID
			if len(m.Options) != 3 {
				t.Fatalf("menu %+v", m.Options)
			}
		}
	}
	r = e.do(e.click("alice", e.messageOf(in), id, "ordo"))
	mustPublic(t, r)
	if !strings.Contains(r.Data.Content, "<@alice> challenges <@bob>") || !strings.Contains(r.Data.Content, "Ordo") {
		t.Fatalf("the challenge: %q", r.Data.Content)
	}
	if r.Data.AllowedMentions == nil || len(r.Data.AllowedMentions.Users) != 1 || r.Data.AllowedMentions.Users[0] != "bob" {
		t.Fatalf("the challenge pings %+v", r.Data.AllowedMentions)
	}
}

// A turn ping through the adapter: after the delay, one message that pings only the player to move
// and links the board; the turn passing deletes it; nobody who turned pings off is pinged.
func TestTurnPingsThroughTheAdapter(t *testing.T) {
	e := newEnv(t)
	in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "first", "me")
	r := e.do(in)
	accept, _ := challengeIDs(t, r)
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
	if ping.message == "" || !strings.Contains(ping.content, "<@alice>, it is your turn") {
		t.Fatalf("no ping for alice: %+v", ping)
	}
	if len(ping.pings) != 1 || ping.pings[0] != "alice" {
		t.Fatalf("the ping may notify %v, want alice alone", ping.pings)
	}
	if board := e.messageOf(in); !strings.HasSuffix(ping.content, "/c1/"+board) {
		t.Fatalf("the ping does not link the board %s: %q", board, ping.content)
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
	if board := e.messageOf(move); board == "" || !strings.HasSuffix(ping.content, "/c1/"+board) {
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
	rematchID := func(comps []discordgo.MessageComponent) string {
		for _, c := range flatten(comps) {
			if b, ok := c.(discordgo.Button); ok && b.Label == "Rematch" {
				return b.CustomID
			}
		}
		t.Fatalf("no Rematch in %+v", comps)
		return ""
	}
	t.Run("between two people", func(t *testing.T) {
		in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "first", "me", "rules", "abapa")
		r := e.do(in)
		accept, _ := challengeIDs(t, r)
		e.do(e.click("bob", e.messageOf(in), accept))
		r = e.do(e.slash("bob", "ouri", "resign"))
		mustPublic(t, r)
		id := rematchID(r.Data.Components)
		mustPrivate(t, e.do(e.click("carol", "m", id)), "only its players")
		r = e.do(e.click("bob", "m", id))
		mustPublic(t, r)
		if !strings.Contains(r.Data.Content, "<@bob> challenges <@alice>") || !strings.Contains(r.Data.Content, "rules: abapa") ||
			!strings.Contains(r.Data.Content, "<@bob> moves first") {
			t.Fatalf("the rematch challenge: %q", r.Data.Content)
		}
	})
	t.Run("against the bot", func(t *testing.T) {
		mustPublic(t, e.do(e.slash("dave", "ordo", "vs-bot", "level", "easy", "first", "me")))
		r := e.do(e.slash("dave", "ordo", "resign"))
		id := rematchID(r.Data.Components)
		r = e.do(e.click("dave", "m", id))
		mustPublic(t, r)
		if !strings.Contains(r.Data.Content, "tabuleiro (easy) (White) vs <@dave> (Black)") {
			t.Fatalf("the rematch against the bot: %q", r.Data.Content)
		}
	})
}

// Replay walks a finished game privately with ⏮ ◀ ▶ ⏭, disabled at the ends.
func TestReplay(t *testing.T) {
	e := newEnv(t)
	mustPrivate(t, e.do(e.slash("alice", "ouri", "replay")), "no ouri game has finished")
	e.do(e.slash("alice", "ouri", "vs-bot", "level", "easy", "first", "me"))
	e.do(e.slash("alice", "ouri", "move", "play", "d"))
	e.do(e.slash("alice", "ouri", "resign"))
	r := e.do(e.slash("carol", "ouri", "replay"))
	mustPrivate(t, r, "decision 2 of 2")
	buttons := func(r *discordgo.InteractionResponse) map[string]discordgo.Button {
		out := map[string]discordgo.Button{}
		for _, c := range flatten(r.Data.Components) {
			if b, ok := c.(discordgo.Button); ok {
				out[b.Label] = b
			}
		}
		return out
	}
	bs := buttons(r)
	if !bs["▶"].Disabled || !bs["⏭"].Disabled || bs["◀"].Disabled || bs["⏮"].Disabled {
		t.Fatalf("at the end: %+v", bs)
	}
	r = e.do(e.click("carol", "m", bs["⏮"].CustomID))
	if r.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r.Data.Content, "decision 0 of 2") || !strings.Contains(r.Data.Content, "The start.") {
		t.Fatalf("at the start: %+v", r.Data)
	}
	bs = buttons(r)
	if bs["▶"].Disabled || !bs["◀"].Disabled || !bs["⏮"].Disabled {
		t.Fatalf("at the start: %+v", bs)
	}
	r = e.do(e.click("carol", "m", bs["▶"].CustomID))
	if !strings.Contains(r.Data.Content, "decision 1 of 2") || !strings.Contains(r.Data.Content, "1. South d") {
		t.Fatalf("one step: %q", r.Data.Content)
	}
}

// With threads on, an accepted challenge gets its own thread: the board moves there, the players
// move from it, and the per-channel rules still count the parent channel. Without the permissions,
// the game stays in the channel and the person is told privately.
func TestGamesInThreads(t *testing.T) {
	e := newEnv(t)
	admin := e.slash("alice", "tabuleiro", "settings", "threads", true)
	admin.Member.Permissions = int64(bot.PermManageServer)
	mustPrivate(t, e.do(admin), "threads: **on**")
	in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "first", "me")
	r := e.do(in)
	accept, _ := challengeIDs(t, r)
	e.rec.take()
	e.do(e.click("bob", e.messageOf(in), accept))
	var thread, board string
	for _, c := range e.rec.take() {
		switch {
		case c.op == "thread":
			if c.message != e.messageOf(in) || c.content != "Ouri · alice vs bob" {
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
	move.ChannelID = thread
	mustPublic(t, e.do(move))
	// The parent channel's rules: alice already plays Ouri there.
	mustPrivate(t, e.do(e.slash("alice", "ouri", "vs-bot")), "already have")

	t.Run("a rematch from the thread stays in the thread", func(t *testing.T) {
		resign := e.slash("bob", "ouri", "resign")
		resign.ChannelID = thread
		r := e.do(resign)
		var rematch string
		for _, c := range flatten(r.Data.Components) {
			if b, ok := c.(discordgo.Button); ok && b.Label == "Rematch" {
				rematch = b.CustomID
			}
		}
		click := e.click("bob", "m", rematch)
		click.ChannelID = thread
		again := e.do(click)
		accept, _ := challengeIDs(t, again)
		yes := e.click("alice", "rematch-msg", accept)
		yes.ChannelID = thread
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
		in.ChannelID = "c2"
		r := e.do(in)
		accept, _ := challengeIDs(t, r)
		click := e.click("dave", e.messageOf(in), accept)
		click.ChannelID = "c2"
		click.AppPermissions = int64(bot.PermViewChannel | bot.PermSendMessages)
		e.rec.take()
		e.do(click)
		var told bool
		for _, c := range e.rec.take() {
			if c.op == "thread" {
				t.Fatalf("a thread without the permission: %+v", c)
			}
			told = told || c.op == "followup" && strings.Contains(c.content, "Create Public Threads")
		}
		if !told {
			t.Fatal("nobody was told why the game has no thread")
		}
	})
}

// A turn ping that came due while the bot was down goes out once after it starts again.
func TestAPingDueDuringARestartIsSentOnceThroughTheAdapter(t *testing.T) {
	e := newEnv(t)
	in := e.slash("alice", "ordo", "challenge", "opponent", "bob", "first", "me")
	r := e.do(in)
	accept, _ := challengeIDs(t, r)
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
		if c.op == "send" && strings.Contains(c.content, "it is your turn") {
			pings = append(pings, c)
		}
	}
	if len(pings) != 1 || len(pings[0].pings) != 1 || pings[0].pings[0] != "alice" {
		t.Fatalf("pings after the restart: %+v", pings)
	}
}

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

// Before the program stops, the ids of the boards that /move posted and nobody needed yet are read
// and stored, so that after a restart (the interactions' tokens are not kept) the bot edits them.
func TestBoardsAreLearntBeforeAStop(t *testing.T) {
	e := newEnv(t)
	in := e.slash("alice", "ordo", "challenge", "opponent", "bob", "first", "me")
	accept, _ := challengeIDs(t, e.do(in))
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
