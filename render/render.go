// Package render draws the boards of the rules files' "Rendering" sections, compacted to fit a phone:
// the board itself goes in a code block of plain ASCII lines at most MaxWidth columns wide, with
// symbols and coordinates only; what is prose (legend, last decision, supplies, notes) goes after it
// as ordinary text, and the status line says whose turn it is or the result. It knows the games, not
// Discord: each game's file (oolong.go, ouri.go, ordo.go) registers its drawing under the game's
// descriptor.
//
// BlockOf gives the three apart, for a message that puts only the board in a code block; Board gives
// the whole text, for the engine protocol:
//
// Words come from the catalogue (say) in the reader's language; the block's lines hold no words.
//
//	w := say.For("pt-BR")
//	b := render.BlockOf(g, w)
//	text := say.Join("\n", say.Block("", b.Lines), say.Plain(strings.Join(b.Notes, "\n")), say.Plain(b.Status.Line(w)))
package render

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// MaxWidth is the widest line a board's code block holds: phone clients wrap code blocks at about
// 28 columns, and a wrapped board falls apart.
const MaxWidth = 28

// Block is a game's board, the text that goes with it, and its status, apart.
type Block struct {
	// Lines are what goes inside the code block: ASCII, at most MaxWidth columns each, symbols and
	// coordinates only (no words a translation would change), no code fences, no trailing blank line.
	Lines []string
	Notes []string // ordinary text shown after the block (last decision, prompts): no width limit, may use words
	// Legend says what the block's symbols mean, after the notes: a game shows it with its first
	// boards and on request (/… board), not on every move (Oolong's runs to 560 characters).
	Legend []string
	Status Status
}

// Status is the line that says whose turn it is or the result, as a message of the catalogue whose
// Who placeholder names the seat (its colour, or a player and their colour); the adapter words it.
type Status struct {
	// Seat is the seat the line is about (to move / decides / wins); NoSeat when none (a draw, or
	// no line).
	Seat games.Seat
	Kind string
	// Text is the line, e.g. status.to-move "{{.Who}} to move"; ID "" when the block has no status line.
	Text games.Text
	// Bare is the message of the line when Who is the colour alone, where a language words it
	// apart (Ordo's colours are plural in Portuguese: "As Brancas jogam"); "" for Text's.
	Bare string
}

// Line is the status line naming the seat by its colour: "Black to move: serve at table ne".
func (s Status) Line(w games.Words) string {
	if s.Seat != 0 && s.Seat != 1 {
		return s.Text.Word(w)
	}
	t := s.With(w.T(s.desc().SeatID(s.Seat), nil))
	if s.Bare != "" {
		t.ID = s.Bare
	}
	return t.Word(w)
}

// With is the status line with who as its Who: the seat's colour, or a player and their colour
// ("@1 (Black) to move"), worded by whoever knows the players.
func (s Status) With(who any) games.Text {
	args := make(map[string]any, len(s.Text.Args)+1)
	for k, v := range s.Text.Args {
		args[k] = v
	}
	args["Who"] = who
	return games.Text{ID: s.Text.ID, Args: args}
}

func (s Status) desc() *games.Descriptor {
	d, _ := catalog.Lookup(s.Kind)
	return d
}

// drawings holds each game's drawing, registered by the game's file (ouri.go, ordo.go, oolong.go)
// under its descriptor; a test walks catalog.All() so that no game lacks one.
var drawings = map[*games.Descriptor]func(games.Game, games.Words) Block{}

// register records a game's drawing; each game's file calls it once, from init.
func register[G games.Game](d *games.Descriptor, draw func(G, games.Words) Block) {
	if _, twice := drawings[d]; twice {
		panic("render: " + d.Kind + " is drawn twice")
	}
	drawings[d] = func(g games.Game, w games.Words) Block { return draw(g.(G), w) }
}

// Draws reports whether render has a drawing for the game d describes.
func Draws(d *games.Descriptor) bool {
	_, ok := drawings[d]
	return ok
}

// BlockOf draws a game's board, its notes in w's language, and its status apart. A game without a
// drawing (Draws) shows its name in brackets.
func BlockOf(g games.Game, w games.Words) Block {
	draw, ok := drawings[g.Descriptor()]
	if !ok {
		return Block{Notes: []string{fmt.Sprintf("(%s)", g.Kind())}, Status: Status{Seat: games.NoSeat}}
	}
	b := draw(g, w)
	b.Status.Kind = g.Kind()
	return b
}

// Board is a game's whole text in w's language, one item a line: the board's lines, then the
// notes, then the status line (whose turn it is or the result, in the game's own colour names).
func Board(g games.Game, w games.Words) string {
	b := BlockOf(g, w)
	lines := append(append(append([]string(nil), b.Lines...), b.Notes...), b.Legend...)
	if st := b.Status.Line(w); st != "" {
		lines = append(lines, st)
	}
	return strings.Join(lines, "\n") + "\n"
}

// colour is a seat's colour in the game's words as a placeholder's value.
func colour(d *games.Descriptor, s games.Seat) games.Phrase { return games.Colour{D: d, Seat: s} }

// status is a status line about seat s: message id with name, value pairs.
func status(s games.Seat, id string, kv ...any) Status {
	return Status{Seat: s, Text: games.Text{ID: id, Args: games.Args(kv...)}}
}
