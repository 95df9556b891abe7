package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
)

// teamBoard starts alice's team game of Ouri against the easy bot, the team first, and returns
// the board's message and the reply.
func (e *env) teamBoard(in *Interaction) (string, Reply) {
	e.t.Helper()
	r := e.do(in)
	mustPublic(e.t, r)
	return e.messageOf(in), r
}

// teamGame is the channel's team game of kind.
func (e *env) teamGame(kind string) (store.Game, games.Game) {
	e.t.Helper()
	rec, g, err := e.st.ActiveLive("c1", kind, store.TeamKey)
	if err != nil {
		e.t.Fatalf("no team game of %s: %v", kind, err)
	}
	return rec, g
}

func TestATeamTurnIsVotedOnTheBoardAndPlayedWhenVotingCloses(t *testing.T) {
	e := newEnv(t)
	board, r := e.teamBoard(e.slash("alice", "ouri", "vs-bot", "level", "easy", "first", "me", "team", true))
	text := said(r.Message)
	for _, want := range []string{"the team (South) vs the bot (easy, North)", "vote with `/ouri move` or the buttons",
		"The most voted move is played 30s after the first vote"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the team's board does not say %q:\n%s", want, text)
		}
	}
	rec, _ := e.teamGame("ouri")
	// Autocomplete offers a member the team's decisions.
	if got := e.handle(e.typing("bob", "ouri", "move", "play", "")); strings.Join(got.Choices, " ") != "a b c d e f" {
		t.Fatalf("bob is offered %v", got.Choices)
	}

	// bob votes with a house's button: the board itself counts his vote.
	up := e.do(e.click("bob", board, actionOf(t, r.Message.Rows, "sow").decision(routeSow, "d")))
	mustUpdate(t, up)
	if !strings.Contains(said(up.Message), "Votes: `d` 1 — voting closes") {
		t.Fatalf("the board after bob's vote:\n%s", said(up.Message))
	}
	// carol and dave type theirs: said in the channel, and the board is edited.
	e.rec.take()
	typed := e.do(e.slash("carol", "ouri", "move", "play", "e"))
	mustPublic(t, typed)
	if !strings.Contains(said(typed.Message), "@carol votes `e` for the team — votes: `d` 1, `e` 1") {
		t.Fatalf("carol's vote says %q", said(typed.Message))
	}
	edits := e.rec.edits()
	if len(edits) != 1 || edits[0].message != board || !strings.Contains(edits[0].content(), "Votes: `d` 1, `e` 1") {
		t.Fatalf("after carol's vote the platform saw %+v", edits)
	}
	e.do(e.slash("dave", "ouri", "move", "play", "e"))
	// bob changes his vote: his d is replaced, so d has none left.
	e.clock.Advance(10 * time.Second)
	changed := e.do(e.slash("bob", "ouri", "move", "play", "E"))
	if !strings.Contains(said(changed.Message), "votes: `e` 3;") {
		t.Fatalf("bob's changed vote says %q", said(changed.Message))
	}
	// An illegal vote, and any vote once voting has closed, are refused privately.
	mustRefuse(t, e.do(e.slash("erin", "ouri", "move", "play", "z")), "ouri.not-house")
	e.clock.Advance(20 * time.Second)
	mustRefuse(t, e.do(e.slash("erin", "ouri", "move", "play", "d")), "refusal.vote-closed")
	mustRefuse(t, e.do(e.click("erin", board, actionOf(t, r.Message.Rows, "sow").decision(routeSow, "d"))), "refusal.vote-closed")

	e.rec.take()
	e.bot.Sweep(context.Background())
	e.bot.Wait()
	after, g, err := e.st.Game(rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Ply != 2 || g.Format(g.Log()[0]) != "e" || len(after.Team.Votes) != 0 {
		t.Fatalf("after voting closed: ply %d, log %v, votes %v", after.Ply, games.Names(g, g.Log()), after.Team.Votes)
	}
	edits = e.rec.edits()
	if len(edits) < 2 || !strings.Contains(edits[0].content(), "Last: South sowed `e`") ||
		!strings.Contains(edits[len(edits)-1].content(), "The most voted move is played 30s after the first vote") {
		t.Fatalf("the board after the turn: %+v", edits)
	}
}

