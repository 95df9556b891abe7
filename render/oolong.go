package render

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// oolongHints are the choices of each special, as a player writes them.
var oolongHints = map[oolong.Marker]games.Text{
	oolong.BM: games.Text{ID: "oolong.hint.move"},
	oolong.GM: games.Text{ID: "oolong.hint.move"},
	oolong.BW: games.Text{ID: "oolong.hint.waiter"},
	oolong.GW: games.Text{ID: "oolong.hint.waiter"},
	oolong.RO: games.Text{ID: "oolong.hint.rotate"},
	oolong.SU: games.Text{ID: "oolong.hint.swap-unclaimed"},
	oolong.SC: games.Text{ID: "oolong.hint.swap-claimed"},
}

// oolongColumn is the width of one table's column: a label "nw BW*=b" and a space.
const oolongColumn = 9

// Oolong draws section 9 of rules/oolong.md, compacted to a phone's width: the nine tables as 3x3
// seat grids laid out like the compass, each labelled with its name, marker (* once used) and claim
// (=b, =g); the waiter's seat in upper case. The notes give the last decision, the waiter, the
// supplies, the legend and what the markers still to fire do.
func Oolong(g *oolong.Game, w games.Words) string { return Board(g, w) }

func init() { register(oolong.Descriptor, drawOolong) }

func drawOolong(g *oolong.Game, w games.Words) Block {
	var lines []string
	wt, ws := g.Waiter()
	for row := 0; row < 3; row++ {
		var rows [4]strings.Builder
		for col := 0; col < 3; col++ {
			t := oolong.Dir(row*3 + col)
			fmt.Fprintf(&rows[0], "%-*s", oolongColumn, oolongLabel(g, t))
			for r := 0; r < 3; r++ {
				var cells []string
				for c := 0; c < 3; c++ {
					s := oolong.Dir(r*3 + c)
					cell := g.At(t, s).String()
					if t == wt && s == ws {
						cell = strings.ToUpper(cell)
					}
					cells = append(cells, cell)
				}
				fmt.Fprintf(&rows[r+1], " %-*s", oolongColumn-1, strings.Join(cells, " "))
			}
		}
		if row > 0 {
			lines = append(lines, "")
		}
		for _, l := range rows {
			lines = append(lines, strings.TrimRight(l.String(), " "))
		}
	}
	var notes []string
	if m, by, ok := g.Last(); ok {
		notes = append(notes, w.T("board.oolong.last", map[string]any{"Colour": colour(oolong.Descriptor, by), "Move": g.Format(m)}))
	}
	notes = append(notes, w.T("board.oolong.waiter", map[string]any{"Table": wt.String(), "Seat": ws.String()}),
		w.T("board.oolong.supply", map[string]any{"Black": g.Supply(0), "Green": g.Supply(1),
			"BlackClaimed": g.Claimed(0), "GreenClaimed": g.Claimed(1)}))
	legend := []string{w.T("board.oolong.legend", nil)}
	if l := markerLegend(g, w); l != "" {
		legend = append(legend, l)
	}
	return Block{Lines: lines, Notes: notes, Legend: legend, Status: oolongStatus(g)}
}

// oolongLabel is a table's label: its name, its marker with * once used, and =b or =g once claimed,
// at most oolongColumn-1 characters ("nw BW*=b").
func oolongLabel(g *oolong.Game, t oolong.Dir) string {
	label := fmt.Sprintf("%-2s", t)
	if m, ok := g.Marker(t); ok {
		label += " " + m.String()
		if g.Used(t) {
			label += "*"
		}
	}
	switch g.Claim(t) {
	case 0:
		label += "=b"
	case 1:
		label += "=g"
	}
	return strings.TrimRight(label, " ")
}

// markerLegend says, for each kind of marker on the board that can still fire, when it fires and
// what it does, in one line; "" once every marker is used.
func markerLegend(g *oolong.Game, w games.Words) string {
	var unused [16]bool
	for t := oolong.Dir(0); t < 9; t++ {
		if m, ok := g.Marker(t); ok && !g.Used(t) {
			unused[m] = true
		}
	}
	var parts []string
	for m := oolong.BM; m <= oolong.SC; m++ {
		if unused[m] {
			parts = append(parts, w.T("board.oolong.marker", map[string]any{"Marker": m.String(), "Count": m.Threshold(),
				"Effect": w.T(m.EffectID(), nil)}))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	id := "board.oolong.markers"
	if g.Trigger() == oolong.TriggerOwner {
		id = "board.oolong.markers-owner"
	}
	return w.T(id, map[string]any{"Markers": strings.Join(parts, "; ")})
}

// oolongStatus is whose turn it is and what they do, or the result.
func oolongStatus(g *oolong.Game) Status {
	o := g.Outcome()
	loser := colour(oolong.Descriptor, o.Winner.Other())
	switch o.Method {
	case games.NotOver:
	case games.Claim:
		return status(o.Winner, "status.oolong.claim")
	case games.Exhaustion:
		return status(games.NoSeat, "status.oolong.exhaustion", "Colour", colour(oolong.Descriptor, g.ToMove()))
	case games.Agreement:
		return status(games.NoSeat, "status.draw-agreed")
	case games.Resignation:
		return status(o.Winner, "status.wins-resigned", "Loser", loser)
	case games.Time:
		return status(o.Winner, "status.wins-time", "Loser", loser)
	default:
		return status(games.NoSeat, "status.over", "How", o.Method)
	}
	who := g.ToMove()
	if pending := g.Pending(); len(pending) > 0 {
		sp := pending[0]
		return status(who, "status.oolong.decides", "Special", games.Text{ID: sp.Marker.NameID()},
			"Table", sp.Table.String(), "Hint", oolongHints[sp.Marker])
	}
	if g.Free() {
		return status(who, "status.oolong.free", "Table", wt(g).String())
	}
	return status(who, "status.oolong.to-move", "Table", wt(g).String())
}

func wt(g *oolong.Game) oolong.Dir {
	t, _ := g.Waiter()
	return t
}
