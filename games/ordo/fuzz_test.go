package ordo

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"tabuleiro/games"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{"a3-a4", "a3 a4", "A3A4", "c2:d2-c4", "d2:c2 d4", "e5xe6", "z9-a1", "a3:b3-a4", "x", "::", "a1-", "j8xj1", "c2:d2xc4", "a10-a11"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, plies uint8) {
		g := newGame(t)
		rng := rand.New(rand.NewPCG(uint64(plies), 1))
		playout(g, rng, int(plies%64), func(*Game) {})
		before := g.Hash()
		m, err := g.Parse(s)
		if g.Hash() != before {
			t.Fatalf("Parse(%q) changed the position", s)
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("Parse(%q): empty error", s)
			}
			if !utf8.ValidString(err.Error()) || len(err.Error()) > 400 {
				t.Fatalf("Parse(%q): error %q is broken UTF-8 or echoes too much", s, err)
			}
			return
		}
		if !slices.Contains(g.Legal(), m) {
			t.Fatalf("Parse(%q) = %s, which is not legal", s, Format(m))
		}
		if back, err := g.Parse(Format(m)); err != nil || back != m {
			t.Fatalf("Parse(Format(%s)) = %s, %v", Format(m), Format(back), err)
		}
	})
}

func FuzzPlayout(f *testing.F) {
	for _, seed := range []uint64{0, 1, 2, 42, 1234} {
		f.Add(seed, uint32(0))
	}
	f.Fuzz(func(t *testing.T, seed uint64, junk uint32) {
		const maxPlies = 400
		rng := rand.New(rand.NewPCG(seed, 7))
		g := newGame(t)
		hashes := []uint64{g.Hash()}
		counts := [2]int{g.Count(0), g.Count(1)}
		for g.Ply() < maxPlies && !g.Outcome().Over() {
			legal := g.Legal()
			if len(legal) == 0 {
				t.Fatalf("ongoing game with no legal move at ply %d", g.Ply())
			}
			// A move outside Legal is refused and changes nothing.
			if bad := games.Move(junk) ^ games.Move(rng.Uint32()); !slices.Contains(legal, bad) {
				h, ply := g.Hash(), g.Ply()
				if err := g.Play(bad); err == nil || g.Hash() != h || g.Ply() != ply {
					t.Fatalf("illegal move %#x accepted or changed the game", uint32(bad))
				}
			}
			m := legal[rng.IntN(len(legal))]
			if err := g.Play(m); err != nil {
				t.Fatalf("legal %s refused: %v", Format(m), err)
			}
			if g.Hash() != g.pos.ComputeHash() {
				t.Fatalf("incremental hash drifted after %s", Format(m))
			}
			for s := range counts {
				if c := g.Count(games.Seat(s)); c > counts[s] {
					t.Fatalf("seat %d grew from %d to %d pieces", s, counts[s], c)
				} else {
					counts[s] = c
				}
			}
			if !g.Outcome().Over() && g.Disconnected(g.ToMove().Other()) {
				t.Fatalf("the mover is left disconnected after %s", Format(m))
			}
			hashes = append(hashes, g.Hash())
		}
		if !g.Outcome().Over() && g.Ply() != maxPlies {
			t.Fatalf("stopped at ply %d without an outcome", g.Ply())
		}
		r, err := games.DecodeRecord(games.Encode(g))
		if err != nil {
			t.Fatal(err)
		}
		h, _ := New(r.Options)
		for i, m := range r.Log {
			if err := h.Play(m); err != nil {
				t.Fatalf("replay of ply %d: %v", i+1, err)
			}
			if h.Hash() != hashes[i+1] {
				t.Fatalf("replay differs at ply %d", i+1)
			}
		}
		if h.Outcome() != g.Outcome() {
			t.Fatalf("replay outcome %v, want %v", h.Outcome(), g.Outcome())
		}
	})
}