func TestTeamGamesAreOnePerChannelAndNeverRated(t *testing.T) {
	e := newEnv(t)
	e.teamBoard(e.slash("alice", "ordo", "vs-bot", "level", "easy", "first", "me", "team", true))
	mustRefuse(t, e.do(e.slash("bob", "ordo", "vs-bot", "team", true)), "refusal.team-busy")
	// alice plays her own game beside the team's; her typed move goes to it, not to a vote.
	mustPublic(t, e.do(e.slash("alice", "ordo", "vs-bot", "level", "easy", "first", "me")))
	r := e.do(e.slash("alice", "ordo", "move", "play", "a3-a4"))
	if strings.Contains(said(r.Message), "votes") {
		t.Fatalf("alice's own move became a vote: %s", said(r.Message))
	}
	// Only alice, who started the team game, resigns it.
	rec, _ := e.teamGame("ordo")
	// Resign asks first, saying the team resigns and the bot wins (not "your opponent").
	ask := e.do(e.click("alice", rec.MessageID, Action{Kind: "ordo", Game: rec.ID, Ply: rec.Ply, Route: "resign"}))
	if want := say.For(say.English).T("reply.resign-confirm-team", map[string]any{"Title": "Ordo"}); said(ask.Message) != want {
		t.Errorf("Resign on the team's board asks %q, want %q", said(ask.Message), want)
	}
	resign := Action{Kind: "ordo", Game: rec.ID, Ply: rec.Ply, Route: "resign-yes"}
	mustRefuse(t, e.do(e.click("bob", rec.MessageID, resign)), "refusal.team-starter")
	mustUpdate(t, e.do(e.click("alice", rec.MessageID, resign)))
	over, _, _ := e.st.Game(rec.ID)
	if over.State != store.Finished || over.Rated || over.Change != ([2]store.RatingChange{}) {
		t.Fatalf("the resigned team game: %+v", over)
	}
	// Over, anyone here starts the team's next game with Rematch: seats swapped, the same level.
	rematch := Action{Kind: "ordo", Game: rec.ID, Ply: over.Ply, Route: "rematch"}
	mustPublic(t, e.do(e.click("carol", rec.MessageID, rematch)))
	next, _ := e.teamGame("ordo")
	if next.ID == rec.ID || !next.Seats[1].Team || !next.Seats[0].Bot || next.Seats[0].Level != "easy" || next.Team.Starter != "carol" {
		t.Fatalf("the rematch: %+v", next)
	}
}

// A team game's messages fit a phone in both languages: every line of every block at most 28
// columns, and the team's lines outside the block.
func TestATeamsBoardFitsAPhoneInBothLanguages(t *testing.T) {
	for _, lang := range say.Languages {
		for _, kind := range kinds {
			t.Run(lang+" "+kind, func(t *testing.T) {
				e := newEnv(t)
				in := e.slash("alice", kind, "vs-bot", "level", "easy", "first", "me", "team", true)
				in.GuildLocale = lang
				board, r := e.teamBoard(in)
				names := map[string]string{say.English: "the team", say.Portuguese: "a equipe"}
				if !strings.Contains(said(r.Message), names[lang]) {
					t.Fatalf("the board does not name %q:\n%s", names[lang], said(r.Message))
				}
				_, g := e.teamGame(kind)
				voter := e.slash("bob", kind, "move", "play", g.Format(g.Legal()[0]))
				voter.GuildLocale = lang
				mustPublic(t, e.do(voter))
				shown := e.rec.edits()
				if len(shown) == 0 || shown[len(shown)-1].message != board {
					t.Fatalf("the board was not edited: %+v", shown)
				}
				for _, m := range []Message{r.Message, shown[len(shown)-1].msg} {
					fits(t, m)
				}
			})
		}
	}
}

// fits checks that every line inside a message's blocks is at most 28 columns.
func fits(t *testing.T, m Message) {
	t.Helper()
	for _, p := range m.Content {
		if p.Kind != say.BlockPart {
			continue
		}
		for _, line := range strings.Split(p.Text, "\n") {
			if n := len([]rune(line)); n > 28 {
				t.Errorf("a block line is %d columns: %q", n, line)
			}
		}
	}
}
