package bot

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/store"
)

// challengeGame has alice challenge bob (alice moves first) and bob accept; it returns the game's
// board message id.
func (e *env) challengeGame(kind string) string {
	e.t.Helper()
	in := e.slash("alice", kind, "challenge", "opponent", "bob", "first", "me")
	r := e.do(in)
	mustPublic(e.t, r)
	if !strings.Contains(said(r.Message), mention("bob")) {
		e.t.Fatalf("challenge does not mention the opponent: %q", said(r.Message))
	}
	msg := e.messageOf(in)
	r = e.do(e.click("bob", msg, actionOf(e.t, r.Message.Rows, "accept")))
	if r.Type != Update {
		e.t.Fatalf("accept: want the challenge turned into the board, got %+v", r)
	}
	rec, _ := e.game(kind, "alice")
	if rec.MessageID != msg || rec.Seats[0].UserID != "alice" || rec.Seats[1].UserID != "bob" {
		e.t.Fatalf("game record %+v", rec)
	}
	return msg
}

// controlFor finds the control on a board that plays notation: a button, or a menu offering it
// (possibly after choosing its group).
func controlFor(rows []Row, note string) (a Action, value string, ok bool) {
	for _, c := range controls(rows) {
		switch {
		case c.Type == Button && !c.Disabled && c.Action.Arg == note && (c.Action.Route == "sow" || c.Action.Route == "play"):
			return c.Action, "", true
		case c.Type == Menu:
			for _, o := range c.Options {
				if o.Value == note {
					return c.Action, o.Value, true
				}
			}
		}
	}
	return Action{}, "", false
}

func TestFullGameBetweenTwoPeople(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind+" is played to the end with commands and buttons", func(t *testing.T) {
			e := newEnv(t)
			board := e.challengeGame(kind)
			rng := rand.New(rand.NewPCG(3, 4))
			players := map[games.Seat]string{0: "alice", 1: "bob"}
			var rows []Row
			for ply := 0; ply < 3000; ply++ {
				rec, g := e.game(kind, "alice")
				legal := g.Legal()
				m := legal[rng.IntN(len(legal))]
				note := g.Format(m)
				user := players[g.ToMove()]
				var r Reply
				if a, val, ok := controlFor(rows, note); ok && ply%2 == 0 {
					if val != "" {
						r = e.do(e.click(user, board, a, val))
					} else {
						r = e.do(e.click(user, board, a))
					}
					if r.Type != Update {
						t.Fatalf("ply %d: control %+v: %+v", ply, a, r)
					}
				} else {
					in := e.slash(user, kind, "move", "play", strings.ToUpper(note))
					r = e.do(in)
					mustPublic(t, r)
					board = e.messageOf(in)
				}
				rows = r.Message.Rows
				rec2, _, err := e.st.Game(rec.ID)
				if err != nil {
					t.Fatal(err)
				}
				if rec2.Ply != ply+1 {
					t.Fatalf("ply %d: stored ply %d", ply, rec2.Ply)
				}
				if rec2.MessageID != board && (rec2.MessageID != "" || r.Type == Update) {
					// A board posted by /move is stored as not known yet ("") until it is learnt.
					t.Fatalf("ply %d: live board %q, want %q", ply, rec2.MessageID, board)
				}
				if rec2.MessageID == "" && ply%7 == 0 && rec2.State != store.Finished {
					// Its id is learnt before its interaction's token runs out.
					e.clock.Advance(12 * time.Minute)
					e.bot.Sweep(context.Background())
					if rec2, _, _ = e.st.Game(rec.ID); rec2.MessageID != board {
						t.Fatalf("ply %d: the board's id was not learnt in time: %q, want %q", ply, rec2.MessageID, board)
					}
				}
				if rec2.State == store.Finished {
					if !onlyRematch(rows) {
						t.Errorf("a finished game has other controls than Rematch: %+v", rows)
					}
					if res := strings.ToLower(said(r.Message)); !strings.Contains(res, "wins") && !strings.Contains(res, "draw") {
						t.Errorf("final board has no result line: %q", res)
					}
					h := e.do(e.slash("carol", kind, "history", "player", "alice"))
					mustPublic(t, h)
					if first := map[string]string{"oolong": "Black", "ouri": "South", "ordo": "White"}[kind]; !strings.Contains(said(h.Message), "1. "+first) {
						t.Errorf("history: %q", said(h.Message))
					}
					return
				}
			}
			t.Fatalf("the game did not end")
		})
	}
}

