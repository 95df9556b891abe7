package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The palette: every colour a picture uses, by what it shows. Colours that must be told apart
// are listed in distinct (palette_test.go), which checks them under colour-blind simulation.
// The hues are from Okabe and Ito's palette for colour-blind readers.
var (
	paper     = color.RGBA{0xff, 0xff, 0xff, 0xff} // the background; White's pieces
	ink       = color.RGBA{0x22, 0x22, 0x22, 0xff} // text; Black's teas and pieces
	muted     = color.RGBA{0x76, 0x76, 0x76, 0xff} // coordinates, empty seats, the graph's axes
	ground    = color.RGBA{0xea, 0xe6, 0xda, 0xff} // a table, a row of houses, the board
	green     = color.RGBA{0x00, 0x9e, 0x73, 0xff} // Green's teas (bluish green)
	claimedB  = color.RGBA{0x90, 0x90, 0x90, 0xff} // a table claimed by Black
	claimedG  = color.RGBA{0x6c, 0xc7, 0xd2, 0xff} // a table claimed by Green (teal: a green tint would fade into the tables for red-green readers)
	orange    = color.RGBA{0xe6, 0x9f, 0x00, 0xff} // the waiter; North
	vermilion = color.RGBA{0xd5, 0x5e, 0x00, 0xff} // a special waiting for its decision
	sky       = color.RGBA{0x56, 0xb4, 0xe9, 0xff} // the house sown last
	skyTint   = color.RGBA{0xa8, 0xd4, 0xf0, 0xff} // the squares of the last move
	blue      = color.RGBA{0x00, 0x72, 0xb2, 0xff} // South; the win-chance curve
)

var base = []color.RGBA{paper, ink, muted, ground, green, claimedB, claimedG, orange, vermilion, sky, skyTint, blue}

// Edges are drawn in shades: levels steps from one colour to the next.
const levels = 4

// palette is the base colours and, for edges to be smooth, the levels-1 shades between every two
// of them (12 + 66×3 = 210 colours), then a transparent one for the GIF's frames.
var palette, transparent = func() (color.Palette, uint8) {
	p := make(color.Palette, 0, 256)
	for _, c := range base {
		p = append(p, c)
	}
	for i, a := range base {
		for _, b := range base[i+1:] {
			for k := 1; k < levels; k++ {
				p = append(p, mix(a, b, float64(k)/levels))
			}
		}
	}
	p = append(p, color.RGBA{})
	return p, uint8(len(p) - 1)
}()

// shades[bg][fg][k] is the palette's colour k/levels of the way from colour bg to base colour
// fg: exact between two base colours, the nearest where an edge falls on an edge.
var shades = func() [][][levels + 1]uint8 {
	t := make([][][levels + 1]uint8, transparent)
	for bg := range t {
		t[bg] = make([][levels + 1]uint8, len(base))
		for fg := range base {
			for k := 0; k <= levels; k++ {
				t[bg][fg][k] = nearest(mix(palette[bg].(color.RGBA), base[fg], float64(k)/levels))
			}
		}
	}
	return t
}()

// mix is the colour a share t of the way from a to b.
func mix(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}

