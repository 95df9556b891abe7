package picture

import (
	"bytes"
	"fmt"
	"image"
	"strings"
	"testing"

	"tabuleiro/games"
)

// maxBoard is the most a board's PNG may weigh (100 KB: what a board image may weigh in a message).
const maxBoard = 100 << 10

func TestEveryBoardWeighsAtMost100KBAndIsDrawnForAPhone(t *testing.T) {
	seeds, every := uint64(3), 1
	if testing.Short() {
		seeds = 1
	}
	if raced {
		// The race detector checks the drawing's memory, which one game's positions exercise
		// as well as three: it draws every fourth of one game (the first and the last always).
		seeds, every = 1, 4
	}
	for _, v := range everyVariant {
		t.Run(fmt.Sprintf("the positions of %d %s games, one in %d", seeds, v.name, every), func(t *testing.T) {
			heaviest := 0
			for seed := uint64(1); seed <= seeds; seed++ {
				for _, g := range sample(playout(t, v, seed), every) {
					data, err := Board(g, pt)
					if err != nil {
						t.Fatal(err)
					}
					heaviest = max(heaviest, len(data))
					if len(data) > maxBoard {
						t.Fatalf("ply %d: %d bytes, over 100 KB", g.Ply(), len(data))
					}
					if w := decode(t, data).Bounds().Dx(); w != Width*Scale {
						t.Fatalf("ply %d: %d pixels wide, want %d", g.Ply(), w, Width*Scale)
					}
					if _, lines := statusOf(g, pt); strings.ContainsAny(strings.Join(lines, " "), "`*_") {
						t.Fatalf("ply %d: the status %q shows a chat's markup", g.Ply(), lines)
					}
				}
			}
			t.Logf("the heaviest: %d KB", heaviest>>10)
		})
	}
}

// sample is every n-th position from the first, and the last.
func sample(positions []games.Game, n int) []games.Game {
	var out []games.Game
	for i, g := range positions {
		if i%n == 0 || i == len(positions)-1 {
			out = append(out, g)
		}
	}
	return out
}

func TestAGameOutsideTheThreeIsABlankPicture(t *testing.T) {
	// The bot only plays the three, but a picture of anything else must not panic.
	img := Image(unknown{}, en)
	if img.Rect.Dx() != Width*Scale || img.Rect.Dy() == 0 {
		t.Errorf("an unknown game is drawn %v", img.Rect)
	}
}

// unknown is a game the package has no drawing for: only its descriptor and outcome are asked.
type unknown struct{ games.Game }

func (unknown) Descriptor() *games.Descriptor {
	return &games.Descriptor{Kind: "chess", Title: "Chess"}
}

func (unknown) Kind() string           { return "chess" }
func (unknown) Outcome() games.Outcome { return games.Outcome{Winner: games.NoSeat} }

func TestBoardsMayBeDrawnAtOnce(t *testing.T) {
	// The bot draws the boards of many games at once: the fonts and the palette are shared.
	positions := playout(t, everyVariant[0], 4)
	want := Image(positions[len(positions)-1], en)
	done := make(chan *image.Paletted)
	for range 4 {
		go func() { done <- Image(positions[len(positions)-1], en) }()
	}
	for range 4 {
		if got := <-done; !bytes.Equal(got.Pix, want.Pix) {
			t.Error("a board drawn beside others came out differently")
		}
	}
}

// minText is the smallest text a picture may hold, in points: shown 320 pixels wide, a point is a
// pixel, and below about 10 a phone's reader squints.
const minText = 10

func TestNoTextIsTooSmallToReadOnAPhone(t *testing.T) {
	for _, c := range goldens(t) {
		for f := range drawPosition(c.g, c.w, 0, caption(c.g, c.w)).faces {
			if f.size < minText {
				t.Errorf("the %s board writes at %v points, under %d", c.name, f.size, minText)
			}
		}
	}
}
