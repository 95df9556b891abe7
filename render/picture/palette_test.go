package picture

import (
	"fmt"
	"image/color"
	"math"
	"testing"
)

// distinct are the colours a reader must tell apart, and what telling them apart means.
var distinct = []struct {
	a, b color.RGBA
	what string
}{
	{ink, green, "Black's teas from Green's"},
	{ink, paper, "Black's pieces from White's"},
	{ink, ground, "a black tea or piece from its table or square"},
	{green, ground, "a green tea from its table"},
	{green, claimedG, "a green tea from a table Green claimed"},
	{ink, claimedB, "a black tea from a table Black claimed"},
	{muted, ground, "an empty seat from its table"},
	{claimedB, claimedG, "a table Black claimed from one Green claimed"},
	{claimedB, ground, "a table Black claimed from an open one"},
	{claimedG, ground, "a table Green claimed from an open one"},
	{orange, ground, "the waiter's ring on an open table"},
	{orange, claimedB, "the waiter's ring on a table Black claimed"},
	{orange, claimedG, "the waiter's ring on a table Green claimed"},
	{orange, green, "the waiter's ring from the green tea it holds"},
	{vermilion, ground, "a waiting special's outline on an open table"},
	{vermilion, claimedG, "a waiting special's outline on a table Green claimed"},
	{vermilion, paper, "a waiting special's outline from the page"},
	{blue, orange, "South from North"},
	{sky, paper, "the house sown last from the others"},
	{sky, ground, "the house sown last from its row"},
	{skyTint, ground, "the squares of the last move from the others"},
	{blue, skyTint, "the win-chance curve from the area under it"},
	{sky, claimedB, "the seat served last on a table Black claimed"},
	{sky, claimedG, "the seat served last on a table Green claimed"},
	{sky, orange, "the seat served last from the waiter's ring"},
}

// minDistance is the least CIELAB distance (ΔE*ab) between two colours that must be told apart:
// about 2.3 is the least a person notices side by side; 20 is far enough to name them apart at
// a glance on a phone.
const minDistance = 20

// The vision simulations of Machado, Oliveira and Fernandes (2009), at full severity, on linear RGB.
var visions = []struct {
	name string
	m    [3][3]float64
}{
	{"normal vision", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"deuteranopia", [3][3]float64{
		{0.367322, 0.860646, -0.227968},
		{0.280085, 0.672501, 0.047413},
		{-0.011820, 0.042940, 0.968881}}},
	{"protanopia", [3][3]float64{
		{0.152286, 1.052583, -0.204868},
		{0.114503, 0.786281, 0.099216},
		{-0.003882, -0.048116, 1.051998}}},
}

func TestThePaletteStaysApartForColourBlindReaders(t *testing.T) {
	for _, v := range visions {
		for _, d := range distinct {
			t.Run(fmt.Sprintf("with %s one tells %s", v.name, d.what), func(t *testing.T) {
				if e := deltaE(lab(simulate(v.m, d.a)), lab(simulate(v.m, d.b))); e < minDistance {
					t.Errorf("%v and %v are %.1f apart, want at least %d", d.a, d.b, e, minDistance)
				}
			})
		}
	}
}

func TestTheSimulationConfusesRedAndGreen(t *testing.T) {
	// A check on the check: pure red and a green of its lightness, far apart to most readers,
	// come close under deuteranopia.
	red, grn := color.RGBA{0xd0, 0x30, 0x30, 0xff}, color.RGBA{0x70, 0x80, 0x20, 0xff}
	normal, deut := visions[0].m, visions[1].m
	if n, d := deltaE(lab(simulate(normal, red)), lab(simulate(normal, grn))), deltaE(lab(simulate(deut, red)), lab(simulate(deut, grn))); n < 50 || d > 15 {
		t.Errorf("red and green are %.1f apart to most readers and %.1f under deuteranopia", n, d)
	}
}

// legible are the colours text is written in, on what, and the least contrast it needs (WCAG's
// ratio: 4.5 for small text, 3 for large or bold symbols).
var legible = []struct {
	text, on color.RGBA
	min      float64
	what     string
}{
	{ink, paper, 4.5, "the status line"},
	{ink, ground, 4.5, "a table's name and marker"},
	{ink, claimedB, 4.5, "a table's name on a table Black claimed"},
	{ink, claimedG, 4.5, "a table's name on a table Green claimed"},
	{muted, paper, 4.5, "the coordinates"},
	{paper, ink, 4.5, "a black tea's letter"},
	{paper, green, 3, "a green tea's letter, bold"},
	{paper, blue, 3, "South's badge, bold"},
	{ink, orange, 3, "North's badge, bold"},
	{ink, skyTint, 4.5, "a piece on a square of the last move"},
}

func TestTextStandsOutFromWhatItIsWrittenOn(t *testing.T) {
	for _, l := range legible {
		t.Run(fmt.Sprintf("%s stands out", l.what), func(t *testing.T) {
			if r := contrast(l.text, l.on); r < l.min {
				t.Errorf("%v on %v has a contrast of %.2f, want at least %.1f", l.text, l.on, r, l.min)
			}
		})
	}
}

// linear is an sRGB channel as linear light.
func linear(c uint8) float64 {
	v := float64(c) / 255
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// simulate is c, as linear RGB, seen through m.
func simulate(m [3][3]float64, c color.RGBA) [3]float64 {
	in := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	var out [3]float64
	for i := range out {
		out[i] = max(0, min(1, m[i][0]*in[0]+m[i][1]*in[1]+m[i][2]*in[2]))
	}
	return out
}

// lab is linear RGB as CIELAB under D65.
func lab(rgb [3]float64) [3]float64 {
	x := (0.4124*rgb[0] + 0.3576*rgb[1] + 0.1805*rgb[2]) / 0.95047
	y := 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	z := (0.0193*rgb[0] + 0.1192*rgb[1] + 0.9505*rgb[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

func deltaE(a, b [3]float64) float64 { return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2])) }

func sq(v float64) float64 { return v * v }

// contrast is WCAG's contrast ratio of two colours.
func contrast(a, b color.RGBA) float64 {
	lum := func(c color.RGBA) float64 { return 0.2126*linear(c.R) + 0.7152*linear(c.G) + 0.0722*linear(c.B) }
	hi, lo := lum(a), lum(b)
	if lo > hi {
		hi, lo = lo, hi
	}
	return (hi + 0.05) / (lo + 0.05)
}
