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
func Oolong(g *oolong.Game) string {
	var b strings.Builder
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
			b.WriteByte('\n')
		}
		for _, l := range lines {
			b.WriteString(strings.TrimRight(l.String(), " "))
			b.WriteByte('\n')
		}
	}
	b.WriteString("o empty | b black | g green | upper case: waiter\n")
	b.WriteString("* marker used | [B] [G] claimed table\n")
	fmt.Fprintf(&b, "Waiter: table %s, seat %s\n", wt, ws)
	if m, by, ok := g.Last(); ok {
		fmt.Fprintf(&b, "Last: %s %s\n", SeatName("oolong", by), g.Format(m))
	}
	b.WriteString(oolongStatus(g))
	fmt.Fprintf(&b, "\nSupply: Black %d, Green %d | Claimed: Black %d, Green %d",
		g.Supply(0), g.Supply(1), g.Claimed(0), g.Claimed(1))
	return b.String()
}

func oolongStatus(g *oolong.Game) string {
	o := g.Outcome()
	winner := SeatName("oolong", o.Winner)
	loser := SeatName("oolong", o.Winner.Other())
	switch o.Method {
	case games.NotOver:
	case games.Claim:
		return winner + " wins: five tables claimed"
	case games.Exhaustion:
		return fmt.Sprintf("Draw: %s has no tea left", SeatName("oolong", g.ToMove()))
	case games.Agreement:
		return "Draw by agreement"
	case games.Resignation:
		return fmt.Sprintf("%s wins: %s resigned", winner, loser)
	case games.Time:
		return fmt.Sprintf("%s wins: %s ran out of time", winner, loser)
	default:
		return o.String()
	}
	who := SeatName("oolong", g.ToMove())
	if pending := g.Pending(); len(pending) > 0 {
		sp := pending[0]
		return fmt.Sprintf("%s decides: %s on table %s (%s or skip)", who, oolongSpecials[sp.Marker], sp.Table, oolongHints[sp.Marker])
	}
	wt, _ := g.Waiter()
	if g.Free() {
		return fmt.Sprintf("%s to move: table %s has no open seat, serve any empty seat elsewhere", who, wt)
	}
	return fmt.Sprintf("%s to move: serve at table %s", who, wt)
}
