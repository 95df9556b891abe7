package bot

import (
	"fmt"
	"sort"
	"strings"

	"tabuleiro/table"
)

// historyText is the move list: one decision per line, "<ply>. <colour> <notation>", every decision
// from ply 1. When the whole list does not fit in a message, the text keeps the most recent decisions
// and whole is the complete list as a file <game>-<id>.txt; else whole is nil.
func historyText(v View) (text string, whole *File) {
	d := v.Desc()
	log, seats := v.Live.Log(), v.Live.Deciders()
	var lines []string
	for i, m := range log {
		colour := "?"
		if i < len(seats) {
			colour = d.SeatName(seats[i])
		}
		lines = append(lines, fmt.Sprintf("%d. %s %s", i+1, colour, v.Live.Format(m)))
	}
	foot := ""
	if v.Over() {
		foot = "\n" + table.ResultLine(v)
	} else {
		s := v.Live.ToMove()
		foot = fmt.Sprintf("\n%s (%s) to move", table.PlayerName(v.Game.Seats[s]), d.SeatName(s))
	}
	head := players(v)
	if len(lines) == 0 {
		return head + "\nNo decisions yet." + foot, nil
	}
	name := fmt.Sprintf("%s-%d.txt", v.Game.Kind, v.Game.ID)
	build := func(from int) string {
		note := ""
		if from > 0 {
			note = fmt.Sprintf("\n… %d earlier decisions: every decision is in %s", from, name)
		}
		return head + note + "\n```text\n" + strings.Join(lines[from:], "\n") + "\n```" + foot
	}
	if all := build(0); len([]rune(all)) <= maxContent {
		return all, nil
	}
	// Find the smallest cut that fits.
	from := sort.Search(len(lines), func(i int) bool { return len([]rune(build(i))) <= maxContent })
	return clip(build(from)), &File{Name: name, Content: []byte(strings.Join(lines, "\n") + "\n")}
}
