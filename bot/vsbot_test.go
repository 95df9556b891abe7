package bot

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/store"
)

func TestVsBotOptions(t *testing.T) {
	for _, level := range []string{"easy", "medium", "hard"} {
		for _, first := range []string{"me", "bot"} {
			t.Run("level "+level+", first "+first+": the bot is named and moves at once when first", func(t *testing.T) {
				e := newEnv(t)
				r := e.do(e.slash("alice", "ouri", "vs-bot", "level", level, "first", first))
				mustPublic(t, r)
				rec, g := e.game("ouri", "alice")
				botSeat := map[string]games.Seat{"me": 1, "bot": 0}[first]
				if !rec.Seats[botSeat].Bot || rec.Seats[botSeat].Level != level || rec.Seats[1-botSeat].UserID != "alice" {
					t.Fatalf("seats %+v", rec.Seats)
				}
				if !says(said(r.Message), "status.bot", "Level", level) {
					t.Errorf("the level is not shown: %q", said(r.Message))
				}
				wantPly := map[string]int{"me": 0, "bot": 1}[first]
				if g.Ply() != wantPly || g.ToMove() == botSeat {
					t.Fatalf("ply %d, to move %v", g.Ply(), g.ToMove())
				}
				if rec.Deadline.IsZero() {
					t.Errorf("no idle deadline for the person")
				}
			})
		}
	}
	t.Run("an unknown level is refused privately", func(t *testing.T) {
		e := newEnv(t)
		mustRefuse(t, e.do(e.slash("alice", "ouri", "vs-bot", "level", "grandmaster")), "refusal.engine")
		mustRefuse(t, e.do(e.slash("alice", "ouri", "vs-bot", "first", "them")), "refusal.first-vs-bot")
	})
	t.Run("a person who lets the idle limit pass loses to the bot on time, and the board says so", func(t *testing.T) {
		e := newEnv(t)
		e.do(e.slash("alice", "ouri", "vs-bot", "level", "easy", "first", "me"))
		rec, _ := e.game("ouri", "alice")
		e.clock.Advance(73 * time.Hour)
		e.bot.Sweep(context.Background())
		_, g, _ := e.st.Game(rec.ID)
		if o := g.Outcome(); o.Method != games.Time || o.Winner != 1 {
			t.Fatalf("outcome %v", o)
		}
		edits := e.rec.edits()
		if len(edits) == 0 || !strings.Contains(edits[len(edits)-1].content(), "The bot (easy, North) wins: South ran out of time") {
			t.Fatalf("edits %+v", edits)
		}
	})
}

// TestBotDecidesItsSpecialThenPlaces: a person's placement fires a special the bot decides; the bot
// then places too, and the person is to move.
func TestBotDecidesItsSpecialThenPlaces(t *testing.T) {
	// Black (the person) is to place, and some placement makes Green (the bot) owe a special.
	var move string
	line := oolongLine(t, testLayout, func(g *oolong.Game) bool {
		if g.ToMove() != 0 || len(g.Pending()) > 0 {
			return false
		}
		for _, m := range g.Legal() {
			c := g.CloneGame()
			if c.Play(m) == nil && !c.Outcome().Over() && len(c.Pending()) > 0 && c.Pending()[0].Actor == 1 {
				move = g.Format(m)
				return true
			}
		}
		return false
	})
	logs := &logBuffer{}
	e := newEnvLog(t, slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	g, err := oolong.New(games.Options{"layout": testLayout})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range line {
		m, _ := g.Parse(n)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := e.st.CreateGame(store.Game{Guild: "g1", Channel: "c1", Kind: "oolong", Encoded: games.Encode(g),
		Seats: [2]store.Player{{UserID: "alice"}, {Bot: true, Level: "easy"}}, Created: e.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	e.do(e.slash("alice", "oolong", "board"))
	in := e.slash("alice", "oolong", "move", "play", move)
	r := e.do(in)
	mustPublic(t, r)
	if !strings.Contains(said(r.Message), "thinking") {
		t.Errorf("the reply to the person's move does not say the bot is thinking: %q", said(r.Message))
	}
	rec, g2, err := e.st.Game(rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Outcome().Over() {
		t.Skip("the bot won with its special")
	}
	log := games.Names(g2, g2.Log())
	if rec.Ply < len(line)+3 || g2.ToMove() != 0 {
		t.Fatalf("after %s: ply %d (want ≥ %d), to move %v; log tail %v", move, rec.Ply, len(line)+3, g2.ToMove(), log[len(line):])
	}
	var last sent // the last edit showing a board (the old board's cleared controls may follow)
	for _, ed := range e.rec.edits() {
		if !ed.cleared {
			last = ed
		}
	}
	if last.message != e.messageOf(in) || !strings.Contains(last.content(), mention("alice")+" (Black) to move") {
		t.Fatalf("the live board was not brought up to date: %+v", last)
	}
	if _, _, ok := control(last.msg.Rows, func(a Action, v string) bool { return a.Route == "play" || v != "" }); !ok {
		t.Fatalf("the person has no controls: %+v", last.msg.Rows)
	}
	moves := 0
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, `"msg":"bot move"`) {
			moves++
			if n := strings.Count(line, `"guild":`); n != 1 {
				t.Errorf("the bot's move logs the guild %d times: %s", n, line)
			}
		}
	}
	if moves < 2 {
		t.Errorf("%d bot moves logged", moves)
	}
}
