package oolong

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Marker is one of the seven kinds of special marker.
type Marker uint8

const (
	BM Marker = iota // Black Move Tea
	GM               // Green Move Tea
	BW               // Black Move Waiter
	GW               // Green Move Waiter
	RO               // Rotate
	SU               // Swap two unclaimed tables
	SC               // Swap a claimed with an unclaimed table
	numMarkers
)

var markerCodes = [numMarkers]string{"BM", "GM", "BW", "GW", "RO", "SU", "SC"}

// String is the marker's two-letter code.
func (m Marker) String() string {
	if m < numMarkers {
		return markerCodes[m]
	}
	return fmt.Sprintf("marker(%d)", uint8(m))
}

// markerThreshold is the count of one colour's teas on the table that fires the marker.
var markerThreshold = [numMarkers]int8{3, 3, 5, 5, 4, 4, 5}

// Layout holds the markers of the perimeter tables in the order n ne e se s sw w nw.
type Layout [8]Marker

// DefaultLayout is the layout perft and the CLI use when none is given.
var DefaultLayout = Layout{BM, RO, GW, SU, RO, GM, SC, BW}

// layoutTables are the tables a Layout's entries belong to, in order.
var layoutTables = [8]string{"n", "ne", "e", "se", "s", "sw", "w", "nw"}

// String writes the canonical layout string, e.g. "BM,RO,GW,SU,RO,GM,SC,BW".
func (l Layout) String() string {
	parts := make([]string, len(l))
	for i, m := range l {
		parts[i] = m.String()
	}
	return strings.Join(parts, ",")
}

// markerSet is how many of each marker a layout must hold.
var markerSet = [numMarkers]int{1, 1, 1, 1, 2, 1, 1}

// ParseLayout reads a layout string: eight marker codes for tables n ne e se s sw w nw, separated
// by commas, case-insensitive; together exactly BM GM BW GW RO RO SU SC.
func ParseLayout(s string) (Layout, error) {
	var l Layout
	parts := strings.Split(s, ",")
	if len(parts) != 8 {
		return l, fmt.Errorf("layout %q has %d markers, want 8 separated by commas for tables n ne e se s sw w nw (e.g. %s)", s, len(parts), DefaultLayout)
	}
	var count [numMarkers]int
	for i, p := range parts {
		code := strings.ToUpper(strings.TrimSpace(p))
		found := false
		for m := Marker(0); m < numMarkers; m++ {
			if markerCodes[m] == code {
				l[i], found = m, true
				count[m]++
				break
			}
		}
		if !found {
			return l, fmt.Errorf("layout marker %q (table %s) is not a marker — markers are BM GM BW GW RO SU SC", strings.TrimSpace(p), layoutTables[i])
		}
	}
	for m := Marker(0); m < numMarkers; m++ {
		if count[m] != markerSet[m] {
			return l, fmt.Errorf("layout %q has %d %s, want %d — a layout holds exactly BM GM BW GW RO RO SU SC", s, count[m], m, markerSet[m])
		}
	}
	return l, nil
}

// RandomLayout deals the eight markers to the perimeter tables at random.
func RandomLayout(rng *rand.Rand) Layout {
	l := DefaultLayout
	rng.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	return l
}
