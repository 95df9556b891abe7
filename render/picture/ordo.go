package picture

import (
	"strconv"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// Ordo's board is the text block's: the piece counts on top (O White, X Black), the files A–J
// above and below, the ranks 8 down to 1 on both sides, so White sits at the bottom. White's
// pieces are white discs ringed in black marked O, Black's black discs marked X, as in the block; the
// squares the last move left and reached are tinted sky blue.
const (
	ordoLabel = 14 // the ranks' columns
	ordoCell  = (Width - 2*margin - 2*ordoLabel) / float64(ordo.Files)
)

func init() { register(ordo.Descriptor, drawOrdo, ordoChip) }

func drawOrdo(c *canvas, y0 float64, g *ordo.Game, _ games.Words) float64 {
	x := float64(margin)
	for s := games.Seat(0); s < 2; s++ {
		ordoChip(c, x+10, y0+11, s)
		c.text(x+25, y0+17, strconv.Itoa(g.Count(s)), storeFace, ink, left)
		x += 70
	}
	bx, by := float64(margin+ordoLabel), y0+24+14
	files := func(y float64) {
		for f := 0; f < ordo.Files; f++ {
			c.text(bx+ordoCell*(float64(f)+0.5), y, string(rune('A'+f)), coordFace, muted, middle)
		}
	}
	files(by - 4)
	moved := lastSquares(g)
	for r := 0; r < ordo.Ranks; r++ {
		y := by + ordoCell*float64(ordo.Ranks-1-r)
		rank := strconv.Itoa(r + 1)
		c.centred(margin+ordoLabel/2, y+ordoCell/2, rank, coordFace, muted)
		c.centred(bx+ordoCell*ordo.Files+ordoLabel/2, y+ordoCell/2, rank, coordFace, muted)
		for f := 0; f < ordo.Files; f++ {
			x := bx + ordoCell*float64(f)
			bg := ground
			if moved[ordo.SquareAt(f, r)] {
				bg = skyTint
			}
			c.rect(x+0.5, y+0.5, ordoCell-1, ordoCell-1, bg)
			if s := g.At(f, r); s == 0 || s == 1 {
				drawPiece(c, x+ordoCell/2, y+ordoCell/2, 11, s)
			}
		}
	}
	files(by + ordoCell*ordo.Ranks + 12)
	return by + ordoCell*ordo.Ranks + 14 - y0
}

// drawPiece draws a seat's piece of radius r with the text block's letter: White an O on a white
// disc ringed in black, Black an X on a black disc.
func drawPiece(c *canvas, x, y, r float64, s games.Seat) {
	c.disc(x, y, r, ink)
	letter, col := "X", paper
	if s == 0 {
		c.disc(x, y, r-2, paper)
		letter, col = "O", ink
	}
	c.centred(x, y, letter, face{size: max(r, 10), bold: true}, col) // 10: the least a phone reads
}

// ordoChip marks a seat with its piece.
func ordoChip(c *canvas, x, y float64, s games.Seat) { drawPiece(c, x, y, 9, s) }

// lastSquares are the squares the last move left and reached: an ordo's whole line at both ends.
func lastSquares(g *ordo.Game) map[ordo.Square]bool {
	m, ok := g.LastMove()
	if !ok {
		return nil
	}
	out := map[ordo.Square]bool{}
	for _, s := range ordo.Moved(m) {
		out[s] = true
	}
	return out
}
