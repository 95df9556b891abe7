package catalog

import (
	"math/rand/v2"
	"strings"
	"testing"

	"tabuleiro/games"
)

func TestEveryGameIsDescribedOnce(t *testing.T) {
	kinds, codes := map[string]bool{}, map[byte]bool{}
	for _, d := range All() {
		t.Run(d.Kind, func(t *testing.T) {
			if kinds[d.Kind] || codes[d.Code] || d.Code == 0 {
				t.Errorf("kind %q or code %d is used twice, or the code is 0", d.Kind, d.Code)
			}
			kinds[d.Kind], codes[d.Code] = true, true
			for _, text := range []string{d.Title, d.Blurb, d.Seats[0], d.Seats[1], d.Offer, d.OfferHelp, d.MoveHelp, d.Rules} {
				if text == "" {
					t.Errorf("a text of %s is missing: %+v", d.Kind, d)
				}
			}
			if got, ok := Lookup(" " + d.Title + " "); !ok || got != d {
				t.Errorf("Lookup(%q) = %v, %v", d.Title, got, ok)
			}
			for _, rng := range []*rand.Rand{nil, rand.New(rand.NewPCG(1, 2))} {
				g, err := d.New(nil, rng)
				if err != nil {
					t.Fatal(err)
				}
				if g.Descriptor() != d || g.Kind() != d.Kind {
					t.Errorf("%s starts a game describing itself as %q", d.Kind, g.Kind())
				}
				if rng == nil {
					if _, err := g.Parse(d.Example); err != nil {
						t.Errorf("the example %q is not a first decision: %v", d.Example, err)
					}
				}
			}
			// Every option the commands offer is one the game accepts, with each of its values.
			for _, o := range d.Options {
				values := o.Choices
				if o.Bool {
					values = []string{"true", "false"}
				}
				for _, v := range values {
					if _, err := d.New(games.Options{o.Name: v}, nil); err != nil {
						t.Errorf("%s refuses %s=%s: %v", d.Kind, o.Name, v, err)
					}
				}
			}
			want := [2]string{"game." + d.Kind + ".seat." + strings.ToLower(d.Seats[0]), "game." + d.Kind + ".seat." + strings.ToLower(d.Seats[1])}
			if d.SeatID(0) != want[0] || d.SeatID(1) != want[1] || d.SeatID(games.NoSeat) != "seat.nobody" {
				t.Errorf("SeatID: %q %q %q", d.SeatID(0), d.SeatID(1), d.SeatID(games.NoSeat))
			}
		})
	}
	if _, ok := Lookup("chess"); ok {
		t.Error("Lookup found chess")
	}
}

func TestTheEncodingCodesAreTheStoredOnes(t *testing.T) {
	// Records already stored name their game by these codes: they must never change.
	for kind, code := range map[string]byte{"oolong": 1, "ouri": 2, "ordo": 3} {
		g, err := New(kind, nil)
		if err != nil {
			t.Fatal(err)
		}
		if b := games.Encode(g); b[1] != code {
			t.Errorf("%s encodes as code %d, want %d", kind, b[1], code)
		}
		r, err := DecodeRecord(games.Encode(g))
		if err != nil || r.Kind != kind || r.Code != code {
			t.Errorf("DecodeRecord gives %q/%d, %v", r.Kind, r.Code, err)
		}
	}
}

func TestNewDealtDealsOnlyWhenAskedTo(t *testing.T) {
	d, _ := Lookup("oolong")
	a, _ := d.New(nil, nil)
	b, _ := New("oolong", nil)
	if a.Options()["layout"] != b.Options()["layout"] {
		t.Error("New without rng is not the default start")
	}
	c, _ := d.New(games.Options{"trigger": "owner"}, rand.New(rand.NewPCG(7, 7)))
	e, _ := NewDealt("oolong", games.Options{"trigger": "owner"}, rand.New(rand.NewPCG(7, 7)))
	if c.Options().String() != e.Options().String() {
		t.Errorf("Descriptor.New and NewDealt deal differently: %v / %v", c.Options(), e.Options())
	}
}

// The ratings (README, "Ratings"): every Oolong and Ordo game; Ouri only with rules:ouri and
// without misère, the options read canonical or as a person gave them.
func TestWhichGamesAreRated(t *testing.T) {
	tests := []struct {
		name, kind string
		opts       games.Options
		rated      bool
	}{
		{"an Oolong game is rated", "oolong", nil, true},
		{"an Oolong game on another layout is rated", "oolong", games.Options{"layout": "BM,RO,GW,SU,RO,GM,SC,BW", "trigger": "owner"}, true},
		{"an Ordo game is rated", "ordo", nil, true},
		{"an Ouri game without options is rated", "ouri", nil, true},
		{"an Ouri game under the Ouri rules is rated", "ouri", games.Options{"rules": "ouri", "misere": "false"}, true},
		{"an Abapa game is not rated", "ouri", games.Options{"rules": "abapa"}, false},
		{"a misère Ouri game is not rated", "ouri", games.Options{"misere": "true"}, false},
		{"a misère Abapa game is not rated", "ouri", games.Options{"rules": "abapa", "misere": "true"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ok := Lookup(tt.kind)
			if !ok {
				t.Fatalf("no game %q", tt.kind)
			}
			if got := d.Rated(tt.opts); got != tt.rated {
				t.Errorf("Rated(%v) = %v, want %v", tt.opts, got, tt.rated)
			}
			// The canonical options of the game started with them say the same.
			g, err := d.New(tt.opts, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Rated(g.Options()); got != tt.rated {
				t.Errorf("Rated(%v) = %v, want %v", g.Options(), got, tt.rated)
			}
		})
	}
}
