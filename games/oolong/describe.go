package oolong

import (
	"fmt"

	"tabuleiro/games"
)

// Name is the special's name in the rules: "Move Tea", "Rotate".
func (m Marker) Name() string {
	if m < numMarkers {
		return specialNames[m]
	}
	return m.String()
}

// Threshold is how many teas of one colour on the marker's table fire it.
func (m Marker) Threshold() int {
	if m < numMarkers {
		return int(markerThreshold[m])
	}
	return 0
}

// Colour is the seat a colour-named marker (BM GM BW GW) belongs to, or NoSeat for RO SU SC,
// which the player whose tea fired them decides.
func (m Marker) Colour() games.Seat {
	switch m {
	case BM, BW:
		return 0
	case GM, GW:
		return 1
	}
	return games.NoSeat
}

// markerEffects say what each special does, briefly, in words a newcomer reads.
var markerEffects = [numMarkers]string{
	"Black moves one of its teas to another unclaimed table",
	"Green moves one of its teas to another unclaimed table",
	"Black moves the waiter to the same seat of another table",
	"Green moves the waiter to the same seat of another table",
	"whoever fired it rotates the table clockwise",
	"whoever fired it swaps the teas of two unclaimed tables",
	"whoever fired it swaps the teas of a claimed and an unclaimed table",
}

// Effect says what the special does, and who decides it: "Black moves the waiter to the same seat of
// another table".
func (m Marker) Effect() string {
	if m < numMarkers {
		return markerEffects[m]
	}
	return m.String()
}

// describe says what a decision of a pending special does, in a phrase short enough for a menu
// (at most 100 characters): "turn table ne 3 steps clockwise (seat n moves to se)".
func (p *Position) describe(m games.Move) string {
	t, actor, pending := p.head()
	switch moveKind(m) {
	case kindMoveTea:
		return fmt.Sprintf("move a %s tea from %s.%s to %s.%s", colourName(actor), fieldA(m), fieldB(m), fieldC(m), fieldD(m))
	case kindWaiter:
		to := fieldA(m)
		if p.empty(to)&^(1<<p.waiterS) == 0 {
			return fmt.Sprintf("move the waiter to %s.%s: table %s has no open seat, the next tea goes elsewhere", to, p.waiterS, to)
		}
		return fmt.Sprintf("move the waiter to %s.%s: the next tea is served at table %s", to, p.waiterS, to)
	case kindRotate:
		k := int(fieldA(m))
		return fmt.Sprintf("turn table %s %d step%s clockwise (the tea on n goes to %s)", t, k, plural(k), ring[k%8])
	case kindSwap:
		a, b := fieldA(m), fieldB(m)
		if pending && Marker(p.marker[t]) == SC {
			return fmt.Sprintf("swap the teas of claimed table %s and unclaimed table %s (markers stay)", a, b)
		}
		return fmt.Sprintf("swap the teas of tables %s and %s (markers stay)", a, b)
	case kindSkip:
		if pending {
			return fmt.Sprintf("let the %s of table %s pass; the marker stays used", Marker(p.marker[t]).Name(), t)
		}
		return "skip"
	}
	return FormatMove(m)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
