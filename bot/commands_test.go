package bot

import (
	"math/rand/v2"
	"strings"
	"tabuleiro/say"
	"testing"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

func TestBoardCommand(t *testing.T) {
	e := newEnv(t)
	first := e.challengeGame("ouri")
	e.do(e.slash("carol", "ouri", "vs-bot", "level", "easy", "first", "me"))
	t.Run("with several games and no player, a spectator is asked to pick one", func(t *testing.T) {
		r := e.do(e.slash("dave", "ouri", "board"))
		mustRefuse(t, r, "refusal.several")
		if !strings.Contains(said(r.Message), mention("alice")+" vs "+mention("bob")) || !strings.Contains(said(r.Message), mention("carol")) {
			t.Errorf("the games are not listed: %q", said(r.Message))
		}
	})
	t.Run("player picks the game and the new board replaces the old one", func(t *testing.T) {
		in := e.slash("dave", "ouri", "board", "player", "bob")
		r := e.do(in)
		mustPublic(t, r)
		if !strings.Contains(said(r.Message), mention("alice")+" (South) vs "+mention("bob")+" (North)") || len(enabled(r.Message.Rows)) == 0 {
			t.Fatalf("board: %+v", r)
		}
		rec, _ := e.game("ouri", "alice")
		if rec.MessageID != e.messageOf(in) {
			t.Fatalf("live board %s, want %s", rec.MessageID, e.messageOf(in))
		}
		edits := e.rec.edits()
		if last := edits[len(edits)-1]; last.message != first || len(last.msg.Rows) != 0 {
			t.Fatalf("the old board keeps its buttons: %+v", last)
		}
	})
	t.Run("a player's own game needs no player option", func(t *testing.T) {
		r := e.do(e.slash("carol", "ouri", "board"))
		mustPublic(t, r)
		if !strings.Contains(said(r.Message), mention("carol")) {
			t.Fatalf("%q", said(r.Message))
		}
	})
	t.Run("a player without a game is refused privately", func(t *testing.T) {
		mustPrivate(t, e.do(e.slash("dave", "ouri", "board", "player", "erin")), mention("erin")+" has no Ouri game")
		mustRefuse(t, e.do(e.slash("dave", "ordo", "board")), "refusal.none-here")
	})
}

func TestHistoryCommand(t *testing.T) {
	t.Run("the current game, then the finished one", func(t *testing.T) {
		e := newEnv(t)
		e.challengeGame("ordo")
		r := e.do(e.slash("carol", "ordo", "history"))
		mustPublic(t, r)
		if !says(said(r.Message), "history.empty") {
			t.Errorf("%q", said(r.Message))
		}
		e.do(e.slash("alice", "ordo", "move", "play", "a3-a4"))
		e.do(e.slash("bob", "ordo", "move", "play", "a6-a5"))
		e.do(e.slash("alice", "ordo", "resign"))
		// A spectator without player: gets the channel's most recent game.
		for _, in := range []*Interaction{e.slash("alice", "ordo", "history"), e.slash("carol", "ordo", "history", "player", "bob"), e.slash("carol", "ordo", "history")} {
			r := e.do(in)
			mustPublic(t, r)
			for _, want := range []string{"1. White a3-a4", "2. Black a6-a5", mention("bob") + " (Black) wins: White resigned"} {
				if !strings.Contains(said(r.Message), want) {
					t.Errorf("history lacks %q: %q", want, said(r.Message))
				}
			}
		}
		mustRefuse(t, e.do(e.slash("carol", "ouri", "history")), "refusal.none-here")
	})
	t.Run("a very long game keeps the latest decisions within 2000 characters", func(t *testing.T) {
		e := newEnv(t)
		var g games.Game
		for seed := uint64(1); g == nil || g.Ply() < 150; seed++ {
			var err error
			g, err = catalog.New("ouri", games.Options{})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 2))
			for !g.Outcome().Over() && g.Ply() < 300 {
				legal := g.Legal()
				if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := e.st.CreateGame(store.Game{Guild: "g1", Channel: "c1", Kind: "ouri", Encoded: games.Encode(g),
			Seats: [2]store.Player{{UserID: "alice"}, {UserID: "bob"}}, Created: e.clock.Now()}); err != nil {
			t.Fatal(err)
		}
		r := e.do(e.slash("carol", "ouri", "history", "player", "alice"))
		mustPublic(t, r)
		c := said(r.Message)
		last := g.Format(g.Log()[g.Ply()-1])
		if n := utf8.RuneCountInString(c); n > 2000 || n < 1500 {
			t.Errorf("%d characters", n)
		}
		if !strings.Contains(c, "earlier decisions") || !strings.Contains(c, last) || strings.HasSuffix(c, "…") {
			t.Errorf("ply %d, last %q: %q", g.Ply(), last, c)
		}
	})
}

func TestOffers(t *testing.T) {
	t.Run("Ouri's end is offered, then accepted: seeds collected", func(t *testing.T) {
		e := newEnv(t)
		e.challengeGame("ouri")
		e.do(e.slash("alice", "ouri", "move", "play", "d"))
		r := e.do(e.slash("bob", "ouri", "end"))
		mustPublic(t, r)
		if !says(said(r.Message), "board.offer.end", "Player", say.Mention("bob"), "Opponent", say.Mention("alice"), "Kind", "ouri") {
			t.Fatalf("%q", said(r.Message))
		}
		mustRefuse(t, e.do(e.slash("bob", "ouri", "end")), "refusal.offered")
		b := e.do(e.slash("carol", "ouri", "board", "player", "alice"))
		if !says(said(b.Message), "board.offer.end") {
			t.Errorf("the board does not show the offer: %q", said(b.Message))
		}
		r = e.do(e.slash("alice", "ouri", "end"))
		mustPublic(t, r)
		if !says(said(r.Message), "status.ouri.why.agreement") || !onlyRematch(r.Message.Rows) {
			t.Fatalf("%+v", r)
		}
	})
	t.Run("playing on declines the opponent's offer", func(t *testing.T) {
		e := newEnv(t)
		e.challengeGame("ordo")
		e.do(e.slash("bob", "ordo", "draw"))
		e.do(e.slash("alice", "ordo", "move", "play", "a3-a4"))
		r := e.do(e.slash("alice", "ordo", "draw"))
		if !says(said(r.Message), "board.offer.draw", "Player", say.Mention("alice")) {
			t.Fatalf("alice's draw after playing on should be a new offer: %q", said(r.Message))
		}
	})
	t.Run("the bot refuses offers, saying so", func(t *testing.T) {
		e := newEnv(t)
		e.do(e.slash("alice", "oolong", "vs-bot", "level", "easy", "first", "me"))
		mustRefuse(t, e.do(e.slash("alice", "oolong", "draw")), "refusal.bot-plays-on")
		mustRefuse(t, e.do(e.slash("carol", "oolong", "draw")), "refusal.no-game")
	})
	t.Run("resign by command ends the game for the opponent", func(t *testing.T) {
		e := newEnv(t)
		e.do(e.slash("alice", "ordo", "vs-bot", "level", "easy", "first", "me"))
		r := e.do(e.slash("alice", "ordo", "resign"))
		mustPublic(t, r)
		if !strings.Contains(said(r.Message), "The bot (easy, Black) wins: White resigned") || !onlyRematch(r.Message.Rows) {
			t.Fatalf("%+v", r)
		}
		mustRefuse(t, e.do(e.slash("alice", "ordo", "resign")), "refusal.no-game")
	})
}

func TestRulesArePrivate(t *testing.T) {
	e := newEnv(t)
	for _, kind := range kinds {
		r := e.do(e.slash("carol", kind, "rules"))
		if !isPrivate(r) || !says(said(r.Message), "game."+kind+".rules") {
			t.Errorf("%s rules: %+v", kind, r)
		}
	}
}
