package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"testing"

	"tabuleiro/games"
)

func TestAGameAsGIFShowsEveryPositionInTurn(t *testing.T) {
	for _, v := range everyVariant {
		t.Run(fmt.Sprintf("each frame of the last plies of a %s game, laid over the ones before, is its position's board", v.name), func(t *testing.T) {
			// The last 24 plies, from a position in the middle to the result; under the race
			// detector, which makes each frame drawn and compared many times slower, the last 6.
			plies := 24
			if raced {
				plies = 6
			}
			ps := playout(t, v, 2)
			from := max(0, len(ps)-plies-1)
			log := ps[len(ps)-1].Log()[from:]
			ps = ps[from:]
			data, err := Game(ps[0], log, pt)
			if err != nil {
				t.Fatal(err)
			}
			anim, err := gif.DecodeAll(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if len(anim.Image) != len(ps) {
				t.Fatalf("%d frames for %d positions", len(anim.Image), len(ps))
			}
			if anim.Delay[0] != plyDelay || anim.Delay[len(ps)-1] != lastDelay {
				t.Errorf("delays %d and %d, want %d a ply and %d for the last", anim.Delay[0], anim.Delay[len(ps)-1], plyDelay, lastDelay)
			}
			shown := image.NewRGBA(image.Rect(0, 0, anim.Config.Width, anim.Config.Height))
			for i, frame := range anim.Image {
				draw.Draw(shown, frame.Bounds(), frame, frame.Bounds().Min, draw.Over)
				want := drawPosition(ps[i], pt, 0, caption(ps[i], pt)).img
				// A frame is as high as the highest status needs; below its own, the board is paper.
				if n, at := differ(t, shown.SubImage(want.Rect), want); n > 0 {
					t.Fatalf("frame %d: %d pixels differ from the board at ply %d, the first at %v", i, n, i, at)
				}
			}
		})
	}
}

func TestAGIFFrameIsCaptionedWithItsDecisionAsTheHistoryListsIt(t *testing.T) {
	ps := playout(t, everyVariant[6], 3)
	for _, c := range []struct {
		name string
		ply  int
		w    games.Words
		want string
	}{
		{"the start has no caption", 0, en, ""},
		{"White's first decision in English", 1, en, "1. White " + ps[1].Format(ps[1].Log()[0])},
		{"Black's reply in Portuguese", 2, pt, "2. Pretas " + ps[2].Format(ps[2].Log()[1])},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := caption(ps[c.ply], c.w); got != c.want {
				t.Errorf("caption %q, want %q", got, c.want)
			}
		})
	}
}

func TestAGIFRefusesADecisionTheGameDoesNotAllow(t *testing.T) {
	ps := playout(t, everyVariant[6], 3)
	log := ps[3].Log()
	log = append(log, log[0]) // the first move again, from a square left long ago
	if _, err := Game(ps[0], log, en); err == nil {
		t.Fatal("a log with an illegal decision was drawn")
	}
}

func TestA100PlyGameWeighsAtMost2MB(t *testing.T) {
	// Under the race detector a GIF of 100 plies takes minutes: a game of 25 is held to its share
	// of the 2 MB, which is stricter (the first frame, the whole board, weighs the most).
	plies := 100
	if raced {
		plies = 25
	}
	limit := 2 << 20 * plies / 100
	for _, v := range everyVariant {
		t.Run(fmt.Sprintf("a %s game of %d plies", v.name, plies), func(t *testing.T) {
			start, log := longGame(t, v, plies)
			data, err := Game(start, log, en)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > limit {
				t.Errorf("%d bytes, over %d KB", len(data), limit>>10)
			}
			t.Logf("%d plies: %d KB", len(log), len(data)>>10)
		})
	}
}

// longGame is a random game of v with the given plies, or the longest of the first seeds' games.
func longGame(t testing.TB, v variant, plies int) (games.Game, []games.Move) {
	var best []games.Game
	for seed := uint64(1); seed < 40 && len(best) < plies+1; seed++ {
		if ps := playout(t, v, seed); len(ps) > len(best) {
			best = ps
		}
	}
	if len(best) > plies+1 {
		best = best[:plies+1]
	}
	return best[0], best[len(best)-1].Log()
}
