package bot

import (
	"math/rand/v2"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/store"
)

// oolongLine finds, by seeded random play from layout, the decisions that lead to a position where
// want holds (specials met on the way are skipped, so markers stay for later).
func oolongLine(t *testing.T, layout string, want func(g *oolong.Game) bool) []string {
	t.Helper()
	for seed := uint64(1); seed < 2000; seed++ {
		g, err := oolong.New(games.Options{"layout": layout})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 42))
		var line []string
		for !g.Outcome().Over() {
			if want(g) {
				return line
			}
			legal := games.Names(g, g.Legal())
			n := legal[rng.IntN(len(legal))]
			if len(g.Pending()) > 0 {
				n = "skip"
			}
			m, err := g.Parse(n)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			line = append(line, n)
		}
	}
	t.Fatal("no position found")
	return nil
}

// pendingIs is a position where the player to decide owes a special of marker m.
func pendingIs(m oolong.Marker) func(g *oolong.Game) bool {
	return func(g *oolong.Game) bool { p := g.Pending(); return len(p) > 0 && p[0].Marker == m }
}

const testLayout = "BM,RO,GW,SU,RO,GM,SC,BW"

// oolongAt starts alice (Black) against bob (Green) with layout, plays line with /oolong move and
// returns the live board's message id and controls.
func (e *env) oolongAt(line []string) (string, []Row) {
	e.t.Helper()
	in := e.slash("alice", "oolong", "challenge", "opponent", "bob", "first", "me")
	e.do(in)
	c, err := e.st.OpenChallenges("c1")
	if err != nil || len(c) != 1 {
		e.t.Fatalf("challenges %v %v", c, err)
	}
	// The challenge carries the layout, as a rematch would.
	g, err := oolong.New(games.Options{"layout": testLayout})
	if err != nil {
		e.t.Fatal(err)
	}
	rec, err := e.st.AcceptChallenge(c[0].ID, store.Game{Guild: "g1", Channel: "c1", Kind: "oolong",
		Seats: [2]store.Player{{UserID: "alice"}, {UserID: "bob"}}, Encoded: games.Encode(g), Created: e.clock.Now()})
	if err != nil {
		e.t.Fatal(err)
	}
	board := ""
	var rows []Row
	for _, n := range line {
		user := map[games.Seat]string{0: "alice", 1: "bob"}[g.ToMove()]
		in := e.slash(user, "oolong", "move", "play", n)
		r := e.do(in)
		mustPublic(e.t, r)
		m, _ := g.Parse(n)
		if err := g.Play(m); err != nil {
			e.t.Fatal(err)
		}
		board, rows = e.messageOf(in), r.Message.Rows
	}
	if board == "" {
		in := e.slash("carol", "oolong", "board")
		r := e.do(in)
		board, rows = e.messageOf(in), r.Message.Rows
	}
	// A board posted by /move is stored as not known yet (""), until its id is learnt.
	if got, _, _ := e.st.Game(rec.ID); got.Ply != len(line) || got.MessageID != board && got.MessageID != "" {
		e.t.Fatalf("ply %d board %s", got.Ply, got.MessageID)
	}
	return board, rows
}

// control finds the enabled button, or the menu option, of rows that match accepts (value is a
// menu option's, "" for a button).
func control(rows []Row, match func(a Action, value string) bool) (a Action, value string, ok bool) {
	for _, c := range controls(rows) {
		switch {
		case c.Type == Button && !c.Disabled && match(c.Action, ""):
			return c.Action, "", true
		case c.Type == Menu:
			for _, o := range c.Options {
				if match(c.Action, o.Value) {
					return c.Action, o.Value, true
				}
			}
		}
	}
	return Action{}, "", false
}

// hasLabel reports whether rows have an enabled button labelled label.
func hasLabel(rows []Row, label string) bool {
	for _, c := range controls(rows) {
		if c.Type == Button && c.Label == label && !c.Disabled {
			return true
		}
	}
	return false
}

// plays reports whether a control plays note: its button, or its menu option.
func plays(note string) func(a Action, value string) bool {
	return func(a Action, value string) bool {
		return value == note || value == "" && a.Route == "play" && a.Arg == note
	}
}

// groupOf is the group of the mover's panel that holds note: the table of a free placement, the
// tea of a Move Tea.
func groupOf(g games.Game, note string) string {
	if p, ok := g.(games.Paneled); ok {
		for _, gr := range p.Panel().Groups {
			for _, c := range gr.Choices {
				if c.Notation == note {
					return gr.Name
				}
			}
		}
	}
	return ""
}

