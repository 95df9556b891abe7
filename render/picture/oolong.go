package picture

import (
	"image/color"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// Oolong's nine tables sit as in the text block, like the compass: each a rounded square with its
// label on top (name, marker, * once used, =b or =g once claimed) over its 3×3 seats. A seat shows
// the text's symbol: an empty ring (o), a dark disc b, a green disc g; the waiter's seat has an
// orange ring and its letter in upper case; the seat the last decision put a tea on is framed in
// sky blue. A claimed table takes its claimer's tint; a table
// whose special waits for its decision is outlined in vermilion. Under the owner trigger the
// colour-named markers (BM GM BW GW) are filled with the colour that alone fires them.
const (
	tableGap   = 6
	tableWidth = (Width - 2*margin - 2*tableGap) / 3.0
	tableLabel = 18
	tablePad   = 3
	seatCell   = (tableWidth - 2*tablePad) / 3
	tableH     = tableLabel + 3*seatCell + tablePad
)

var (
	tableName = face{size: 12, bold: true}
	markerTag = face{size: 10.5, bold: true}
	seatFace  = face{size: 13, bold: true}
)

func init() { register(oolong.Descriptor, drawOolong, oolongChip) }

func drawOolong(c *canvas, y0 float64, g *oolong.Game, _ games.Words) float64 {
	pending := oolong.Dir(255)
	if p := g.Pending(); len(p) > 0 {
		pending = p[0].Table
	}
	served := func(oolong.Dir, oolong.Dir) bool { return false }
	if m, _, ok := g.Last(); ok {
		if lt, ls, ok := oolong.Served(m); ok {
			served = func(t, s oolong.Dir) bool { return t == lt && s == ls }
		}
	}
	for t := oolong.Dir(0); t < 9; t++ {
		x := margin + float64(t%3)*(tableWidth+tableGap)
		y := y0 + float64(t/3)*(tableH+tableGap)
		drawTable(c, x, y, g, t, t == pending, served)
	}
	return 3*tableH + 2*tableGap
}

func drawTable(c *canvas, x, y float64, g *oolong.Game, t oolong.Dir, pending bool, served func(t, s oolong.Dir) bool) {
	bg, claim := ground, ""
	switch g.Claim(t) {
	case 0:
		bg, claim = claimedB, "=b"
	case 1:
		bg, claim = claimedG, "=g"
	}
	c.box(x, y, tableWidth, tableH, 6, 0, bg)
	if pending {
		c.box(x, y, tableWidth, tableH, 6, 2.5, vermilion)
	}
	base := y + 13.5
	c.text(x+5, base, t.String(), tableName, ink, left)
	if m, ok := g.Marker(t); ok {
		drawMarker(c, x+26, y+3.5, m, g.Used(t), g.Trigger())
	}
	if claim != "" {
		c.text(x+tableWidth-5, base, claim, tableName, ink, right)
	}
	wt, ws := g.Waiter()
	for s := oolong.Dir(0); s < 9; s++ {
		cx := x + tablePad + seatCell*(float64(s%3)+0.5)
		cy := y + tableLabel + seatCell*(float64(s/3)+0.5)
		tea := g.At(t, s)
		letter := tea.String()
		if served(t, s) {
			c.box(cx-seatCell/2+0.5, cy-seatCell/2+0.5, seatCell-1, seatCell-1, 3, 2.5, sky)
		}
		if t == wt && s == ws {
			c.ring(cx, cy, 14.5, 3, orange)
			letter = strings.ToUpper(letter)
		}
		switch tea {
		case oolong.Black:
			c.disc(cx, cy, 11.5, ink)
			c.centred(cx, cy, letter, seatFace, paper)
		case oolong.Green:
			c.disc(cx, cy, 11.5, green)
			c.centred(cx, cy, letter, seatFace, paper)
		default:
			c.ring(cx, cy, 5.5, 1.5, muted)
		}
	}
}

// ownerOf is the colour that names a marker (BM, BW Black; GM, GW Green); NoSeat for the others.
func ownerOf(m oolong.Marker) games.Seat {
	switch m {
	case oolong.BM, oolong.BW:
		return 0
	case oolong.GM, oolong.GW:
		return 1
	}
	return games.NoSeat
}

// drawMarker draws a marker's tag with its top left at (x, y): outlined while it may still fire
// (filled with its colour when only that colour fires it), "BW*" struck through once used.
func drawMarker(c *canvas, x, y float64, m oolong.Marker, used bool, trigger oolong.Trigger) {
	const w, h = 24, 14
	if used {
		c.text(x+2, y+h-3.5, m.String()+"*", markerTag, ink, left)
		c.line(x+1, y+h/2, x+3+c.measure(m.String(), markerTag), y+h/2, 1.2, ink)
		return
	}
	fg := ink
	if owner := ownerOf(m); trigger == oolong.TriggerOwner && owner != games.NoSeat {
		fg = paper
		c.box(x, y, w, h, 3, 0, seatColour(owner))
	} else {
		c.box(x, y, w, h, 3, 1.2, ink)
	}
	c.centred(x+w/2, y+h/2, m.String(), markerTag, fg)
}

// seatColour is the colour of a seat's teas.
func seatColour(s games.Seat) color.RGBA {
	if s == 1 {
		return green
	}
	return ink
}

// oolongChip marks the seat a status line is about with its tea.
func oolongChip(c *canvas, x, y float64, s games.Seat) {
	c.disc(x, y, 6.5, seatColour(s))
}
