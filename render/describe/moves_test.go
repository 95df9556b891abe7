package describe

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/oolong"
	"tabuleiro/render/describe/describetest"
	"tabuleiro/say"
)

// Every move a description names can be typed as it is named: the groups hold each legal move once,
// in the notation the game's parser reads back to that move.
func TestEveryMoveNamedCanBeTyped(t *testing.T) {
	positions := heardPositions(t)
	for _, lang := range languages {
		w := say.For(lang)
		for name, g := range positions {
			if g.Outcome().Over() {
				if len(Moves(g, w)) != 0 {
					t.Errorf("%s: a finished game has moves", name)
				}
				continue
			}
			var named []string
			for _, gr := range Moves(g, w) {
				if len(gr.Moves) == 0 {
					t.Errorf("%s (%s): group %q is empty", name, lang, gr.Label)
				}
				for _, s := range gr.Moves {
					m, err := g.Parse(s)
					if err != nil || g.Format(m) != s {
						t.Fatalf("%s (%s): %q is named but reads as %q (%v)", name, lang, s, g.Format(m), err)
					}
					named = append(named, s)
				}
			}
			legal := games.Names(g, g.Legal())
			slices.Sort(named)
			slices.Sort(legal)
			if !slices.Equal(named, legal) {
				t.Fatalf("%s (%s): the groups name %v, the legal moves are %v", name, lang, named, legal)
			}
		}
	}
}

// A listener plays whole games of each kind from the words alone: each turn it hears the
// description, reads the moves off the move list as a screen reader speaks it, types one, and
// hears its move named as the last decision.
func TestAListenerPlaysWholeGamesFromTheWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, kind := range catalog.Names {
		for _, lang := range languages {
			w := say.For(lang)
			d, _ := catalog.Lookup(kind)
			g, err := d.New(nil, rng)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; !g.Outcome().Over(); ply++ {
				if ply > 1000 {
					t.Fatalf("%s (%s): no end after 1000 decisions", kind, lang)
				}
				heard := describetest.Heard(MovePages(g, w), w)
				if len(heard) == 0 {
					t.Fatalf("%s (%s) ply %d: no move heard in %q", kind, lang, ply, MovePages(g, w))
				}
				typed := heard[rng.IntN(len(heard))]
				m, err := g.Parse(typed)
				if err != nil {
					t.Fatalf("%s (%s) ply %d: %q heard but refused: %v", kind, lang, ply, typed, err)
				}
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				if last := Game(g, w).Last; !strings.Contains(last, " "+typed+".") && !strings.Contains(last, " "+typed+" ") &&
					!strings.Contains(last, " "+typed+",") && !strings.Contains(last, " "+typed+";") {
					t.Fatalf("%s (%s) ply %d: typed %q, heard %q", kind, lang, ply, typed, last)
				}
			}
			if Game(g, w).Turn == "" {
				t.Errorf("%s (%s): the result goes unsaid", kind, lang)
			}
		}
	}
}

// Oolong's longest lists, a free placement's seats and a Move Tea's every tea to every empty seat
// (hundreds of moves, seven messages when each was named), fit in one message: a Move Tea names its
// teas and its empty seats table by table, and a listener who hears them makes exactly the legal
// moves.
func TestAnOolongMoveListFitsInOneMessage(t *testing.T) {
	d, _ := catalog.Lookup("oolong")
	free, moveTea, most := 0, 0, 0
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		gg, err := d.New(nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*oolong.Game)
		for !g.Outcome().Over() {
			legal := games.Names(g, g.Legal())
			for _, lang := range languages {
				w := say.For(lang)
				pages := MovePages(g, w)
				if len(pages) != 1 {
					t.Fatalf("seed %d (%s): %d legal moves take %d messages:\n%s", seed, lang, len(legal), len(pages), strings.Join(pages, "\n"))
				}
				most = max(most, utf8.RuneCountInString(pages[0]))
				heard := describetest.Heard(pages, w)
				slices.Sort(heard)
				slices.Sort(legal)
				if !slices.Equal(heard, legal) {
					t.Fatalf("seed %d (%s): heard %v\nfrom\n%s\nthe legal moves are %v", seed, lang, heard, pages[0], legal)
				}
			}
			if strings.HasPrefix(legal[0], "move ") {
				moveTea++
			} else if g.Free() && len(g.Pending()) == 0 {
				free++
			}
			if err := g.Play(g.Legal()[rng.IntN(len(g.Legal()))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if free == 0 || moveTea == 0 {
		t.Fatalf("%d free placements and %d Move Teas listed: nothing long was tried", free, moveTea)
	}
	t.Logf("%d free placements and %d Move Teas listed; the longest list has %d characters", free, moveTea, most)
}
