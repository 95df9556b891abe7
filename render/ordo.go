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
func Ordo(g *ordo.Game, w games.Words) string { return Board(g, w) }

func init() { register(ordo.Descriptor, drawOrdo) }

func drawOrdo(g *ordo.Game, w games.Words) Block {
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
	notes := []string{w.T("board.ordo.pieces", map[string]any{"Move": g.MoveNumber(),
		"White": w.T("board.ordo.count", map[string]any{"Count": g.Count(0)}),
		"Black": w.T("board.ordo.count", map[string]any{"Count": g.Count(1)})})}
	if m, ok := g.LastMove(); ok {
		notes = append(notes, w.T("board.ordo.last", map[string]any{"Move": g.Format(m)}))
	} else {
		notes = append(notes, w.T("board.ordo.no-moves", nil))
	}
	for _, s := range []games.Seat{0, 1} {
		if !g.Disconnected(s) {
			continue
		}
		id := "board.ordo.disconnected"
		if !out.Over() && s == g.ToMove() {
			id = "board.ordo.must-reconnect"
		}
		notes = append(notes, w.T(id, map[string]any{"Colour": colour(ordo.Descriptor, s)}))
	}
	st := bare(status(g.ToMove(), "status.to-move"), "status.ordo.bare.to-move")
	if out.Over() {
		st = ordoResult(out)
	}
	return Block{Lines: lines, Notes: notes, Status: st}
}

// ordoResult says who won and how.
func ordoResult(o games.Outcome) Status {
	w, l := o.Winner, colour(ordo.Descriptor, o.Winner.Other())
	switch o.Method {
	case games.HomeRow:
		return bare(status(w, "status.ordo.home-row"), "status.ordo.bare.home-row")
	case games.Capture:
		return bare(status(w, "status.ordo.capture", "Loser", l), "status.ordo.bare.capture")
	case games.NoMoves:
		return bare(status(w, "status.ordo.no-moves", "Loser", l), "status.ordo.bare.no-moves")
	case games.Repetition:
		return status(games.NoSeat, "status.ordo.repetition")
	case games.Agreement:
		return status(games.NoSeat, "status.draw-agreed")
	case games.Resignation:
		return bare(status(w, "status.ordo.wins-resigned", "Loser", l), "status.ordo.bare.wins-resigned")
	case games.Time:
		return bare(status(w, "status.ordo.wins-time", "Loser", l), "status.ordo.bare.wins-time")
	}
	return status(games.NoSeat, "status.over", "How", o.Method)
}

// bare is st worded by the message id when it names the seat by its colour alone.
func bare(st Status, id string) Status {
	st.Bare = id
	return st
}
