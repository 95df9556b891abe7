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
func Ouri(g *ouri.Game, w games.Words) string { return Board(g, w) }

func init() { register(ouri.Descriptor, drawOuri) }

func drawOuri(g *ouri.Game, w games.Words) Block {
	h, st := g.Houses(), g.Stores()
	north, south := make([]byte, 0, 32), make([]byte, 0, 32)
	north, south = append(north, "N "...), append(south, "S "...)
	for i := 0; i < 6; i++ {
		north = fmt.Appendf(north, "%4d", h[11-i])
		south = fmt.Appendf(south, "%4d", h[i])
	}
	lines := []string{fmt.Sprintf("S %d  N %d", st[0], st[1]), "",
		"     F   E   D   C   B   A", string(north), string(south), "     A   B   C   D   E   F"}
	var notes []string
	if last := g.LastSowing(); last.Seat != games.NoSeat {
		id := "board.ouri.last"
		switch {
		case last.GrandSlam && last.Captured > 0:
			id = "board.ouri.last-slam"
		case last.GrandSlam:
			id = "board.ouri.last-slam-empty"
		case last.Captured > 0:
			id = "board.ouri.last-captured"
		}
		args := map[string]any{"Colour": colour(ouri.Descriptor, last.Seat), "House": string(rune('a' + last.House))}
		if last.Captured > 0 {
			args["Count"] = last.Captured // only the messages that count the seeds have plural forms
		}
		notes = append(notes, w.T(id, args))
	}
	switch {
	case g.Rules() != ouri.RulesOuri && g.Misere():
		notes = append(notes, w.T("board.ouri.abapa-misere", nil))
	case g.Rules() != ouri.RulesOuri:
		notes = append(notes, w.T("board.ouri.abapa", nil))
	case g.Misere():
		notes = append(notes, w.T("board.ouri.misere", nil))
	}
	return Block{Lines: lines, Notes: notes, Legend: []string{w.T("board.ouri.legend", nil)}, Status: ouriStatus(g)}
}

// ouriStatus is "South to move" or the result. An ending in play gives both stores, the winner's
// first; a resignation or a time-out says so, without a score that did not decide it.
func ouriStatus(g *ouri.Game) Status {
	o, st := g.Outcome(), g.Stores()
	if !o.Over() {
		if last := g.LastSowing(); last.Seat == g.ToMove() {
			return status(g.ToMove(), "status.to-move-again")
		}
		return status(g.ToMove(), "status.to-move")
	}
	var why games.Text
	loser := colour(ouri.Descriptor, o.Winner.Other())
	switch o.Method {
	case games.Capture:
		why.ID = "status.ouri.why.capture"
		if g.Misere() {
			why = games.Text{ID: "status.ouri.why.misere", Args: games.Args("Loser", loser)}
		}
	case games.NoMoves:
		why.ID = "status.ouri.why.no-moves"
	case games.Repetition:
		why.ID = "status.ouri.why.repetition"
	case games.Agreement:
		why.ID = "status.ouri.why.agreement"
	case games.Resignation:
		return status(o.Winner, "status.wins-resigned", "Loser", loser)
	case games.Time:
		return status(o.Winner, "status.wins-time", "Loser", loser)
	default:
		return status(games.NoSeat, "status.over", "How", o.Method)
	}
	if o.Draw() {
		return status(games.NoSeat, "status.ouri.draw", "South", st[0], "North", st[1], "Why", why)
	}
	w := o.Winner
	return status(w, "status.ouri.wins", "Won", st[w], "Lost", st[w.Other()], "Why", why)
}
