package render

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// Ordo draws an Ordo board: ranks 8 down to 1 so White (O) sits at the bottom and Black (X) at the
// top, the last move, a note when a player is disconnected, and whose turn it is or the result.
func Ordo(g *ordo.Game) string { return drawOrdo(g).String() }

func drawOrdo(g *ordo.Game) drawn {
	out := g.Outcome()
	d := drawn{kind: "ordo", at: -1, newline: true}
	// The heading carries the turn ("Ordo - move 3, White to move"); BlockOf keeps just the number.
	if out.Over() {
		d.headTail = "game over"
	} else {
		d.status = Status{g.ToMove(), " to move"}
		d.headTail = d.status.Line("ordo")
	}
	lines := []string{
		fmt.Sprintf("Ordo - move %d", g.MoveNumber()),
		fmt.Sprintf("White (O): %d pieces   Black (X): %d pieces", g.Count(0), g.Count(1)),
		"",
	}
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
	lines = append(lines, files, "")
	if m, ok := g.LastMove(); ok {
		lines = append(lines, "Last move: "+g.Format(m))
	} else {
		lines = append(lines, "No moves yet")
	}
	for _, s := range []games.Seat{0, 1} {
		if !g.Disconnected(s) {
			continue
		}
		if !out.Over() && s == g.ToMove() {
			lines = append(lines, SeatName("ordo", s)+" is disconnected and must reconnect")
		} else {
			lines = append(lines, SeatName("ordo", s)+" is disconnected")
		}
	}
	if out.Over() {
		var ok bool
		d.status, ok = ordoResult(out)
		d.at, d.plain = len(lines), !ok
	}
	d.lines = lines
	return d
}

// ordoResult says who won and how; ok is false for an ending it has no words for.
func ordoResult(o games.Outcome) (st Status, ok bool) {
	w, l := o.Winner, SeatName("ordo", o.Winner.Other())
	switch o.Method {
	case games.HomeRow:
		return Status{w, " wins: reached the home row"}, true
	case games.Capture:
		return Status{w, " wins: captured every " + l + " piece"}, true
	case games.NoMoves:
		return Status{w, " wins: " + l + " has no legal move"}, true
	case games.Repetition:
		return Status{games.NoSeat, "Draw: the same position came up a third time"}, true
	case games.Agreement:
		return Status{games.NoSeat, "Draw by agreement"}, true
	case games.Resignation:
		return Status{w, " wins: " + l + " resigned"}, true
	case games.Time:
		return Status{w, " wins: " + l + " ran out of time"}, true
	}
	return Status{games.NoSeat, o.String()}, false
}
