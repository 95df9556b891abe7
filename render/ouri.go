package render

import (
	"fmt"

	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

// Ouri draws an Ouri board (rules/ouri.md section 7), compacted to a phone's width: the stores on
// top (S South, N North), North's row right to left under its letters, South's row left to right
// above its letters. Each player reads their own houses a-f from their own left. The notes give the
// last sowing, the rule set and the legend.
func Ouri(g *ouri.Game) string { return Board(g) }

func drawOuri(g *ouri.Game) Block {
	h, st := g.Houses(), g.Stores()
	north, south := "N ", "S "
	for i := 0; i < 6; i++ {
		north += fmt.Sprintf("%4d", h[11-i])
		south += fmt.Sprintf("%4d", h[i])
	}
	lines := []string{fmt.Sprintf("S %d  N %d", st[0], st[1]), "",
		"     F   E   D   C   B   A", north, south, "     A   B   C   D   E   F"}
	var notes []string
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
		notes = append(notes, l)
	}
	switch {
	case g.Rules() != ouri.RulesOuri && g.Misere():
		notes = append(notes, "Abapa rules, misere: the smaller store wins")
	case g.Rules() != ouri.RulesOuri:
		notes = append(notes, "Abapa rules: no singleton rule, a grand slam captures nothing")
	case g.Misere():
		notes = append(notes, "Misere: the smaller store wins")
	}
	notes = append(notes, "Top: the stores of S (South) and N (North); each row is read from its owner's left, houses a-f")
	return Block{Lines: lines, Notes: notes, Status: ouriStatus(g)}
}

// ouriStatus is "South to move" or the result. An ending in play gives both stores, the winner's
// first; a resignation or a time-out says so, without a score that did not decide it.
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
		return Status{o.Winner, fmt.Sprintf(" wins: %s resigned", loser)}
	case games.Time:
		return Status{o.Winner, fmt.Sprintf(" wins: %s ran out of time", loser)}
	default:
		return Status{games.NoSeat, "Game over: " + o.String()}
	}
	if o.Draw() {
		return Status{games.NoSeat, fmt.Sprintf("Draw %d-%d (%s)", st[0], st[1], why)}
	}
	w := o.Winner
	return Status{w, fmt.Sprintf(" wins %d-%d (%s)", st[w], st[w.Other()], why)}
}