func TestVsBotGameToTheEnd(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind+" against the easy bot ends", func(t *testing.T) {
			e := newEnv(t)
			r := e.do(e.slash("alice", kind, "vs-bot", "level", "easy", "first", "bot"))
			mustPublic(t, r)
			if !strings.Contains(said(r.Message), "the bot (easy") {
				t.Errorf("the bot's seat is not named: %q", said(r.Message))
			}
			rec, g := e.game(kind, "alice")
			if g.Ply() == 0 {
				t.Fatalf("the bot moves first but did not move")
			}
			if len(e.rec.edits()) == 0 {
				t.Fatalf("the bot's move was not shown")
			}
			rng := rand.New(rand.NewPCG(5, 6))
			for i := 0; i < 3000; i++ {
				rec2, g2, err := e.st.Game(rec.ID)
				if err != nil {
					t.Fatal(err)
				}
				if rec2.State == store.Finished {
					// The last edit that shows a board (the old board's cleared controls come after
					// the bot's move).
					var last sent
					for _, ed := range e.rec.edits() {
						if !ed.cleared {
							last = ed
						}
					}
					if !strings.Contains(last.content(), "wins") && !strings.Contains(last.content(), "Draw") &&
						!strings.Contains(said(r.Message), "wins") && !strings.Contains(said(r.Message), "Draw") {
						t.Errorf("no result shown: %q / %q", last.content(), said(r.Message))
					}
					return
				}
				if rec2.Seats[g2.ToMove()].Bot {
					t.Fatalf("the bot owes a decision at ply %d", g2.Ply())
				}
				if rec2.Deadline.IsZero() {
					t.Errorf("no idle deadline while the person is to move")
				}
				legal := g2.Legal()
				r = e.do(e.slash("alice", kind, "move", "play", g2.Format(legal[rng.IntN(len(legal))])))
				mustPublic(t, r)
			}
			t.Fatal("the game did not end")
		})
	}
}

func TestRefusals(t *testing.T) {
	e := newEnv(t)
	board := e.challengeGame("ouri")
	rec, _ := e.game("ouri", "alice")
	sow := func(ply int, h string) Action {
		return Action{Kind: "ouri", Game: rec.ID, Ply: ply, Route: "sow", Arg: h}
	}

	t.Run("a spectator's click is refused privately", func(t *testing.T) {
		mustRefuse(t, e.do(e.click("carol", board, sow(0, "d"))), "refusal.not-yours")
	})
	t.Run("a click out of turn is refused privately", func(t *testing.T) {
		mustRefuse(t, e.do(e.click("bob", board, sow(0, "d"))), "refusal.their-turn")
	})
	t.Run("a spectator's move command is refused privately", func(t *testing.T) {
		mustRefuse(t, e.do(e.slash("carol", "ouri", "move", "play", "d")), "refusal.no-game")
	})
	t.Run("an illegal move shows the engine's explanation", func(t *testing.T) {
		mustRefuse(t, e.do(e.slash("alice", "ouri", "move", "play", "z")), "ouri.not-house")
	})
	mustUpdate(t, e.do(e.click("alice", board, sow(0, "d"))))
	t.Run("a click on a stale board changes nothing", func(t *testing.T) {
		mustRefuse(t, e.do(e.click("bob", board, sow(0, "a"))), "refusal.stale-board")
		if rec2, _ := e.game("ouri", "bob"); rec2.Ply != 1 {
			t.Fatalf("ply %d after a stale click", rec2.Ply)
		}
	})
	t.Run("challenging yourself is refused", func(t *testing.T) {
		mustRefuse(t, e.do(e.slash("dave", "ordo", "challenge", "opponent", "dave")), "refusal.challenge-self")
	})
	t.Run("challenging a bot is refused", func(t *testing.T) {
		mustRefuse(t, e.do(e.slash("dave", "ordo", "challenge", "opponent", "somebot")), "refusal.challenge-bot")
	})
	t.Run("a second game of a kind in a channel is refused", func(t *testing.T) {
		mustRefuse(t, e.do(e.slash("alice", "ouri", "vs-bot")), "refusal.busy-you")
		mustRefuse(t, e.do(e.slash("dave", "ouri", "challenge", "opponent", "alice")), "refusal.busy-them")
	})
	t.Run("an interaction from no channel is refused", func(t *testing.T) {
		in := e.slash("alice", "ouri", "rules")
		in.Guild, in.Channel = "", ""
		mustRefuse(t, e.do(in), "refusal.no-channel")
	})
	t.Run("rules are private", func(t *testing.T) {
		mustPrivate(t, e.do(e.slash("carol", "ordo", "rules")), "connected")
	})
	t.Run("an interaction of no known type gets a private refusal, not a panic", func(t *testing.T) {
		mustRefuse(t, e.do(e.interaction("alice", Type(255))), "refusal.unknown")
	})
}