// nearest is the index of the palette's opaque colour nearest to c.
func nearest(c color.RGBA) uint8 {
	best, bestD := 0, math.MaxInt
	for i, pc := range palette[:transparent] {
		q := pc.(color.RGBA)
		dr, dg, db := int(c.R)-int(q.R), int(c.G)-int(q.G), int(c.B)-int(q.B)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// baseIndex is a base colour's place in the palette.
func baseIndex(c color.RGBA) int {
	for i, b := range base {
		if b == c {
			return i
		}
	}
	panic(fmt.Sprintf("picture: %v is not in the palette", c))
}

// The fonts, parsed once; faces are made per canvas, as a face is not safe for concurrent use.
var regular, bold = mustParse(goregular.TTF), mustParse(gobold.TTF)

func mustParse(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic(fmt.Sprintf("picture: the embedded Go font does not parse: %v", err))
	}
	return f
}

// face is a font at a size in points.
type face struct {
	size float64
	bold bool
}

// align says which point of a text its x is: its left end, its middle or its right end.
type align int

const (
	left align = iota
	middle
	right
)

// canvas is a paletted image drawn in points. Shapes are rasterized into a coverage mask, then
// laid on the image in the palette's shades, so that no colour outside it is ever made.
type canvas struct {
	img   *image.Paletted // nil on a canvas that only measures
	faces map[face]font.Face
	z     vector.Rasterizer
	mask  []uint8
}

// newCanvas is a blank canvas Width points wide and h high; h 0 makes one that only measures.
func newCanvas(h float64) *canvas {
	c := &canvas{faces: map[face]font.Face{}}
	if h > 0 {
		c.img = image.NewPaletted(image.Rect(0, 0, Width*Scale, px(h)), palette) // index 0 is paper
	}
	return c
}

// px is a length in points as whole pixels.
func px(v float64) int { return int(math.Round(v * Scale)) }

func (c *canvas) face(f face) font.Face {
	if ff, ok := c.faces[f]; ok {
		return ff
	}
	fnt := regular
	if f.bold {
		fnt = bold
	}
	ff, err := opentype.NewFace(fnt, &opentype.FaceOptions{Size: f.size * Scale, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(fmt.Sprintf("picture: a face of the Go font at %v points: %v", f.size, err))
	}
	c.faces[f] = ff
	return ff
}

// rect fills a rectangle.
func (c *canvas) rect(x, y, w, h float64, col color.RGBA) {
	if c.img == nil {
		return
	}
	r := image.Rect(px(x), px(y), px(x+w), px(y+h)).Intersect(c.img.Rect)
	i := uint8(baseIndex(col))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.img.Pix[c.img.PixOffset(r.Min.X, y):c.img.PixOffset(r.Max.X, y)]
		for x := range row {
			row[x] = i
		}
	}
}

// cover lays colour col on the image where the mask covers it: the mask's point mp at r.Min.
func (c *canvas) cover(r image.Rectangle, mask *image.Alpha, mp image.Point, col color.RGBA) {
	clipped := r.Intersect(c.img.Rect)
	mp = mp.Add(clipped.Min.Sub(r.Min))
	r = clipped
	fg := baseIndex(col)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		m := mask.Pix[mask.PixOffset(mp.X, mp.Y+y-r.Min.Y):]
		p := c.img.Pix[c.img.PixOffset(r.Min.X, y):c.img.PixOffset(r.Max.X, y)]
		for x, bg := range p {
			switch a := m[x]; a {
			case 0:
			case 0xff:
				p[x] = uint8(fg)
			default:
				p[x] = shades[bg][fg][(int(a)*levels+127)/255]
			}
		}
	}
}

