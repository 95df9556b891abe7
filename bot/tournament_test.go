package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tabuleiro/say"
	"tabuleiro/store"
)

// cupCommand is "/tabuleiro tournament sub name:value…".
func (e *env) cupCommand(user, sub string, opts ...any) *Interaction {
	in := e.slash(user, AppCommand, sub, opts...)
	in.Command.Group = tournamentGroup
	for i := 0; i+1 < len(opts); i += 2 {
		if n, ok := opts[i+1].(int); ok {
			in.Command.Options[opts[i].(string)] = Value{Str: fmt.Sprint(n)}
		}
	}
	return in
}

// openCup creates an Ordo tournament by creator with the given players joined by its button; it
// returns the tournament's message id.
func (e *env) openCup(creator string, players []string, opts ...any) (store.Tournament, string) {
	e.t.Helper()
	in := e.cupCommand(creator, "create", append([]any{"game", "ordo"}, opts...)...)
	r := e.do(in)
	mustPublic(e.t, r)
	msg := e.messageOf(in)
	join := labelled(e.t, r.Message.Rows, say.For(say.English).T("button.tournament.join", nil), say.For(say.Portuguese).T("button.tournament.join", nil))
	for _, p := range players {
		mustUpdate(e.t, e.do(e.click(p, msg, join)))
	}
	list, err := e.st.ChannelTournaments("c1")
	if err != nil || len(list) == 0 {
		e.t.Fatalf("no tournament in the channel: %v", err)
	}
	return list[len(list)-1], msg
}

func TestTournamentRefusals(t *testing.T) {
	e := newEnv(t)
	_, _ = e.openCup("ana", []string{"ana"})
	dm := e.cupCommand("bia", "create", "game", "ordo")
	dm.Guild = ""
	for _, c := range []struct {
		name string
		in   *Interaction
		want string // the refusal's id
		args []any  // values it must say
	}{
		{"a tournament is not made in a DM", dm, "refusal.tournament.dm", nil},
		{"an option of another game is refused", e.cupCommand("bia", "create", "game", "ordo", "rules", "abapa"), "refusal.tournament.game-option", []any{"Option", "rules", "Title", "Ordo"}},
		{"a game that is not one is refused", e.cupCommand("bia", "create", "game", "chess"), "refusal.no-such-game", []any{"Game", `"chess"`}},
		{"a Swiss of no rounds is refused", e.cupCommand("bia", "create", "game", "ordo", "rounds", 0), "refusal.tournament.rounds", nil},
		{"a round time off the choices is refused", e.cupCommand("bia", "create", "game", "ordo", "round-time", "2w"), "refusal.tournament.round-time", nil},
		{"joining twice is refused", e.cupCommand("ana", "join"), "refusal.tournament.entered", nil},
		{"leaving a tournament one is not in is refused", e.cupCommand("bia", "leave"), "refusal.tournament.none-mine", nil},
		{"starting someone else's tournament is refused", e.cupCommand("bia", "start"), "refusal.tournament.not-yours", []any{"Creator", say.Mention("ana")}},
		{"cancelling someone else's tournament is refused", e.cupCommand("bia", "cancel"), "refusal.tournament.not-yours", []any{"Creator", say.Mention("ana")}},
		{"starting with one player is refused", e.cupCommand("ana", "start"), "refusal.tournament.too-few", nil},
		{"a tournament button of no tournament is refused", e.click("bia", "m1", Action{Kind: AppCommand, Route: "tournament-nope", Tournament: 1}), "refusal.foreign-button", nil},
		{"a tournament's Join after it is gone is refused", e.click("bia", "m1", Action{Kind: AppCommand, Route: routeTournamentJoin, Tournament: 99}), "refusal.tournament.gone", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			before, _ := e.st.ChannelTournaments("c1")
			mustRefuse(t, e.handle(c.in), c.want, c.args...)
			after, _ := e.st.ChannelTournaments("c1")
			if fmt.Sprint(before) != fmt.Sprint(after) {
				t.Errorf("a refusal changed the tournaments: %+v, then %+v", before, after)
			}
		})
	}
	t.Run("in another channel there is no tournament to join", func(t *testing.T) {
		in := e.cupCommand("bia", "join")
		in.Channel = "c2"
		mustRefuse(t, e.handle(in), "refusal.tournament.none-open")
	})
	t.Run("a manager may cancel someone else's tournament", func(t *testing.T) {
		r := e.do(manager(e.cupCommand("bia", "cancel")))
		mustPublic(t, r)
		if !strings.Contains(said(r.Message), "is cancelled") {
			t.Fatalf("cancel said %q", said(r.Message))
		}
		mustRefuse(t, e.handle(e.cupCommand("ana", "standings")), "refusal.tournament.no-standings")
	})
}

