package picture

import (
	"image/color"
	"strconv"

	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

// Ouri's board is the text block's: the stores on top (S South, N North), North's row right to
// left under its letters F–A, South's row left to right above A–F, each row behind its badge
// (South blue, North orange). A house shows its seeds as a number, an empty one in grey; the
// house sown last is ringed in sky blue. The rule set and misère, which the block leaves to the
// notes, stand at the top right, as a picture travels without its notes.
const (
	ouriLabel = 26 // the badges' column
	ouriCell  = (Width - 2*margin - ouriLabel) / 6.0
	ouriRow   = 46
)

var (
	storeFace   = face{size: 16, bold: true}
	houseFace   = face{size: 16, bold: true}
	coordFace   = face{size: 11}
	badgeFace   = face{size: 11, bold: true}
	variantFace = face{size: 11}
)

func init() { register(ouri.Descriptor, drawOuri, ouriChip) }

func drawOuri(c *canvas, y0 float64, g *ouri.Game, w games.Words) float64 {
	h, st := g.Houses(), g.Stores()
	x := float64(margin)
	for s := games.Seat(0); s < 2; s++ {
		ouriChip(c, x+10, y0+12, s)
		c.text(x+25, y0+18, strconv.Itoa(st[s]), storeFace, ink, left)
		x += 70
	}
	var tags []string
	if g.Rules() != ouri.RulesOuri {
		tags = append(tags, w.T("picture.ouri.abapa", nil))
	}
	if g.Misere() {
		tags = append(tags, w.T("picture.ouri.misere", nil))
	}
	ty := y0 + 10
	for _, t := range tags {
		c.text(Width-margin, ty, t, variantFace, muted, right)
		ty += 13
	}

	hx := float64(margin + ouriLabel)
	letters := func(y float64, north bool) {
		for i := 0; i < 6; i++ {
			l := 'A' + i
			if north {
				l = 'F' - i
			}
			c.text(hx+ouriCell*(float64(i)+0.5), y, string(rune(l)), coordFace, muted, middle)
		}
	}
	y := y0 + 34
	letters(y+10, true)
	y += 14
	last := g.LastSowing()
	for _, seat := range []games.Seat{1, 0} {
		c.box(hx, y, ouriCell*6, ouriRow, 8, 0, ground)
		ouriChip(c, margin+10, y+ouriRow/2, seat)
		for i := 0; i < 6; i++ {
			house := i // South's houses a-f left to right, North's right to left
			if seat == 1 {
				house = 5 - i
			}
			n := h[int(seat)*6+house]
			cx, cy := hx+ouriCell*(float64(i)+0.5), y+ouriRow/2
			if last.Seat == seat && last.House == house {
				c.ring(cx, cy, 21.5, 3, sky)
			}
			c.disc(cx, cy, 17.5, paper)
			col := ink
			if n == 0 {
				col = muted
			}
			c.centred(cx, cy, strconv.Itoa(n), houseFace, col)
		}
		y += ouriRow + 4
	}
	letters(y+8, false)
	return y + 12 - y0
}

// ouriColour is a seat's badge: South blue, North orange.
func ouriColour(s games.Seat) color.RGBA {
	if s == 1 {
		return orange
	}
	return blue
}

// ouriChip is a seat's badge, its letter on its colour.
func ouriChip(c *canvas, x, y float64, s games.Seat) {
	letter := paper
	if s == 1 {
		letter = ink // white on orange would be too faint
	}
	c.disc(x, y, 9, ouriColour(s))
	c.centred(x, y, "SN"[s:s+1], badgeFace, letter)
}
