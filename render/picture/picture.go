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

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
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
	return drawPosition(g, w, 0).img
}

// drawPosition draws g's board and status on a canvas of its own height, with room for at least
// lines lines of status (the frames of a GIF are all as high).
func drawPosition(g games.Game, w games.Words, lines int) *canvas {
	status, wrapped := statusOf(g, w)
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
	if len(wrapped) > 0 && chip != nil && (status.Seat == 0 || status.Seat == 1) {
		chip(c, margin+statusIndent/2-2, y+statusLead/2-1, status.Seat)
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
	return st, newCanvas(0).wrap(st.Line(w), statusFace, Width-2*margin-statusIndent)
}

// drawBoard draws g's board below the top margin, and gives its height and the chip that marks
// one of its seats.
func drawBoard(c *canvas, g games.Game, w games.Words) (float64, func(c *canvas, x, y float64, s games.Seat)) {
	switch g := g.(type) {
	case *oolong.Game:
		return drawOolong(c, margin, g), oolongChip
	case *ouri.Game:
		return drawOuri(c, margin, g, w), ouriChip
	case *ordo.Game:
		return drawOrdo(c, margin, g), ordoChip
	}
	return 0, nil
}

// The status lines under a board: their face, their leading, the gap above them and the room
// left of them for the chip of the seat they are about.
var statusFace = face{size: 13}

const (
	statusLead   = 17
	statusGap    = 6
	statusIndent = 22
)
