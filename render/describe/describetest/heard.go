// Package describetest is the listener of the tests: it reads the legal moves off a move list as
// a screen reader speaks it, and types them as it heard them. Tests only: no program imports it.
package describetest

import (
	"strings"

	"tabuleiro/games"
)

// Heard are the moves a listener types from a move list's pages (or its lines): every line after
// the count names moves, after its group's label, separated by commas. A sentence (a line that
// ends in a full stop) only says how to move; an Oolong Move Tea said once lists its teas, then its
// empty seats, table by table, and each tea may go to each empty seat of another table.
func Heard(pages []string, w games.Words) []string {
	teas := label(w, "words.oolong.move-tea-teas")
	seats := label(w, "words.oolong.move-tea-seats")
	var moves, from []string
	lines := strings.Split(strings.Join(pages, "\n"), "\n")
	for _, line := range lines[min(1, len(lines)):] {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasSuffix(line, "."):
		case strings.HasPrefix(line, teas):
			from = items(line[len(teas):])
		case strings.HasPrefix(line, seats):
			for _, a := range from {
				for _, z := range items(line[len(seats):]) {
					if table(a) != table(z) {
						moves = append(moves, "move "+a+" "+z)
					}
				}
			}
		default:
			if _, list, ok := strings.Cut(line, ": "); ok {
				line = list
			}
			moves = append(moves, items(line)...)
		}
	}
	return moves
}

// label is the words before a message's list: "teas: ".
func label(w games.Words, id string) string { return w.T(id, map[string]any{"Seats": ""}) }

// items are a list's entries, between commas and the semicolons between tables.
func items(list string) []string {
	var out []string
	for _, group := range strings.Split(list, "; ") {
		for _, s := range strings.Split(group, ", ") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// table is the table of a seat in notation: "nw" of "nw.s".
func table(seat string) string {
	t, _, _ := strings.Cut(seat, ".")
	return t
}
