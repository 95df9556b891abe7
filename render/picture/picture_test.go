package picture

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/oolong"
	"tabuleiro/say"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/ with what the code draws now")

var en, pt = say.For(say.English), say.For("pt-BR")

// variant is a game's kind with one choice of its options.
type variant struct {
	name string
	kind string
	opts games.Options
}

var everyVariant = []variant{
	{"oolong", "oolong", games.Options{"trigger": "any"}},
	{"oolong_owner", "oolong", games.Options{"trigger": "owner"}},
	{"ouri", "ouri", games.Options{"rules": "ouri"}},
	{"ouri_misere", "ouri", games.Options{"rules": "ouri", "misere": "true"}},
	{"abapa", "ouri", games.Options{"rules": "abapa"}},
	{"abapa_misere", "ouri", games.Options{"rules": "abapa", "misere": "true"}},
	{"ordo", "ordo", nil},
}

// playout plays a seeded random game of v to its end (or 300 plies) and gives every position.
func playout(t testing.TB, v variant, seed uint64) []games.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 29))
	g, err := catalog.NewDealt(v.kind, v.opts, rng)
	if err != nil {
		t.Fatal(err)
	}
	out := []games.Game{g.Clone()}
	for ply := 0; !g.Outcome().Over() && ply < 300; ply++ {
		legal := g.Legal()
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		out = append(out, g.Clone())
	}
	return out
}

// halfway is a position halfway through a game; in Oolong, the first from there on whose special
// waits for a decision, so that the picture shows every state a marker has.
func halfway(positions []games.Game) games.Game {
	for _, g := range positions[len(positions)/2:] {
		if o, ok := g.(*oolong.Game); ok && len(o.Pending()) == 0 {
			continue
		}
		return g
	}
	return positions[len(positions)/2]
}

// goldens are the start, the middle and the end of a game of every variant, and a few in
// Portuguese.
func goldens(t *testing.T) []struct {
	name string
	g    games.Game
	w    games.Words
} {
	var out []struct {
		name string
		g    games.Game
		w    games.Words
	}
	add := func(name string, g games.Game, w games.Words) {
		out = append(out, struct {
			name string
			g    games.Game
			w    games.Words
		}{name, g, w})
	}
	for _, v := range everyVariant {
		ps := playout(t, v, 1)
		end := ps[len(ps)-1]
		if !end.Outcome().Over() {
			t.Fatalf("the %s game did not end in %d plies", v.name, len(ps)-1)
		}
		add(v.name+"_start", ps[0], en)
		add(v.name+"_middle", halfway(ps), en)
		add(v.name+"_end", end, en)
		if v.opts["misere"] == "" && v.opts["trigger"] != "owner" {
			add(v.name+"_middle.pt-BR", halfway(ps), pt)
		}
	}
	return out
}

func TestBoardsMatchTheirGoldenImages(t *testing.T) {
	for _, c := range goldens(t) {
		t.Run(fmt.Sprintf("the %s board is drawn as before", c.name), func(t *testing.T) {
			data, err := Board(c.g, c.w)
			if err != nil {
				t.Fatal(err)
			}
			goldenImage(t, c.name+".png", data)
		})
	}
}

// goldenImage compares the PNG data with testdata/<name> pixel by pixel, or rewrites it under -update.
func goldenImage(t *testing.T, name string, data []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render/picture -update to create it)", err)
	}
	if n, at := differ(t, decode(t, data), decode(t, want)); n > 0 {
		t.Errorf("%d pixels differ from %s, the first at %v; look at both, and run with -update if the new one is right", n, path, at)
	}
}

// rgba is img as RGBA, for its pixels to compare as bytes.
func rgba(img image.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

func decode(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// differ counts the pixels where a and b differ, and gives the first; a difference in size
// counts every pixel.
func differ(t *testing.T, a, b image.Image) (int, image.Point) {
	t.Helper()
	if a.Bounds() != b.Bounds() {
		t.Errorf("the image is %v, the golden one %v", a.Bounds(), b.Bounds())
		return a.Bounds().Dx() * a.Bounds().Dy(), a.Bounds().Min
	}
	ra, rb := rgba(a), rgba(b)
	if bytes.Equal(ra.Pix, rb.Pix) {
		return 0, image.Point{}
	}
	n, first := 0, image.Point{-1, -1}
	for i := 0; i < len(ra.Pix); i += 4 {
		if !bytes.Equal(ra.Pix[i:i+4], rb.Pix[i:i+4]) {
			if n == 0 {
				first = ra.Rect.Min.Add(image.Point{i / 4 % ra.Rect.Dx(), i / 4 / ra.Rect.Dx()})
			}
			n++
		}
	}
	return n, first
}
