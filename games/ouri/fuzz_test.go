package ouri

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"tabuleiro/games"
)

// FuzzParse: any text, in any position reached by the given sowings, never panics, and what Parse
// accepts is legal.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"a", " F ", "z", "", "ab", "é", "\x00", "c\n"} {
		f.Add([]byte{3, 2, 5}, s)
	}
	f.Fuzz(func(t *testing.T, prefix []byte, s string) {
		g, _ := New(nil)
		for _, b := range prefix {
			legal := g.Legal()
			if len(legal) == 0 {
				break
			}
			_ = g.Play(legal[int(b)%len(legal)])
		}
		m, err := g.Parse(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			if !utf8.ValidString(err.Error()) || len(err.Error()) > 400 {
				t.Fatalf("Parse(%q): error %q is broken UTF-8 or echoes too much", s, err)
			}
			return
		}
		for _, l := range g.Legal() {
			if l == m {
				return
			}
		}
		t.Fatalf("Parse(%q) = %d, not in Legal %v", s, m, g.Legal())
	})
}

// maxPlies bounds a random game: captures come quickly in random play and a third occurrence
// ends any long capture-free stretch.
const maxPlies = 3000

// FuzzPlayout plays seeded random games under every option combination and checks the invariants
// of rules/ouri.md and of the games contract at every ply.
func FuzzPlayout(f *testing.F) {
	for seed := uint64(0); seed < 4; seed++ {
		f.Add(seed, uint8(seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, variant uint8) {
		opts := allOptions()[int(variant)%4]
		rng := rand.New(rand.NewPCG(seed, uint64(variant)))
		g, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		hashes := []uint64{g.Hash()}
		stopAt := -1 // sometimes the players stop early by agreement, resignation or time
		if rng.IntN(3) == 0 {
			stopAt = rng.IntN(100)
		}
		for !g.Outcome().Over() && g.Ply() != stopAt {
			if g.Ply() > maxPlies {
				t.Fatalf("no end after %d plies: %v", maxPlies, games.Names(g, g.Log()))
			}
			legal := g.Legal()
			if len(legal) == 0 {
				t.Fatal("an unfinished game has no legal move")
			}
			// A move outside Legal is refused and changes nothing.
			bad := games.Move(rng.IntN(8))
			if rng.IntN(4) == 0 {
				bad = games.Move(rng.Uint32())
			}
			if !contains(legal, bad) {
				h, ply := g.Hash(), g.Ply()
				if err := g.Play(bad); err == nil || g.Hash() != h || g.Ply() != ply {
					t.Fatalf("illegal move %d: err %v, changed %v", bad, err, g.Hash() != h || g.Ply() != ply)
				}
			}
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			checkSeeds(t, g)
			hashes = append(hashes, g.Hash())
		}
		if !g.Outcome().Over() {
			method := []games.Method{games.Agreement, games.Resignation, games.Time}[rng.IntN(3)]
			if err := g.End(method, games.Seat(rng.IntN(2))); err != nil {
				t.Fatal(err)
			}
			checkSeeds(t, g)
		}
		if err := g.End(games.Agreement, 0); err == nil {
			t.Fatal("a finished game was ended again")
		}
		// Encode → decode → replay gives the same game, and every ply's position on the way.
		r, err := games.DecodeRecord(games.Encode(g))
		if err != nil {
			t.Fatal(err)
		}
		h, err := New(r.Options)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range r.Log {
			if h.Hash() != hashes[i] {
				t.Fatalf("replay differs before ply %d", i+1)
			}
			if err := h.Play(m); err != nil {
				t.Fatalf("replay ply %d: %v", i+1, err)
			}
		}
		if r.Ending != games.NotOver {
			if err := h.End(r.Ending, r.Loser); err != nil {
				t.Fatal(err)
			}
		}
		if h.Hash() != g.Hash() || h.Outcome() != g.Outcome() || h.Stores() != g.Stores() {
			t.Fatalf("replayed game differs: %v %v, want %v %v", h.Outcome(), h.Stores(), g.Outcome(), g.Stores())
		}
	})
}

func contains(ms []games.Move, m games.Move) bool {
	for _, l := range ms {
		if l == m {
			return true
		}
	}
	return false
}

func checkSeeds(t *testing.T, g *Game) {
	t.Helper()
	total := g.Stores()[0] + g.Stores()[1]
	for _, s := range g.Houses() {
		total += s
	}
	if total != Seeds {
		t.Fatalf("%d seeds on the board after %v", total, games.Names(g, g.Log()))
	}
}