// TestATournamentPlaysInItsOwnThread: with threads on, the tournament's message starts a thread
// where its rounds and games live, found from the thread as from the channel; its games get no
// thread of their own.
func TestATournamentPlaysInItsOwnThread(t *testing.T) {
	e := newEnv(t)
	mustPrivate(t, e.do(manager(e.slash("ana", AppCommand, "settings", "threads", true))), "")
	cup, msg := e.openCup("ana", []string{"ana", "bia", "caio"})
	threads := e.rec.ops("thread")
	if len(threads) != 1 || threads[0].message != msg || !strings.Contains(said(threads[0].msg), "Ordo tournament #") {
		t.Fatalf("threads started: %+v, want one from the tournament's message %s", threads, msg)
	}
	if cup.Thread == "" {
		t.Fatal("the tournament does not know its thread")
	}
	start := e.cupCommand("ana", "start")
	start.Channel = cup.Thread
	e.rec.take()
	mustPublic(t, e.do(start))
	var round *sent
	for _, s := range e.rec.ops("send") {
		if strings.Contains(said(s.msg), "Round 1 of") {
			round = &s
		}
		if s.channel != cup.Thread {
			t.Errorf("%q was sent to %s, not the tournament's thread", said(s.msg), s.channel)
		}
	}
	if round == nil {
		t.Fatal("no round message")
	}
	slices.Sort(round.msg.Pings)
	if want := []string{"ana", "bia", "caio"}; !slices.Equal(round.msg.Pings, want) {
		t.Fatalf("round 1 pings %v, want %v", round.msg.Pings, want)
	}
	games, err := e.st.ChannelGames(cup.Thread)
	if err != nil || len(games) != 1 {
		t.Fatalf("games in the thread: %+v %v", games, err)
	}
	g := games[0]
	resign := e.slash(g.Seats[0].UserID, "ordo", "resign")
	resign.Channel = cup.Thread
	e.rec.take()
	mustPublic(t, e.do(resign))
	if n := len(e.rec.ops("thread")); n != 0 {
		t.Fatalf("a tournament game started %d threads of its own", n)
	}
	round2 := false
	for _, s := range e.rec.ops("send") {
		round2 = round2 || strings.Contains(said(s.msg), "Round 2 of")
	}
	if !round2 {
		t.Fatal("round 2 was not announced once round 1 ended")
	}
	in := e.cupCommand("caio", "standings")
	mustPublic(t, e.do(in))
}

// TestStandingsArePagedTenAPage: twelve players take two pages with ◀ ▶, clicked in place.
func TestStandingsArePagedTenAPage(t *testing.T) {
	e := newEnv(t)
	var players []string
	for i := range 12 {
		players = append(players, fmt.Sprintf("p%02d", i))
	}
	e.openCup("p00", players)
	r := e.do(e.cupCommand("p05", "standings"))
	mustPublic(t, r)
	if n := strings.Count(said(r.Message), "\n`"); n != 10 {
		t.Fatalf("page 1 lists %d players:\n%s", n, said(r.Message))
	}
	next := labelled(t, r.Message.Rows, "▶")
	r2 := e.do(e.click("p07", "m1", next))
	mustUpdate(t, r2)
	if n := strings.Count(said(r2.Message), "\n`"); n != 2 || !strings.Contains(said(r2.Message), "page 2 of 2") {
		t.Fatalf("page 2:\n%s", said(r2.Message))
	}
}

