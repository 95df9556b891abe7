// Package render draws the boards of the rules files' "Rendering" sections, compacted to fit a phone:
// the board itself goes in a code block of plain ASCII lines at most MaxWidth columns wide, with
// symbols and coordinates only; what is prose (legend, last decision, supplies, notes) goes after it
// as ordinary text, and the status line says whose turn it is or the result. It knows the games, not
// Discord.
//
// BlockOf gives the three apart, for a message that puts only the board in a code block; Board gives
// the whole text, for the engine protocol:
//
//	b := render.BlockOf(g)
//	msg := "```\n" + strings.Join(b.Lines, "\n") + "\n```\n" + strings.Join(b.Notes, "\n") + "\n" + b.Status.Line(g.Kind())
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

// MaxWidth is the widest line a board's code block holds: phone clients wrap code blocks at about
// 28 columns, and a wrapped board falls apart.
const MaxWidth = 28

// Block is a game's board, the text that goes with it, and its status, apart.
type Block struct {
	// Lines are what goes inside the code block: ASCII, at most MaxWidth columns each, symbols and
	// coordinates only (no words a translation would change), no code fences, no trailing blank line.
	Lines  []string
	Notes  []string // ordinary text shown after the block (legend, last decision, prompts): no width limit, may use words
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

// BlockOf draws a game's board, its notes and its status apart.
func BlockOf(g games.Game) Block {
	switch g := g.(type) {
	case *oolong.Game:
		return drawOolong(g)
	case *ouri.Game:
		return drawOuri(g)
	case *ordo.Game:
		return drawOrdo(g)
	}
	return Block{Notes: []string{fmt.Sprintf("(no board for %s)", g.Kind())}, Status: Status{Seat: games.NoSeat}}
}

// Board is a game's whole text, one item a line: the board's lines, then the notes, then the status
// line (whose turn it is or the result, in the game's own colour names).
func Board(g games.Game) string { return BlockOf(g).text(g.Kind()) }

func (b Block) text(kind string) string {
	lines := append(append([]string(nil), b.Lines...), b.Notes...)
	if st := b.Status.Line(kind); st != "" {
		lines = append(lines, st)
	}
	return strings.Join(lines, "\n") + "\n"
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
