package picture

import (
	"math"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// swing is a game's win chance by ply for the graph's goldens: an even start, a lead that
// changes hands twice, and a win; NaN (a chance nobody computed) shows as even.
func swing(plies int) []float64 {
	out := make([]float64, plies+1)
	for i := range out {
		t := float64(i) / float64(plies)
		out[i] = 50 + 40*math.Sin(3*math.Pi*t)*t + 10*t
	}
	out[plies] = 100
	if plies > 10 {
		out[10] = math.NaN()
	}
	return out
}

func TestTheWinChanceGraphMatchesItsGoldenImages(t *testing.T) {
	cases := []struct {
		name    string
		d       *games.Descriptor
		chances []float64
		w       games.Words
	}{
		{"a 60-ply Oolong game's graph names Black's chance", oolong.Descriptor, swing(60), en},
		{"a 140-ply Ordo game's graph is in Portuguese, with fewer ply labels", ordo.Descriptor, swing(140), pt},
		{"a game of one position draws a graph without a line", ouri.Descriptor, []float64{50}, en},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data, err := Chances(c.d, c.chances, c.w)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > maxBoard {
				t.Errorf("%d bytes, over 100 KB", len(data))
			}
			goldenImage(t, []string{"chance_oolong.png", "chance_ordo.pt-BR.png", "chance_ouri_start.png"}[i], data)
		})
	}
}
