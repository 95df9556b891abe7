package oolong

import "fmt"

// Dir names a table and, within a table, a seat: the compass directions in reading order.
// A seat's name is also the name of the table it sends the waiter to.
type Dir uint8

const (
	NW Dir = iota
	N
	NE
	W
	C
	E
	SW
	S
	SE
	numDirs
)

var dirNames = [numDirs]string{"nw", "n", "ne", "w", "c", "e", "sw", "s", "se"}

func (d Dir) String() string {
	if d < numDirs {
		return dirNames[d]
	}
	return fmt.Sprintf("dir(%d)", uint8(d))
}

// parseDir reads a direction name already in lower case.
func parseDir(s string) (Dir, bool) {
	for d := Dir(0); d < numDirs; d++ {
		if dirNames[d] == s {
			return d, true
		}
	}
	return 0, false
}

// ring is the clockwise ring of outer seats that Rotate turns; seat c never moves.
var ring = [8]Dir{N, NE, E, SE, S, SW, W, NW}

// layoutDirs are the tables a Layout's entries belong to, in order (n ne e se s sw w nw).
var layoutDirs = [8]Dir{N, NE, E, SE, S, SW, W, NW}

// Tea is what a seat holds.
type Tea uint8

const (
	Empty Tea = iota
	Black
	Green
)

func (t Tea) String() string {
	switch t {
	case Black:
		return "b"
	case Green:
		return "g"
	}
	return "o"
}