// TestSixtyFourPlayersFitTheirMessages: the largest Swiss's message and first round name everyone
// within Discord's 2000 characters, in both languages.
func TestSixtyFourPlayersFitTheirMessages(t *testing.T) {
	for _, lang := range say.Languages {
		t.Run(lang, func(t *testing.T) {
			e := newEnv(t)
			mustPrivate(t, e.do(manager(e.slash("ana", AppCommand, "settings", "language", lang))), "")
			var players []string
			for i := range 64 {
				players = append(players, fmt.Sprintf("1%017d", i))
			}
			_, msg := e.openCup(players[0], players)
			e.rec.take()
			mustPublic(t, e.do(e.cupCommand(players[0], "start")))
			checked := 0
			for _, s := range e.rec.take() {
				if s.op == "edit" && s.message == msg || s.op == "send" && len(s.msg.Pings) > 0 {
					checked++
					text := said(s.msg)
					if n := letters(s.msg.Content); n > maxContent {
						t.Errorf("%d characters:\n%s", n, text)
					}
					for _, p := range players {
						if !strings.Contains(text, mention(p)) {
							t.Fatalf("%s is not named:\n%s", p, text)
						}
					}
				}
			}
			if checked != 2 {
				t.Fatalf("%d messages checked, want the tournament's and round 1's", checked)
			}
		})
	}
}

// labelled is the action of the enabled button labelled label (or one of or).
func labelled(t *testing.T, rows []Row, label string, or ...string) Action {
	t.Helper()
	for _, c := range controls(rows) {
		if (c.Label == label || slices.Contains(or, c.Label)) && !c.Disabled {
			return c.Action
		}
	}
	t.Fatalf("no %s button in %+v", label, rows)
	return Action{}
}

// TestATournamentWithoutThreadPermissionsStaysInTheChannel: the creator is told privately which
// permission is missing, and the tournament is played in the channel.
func TestATournamentWithoutThreadPermissionsStaysInTheChannel(t *testing.T) {
	e := newEnv(t)
	mustPrivate(t, e.do(manager(e.slash("ana", AppCommand, "settings", "threads", true))), "")
	in := e.cupCommand("ana", "create", "game", "ordo")
	in.Perms = PermViewChannel | PermSendMessages | PermSendMessagesInThreads
	mustPublic(t, e.do(in))
	told := e.rec.ops("followup")
	if len(told) != 1 || !told[0].msg.Private || !says(said(told[0].msg), "thread.stays", "Why", say.Plain(en("thread.lack-create"))) {
		t.Fatalf("follow-ups %+v, want one private note naming Create Public Threads", told)
	}
	if n := len(e.rec.ops("thread")); n != 0 {
		t.Fatalf("%d threads started without the permission", n)
	}
	list, err := e.st.ChannelTournaments("c1")
	if err != nil || len(list) != 1 || list[0].Thread != "" || list[0].Where() != "c1" {
		t.Fatalf("tournaments %+v %v, want one in the channel", list, err)
	}
}

// TestLeavingAStartedTournamentByItsButtonAsksFirst: Leave on a started tournament withdraws only
// once confirmed; before, nothing changes.
func TestLeavingAStartedTournamentByItsButtonAsksFirst(t *testing.T) {
	e := newEnv(t)
	cup, msg := e.openCup("ana", []string{"ana", "bia"})
	mustPublic(t, e.do(e.cupCommand("ana", "start")))
	leave := Action{Kind: AppCommand, Route: routeTournamentLeave, Tournament: cup.ID}
	r := e.do(e.click("bia", msg, leave))
	mustPrivate(t, r, "Withdraw from Ordo tournament")
	if tr, _ := e.st.Tournament(cup.ID); tr.Withdrew("bia") {
		t.Fatal("bia withdrew before confirming")
	}
	mustRefuse(t, e.handle(e.click("caio", msg, leave)), "refusal.tournament.not-entered")
	yes := labelled(t, r.Message.Rows, "Yes, withdraw")
	mustUpdate(t, e.do(e.click("bia", "m-confirm", yes)))
	tr, err := e.st.Tournament(cup.ID)
	if err != nil || !tr.Withdrew("bia") || tr.State != store.TournamentFinished {
		t.Fatalf("after the withdrawal: %+v %v, want bia withdrawn and the two-player tournament over", tr, err)
	}
	mustRefuse(t, e.handle(e.click("bia", "m-confirm", yes)), "refusal.tournament.closed")
}