// shape fills what path draws, in pixels relative to the box (x0, y0, x1, y1) in points.
func (c *canvas) shape(x0, y0, x1, y1 float64, col color.RGBA, path func(z *vector.Rasterizer, ox, oy float32)) {
	if c.img == nil {
		return
	}
	r := image.Rect(int(math.Floor(x0*Scale)), int(math.Floor(y0*Scale)), int(math.Ceil(x1*Scale)), int(math.Ceil(y1*Scale)))
	c.z.Reset(r.Dx(), r.Dy())
	c.z.DrawOp = draw.Src
	path(&c.z, float32(r.Min.X), float32(r.Min.Y))
	if n := r.Dx() * r.Dy(); n > cap(c.mask) {
		c.mask = make([]uint8, n)
	}
	mask := &image.Alpha{Pix: c.mask[:r.Dx()*r.Dy()], Stride: r.Dx(), Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	c.z.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	c.cover(r, mask, image.Point{}, col)
}

// circle adds a circle of radius r about (x, y), in pixels, clockwise or not.
func circle(z *vector.Rasterizer, x, y, r float32, clockwise bool) {
	const k = 0.5523 // a cubic Bézier's control distance for a quarter circle
	s := float32(1)
	if !clockwise {
		s = -1
	}
	z.MoveTo(x+r, y)
	z.CubeTo(x+r, y+s*k*r, x+k*r, y+s*r, x, y+s*r)
	z.CubeTo(x-k*r, y+s*r, x-r, y+s*k*r, x-r, y)
	z.CubeTo(x-r, y-s*k*r, x-k*r, y-s*r, x, y-s*r)
	z.CubeTo(x+k*r, y-s*r, x+r, y-s*k*r, x+r, y)
	z.ClosePath()
}

// disc fills a circle of radius r about (x, y).
func (c *canvas) disc(x, y, r float64, col color.RGBA) {
	c.shape(x-r, y-r, x+r, y+r, col, func(z *vector.Rasterizer, ox, oy float32) {
		circle(z, float32(x*Scale)-ox, float32(y*Scale)-oy, float32(r*Scale), true)
	})
}

// ring draws a circle's outline of the given width, its outer edge at radius r.
func (c *canvas) ring(x, y, r, width float64, col color.RGBA) {
	c.shape(x-r, y-r, x+r, y+r, col, func(z *vector.Rasterizer, ox, oy float32) {
		cx, cy := float32(x*Scale)-ox, float32(y*Scale)-oy
		circle(z, cx, cy, float32(r*Scale), true)
		circle(z, cx, cy, float32((r-width)*Scale), false)
	})
}

// box draws a rectangle with rounded corners of radius r: filled when width is 0, else its
// outline of that width.
func (c *canvas) box(x, y, w, h, r, width float64, col color.RGBA) {
	c.shape(x, y, x+w, y+h, col, func(z *vector.Rasterizer, ox, oy float32) {
		rounded(z, float32(x*Scale)-ox, float32(y*Scale)-oy, float32(w*Scale), float32(h*Scale), float32(r*Scale), true)
		if width > 0 {
			d := float32(width * Scale)
			rounded(z, float32(x*Scale)-ox+d, float32(y*Scale)-oy+d, float32(w*Scale)-2*d, float32(h*Scale)-2*d,
				max(0, float32(r*Scale)-d), false)
		}
	})
}

// rounded adds a rectangle with rounded corners, in pixels, clockwise or not.
func rounded(z *vector.Rasterizer, x, y, w, h, r float32, clockwise bool) {
	pts := [][6]float32{ // each side's end, then the corner's control point and end
		{x + w - r, y, x + w, y, x + w, y + r},
		{x + w, y + h - r, x + w, y + h, x + w - r, y + h},
		{x + r, y + h, x, y + h, x, y + h - r},
		{x, y + r, x, y, x + r, y},
	}
	z.MoveTo(x+r, y)
	if !clockwise {
		pts = [][6]float32{
			{x, y + h - r, x, y + h, x + r, y + h},
			{x + w - r, y + h, x + w, y + h, x + w, y + h - r},
			{x + w, y + r, x + w, y, x + w - r, y},
			{x + r, y, x, y, x, y + r},
		}
		z.MoveTo(x, y+r)
	}
	for _, p := range pts {
		z.LineTo(p[0], p[1])
		z.QuadTo(p[2], p[3], p[4], p[5])
	}
	z.ClosePath()
}

// line draws a straight stroke of the given width from (x0, y0) to (x1, y1).
func (c *canvas) line(x0, y0, x1, y1, width float64, col color.RGBA) {
	dx, dy := x1-x0, y1-y0
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	nx, ny := -dy/n*width/2, dx/n*width/2
	c.shape(min(x0, x1)-width, min(y0, y1)-width, max(x0, x1)+width, max(y0, y1)+width, col,
		func(z *vector.Rasterizer, ox, oy float32) {
			p := func(x, y float64) (float32, float32) { return float32(x*Scale) - ox, float32(y*Scale) - oy }
			z.MoveTo(p(x0+nx, y0+ny))
			z.LineTo(p(x1+nx, y1+ny))
			z.LineTo(p(x1-nx, y1-ny))
			z.LineTo(p(x0-nx, y0-ny))
			z.ClosePath()
		})
}

// measure is how wide s is in face f, in points.
func (c *canvas) measure(s string, f face) float64 {
	return float64(font.MeasureString(c.face(f), s)) / 64 / Scale
}

// text writes s with its baseline at y, its left end, middle or right end at x.
func (c *canvas) text(x, y float64, s string, f face, col color.RGBA, a align) {
	if c.img == nil {
		return
	}
	switch a {
	case middle:
		x -= c.measure(s, f) / 2
	case right:
		x -= c.measure(s, f)
	}
	ff := c.face(f)
	dot := fixed.Point26_6{X: fixed.Int26_6(math.Round(x * Scale * 64)), Y: fixed.Int26_6(math.Round(y * Scale * 64))}
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += ff.Kern(prev, r)
		}
		dr, mask, mp, advance, ok := ff.Glyph(dot, r)
		if alpha, isAlpha := mask.(*image.Alpha); ok && isAlpha {
			c.cover(dr, alpha, mp, col)
		}
		dot.X += advance
		prev = r
	}
}

// centred writes s in face f centred on (x, y).
func (c *canvas) centred(x, y float64, s string, f face, col color.RGBA) {
	capHeight := float64(c.face(f).Metrics().CapHeight) / 64 / Scale
	c.text(x, y+capHeight/2, s, f, col, middle)
}

// wrap breaks s into lines at most width points wide in face f, at spaces.
func (c *canvas) wrap(s string, f face, width float64) []string {
	var lines []string
	var cur string
	for _, word := range strings.Fields(s) {
		if cur != "" && c.measure(cur+" "+word, f) > width {
			lines = append(lines, cur)
			cur = word
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += word
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	// The fastest compression: the pictures are flat colour, which it packs nearly as well.
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encoding a picture as PNG: %w", err)
	}
	return buf.Bytes(), nil
}
