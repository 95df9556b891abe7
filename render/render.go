// Package render draws the monospace boards of the rules files' "Rendering" sections: plain ASCII, so
// the block lines up inside a Discord code block on every client. It knows the games, not Discord.
//
// BlockOf gives a board's lines and its status line apart, for a message that says the status
// outside the block; Board gives the whole block as one text, for the engine protocol.
package render

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// Block is a game's monospace block and its status, apart.
type Block struct {
	Lines  []string // the block's lines (no code fences, no status line, no trailing blank lines)
	Status Status
}

// Status is the line that says whose turn it is or the result.
type Status struct {
	// Seat is the seat whose colour starts the line (to move / decides / wins); NoSeat when none
	// (a draw, or no line).
	Seat games.Seat
	// Text is the line after the colour, e.g. " to move: serve at table ne", " wins by claim"; for
	// NoSeat the whole line ("Draw by repetition"), or "" when the block has no status line.
	Text string
}

// Line is the status line in the game's colour names: "Black to move: serve at table ne".
func (s Status) Line(kind string) string {
	if s.Seat == games.NoSeat {
		return s.Text
	}
	return SeatName(kind, s.Seat) + s.Text
}

// BlockOf draws a game's block without its status line, and the status apart.
func BlockOf(g games.Game) Block {
	d, ok := drawing(g)
	if !ok {
		return Block{Lines: []string{noBoard(g)}, Status: Status{Seat: games.NoSeat}}
	}
	return d.block()
}

// Board draws a game's block (without code fences): the board, the last decision, and whose turn it
// is or the result, in the game's own colour names.
func Board(g games.Game) string {
	d, ok := drawing(g)
	if !ok {
		return noBoard(g)
	}
	return d.String()
}

func noBoard(g games.Game) string { return fmt.Sprintf("(no board for %s)", g.Kind()) }

func drawing(g games.Game) (drawn, bool) {
	switch g := g.(type) {
	case *oolong.Game:
		return drawOolong(g), true
	case *ouri.Game:
		return drawOuri(g), true
	case *ordo.Game:
		return drawOrdo(g), true
	}
	return drawn{}, false
}

// SeatName is a seat's colour in the game's own words (Black/Green, South/North, White/Black), or
// "nobody" for NoSeat or a game the catalog does not know.
func SeatName(kind string, s games.Seat) string {
	d, ok := catalog.Lookup(kind)
	if !ok {
		return "nobody"
	}
	return d.SeatName(s)
}

// drawn is a board as a game's drawing makes it: its lines, its status, and where Board writes the
// status, so that Board and BlockOf come from the same pieces.
type drawn struct {
	kind   string
	lines  []string // every line but the status line
	status Status
	// at is the index in lines before which Board writes the status line; -1 when Board writes it
	// only into the heading (Ordo's turn).
	at int
	// headTail is what Board adds to the first line after ", " (Ordo's "White to move", "game over").
	headTail string
	// plain marks a status line that is not one of the forms a status takes (an ending the drawing
	// has no words for): BlockOf then leaves it in the block, as it leaves the heading whole.
	plain bool
	// newline ends Board with a newline (Ouri's and Ordo's blocks always have).
	newline bool
}

// full is every line as Board writes them.
func (d drawn) full() []string {
	out := append([]string(nil), d.lines...)
	if d.headTail != "" && len(out) > 0 {
		out[0] += ", " + d.headTail
	}
	if d.at >= 0 {
		out = append(out[:d.at:d.at], append([]string{d.status.Line(d.kind)}, out[d.at:]...)...)
	}
	return out
}

func (d drawn) String() string {
	s := strings.Join(d.full(), "\n")
	if d.newline {
		s += "\n"
	}
	return s
}

func (d drawn) block() Block {
	if d.plain {
		return Block{Lines: trimEnd(d.full()), Status: Status{Seat: games.NoSeat}}
	}
	return Block{Lines: trimEnd(append([]string(nil), d.lines...)), Status: d.status}
}

// trimEnd drops blank lines at the end, and spaces ending the last line.
func trimEnd(lines []string) []string {
	for len(lines) > 0 {
		last := strings.TrimRight(lines[len(lines)-1], " ")
		if last != "" {
			lines[len(lines)-1] = last
			break
		}
		lines = lines[:len(lines)-1]
	}
	return lines
}
