package oolong

import (
	"testing"

	"tabuleiro/games"
)

func TestAMoveTeaTookFromOneSeatAndServedAnother(t *testing.T) {
	for _, tt := range []struct {
		name             string
		move             games.Move
		took, served     string
		tookOK, servedOK bool
	}{
		{"a placement serves its seat and takes none", place(NE, S), "", "ne.s", false, true},
		{"a Move Tea takes from one seat and serves another", moveTea(NW, S, E, N), "nw.s", "e.n", true, true},
		{"a Move Waiter does neither", waiterTo(SW), "", "", false, false},
		{"a skip does neither", skip, "", "", false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			seat := func(table, seat Dir, ok bool) string {
				if !ok {
					return ""
				}
				return table.String() + "." + seat.String()
			}
			ft, fs, tok := Took(tt.move)
			st, ss, sok := Served(tt.move)
			if got := seat(ft, fs, tok); got != tt.took || tok != tt.tookOK {
				t.Errorf("Took = %q %v, want %q %v", got, tok, tt.took, tt.tookOK)
			}
			if got := seat(st, ss, sok); got != tt.served || sok != tt.servedOK {
				t.Errorf("Served = %q %v, want %q %v", got, sok, tt.served, tt.servedOK)
			}
		})
	}
}