// decideByMenus plays note on board by the menus and buttons only, as a person would: directly, or
// by first picking its group (a table, a tea) and then the choice, checking Back on the way.
func (e *env) decideByMenus(user, board string, rows []Row, note string) Reply {
	e.t.Helper()
	direct := plays(note)
	press := func(a Action, value string) Reply {
		if value != "" {
			return e.do(e.click(user, board, a, value))
		}
		return e.do(e.click(user, board, a))
	}
	if id, v, ok := control(rows, direct); ok {
		return press(id, v)
	}
	_, g := e.game("oolong", user)
	group := groupOf(g, note)
	id, v, ok := control(rows, func(a Action, value string) bool { return a.Route == "group" && value == group })
	if !ok {
		e.t.Fatalf("no control for %q or its group %q in %+v", note, group, rows)
	}
	r := press(id, v)
	if r.Type != Update || !hasLabel(r.Message.Rows, "Back") {
		e.t.Fatalf("picking %q: want the narrowed board with Back, got %+v", group, r)
	}
	// Back shows the overview again; then the group once more, then the choice.
	back := e.do(e.click(user, board, actionOf(e.t, r.Message.Rows, "view")))
	if back.Type != Update || hasLabel(back.Message.Rows, "Back") {
		e.t.Fatalf("Back: %+v", back)
	}
	r = press(id, v)
	id, v, ok = control(r.Message.Rows, direct)
	if !ok {
		e.t.Fatalf("%q is not offered after picking %q: %+v", note, group, r.Message.Rows)
	}
	return press(id, v)
}

func TestOolongMenus(t *testing.T) {
	cases := []struct {
		name    string
		want    func(g *oolong.Game) bool
		choose  func(legal []string) string
		twoStep bool // the choice is not on the overview: its group (table, tea) is picked first
	}{
		{"a free placement is chosen table first, then seat", func(g *oolong.Game) bool { return g.Free() && len(g.Pending()) == 0 },
			func(legal []string) string { return legal[len(legal)/2] }, true},
		{"Move Tea is chosen tea first, then destination", pendingIs(oolong.BM), func(legal []string) string { return legal[len(legal)/2] }, true},
		{"Move Waiter is chosen in its menu", pendingIs(oolong.BW), func(legal []string) string { return legal[0] }, false},
		{"Rotate is chosen in its menu", pendingIs(oolong.RO), func([]string) string { return "rotate 3" }, false},
		{"Swap Unclaimed is chosen in its menu", pendingIs(oolong.SU), func(legal []string) string { return legal[1] }, false},
		{"Swap Claimed is chosen in its menu", pendingIs(oolong.SC), func(legal []string) string { return legal[0] }, false},
		{"a special may be skipped", pendingIs(oolong.GW), func([]string) string { return "skip" }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			line := oolongLine(t, testLayout, c.want)
			board, rows := e.oolongAt(line)
			rec, g := e.game("oolong", "alice")
			user := map[games.Seat]string{0: "alice", 1: "bob"}[g.ToMove()]
			other := map[games.Seat]string{0: "bob", 1: "alice"}[g.ToMove()]
			var legal []string
			for _, n := range games.Names(g, g.Legal()) {
				if n != "skip" {
					legal = append(legal, n)
				}
			}
			note := c.choose(legal)
			_, _, direct := control(rows, plays(note))
			if direct == c.twoStep {
				t.Fatalf("%q offered on the overview: %v, want %v (%d choices)", note, direct, !c.twoStep, len(legal))
			}
			if hasLabel(rows, "Skip") != (len(g.(*oolong.Game).Pending()) > 0) {
				t.Fatalf("Skip shown: %v, pending specials %v", hasLabel(rows, "Skip"), g.(*oolong.Game).Pending())
			}
			anyMenu, anyValue, ok := control(rows, func(a Action, value string) bool { return value != "" })
			if !ok {
				t.Fatalf("no menu on the board: %+v", rows)
			}
			t.Run("the opponent's and a spectator's picks are refused privately", func(t *testing.T) {
				mustRefuse(t, e.do(e.click(other, board, anyMenu, anyValue)), "refusal.their-turn")
				mustRefuse(t, e.do(e.click("carol", board, anyMenu, anyValue)), "refusal.not-yours")
			})
			r := e.decideByMenus(user, board, rows, note)
			if r.Type != Update {
				t.Fatalf("deciding %q: %+v", note, r)
			}
			rec2, g2 := e.game("oolong", "alice")
			if rec2.Ply != rec.Ply+1 || g2.Format(g2.Log()[rec.Ply]) != note {
				t.Fatalf("ply %d, last decision %q, want %q", rec2.Ply, g2.Format(g2.Log()[len(g2.Log())-1]), note)
			}
			t.Run("a pick on the stale menu is refused privately and changes nothing", func(t *testing.T) {
				mustRefuse(t, e.do(e.click(user, board, anyMenu, anyValue)), "refusal.stale-board")
				if rec3, _ := e.game("oolong", "alice"); rec3.Ply != rec2.Ply {
					t.Fatalf("ply %d after a stale pick", rec3.Ply)
				}
			})
		})
	}
}
