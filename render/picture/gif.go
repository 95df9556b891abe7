package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"
	"strconv"

	"tabuleiro/games"
)

// How long a GIF's frames show, in hundredths of a second: each ply, and the last position.
const (
	plyDelay  = 100
	lastDelay = 400
)

// Game draws a game as an animated GIF in w's language: start (the game as it began), then one
// frame after each decision of log, captioned with it as the history lists it ("12. North c"),
// every frame as high as the highest. A frame after the first
// holds only the pixels that changed, the rest transparent over the frame before, so a 100-ply
// game weighs a few hundred kilobytes.
func Game(start games.Game, log []games.Move, w games.Words) ([]byte, error) {
	positions := []games.Game{start.Clone()}
	lines := 0
	for i, m := range log {
		g := positions[i].Clone()
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("replaying decision %d (%s): %w", i+1, g.Format(m), err)
		}
		positions = append(positions, g)
	}
	for _, g := range positions {
		_, wrapped := statusOf(g, w)
		lines = max(lines, len(wrapped))
	}
	lines++ // the caption
	anim := &gif.GIF{LoopCount: 0}
	var prev *image.Paletted
	for i, g := range positions {
		cur := drawPosition(g, w, lines, caption(g, w)).img
		frame := cur
		if prev != nil {
			frame = changes(prev, cur)
		}
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, plyDelay)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		if i == 0 {
			anim.Config = image.Config{ColorModel: palette, Width: cur.Rect.Dx(), Height: cur.Rect.Dy()}
		}
		prev = cur
	}
	anim.Delay[len(anim.Delay)-1] = lastDelay
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, anim); err != nil {
		return nil, fmt.Errorf("encoding a game as GIF: %w", err)
	}
	return buf.Bytes(), nil
}

// changes is the smallest frame that turns prev into cur: the box of the pixels that differ,
// those that do not transparent. Nothing changed gives one transparent pixel.
func changes(prev, cur *image.Paletted) *image.Paletted {
	w, h := cur.Rect.Dx(), cur.Rect.Dy()
	box := image.Rect(w, h, 0, 0)
	for y := 0; y < h; y++ {
		a, b := prev.Pix[y*w:(y+1)*w], cur.Pix[y*w:(y+1)*w]
		if bytes.Equal(a, b) {
			continue
		}
		first, last := 0, w-1
		for a[first] == b[first] {
			first++
		}
		for a[last] == b[last] {
			last--
		}
		box.Min.X, box.Max.X = min(box.Min.X, first), max(box.Max.X, last+1)
		box.Min.Y, box.Max.Y = min(box.Min.Y, y), y+1
	}
	if box.Empty() {
		f := image.NewPaletted(image.Rect(0, 0, 1, 1), palette)
		f.Pix[0] = transparent
		return f
	}
	f := image.NewPaletted(box, palette)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			i := y*w + x
			p := transparent
			if prev.Pix[i] != cur.Pix[i] {
				p = cur.Pix[i]
			}
			f.Pix[f.PixOffset(x, y)] = p
		}
	}
	return f
}

// caption is g's last decision as the history lists it, "<ply>. <colour> <notation>"; "" at the start.
func caption(g games.Game, w games.Words) string {
	log, by := g.Log(), g.Deciders()
	if len(log) == 0 {
		return ""
	}
	colour := "?"
	if s := by[len(by)-1]; s == 0 || s == 1 {
		colour = games.Colour{D: g.Descriptor(), Seat: s}.Word(w)
	}
	return strconv.Itoa(len(log)) + ". " + colour + " " + g.Format(log[len(log)-1])
}
