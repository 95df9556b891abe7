// Package picture draws the boards of render's text blocks as images: the same coordinates and
// symbols, laid out alike, in colours that stay apart for colour-blind readers, with the status
// line in the reader's language under the board. It also draws a game as an animated GIF and the
// win chance of a reviewed game by ply. Everything is pure Go (image/png, image/gif and the Go
// fonts of golang.org/x/image, embedded), so the bot's single binary needs nothing beside it.
//
// The images are drawn for a phone: laid out 320 points wide and drawn at two pixels a point,
// so that shrunk to 320 pixels every word stays readable.
//
//	png, err := picture.Board(g, say.For("pt-BR"))
package picture

import (
	"image"
	"strings"

	"tabuleiro/games"
	"tabuleiro/render"
)

// Width is how wide a picture is laid out, in points; Scale is how many pixels a point takes.
const (
	Width = 320
	Scale = 2
)

// margin is the space around a picture's content, in points.
const margin = 6

// Board draws g's board as a PNG, its status line in w's language.
func Board(g games.Game, w games.Words) ([]byte, error) {
	return encodePNG(Image(g, w))
}

// Image draws g's board, its status line in w's language, in the palette's colours.
func Image(g games.Game, w games.Words) *image.Paletted {
	return drawPosition(g, w, 0, "").img
}

// drawPosition draws g's board and status on a canvas of its own height, with room for at least
// lines lines of text under the board (the frames of a GIF are all as high); a caption, when
// given, is the first of them, above the status.
func drawPosition(g games.Game, w games.Words, lines int, caption string) *canvas {
	status, wrapped := statusOf(g, w)
	first := 0 // the status's first line
	if caption != "" {
		wrapped, first = append([]string{caption}, wrapped...), 1
	}
	// The board's height is known once drawn: measure on a canvas with no pixels, then draw.
	lines = max(lines, len(wrapped))
	bh, _ := drawBoard(newCanvas(0), g, w)
	h := margin + bh + float64(lines)*statusLead + margin
	if lines > 0 {
		h += statusGap
	}
	c := newCanvas(h)
	bh, chip := drawBoard(c, g, w)
	y := margin + bh + statusGap
	if len(wrapped) > first && chip != nil && (status.Seat == 0 || status.Seat == 1) {
		chip(c, margin+statusIndent/2-2, y+float64(first)*statusLead+statusLead/2-1, status.Seat)
	}
	for _, l := range wrapped {
		c.text(margin+statusIndent, y+statusLead-4.5, l, statusFace, ink, left)
		y += statusLead
	}
	return c
}

// statusOf is g's status and its line in w's language, wrapped to the picture's width.
func statusOf(g games.Game, w games.Words) (render.Status, []string) {
	st := render.BlockOf(g, w).Status
	// The catalogue sets notation apart as code (`c`) for the chats; a picture shows it as it is.
	line := strings.ReplaceAll(st.Line(w), "`", "")
	return st, newCanvas(0).wrap(line, statusFace, Width-2*margin-statusIndent)
}

// boards holds each game's picture, registered by the game's file (oolong.go, ouri.go, ordo.go)
// under its descriptor; a test walks catalog.All() so that no game lacks one.
var boards = map[*games.Descriptor]drawing{}

// drawing is how a game's board is drawn from y down (giving its height) and how a chip marks one
// of its seats.
type drawing struct {
	draw func(c *canvas, y float64, g games.Game, w games.Words) float64
	chip func(c *canvas, x, y float64, s games.Seat)
}

// register records a game's drawing; each game's file calls it once, from init.
func register[G games.Game](d *games.Descriptor, draw func(*canvas, float64, G, games.Words) float64,
	chip func(c *canvas, x, y float64, s games.Seat)) {
	if _, twice := boards[d]; twice {
		panic("picture: " + d.Kind + " is drawn twice")
	}
	boards[d] = drawing{func(c *canvas, y float64, g games.Game, w games.Words) float64 { return draw(c, y, g.(G), w) }, chip}
}

// Draws reports whether picture has a drawing for the game d describes.
func Draws(d *games.Descriptor) bool {
	_, ok := boards[d]
	return ok
}

// drawBoard draws g's board below the top margin, and gives its height and the chip that marks
// one of its seats; a game without a drawing has an empty board and no chip.
func drawBoard(c *canvas, g games.Game, w games.Words) (float64, func(c *canvas, x, y float64, s games.Seat)) {
	b, ok := boards[g.Descriptor()]
	if !ok {
		return 0, nil
	}
	return b.draw(c, margin, g, w), b.chip
}

// The status lines under a board: their face, their leading, the gap above them and the room
// left of them for the chip of the seat they are about.
var statusFace = face{size: 13}

const (
	statusLead   = 17
	statusGap    = 6
	statusIndent = 22
)
