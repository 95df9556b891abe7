package render

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// oolongHints are the choices of each special, in ASCII for the block.
var oolongHints = map[oolong.Marker]string{
	oolong.BM: "move <table>.<seat> <table>.<seat>",
	oolong.GM: "move <table>.<seat> <table>.<seat>",
	oolong.BW: "waiter <table>",
	oolong.GW: "waiter <table>",
	oolong.RO: "rotate 1-7",
	oolong.SU: "swap <table> <table>",
	oolong.SC: "swap <claimed> <unclaimed>",
}

var oolongSpecials = map[oolong.Marker]string{
	oolong.BM: "Move Tea", oolong.GM: "Move Tea", oolong.BW: "Move Waiter", oolong.GW: "Move Waiter",
	oolong.RO: "Rotate", oolong.SU: "Swap Unclaimed", oolong.SC: "Swap Claimed",
}

// Oolong draws section 9 of rules/oolong.md: the nine tables as 3x3 seat grids laid out like the
// compass, each labelled with its name, marker (* once used) and claim; the waiter's seat in upper
// case; then the waiter, the last decision, whose turn or the result, and the supplies.
func Oolong(g *oolong.Game) string { return drawOolong(g).String() }

func drawOolong(g *oolong.Game) drawn {
	var out []string
	wt, ws := g.Waiter()
	for row := 0; row < 3; row++ {
		var lines [4]strings.Builder
		for col := 0; col < 3; col++ {
			t := oolong.Dir(row*3 + col)
			label := t.String()
			if m, ok := g.Marker(t); ok {
				label = fmt.Sprintf("%-2s %s", t, m)
				if g.Used(t) {
					label += "*"
				}
			}
			switch g.Claim(t) {
			case 0:
				label += " [B]"
			case 1:
				label += " [G]"
			}
			fmt.Fprintf(&lines[0], "%-12s", label)
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
				fmt.Fprintf(&lines[r+1], " %-11s", strings.Join(cells, " "))
			}
		}
		if row > 0 {
			out = append(out, "")
		}
		for _, l := range lines {
			out = append(out, strings.TrimRight(l.String(), " "))
		}
	}
	out = append(out,
		"o empty | b black | g green | upper case: waiter",
		"* marker used | [B] [G] claimed table",
		fmt.Sprintf("Waiter: table %s, seat %s", wt, ws))
	if m, by, ok := g.Last(); ok {
		out = append(out, fmt.Sprintf("Last: %s %s", SeatName("oolong", by), g.Format(m)))
	}
	status, ok := oolongStatus(g)
	d := drawn{kind: "oolong", status: status, at: len(out), plain: !ok}
	d.lines = append(out, fmt.Sprintf("Supply: Black %d, Green %d | Claimed: Black %d, Green %d",
		g.Supply(0), g.Supply(1), g.Claimed(0), g.Claimed(1)))
	return d
}

// oolongStatus is whose turn it is and what they do, or the result; ok is false for an ending it
// has no words for (its Text is then the outcome as the games package writes it).
func oolongStatus(g *oolong.Game) (st Status, ok bool) {
	o := g.Outcome()
	loser := SeatName("oolong", o.Winner.Other())
	switch o.Method {
	case games.NotOver:
	case games.Claim:
		return Status{o.Winner, " wins: five tables claimed"}, true
	case games.Exhaustion:
		return Status{games.NoSeat, fmt.Sprintf("Draw: %s has no tea left", SeatName("oolong", g.ToMove()))}, true
	case games.Agreement:
		return Status{games.NoSeat, "Draw by agreement"}, true
	case games.Resignation:
		return Status{o.Winner, fmt.Sprintf(" wins: %s resigned", loser)}, true
	case games.Time:
		return Status{o.Winner, fmt.Sprintf(" wins: %s ran out of time", loser)}, true
	default:
		return Status{games.NoSeat, o.String()}, false
	}
	who := g.ToMove()
	if pending := g.Pending(); len(pending) > 0 {
		sp := pending[0]
		return Status{who, fmt.Sprintf(" decides: %s on table %s (%s or skip)", oolongSpecials[sp.Marker], sp.Table, oolongHints[sp.Marker])}, true
	}
	wt, _ := g.Waiter()
	if g.Free() {
		return Status{who, fmt.Sprintf(" to move: table %s has no open seat, serve any empty seat elsewhere", wt)}, true
	}
	return Status{who, fmt.Sprintf(" to move: serve at table %s", wt)}, true
}
