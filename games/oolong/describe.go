package oolong

import (
	"strings"

	"tabuleiro/games"
)

// NameID is the catalogue id of the special's name in the rules (Move Tea, Rotate):
// "oolong.special.bm".
func (m Marker) NameID() string { return "oolong.special." + strings.ToLower(m.String()) }

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

// EffectID is the catalogue id of what the special does, and who decides it ("Black moves the
// waiter to the same seat of another table"): "oolong.effect.bw".
func (m Marker) EffectID() string { return "oolong.effect." + strings.ToLower(m.String()) }

// describe says what a decision of a pending special does, as a catalogue message short enough for
// a menu (at most 100 characters): "turn table ne 3 steps clockwise (the tea on n goes to e)".
func (p *Position) describe(m games.Move) games.Text {
	t, actor, pending := p.head()
	text := func(id string, kv ...any) games.Text {
		return games.Text{ID: "oolong.choice." + id, Args: games.Args(kv...)}
	}
	switch moveKind(m) {
	case kindMoveTea:
		return text("move-tea", "Colour", games.Colour{D: Descriptor, Seat: actor},
			"From", fieldA(m).String()+"."+fieldB(m).String(), "To", fieldC(m).String()+"."+fieldD(m).String())
	case kindWaiter:
		to := fieldA(m)
		seat := to.String() + "." + p.waiterS.String()
		if p.empty(to)&^(1<<p.waiterS) == 0 {
			return text("waiter-full", "Seat", seat, "Table", to.String())
		}
		return text("waiter", "Seat", seat, "Table", to.String())
	case kindRotate:
		k := int(fieldA(m))
		return text("rotate", "Table", t.String(), "Count", k, "Seat", ring[k%8].String())
	case kindSwap:
		a, b := fieldA(m), fieldB(m)
		if pending && Marker(p.marker[t]) == SC {
			return text("swap-claimed", "Claimed", a.String(), "Unclaimed", b.String())
		}
		return text("swap", "Table", a.String(), "Other", b.String())
	case kindSkip:
		if pending {
			return text("skip-special", "Special", games.Text{ID: Marker(p.marker[t]).NameID()},
				"Table", t.String())
		}
		return text("skip")
	}
	return text("notation", "Move", FormatMove(m))
}
