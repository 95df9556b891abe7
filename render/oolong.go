package render

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// oolongHints are the choices of each special, as a player writes them.
var oolongHints = map[oolong.Marker]string{
	oolong.BM: "move <table>.<seat> <table>.<seat>",
	oolong.GM: "move <table>.<seat> <table>.<seat>",
	oolong.BW: "waiter <table>",
	oolong.GW: "waiter <table>",
	oolong.RO: "rotate 1-7",
	oolong.SU: "swap <table> <table>",
	oolong.SC: "swap <claimed> <unclaimed>",
}

// oolongColumn is the width of one table's column: a label "nw BW*=b" and a space.
const oolongColumn = 9

// Oolong draws section 9 of rules/oolong.md, compacted to a phone's width: the nine tables as 3x3
// seat grids laid out like the compass, each labelled with its name, marker (* once used) and claim
// (=b, =g); the waiter's seat in upper case. The notes give the last decision, the waiter, the
// supplies, the legend and what the markers still to fire do.
func Oolong(g *oolong.Game) string { return Board(g) }

func drawOolong(g *oolong.Game) Block {
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
		notes = append(notes, fmt.Sprintf("Last: %s %s", SeatName("oolong", by), g.Format(m)))
	}
	notes = append(notes, fmt.Sprintf("Waiter: table %s, seat %s", wt, ws),
		fmt.Sprintf("Supply: Black %d, Green %d; claimed: Black %d, Green %d",
			g.Supply(0), g.Supply(1), g.Claimed(0), g.Claimed(1)),
		"o empty, b Black, g Green; upper case: the waiter's seat; * marker used; =b =g table claimed by Black, Green")
	if l := markerLegend(g); l != "" {
		notes = append(notes, l)
	}
	return Block{Lines: lines, Notes: notes, Status: oolongStatus(g)}
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
func markerLegend(g *oolong.Game) string {
	var unused [16]bool
	for t := oolong.Dir(0); t < 9; t++ {
		if m, ok := g.Marker(t); ok && !g.Used(t) {
			unused[m] = true
		}
	}
	var parts []string
	for m := oolong.BM; m <= oolong.SC; m++ {
		if unused[m] {
			parts = append(parts, fmt.Sprintf("%s (%d): %s", m, m.Threshold(), m.Effect()))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	lead := "Each marker fires once, when its table gets that many teas of one colour. "
	if g.Trigger() == oolong.TriggerOwner {
		lead = "Each marker fires once, when its table gets that many teas of one colour (BM, BW: Black's only; GM, GW: Green's only). "
	}
	return lead + strings.Join(parts, "; ")
}

// oolongStatus is whose turn it is and what they do, or the result.
func oolongStatus(g *oolong.Game) Status {
	o := g.Outcome()
	loser := SeatName("oolong", o.Winner.Other())
	switch o.Method {
	case games.NotOver:
	case games.Claim:
		return Status{o.Winner, " wins: five tables claimed"}
	case games.Exhaustion:
		return Status{games.NoSeat, fmt.Sprintf("Draw: %s has no tea left", SeatName("oolong", g.ToMove()))}
	case games.Agreement:
		return Status{games.NoSeat, "Draw by agreement"}
	case games.Resignation:
		return Status{o.Winner, fmt.Sprintf(" wins: %s resigned", loser)}
	case games.Time:
		return Status{o.Winner, fmt.Sprintf(" wins: %s ran out of time", loser)}
	default:
		return Status{games.NoSeat, "Game over: " + o.String()}
	}
	who := g.ToMove()
	if pending := g.Pending(); len(pending) > 0 {
		sp := pending[0]
		return Status{who, fmt.Sprintf(" decides: %s on table %s (%s or skip)", sp.Marker.Name(), sp.Table, oolongHints[sp.Marker])}
	}
	if g.Free() {
		return Status{who, fmt.Sprintf(" to move: table %s has no open seat, serve any empty seat elsewhere", wt(g))}
	}
	return Status{who, fmt.Sprintf(" to move: serve at table %s", wt(g))}
}

func wt(g *oolong.Game) oolong.Dir {
	t, _ := g.Waiter()
	return t
}