// TestTheStandingsOfATournamentThatEnded: once a tournament is over, standings shows its final
// standings (a running one's first, an open one's after); a tournament cancelled after a round
// shows its standings as cancelled; one cancelled before its start has none to show.
func TestTheStandingsOfATournamentThatEnded(t *testing.T) {
	e := newEnv(t)
	standings := func(t *testing.T, user, want string) {
		t.Helper()
		r := e.do(e.cupCommand(user, "standings"))
		mustPublic(t, r)
		if !strings.Contains(said(r.Message), want) {
			t.Fatalf("standings said:\n%s\nwant %q", said(r.Message), want)
		}
	}
	first, _ := e.openCup("ana", []string{"ana", "bia"}, "format", "round-robin")
	mustPublic(t, e.do(e.cupCommand("ana", "start")))
	games, err := e.st.ChannelGames("c1")
	if err != nil || len(games) != 1 {
		t.Fatalf("games: %+v %v", games, err)
	}
	mustPublic(t, e.do(e.slash(games[0].Seats[1].UserID, "ordo", "resign")))
	if tr, _ := e.st.Tournament(first.ID); tr.State != store.TournamentFinished {
		t.Fatalf("the one-game round-robin is %s", tr.State)
	}
	t.Run("the final standings of the one that finished", func(t *testing.T) {
		standings(t, "caio", "Final standings** · Ordo tournament #1")
	})
	second, _ := e.openCup("caio", []string{"caio", "davi"})
	t.Run("a finished one before one open after it", func(t *testing.T) {
		standings(t, "davi", "Final standings** · Ordo tournament #1")
	})
	mustPublic(t, e.do(e.cupCommand("caio", "start")))
	t.Run("joining a running one is told it has started", func(t *testing.T) {
		mustRefuse(t, e.handle(e.cupCommand("eva", "join")), "refusal.tournament.started")
	})
	t.Run("starting a running one again is told so", func(t *testing.T) {
		mustPrivate(t, e.handle(e.cupCommand("caio", "start")), fmt.Sprintf("Ordo tournament #%d has already started", second.ID))
	})
	t.Run("a running one before one finished", func(t *testing.T) {
		standings(t, "ana", fmt.Sprintf("Ordo tournament #%d** · standings during round 1", second.ID))
	})
	mustPublic(t, e.do(e.cupCommand("caio", "cancel")))
	t.Run("a cancelled one says so", func(t *testing.T) {
		standings(t, "ana", fmt.Sprintf("Ordo tournament #%d** · cancelled in round 1 of", second.ID))
	})
	e.openCup("ana", []string{"ana"})
	if r := e.do(e.cupCommand("ana", "cancel")); !strings.HasSuffix(said(r.Message), "is cancelled.") {
		t.Fatalf("cancelling an unstarted tournament said %q", said(r.Message))
	}
	t.Run("one cancelled before its start is passed over", func(t *testing.T) {
		standings(t, "bia", fmt.Sprintf("Ordo tournament #%d** · cancelled in round 1 of", second.ID))
	})
	t.Run("in the thread-less channel next door there are none", func(t *testing.T) {
		in := e.cupCommand("bia", "standings")
		in.Channel = "c2"
		mustRefuse(t, e.handle(in), "refusal.tournament.no-standings")
	})
}

// TestATournamentGameEndsWithoutRematch: the final board of a tournament's game offers no Rematch
// (the next game is the next round's), and a Rematch clicked on it anyway is refused privately;
// an ordinary game keeps its Rematch.
func TestATournamentGameEndsWithoutRematch(t *testing.T) {
	e := newEnv(t)
	e.openCup("ana", []string{"ana", "bia"}, "format", "round-robin")
	mustPublic(t, e.do(e.cupCommand("ana", "start")))
	games, err := e.st.ChannelGames("c1")
	if err != nil || len(games) != 1 {
		t.Fatalf("games: %+v %v", games, err)
	}
	g := games[0]
	r := e.do(e.slash(g.Seats[0].UserID, "ordo", "resign"))
	mustPublic(t, r)
	if cs := controls(r.Message.Rows); !onlyDescribe(cs) {
		t.Fatalf("the tournament game's final board has controls other than Describe: %+v", cs)
	}
	board := e.do(e.slash("bia", "ordo", "board"))
	if cs := controls(board.Message.Rows); !isPrivate(board) || len(cs) != 0 {
		t.Fatalf("the ended tournament game's board, asked for, is not refused privately without controls: %+v", board)
	}
	before, _ := e.st.ChannelGames("c1")
	rematch := Action{Kind: "ordo", Game: g.ID, Ply: 0, Route: "rematch"}
	mustRefuse(t, e.handle(e.click(g.Seats[1].UserID, "m1", rematch)), "refusal.rematch-tournament")
	if after, _ := e.st.ChannelGames("c1"); len(after) != len(before) {
		t.Fatalf("a refused rematch started a game: %+v", after)
	}
	open, _ := e.st.OpenChallenges("c1")
	if len(open) != 0 {
		t.Fatalf("a refused rematch posted a challenge: %+v", open)
	}

	mustPublic(t, e.do(e.slash("caio", "ordo", "vs-bot", "level", "easy", "first", "me")))
	r = e.do(e.slash("caio", "ordo", "resign"))
	mustPublic(t, r)
	labelled(t, r.Message.Rows, "Rematch")
}

