package render

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// Ordo draws an Ordo board: ranks 8 down to 1 so White (O) sits at the bottom and Black (X) at the
// top, the last move, a note when a player is disconnected, and whose turn it is or the result.
func Ordo(g *ordo.Game) string {
	var b strings.Builder
	out := g.Outcome()
	turn := SeatName("ordo", g.ToMove()) + " to move"
	if out.Over() {
		turn = "game over"
	}
	fmt.Fprintf(&b, "Ordo - move %d, %s\n", g.MoveNumber(), turn)
	fmt.Fprintf(&b, "White (O): %d pieces   Black (X): %d pieces\n\n", g.Count(0), g.Count(1))
	files := "    A B C D E F G H I J\n"
	b.WriteString(files)
	for r := ordo.Ranks - 1; r >= 0; r-- {
		fmt.Fprintf(&b, " %d ", r+1)
		for f := 0; f < ordo.Files; f++ {
			b.WriteByte(' ')
			b.WriteByte(".OX"[g.At(f, r)+1])
		}
		fmt.Fprintf(&b, "  %d\n", r+1)
	}
	b.WriteString(files)
	if m, ok := g.LastMove(); ok {
		fmt.Fprintf(&b, "\nLast move: %s\n", g.Format(m))
	} else {
		b.WriteString("\nNo moves yet\n")
	}
	for _, s := range []games.Seat{0, 1} {
		if !g.Disconnected(s) {
			continue
		}
		if !out.Over() && s == g.ToMove() {
			fmt.Fprintf(&b, "%s is disconnected and must reconnect\n", SeatName("ordo", s))
		} else {
			fmt.Fprintf(&b, "%s is disconnected\n", SeatName("ordo", s))
		}
	}
	if out.Over() {
		b.WriteString(ordoResult(out) + "\n")
	}
	return b.String()
}

func ordoResult(o games.Outcome) string {
	w, l := SeatName("ordo", o.Winner), SeatName("ordo", o.Winner.Other())
	switch o.Method {
	case games.HomeRow:
		return w + " wins: reached the home row"
	case games.Capture:
		return w + " wins: captured every " + l + " piece"
	case games.NoMoves:
		return w + " wins: " + l + " has no legal move"
	case games.Repetition:
		return "Draw: the same position came up a third time"
	case games.Agreement:
		return "Draw by agreement"
	case games.Resignation:
		return w + " wins: " + l + " resigned"
	case games.Time:
		return w + " wins: " + l + " ran out of time"
	}
	return o.String()
}