func TestResignAndDraw(t *testing.T) {
	e := newEnv(t)
	e.challengeGame("ordo")
	mustPublic(t, e.do(e.slash("alice", "ordo", "draw")))
	mustRefuse(t, e.do(e.slash("alice", "ordo", "draw")), "refusal.offered")
	r := e.do(e.slash("bob", "ordo", "draw"))
	mustPublic(t, r)
	if !says(said(r.Message), "status.draw-agreed") {
		t.Fatalf("accepted draw: %q", said(r.Message))
	}

	e.challengeGame("ouri")
	rec, _ := e.game("ouri", "alice")
	r = e.do(e.click("bob", rec.MessageID, Action{Kind: "ouri", Game: rec.ID, Route: "resign"}))
	mustPrivate(t, r, "resign")
	yes := enabled(r.Message.Rows)
	if len(yes) != 1 || yes[0].Route != "resign-yes" {
		t.Fatalf("the confirmation's controls: %+v", r.Message.Rows)
	}
	mustUpdate(t, e.do(e.click("bob", "eph1", yes[0])))
	_, g, _ := e.st.Game(rec.ID)
	if o := g.Outcome(); o.Method != games.Resignation || o.Winner != 0 {
		t.Fatalf("outcome %v", o)
	}
	edits := e.rec.edits()
	if last := edits[len(edits)-1]; last.message != rec.MessageID ||
		!strings.Contains(last.content(), mention("alice")+" (South) wins: North resigned") || !onlyRematch(last.msg.Rows) {
		t.Fatalf("the board was not updated: %+v", last)
	}
}

func TestAutocomplete(t *testing.T) {
	e := newEnv(t)
	e.challengeGame("ordo")
	ask := func(user, typed string) []string {
		r := e.handle(e.typing(user, "ordo", "move", "play", typed))
		if r.Type != Choices {
			t.Fatalf("reply %+v", r)
		}
		for i, n := range r.Names {
			// Only the 25th of more shows a name of its own: how many more there are.
			if n != "" && i < 24 {
				t.Errorf("choice %q shows %q", r.Choices[i], n)
			}
		}
		return r.Choices
	}
	_, g := e.game("ordo", "alice")
	legal := map[string]bool{}
	for _, n := range games.Names(g, g.Legal()) {
		legal[n] = true
	}
	t.Run("an empty field lists 24 legal moves and how to narrow the rest", func(t *testing.T) {
		got := ask("alice", "")
		if len(got) != 25 {
			t.Fatalf("%d choices", len(got))
		}
		for _, n := range got[:24] {
			if !legal[n] {
				t.Errorf("%q is not legal", n)
			}
		}
		if got[24] != "e3" {
			t.Errorf("the last choice plays %q, want the start of the first move left out (e3)", got[24])
		}
	})
	t.Run("the typed prefix filters, in any case", func(t *testing.T) {
		got := ask("alice", "A3")
		if len(got) == 0 {
			t.Fatal("nothing for a3")
		}
		for _, n := range got {
			if !strings.HasPrefix(n, "a3") || !legal[n] {
				t.Errorf("%q for a3", n)
			}
		}
		if got := ask("alice", "a3 a4"); len(got) != 1 || got[0] != "a3-a4" {
			t.Errorf("a3 a4 → %v", got)
		}
	})
	t.Run("nothing when it is not the caller's decision", func(t *testing.T) {
		if got := ask("bob", ""); len(got) != 0 {
			t.Errorf("bob gets %v", got)
		}
		if got := ask("carol", ""); len(got) != 0 {
			t.Errorf("carol gets %v", got)
		}
	})
}

func TestExpiry(t *testing.T) {
	t.Run("an unanswered challenge expires and its message says so", func(t *testing.T) {
		e := newEnv(t)
		in := e.slash("alice", "ouri", "challenge", "opponent", "bob")
		r := e.do(in)
		msg := e.messageOf(in)
		e.clock.Advance(9 * time.Minute)
		e.bot.Sweep(context.Background())
		if len(e.rec.edits()) != 0 {
			t.Fatal("expired too early")
		}
		e.clock.Advance(2 * time.Minute)
		e.bot.Sweep(context.Background())
		edits := e.rec.edits()
		if len(edits) != 1 || edits[0].message != msg || !strings.Contains(edits[0].content(), "expired") {
			t.Fatalf("edits %+v", edits)
		}
		for _, c := range controls(edits[0].msg.Rows) {
			if c.Type == Button && !c.Disabled {
				t.Errorf("button %s still enabled", c.Label)
			}
		}
		mustRefuse(t, e.do(e.click("bob", msg, actionOf(t, r.Message.Rows, "accept"))), "refusal.challenge-closed")
	})
	t.Run("an idle player loses on time", func(t *testing.T) {
		e := newEnv(t)
		e.challengeGame("ordo")
		rec, _ := e.game("ordo", "alice")
		e.clock.Advance(71 * time.Hour)
		e.bot.Sweep(context.Background())
		e.clock.Advance(2 * time.Hour)
		e.bot.Sweep(context.Background())
		_, g, _ := e.st.Game(rec.ID)
		if o := g.Outcome(); o.Method != games.Time || o.Winner != 1 {
			t.Fatalf("outcome %v", o)
		}
		edits := e.rec.edits()
		if len(edits) == 0 || !strings.Contains(edits[len(edits)-1].content(), mention("bob")+" (Black) wins: White ran out of time") {
			t.Fatalf("edits %+v", edits)
		}
	})
}
