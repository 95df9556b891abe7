package render

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// Ordo draws an Ordo board (rules/ordo.md section 7), compacted to a phone's width: the piece counts
// (O White, X Black), then ranks 8 down to 1 so White sits at the bottom and Black at the top. The
// notes give the move number, the last move and a note when a player is disconnected.
func Ordo(g *ordo.Game) string { return Board(g) }

func drawOrdo(g *ordo.Game) Block {
	out := g.Outcome()
	lines := []string{fmt.Sprintf("O %d  X %d", g.Count(0), g.Count(1)), ""}
	const files = "    A B C D E F G H I J"
	lines = append(lines, files)
	for r := ordo.Ranks - 1; r >= 0; r-- {
		var b strings.Builder
		fmt.Fprintf(&b, " %d ", r+1)
		for f := 0; f < ordo.Files; f++ {
			b.WriteByte(' ')
			b.WriteByte(".OX"[g.At(f, r)+1])
		}
		fmt.Fprintf(&b, "  %d", r+1)
		lines = append(lines, b.String())
	}
	lines = append(lines, files)
	notes := []string{fmt.Sprintf("Move %d; White plays O (%d pieces), Black plays X (%d pieces)", g.MoveNumber(), g.Count(0), g.Count(1))}
	if m, ok := g.LastMove(); ok {
		notes = append(notes, "Last move: "+g.Format(m))
	} else {
		notes = append(notes, "No moves yet")
	}
	for _, s := range []games.Seat{0, 1} {
		if !g.Disconnected(s) {
			continue
		}
		if !out.Over() && s == g.ToMove() {
			notes = append(notes, SeatName("ordo", s)+" is disconnected and must reconnect")
		} else {
			notes = append(notes, SeatName("ordo", s)+" is disconnected")
		}
	}
	st := Status{g.ToMove(), " to move"}
	if out.Over() {
		st = ordoResult(out)
	}
	return Block{Lines: lines, Notes: notes, Status: st}
}

// ordoResult says who won and how.
func ordoResult(o games.Outcome) Status {
	w, l := o.Winner, SeatName("ordo", o.Winner.Other())
	switch o.Method {
	case games.HomeRow:
		return Status{w, " wins: reached the home row"}
	case games.Capture:
		return Status{w, " wins: captured every " + l + " piece"}
	case games.NoMoves:
		return Status{w, " wins: " + l + " has no legal move"}
	case games.Repetition:
		return Status{games.NoSeat, "Draw: the same position came up a third time"}
	case games.Agreement:
		return Status{games.NoSeat, "Draw by agreement"}
	case games.Resignation:
		return Status{w, " wins: " + l + " resigned"}
	case games.Time:
		return Status{w, " wins: " + l + " ran out of time"}
	}
	return Status{games.NoSeat, "Game over: " + o.String()}
}
