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
func Ouri(g *ouri.Game) string { return drawOuri(g).String() }

func drawOuri(g *ouri.Game) drawn {
	h, st := g.Houses(), g.Stores()
	head := fmt.Sprintf("South %d  North %d", st[0], st[1])
	var notes []string
	if g.Rules() != ouri.RulesOuri {
		notes = append(notes, g.Rules().String()+" rules")
	}
	if g.Misere() {
		notes = append(notes, "misere")
	}
	if len(notes) > 0 {
		head += fmt.Sprintf("  (%s)", strings.Join(notes, ", "))
	}
	var north, south strings.Builder
	north.WriteString("North ")
	for i := 11; i >= 6; i-- {
		fmt.Fprintf(&north, "%4d", h[i])
	}
	south.WriteString("South ")
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&south, "%4d", h[i])
	}
	lines := []string{head, "", "         F   E   D   C   B   A", north.String(), south.String(),
		"         A   B   C   D   E   F", ""}
	d := drawn{kind: "ouri", status: ouriStatus(g), at: len(lines), newline: true}
	if last := g.LastSowing(); last.Seat != games.NoSeat {
		l := fmt.Sprintf("Last: %s sowed %c", SeatName("ouri", last.Seat), 'a'+last.House)
		switch {
		case last.GrandSlam && last.Captured > 0:
			l += fmt.Sprintf(", grand slam: captured %d", last.Captured)
		case last.GrandSlam:
			l += ", grand slam: nothing captured"
		case last.Captured > 0:
			l += fmt.Sprintf(", captured %d", last.Captured)
		}
		lines = append(lines, l)
	}
	d.lines = lines
	return d
}

// ouriStatus is "South to move" or the result with both stores, the winner's first.
func ouriStatus(g *ouri.Game) Status {
	o, st := g.Outcome(), g.Stores()
	if !o.Over() {
		s := Status{g.ToMove(), " to move"}
		if last := g.LastSowing(); last.Seat == g.ToMove() {
			s.Text += " again"
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
		return Status{games.NoSeat, fmt.Sprintf("Draw %d-%d (%s)", st[0], st[1], why)}
	}
	w := o.Winner
	return Status{w, fmt.Sprintf(" wins %d-%d (%s)", st[w], st[w.Other()], why)}
}
