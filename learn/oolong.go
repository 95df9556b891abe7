package learn

import (
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

func init() {
	register(oolong.Descriptor,
		&Lesson{ID: "oolong.serve", Steps: []Step{
			{Check: sendsWaiterTo(oolong.NE), Replies: []string{"ne.s"}},
			{Check: sendsWaiterTo(oolong.C)},
		}},
		&Lesson{ID: "oolong.free", Setup: Setup{Moves: decisions("c.e,e.w,w.se,se.n,n.c,c.ne,ne.nw,nw.s,s.se,se.sw,sw.sw,sw.c,c.se,se.e,e.sw,sw.se," +
			"se.nw,nw.n,n.w,w.c,c.sw,sw.s,move_w.c_c.s,s.c,c.c,c.nw,nw.e,e.se,se.se,swap_nw_w," +
			"se.c,c.n,n.sw,move_n.w_se.w,sw.w,w.c")},
			Steps: []Step{{Check: claimsOne("oolong.free")}}},
		&Lesson{ID: "oolong.win", Setup: Setup{Moves: decisions("c.ne,ne.nw,nw.n,n.se,se.c,c.n,n.sw,sw.nw,nw.ne,ne.n,n.n,n.w,w.w,w.se,se.s,s.w,w.ne," +
			"ne.e,e.se,se.nw,nw.s,s.n,n.ne,move_se.c_sw.e,ne.sw,rotate_5,sw.sw,sw.w,w.c,c.nw,nw.w," +
			"w.e,e.sw,sw.c,move_w.se_sw.ne,c.w,w.nw,nw.e,skip,e.w,w.n,n.e,e.nw,nw.c,c.c,c.e,e.ne," +
			"ne.c,c.sw,sw.se,se.se,se.w,w.s,swap_ne_e,s.c,c.se,se.ne,ne.s,s.se,rotate_2,se.sw," +
			"sw.n,n.s,s.nw,nw.se,se.n,swap_n_se")},
			Steps: []Step{{Check: winsOolong}}},
		&Lesson{ID: "oolong.move", Setup: Setup{Moves: decisions("c.n,n.se,se.e,e.ne,ne.n,n.c,c.se,se.se,se.w,w.w,w.e,e.se,se.nw,nw.e,e.sw,sw.ne,ne.s," +
			"s.se,se.n,swap_ne_sw,n.e")},
			Steps: []Step{{Check: claimsOne("oolong.move")}}},
		&Lesson{ID: "oolong.waiter", Setup: Setup{Moves: decisions("c.nw,nw.se,se.c,c.sw,sw.sw,sw.w,w.nw,nw.s,s.e,e.w,w.n,n.ne,ne.s,s.c,c.c,c.n,n.s,s.se," +
			"se.nw,nw.nw,nw.n,n.n,n.sw,sw.c,c.s,s.n,n.w,move_sw.sw_ne.sw,w.s,s.nw,nw.sw,sw.s,s.s," +
			"rotate_2,s.n,n.se,se.e,e.sw,sw.n,n.c,c.ne,ne.w,w.e,e.ne,ne.n,n.nw,nw.w,w.ne,ne.e," +
			"rotate_5,e.se,se.ne,swap_w_c,ne.s,s.nw,nw.ne,waiter_nw,nw.e,e.c")},
			Steps: []Step{{Check: noClaimNext}}},
		&Lesson{ID: "oolong.rotate", Setup: Setup{Moves: decisions("c.ne,ne.w,w.se,se.s,s.ne,ne.se,se.se,se.ne,ne.ne,ne.s,s.w,w.sw,sw.ne,ne.c")},
			Steps: []Step{{Check: teaOn(oolong.NE, oolong.N)}}},
		&Lesson{ID: "oolong.swap", Setup: Setup{Moves: decisions("c.se,se.e,e.sw,sw.s,s.se,se.sw,sw.e,e.se,se.se,se.nw,nw.sw,sw.ne,ne.se,se.s")},
			Steps: []Step{{Check: teasOn(oolong.NW, 4)}}},
		&Lesson{ID: "oolong.swapclaimed", Setup: Setup{Moves: decisions("c.w,w.s,s.se,se.c,c.ne,ne.nw,nw.w,w.n,n.e,e.se,se.ne,ne.e,e.w,w.nw,nw.e,e.n,n.w,w.ne," +
			"ne.c,c.se,se.s,s.ne,ne.w,w.w")},
			Steps: []Step{{Check: claimsAt(oolong.NW)}}},
	)
}

// decisions reads a setup written as decisions separated by commas, with _ for the spaces inside
// a special's notation: "c.ne,ne.s,move_nw.s_e.n".
func decisions(s string) []string {
	return strings.Split(strings.ReplaceAll(s, "_", " "), ",")
}

// sendsWaiterTo asks for a placement that sends the waiter to table t.
func sendsWaiterTo(t oolong.Dir) func(before, after games.Game, m games.Move) games.Text {
	return func(before, after games.Game, m games.Move) games.Text {
		if at, _ := after.(*oolong.Game).Waiter(); at != t {
			return games.Text{ID: "learn.oolong.serve.went", Args: games.Args("Move", before.Format(m), "Table", at.String())}
		}
		return games.Text{}
	}
}

// claimsOne asks for a decision that claims one more table for the decider.
func claimsOne(lesson string) func(before, after games.Game, m games.Move) games.Text {
	return func(before, after games.Game, m games.Move) games.Text {
		me := before.ToMove()
		if after.(*oolong.Game).Claimed(me) > before.(*oolong.Game).Claimed(me) {
			return games.Text{}
		}
		return games.Text{ID: "learn." + lesson + ".none", Args: games.Args("Move", before.Format(m))}
	}
}

// winsOolong asks for the fifth claimed table.
func winsOolong(before, after games.Game, m games.Move) games.Text {
	if o := after.Outcome(); o.Over() && o.Winner == before.ToMove() {
		return games.Text{}
	}
	return games.Text{ID: "learn.oolong.win.none", Args: games.Args("Move", before.Format(m), "Tables", after.(*oolong.Game).Claimed(before.ToMove()))}
}

// noClaimNext asks for a decision after which the opponent cannot claim a table with their tea.
func noClaimNext(before, after games.Game, m games.Move) games.Text {
	them := before.ToMove().Other()
	a := after.(*oolong.Game)
	for _, next := range a.Legal() {
		b := a.CloneGame()
		if b.Play(next) == nil && b.Claimed(them) > a.Claimed(them) {
			return games.Text{ID: "learn.oolong.waiter.open", Args: games.Args("Move", before.Format(m), "Reply", a.Format(next))}
		}
	}
	return games.Text{}
}

// teaOn asks for the decider's tea on a seat of a table.
func teaOn(table, seat oolong.Dir) func(before, after games.Game, m games.Move) games.Text {
	return func(before, after games.Game, m games.Move) games.Text {
		if after.(*oolong.Game).At(table, seat) == oolong.Tea(before.ToMove()+1) {
			return games.Text{}
		}
		return games.Text{ID: "learn.oolong.rotate.miss", Args: games.Args("Move", before.Format(m))}
	}
}

// teasOn asks for n of the decider's teas on a table.
func teasOn(table oolong.Dir, n int) func(before, after games.Game, m games.Move) games.Text {
	return func(before, after games.Game, m games.Move) games.Text {
		if got := after.(*oolong.Game).Count(before.ToMove(), table); got < n {
			return games.Text{ID: "learn.oolong.swap.fewer", Args: games.Args("Move", before.Format(m), "Teas", got)}
		}
		return games.Text{}
	}
}

// claimsAt asks for a table claimed by the decider at a position.
func claimsAt(table oolong.Dir) func(before, after games.Game, m games.Move) games.Text {
	return func(before, after games.Game, m games.Move) games.Text {
		if after.(*oolong.Game).Claim(table) == before.ToMove() {
			return games.Text{}
		}
		return games.Text{ID: "learn.oolong.swapclaimed.miss", Args: games.Args("Move", before.Format(m))}
	}
}
