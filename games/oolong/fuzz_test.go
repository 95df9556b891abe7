package oolong_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/oolong"
)

// teasOnBoard counts every tea on the 81 seats.
func teasOnBoard(g *oolong.Game) int {
	n := 0
	for t := oolong.NW; t <= oolong.SE; t++ {
		for s := oolong.NW; s <= oolong.SE; s++ {
			if g.At(t, s) != oolong.Empty {
				n++
			}
		}
	}
	return n
}

// playout plays a seeded random game and checks the invariants at every ply.
func playout(t *testing.T, seed uint64, owner bool, resignAt int) {
	rng := rand.New(rand.NewPCG(seed, seed>>32^0x9e37))
	opts := games.Options{"layout": oolong.RandomLayout(rng).String(), "trigger": "any"}
	if owner {
		opts["trigger"] = "owner"
	}
	g, err := oolong.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var hashes []uint64
	for ply := 0; ; ply++ {
		if n := teasOnBoard(g) + g.Supply(0) + g.Supply(1); n != 80 {
			t.Fatalf("ply %d: %d teas on board and in supply, want 80", ply, n)
		}
		if ply > 400 {
			t.Fatal("the game did not end in 400 decisions")
		}
		hashes = append(hashes, g.Hash())
		legal := g.Legal()
		if len(legal) == 0 {
			if !g.Outcome().Over() {
				t.Fatalf("ply %d: no decisions but the game goes on", ply)
			}
			break
		}
		if ply == resignAt {
			if err := g.End(games.Resignation, g.ToMove()); err != nil {
				t.Fatal(err)
			}
			break
		}
		// A decision outside Legal is refused and changes nothing.
		bogus := games.Move(rng.Uint32() & 0xFFFFF)
		if !slices.Contains(legal, bogus) {
			h, p := g.Hash(), g.Ply()
			if g.Play(bogus) == nil {
				t.Fatalf("ply %d: %#x (%s) is not legal but was played", ply, uint32(bogus), g.Format(bogus))
			}
			if g.Hash() != h || g.Ply() != p {
				t.Fatalf("ply %d: a refused decision changed the game", ply)
			}
		}
		m := legal[rng.IntN(len(legal))]
		if p, err := g.Parse(g.Format(m)); err != nil || p != m {
			t.Fatalf("ply %d: %s does not parse back: %v", ply, g.Format(m), err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("ply %d: legal %s refused: %v", ply, g.Format(m), err)
		}
	}
	back, err := catalog.Decode(games.Encode(g))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if back.Hash() != g.Hash() || back.Outcome() != g.Outcome() || !slices.Equal(back.Log(), g.Log()) ||
		back.Options().String() != g.Options().String() {
		t.Fatalf("the decoded game differs: %v vs %v", back.Outcome(), g.Outcome())
	}
	replay, _ := oolong.New(g.Options())
	for i, m := range g.Log() {
		if replay.Hash() != hashes[i] {
			t.Fatalf("replaying the log: ply %d hash differs", i)
		}
		if err := replay.Play(m); err != nil {
			t.Fatalf("replaying ply %d (%s): %v", i, replay.Format(m), err)
		}
	}
}

func FuzzPlayout(f *testing.F) {
	f.Add(uint64(1), false, -1)
	f.Add(uint64(2), true, -1)
	f.Add(uint64(42), false, 30)
	f.Fuzz(func(t *testing.T, seed uint64, owner bool, resignAt int) {
		playout(t, seed, owner, resignAt)
	})
}

func TestRandomPlayoutsKeepTheInvariants(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		playout(t, seed, seed%2 == 1, -1)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"c.ne", "NE", " c . n ", "move n.nw e.n", "rotate 3", "swap n se", "skip", "waiter sw", "xx", ""} {
		f.Add(uint64(3), 12, s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, plies int, s string) {
		g, _ := oolong.New(nil)
		rng := rand.New(rand.NewPCG(seed, 7))
		for i := 0; i < plies%200 && len(g.Legal()) > 0; i++ {
			legal := g.Legal()
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		m, err := g.Parse(s)
		if err == nil && !slices.Contains(g.Legal(), m) {
			t.Fatalf("Parse(%q) accepted %s, which is not legal", s, g.Format(m))
		}
		if err != nil && err.Error() == "" {
			t.Fatalf("Parse(%q) failed without a message", s)
		}
		if err != nil && (!utf8.ValidString(err.Error()) || len(err.Error()) > 400) {
			t.Fatalf("Parse(%q): error %q is broken UTF-8 or echoes too much", s, err)
		}
	})
}

func FuzzParseLayout(f *testing.F) {
	for _, s := range []string{"BM,RO,GW,SU,RO,GM,SC,BW", "bm,ro,gw,su,ro,gm,sc,bw", "BM,RO", ",,,,,,,", "BM,BM,GW,SU,RO,GM,SC,BW"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := oolong.ParseLayout(s)
		if err != nil {
			return
		}
		back, err := oolong.ParseLayout(l.String())
		if err != nil || back != l {
			t.Fatalf("%q parsed as %s, which does not parse back: %v", s, l, err)
		}
	})
}
