package render

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

// Ouri draws an Ouri board (rules/ouri.md section 7): the scores, North's row right to left under
// its letters, South's row left to right above its letters, then the turn or result and the last
// sowing. Each player reads their own houses a–f from their own left.
func Ouri(g *ouri.Game) string {
	var b strings.Builder
	h, st := g.Houses(), g.Stores()
	fmt.Fprintf(&b, "South %d  North %d", st[0], st[1])
	var notes []string
	if g.Rules() != ouri.RulesOuri {
		notes = append(notes, g.Rules().String()+" rules")
	}
	if g.Misere() {
		notes = append(notes, "misere")
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, "  (%s)", strings.Join(notes, ", "))
	}
	b.WriteString("\n\n         F   E   D   C   B   A\nNorth ")
	for i := 11; i >= 6; i-- {
		fmt.Fprintf(&b, "%4d", h[i])
	}
	b.WriteString("\nSouth ")
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&b, "%4d", h[i])
	}
	b.WriteString("\n         A   B   C   D   E   F\n\n")
	b.WriteString(ouriStatus(g))
	if last := g.LastSowing(); last.Seat != games.NoSeat {
		fmt.Fprintf(&b, "\nLast: %s sowed %c", SeatName("ouri", last.Seat), 'a'+last.House)
		switch {
		case last.GrandSlam && last.Captured > 0:
			fmt.Fprintf(&b, ", grand slam: captured %d", last.Captured)
		case last.GrandSlam:
			b.WriteString(", grand slam: nothing captured")
		case last.Captured > 0:
			fmt.Fprintf(&b, ", captured %d", last.Captured)
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// ouriStatus is "South to move" or the result with both stores, the winner's first.
func ouriStatus(g *ouri.Game) string {
	o, st := g.Outcome(), g.Stores()
	if !o.Over() {
		s := SeatName("ouri", g.ToMove()) + " to move"
		if last := g.LastSowing(); last.Seat == g.ToMove() {
			s += " again"
		}
		return s
	}
	var why string
	loser := SeatName("ouri", o.Winner.Other())
	switch o.Method {
	case games.Capture:
		why = "store reached 25"
		if g.Misere() {
			why = "misere: " + loser + "'s store reached 25"
		}
	case games.NoMoves:
		why = "no legal move, seeds collected"
	case games.Repetition:
		why = "position repeated 3 times, seeds collected"
	case games.Agreement:
		why = "ended by agreement, seeds collected"
	case games.Resignation:
		why = loser + " resigned"
	case games.Time:
		why = loser + " ran out of time"
	default:
		why = o.Method.String()
	}
	if o.Draw() {
		return fmt.Sprintf("Draw %d-%d (%s)", st[0], st[1], why)
	}
	w := o.Winner
	return fmt.Sprintf("%s wins %d-%d (%s)", SeatName("ouri", w), st[w], st[w.Other()], why)
}
