package learn

import (
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

func init() {
	register(ordo.Descriptor,
		&Lesson{ID: "ordo.move", Steps: []Step{{Check: singletonTo(4)}}},
		&Lesson{ID: "ordo.ordo", Steps: []Step{{Check: ordoForward(2)}}},
		&Lesson{ID: "ordo.sideways", Setup: Setup{Moves: strings.Fields("i2-h3 i6-j5")},
			Steps: []Step{{Check: verticalOrdo}}},
		&Lesson{ID: "ordo.capture", Setup: Setup{Moves: strings.Fields("f3-f4 c7-e5")},
			Steps: []Step{{Check: capturesPiece}}},
		&Lesson{ID: "ordo.reconnect", Setup: Setup{Moves: strings.Fields("g1-e1 e6-f5 g2:h2-g4 i6xg4")},
			Steps: []Step{{Check: reconnects}}},
		&Lesson{ID: "ordo.win", Setup: Setup{Moves: strings.Fields("h2-g3 i6-j5 a3-a4 h8-i8 f3-g4 f6-h6 c2-c3 f7-f6 f2-f4 j6-i5 " +
			"d1-f1 d7-d6 f4-f5 j7-i6 e3xe6 c7-c5 g1-f2 b7-c7 j3-f7 h6-g5")},
			Steps: []Step{{Check: reachesHomeRow}}},
	)
}

// rank is the rank a square is on, 1–8, and forward the ranks a move gains for the mover.
func rank(s ordo.Square) int { return s.Rank() + 1 }

func forward(mover games.Seat, m games.Move) int {
	d := ordo.To(m).Rank() - ordo.From(m).Rank()
	if mover == 1 {
		return -d
	}
	return d
}

// singletonTo asks for one piece moved onto rank r (counted from the mover's home row).
func singletonTo(r int) func(before, after games.Game, m games.Move) games.Text {
	return func(before, _ games.Game, m games.Move) games.Text {
		mover := before.ToMove()
		got := rank(ordo.To(m))
		if mover == 1 {
			got = 9 - got
		}
		switch {
		case ordo.IsOrdo(m):
			return games.Text{ID: "learn.ordo.move.ordo", Args: games.Args("Move", before.Format(m))}
		case got != r:
			return games.Text{ID: "learn.ordo.move.rank", Args: games.Args("Move", before.Format(m), "Rank", got)}
		}
		return games.Text{}
	}
}

// ordoForward asks for an ordo moved d ranks forward.
func ordoForward(d int) func(before, after games.Game, m games.Move) games.Text {
	return func(before, _ games.Game, m games.Move) games.Text {
		switch {
		case !ordo.IsOrdo(m):
			return games.Text{ID: "learn.ordo.ordo.single", Args: games.Args("Move", before.Format(m))}
		case forward(before.ToMove(), m) != d:
			return games.Text{ID: "learn.ordo.ordo.far", Args: games.Args("Move", before.Format(m), "Steps", forward(before.ToMove(), m))}
		}
		return games.Text{}
	}
}

// verticalOrdo asks for an ordo along a file, moved sideways.
func verticalOrdo(before, _ games.Game, m games.Move) games.Text {
	switch {
	case !ordo.IsOrdo(m):
		return games.Text{ID: "learn.ordo.sideways.single", Args: games.Args("Move", before.Format(m))}
	case ordo.From(m).File() != ordo.End2(m).File():
		return games.Text{ID: "learn.ordo.sideways.horizontal", Args: games.Args("Move", before.Format(m))}
	}
	return games.Text{}
}

// capturesPiece asks for a capture.
func capturesPiece(before, _ games.Game, m games.Move) games.Text {
	if ordo.IsCapture(m) {
		return games.Text{}
	}
	return games.Text{ID: "learn.ordo.capture.none", Args: games.Args("Move", before.Format(m))}
}

// reconnects asks for the mover's pieces in one group again (every legal move of a disconnected
// player does it; what is left to learn is which moves the rules allow).
func reconnects(before, after games.Game, m games.Move) games.Text {
	if after.(*ordo.Game).Disconnected(before.ToMove()) {
		return games.Text{ID: "learn.ordo.reconnect.apart", Args: games.Args("Move", before.Format(m))}
	}
	return games.Text{}
}

// reachesHomeRow asks for a move that wins on the opponent's home row.
func reachesHomeRow(before, after games.Game, m games.Move) games.Text {
	if o := after.Outcome(); o.Winner == before.ToMove() && o.Method == games.HomeRow {
		return games.Text{}
	}
	r := rank(ordo.To(m))
	return games.Text{ID: "learn.ordo.win.short", Args: games.Args("Move", before.Format(m), "Rank", r)}
}
