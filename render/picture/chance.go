package picture

import (
	"math"
	"strconv"

	"golang.org/x/image/vector"

	"tabuleiro/games"
)

// The win-chance graph: its height and its plot's box, in points.
const (
	chanceHeight = 190
	plotLeft     = margin + 34
	plotRight    = Width - margin - 4
	plotTop      = 30
	plotBottom   = chanceHeight - 34
)

var (
	titleFace = face{size: 13, bold: true}
	axisFace  = face{size: 10.5}
)

// Chances draws the win chance of a game d describes by ply as a PNG in w's language: chances[i] is
// the first seat's chance to win, in percent (a draw counting half), in the position after ply i,
// chances[0] the start. From an ai.Review, that is each decision's Before, the decider's
// chance there, and the last one's After, each as the first seat's (100 − it when the second
// decided).
func Chances(d *games.Descriptor, chances []float64, w games.Words) ([]byte, error) {
	c := newCanvas(chanceHeight)
	c.text(margin, 19, w.T("picture.chance.title", map[string]any{"Who": games.Colour{D: d, Seat: 0}}), titleFace, ink, left)

	last := max(1, len(chances)-1)
	at := func(i int, v float64) (float64, float64) {
		if math.IsNaN(v) {
			v = 50
		}
		v = max(0, min(100, v))
		return plotLeft + (plotRight-plotLeft)*float64(i)/float64(last), plotBottom - (plotBottom-plotTop)*v/100
	}
	c.rect(plotLeft, plotTop, plotRight-plotLeft, plotBottom-plotTop, ground)
	if len(chances) > 0 {
		c.shape(plotLeft, plotTop, plotRight, plotBottom, skyTint, func(z *vector.Rasterizer, ox, oy float32) {
			p := func(x, y float64) (float32, float32) { return float32(x*Scale) - ox, float32(y*Scale) - oy }
			z.MoveTo(p(plotLeft, plotBottom))
			for i, v := range chances {
				z.LineTo(p(at(i, v)))
			}
			z.LineTo(p(at(last, 0)))
			z.ClosePath()
		})
	}
	for _, v := range []float64{0, 50, 100} {
		_, y := at(0, v)
		col := muted
		if v == 50 {
			c.line(plotLeft, y, plotRight, y, 1, muted)
		}
		c.text(plotLeft-4, y+4, strconv.Itoa(int(v))+"%", axisFace, col, right)
	}
	for i := 1; i < len(chances); i++ {
		x0, y0 := at(i-1, chances[i-1])
		x1, y1 := at(i, chances[i])
		c.line(x0, y0, x1, y1, 2, blue)
		c.disc(x1, y1, 1, blue) // a round joint, where two strokes would leave a notch
	}
	step := tickStep(last)
	for i := 0; i <= last; i += step {
		x, _ := at(i, 0)
		c.line(x, plotBottom, x, plotBottom+3, 1, muted)
		c.text(x, plotBottom+14, strconv.Itoa(i), axisFace, muted, middle)
	}
	c.text(plotRight, plotBottom+28, w.T("picture.chance.ply", nil), axisFace, muted, right)
	return encodePNG(c.img)
}

// tickStep is a round step between the labels of plies 0 to last, so that at most 10 show.
func tickStep(last int) int {
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500} {
		if last/s <= 10 {
			return s
		}
	}
	return last/10 + 1
}