// TestARoundShownIsRecordedSo: once the bot posted a round's message and its games' boards, the
// store says so, and the sweep a minute later posts nothing again.
func TestARoundShownIsRecordedSo(t *testing.T) {
	e := newEnv(t)
	cup, _ := e.openCup("ana", []string{"ana", "bia", "caio", "davi"})
	mustPublic(t, e.do(e.cupCommand("ana", "start")))
	tr, err := e.st.Tournament(cup.ID)
	if err != nil || !tr.Current().Shown() {
		t.Fatalf("round 1 after the start: %+v %v, want its message and boards recorded", tr.Current(), err)
	}
	for _, p := range tr.Current().Pairings {
		if g, _, err := e.st.Game(p.Game); err != nil || g.MessageID == "" {
			t.Errorf("game %d has no board message (%v)", p.Game, err)
		}
	}
	e.rec.take()
	// Past AnnounceWait, before the turn pings (2 minutes).
	e.clock.Advance(store.AnnounceWait + 30*time.Second)
	e.bot.Sweep(context.Background())
	if sent := e.rec.ops("send"); len(sent) != 0 {
		for _, m := range sent {
			t.Logf("%s", said(m.msg))
		}
		t.Fatalf("the sweep posted %d messages about a round shown", len(sent))
	}
}

// TestATournamentInAChannelGivesEachGameItsOwnThread: a tournament made before the server turned
// threads on is played in its channel, where each of its games gets a thread of its own, started
// from its board; the thread index finds each game from its thread.
func TestATournamentInAChannelGivesEachGameItsOwnThread(t *testing.T) {
	e := newEnv(t)
	cup, _ := e.openCup("ana", []string{"ana", "bia", "caio", "davi"})
	if cup.Thread != "" {
		t.Fatalf("a tournament made without threads has the thread %s", cup.Thread)
	}
	mustPrivate(t, e.do(manager(e.slash("ana", AppCommand, "settings", "threads", true))), "")
	e.rec.take()
	mustPublic(t, e.do(e.cupCommand("ana", "start")))
	games, err := e.st.ChannelGames("c1")
	if err != nil || len(games) != 2 {
		t.Fatalf("games in the channel: %+v %v, want the round's two", games, err)
	}
	threads := map[string]bool{}
	for _, s := range e.rec.ops("thread") {
		threads[s.channel+"/"+s.message] = true
	}
	seen := map[string]bool{}
	for _, g := range games {
		if g.Thread == "" || seen[g.Thread] {
			t.Fatalf("game %d has the thread %q; each game wants its own", g.ID, g.Thread)
		}
		seen[g.Thread] = true
		found, err := e.st.ThreadGame(g.Thread)
		if err != nil || found.ID != g.ID {
			t.Errorf("the thread %s finds game %d (%v), want %d", g.Thread, found.ID, err, g.ID)
		}
		if g.MessageID == "" {
			t.Errorf("game %d's board was not posted in its thread", g.ID)
		}
	}
	if len(threads) != 2 {
		t.Errorf("%d threads started from boards, want 2: %v", len(threads), threads)
	}
	resign := e.slash(games[0].Seats[0].UserID, "ordo", "resign")
	resign.Channel = games[0].Thread
	mustPublic(t, e.do(resign))
	if _, live, err := e.st.Game(games[0].ID); err != nil || !live.Outcome().Over() {
		t.Errorf("resigning in the game's thread did not end game %d (%v)", games[0].ID, err)
	}
}
