package oolong

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tabuleiro/games"
)

// Perft from the start, default layout, derived by hand for the first plies:
//   - depth 1: Black serves table c, any seat but c (the waiter's): 8.
//   - depth 2: after c.X the waiter is on table X, seat c; table X is empty, so Green has the 8
//     seats other than c: 8·8 = 64.
//   - depth 3: after X.Y the waiter is on table Y, seat X. If Y is c, table c holds one tea (on
//     seat X, under the waiter) and has 8 open seats; if Y = X the waiter stands on Green's tea and
//     the other 8 seats are open; otherwise table Y is empty with seat X blocked: 8. So 512.
//
// No marker can fire before ply 7 (a threshold of 3 needs three teas of one colour on one
// perimeter table), so the counts stay close to powers of 8 until then.
var startPerft = []uint64{1, 8, 64, 512, 4040, 31472, 242312, 1843464, 13853168}

func TestPerftFromTheStart(t *testing.T) {
	g, _ := New(nil)
	for d, want := range startPerft {
		if got := g.Perft(d); got != want {
			t.Errorf("perft(%d) = %d, want %d", d, got, want)
		}
	}
}

var refConfigs = []struct{ layout, trigger string }{
	{"BM,RO,GW,SU,RO,GM,SC,BW", "any"},
	{"BM,RO,GW,SU,RO,GM,SC,BW", "owner"},
	{"SU,SC,BM,GM,BW,GW,RO,RO", "any"},
	{"RO,BM,RO,GM,SC,BW,SU,GW", "owner"},
}

func TestPerftAgreesWithTheNaiveReference(t *testing.T) {
	for _, cfg := range refConfigs {
		t.Run("from the start with "+cfg.layout+" trigger="+cfg.trigger, func(t *testing.T) {
			g, err := New(games.Options{"layout": cfg.layout, "trigger": cfg.trigger})
			if err != nil {
				t.Fatal(err)
			}
			r := newRef(cfg.layout, cfg.trigger)
			maxDepth := 6
			if testing.Short() || raceEnabled {
				maxDepth = 5
			}
			for d := 1; d <= maxDepth; d++ {
				if got, want := g.Perft(d), r.perft(d); got != want {
					t.Errorf("perft(%d) = %d, reference says %d", d, got, want)
				}
			}
		})
	}
}

func TestRandomGamesAgreeWithTheNaiveReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	specials := 0
	n := 40
	if raceEnabled || testing.Short() {
		n = 8
	}
	for game := 0; game < n; game++ {
		layout := RandomLayout(rng)
		trigger := []string{"any", "owner"}[game%2]
		g, _ := New(games.Options{"layout": layout.String(), "trigger": trigger})
		r := newRef(layout.String(), trigger)
		for ply := 0; ; ply++ {
			got, want := games.Names(g, g.Legal()), r.legal()
			if !slices.Equal(got, want) {
				t.Fatalf("game %d (%s %s) ply %d after %v: legal %v, reference %v", game, layout, trigger, ply, games.Names(g, g.Log()), got, want)
			}
			if len(want) == 0 {
				break
			}
			if g.ToMove() != games.Seat(r.toMove) {
				t.Fatalf("game %d ply %d: to move %d, reference %d", game, ply, g.ToMove(), r.toMove)
			}
			if len(r.queue) > 0 {
				specials++
				if specials%7 == 0 {
					for d := 1; d <= depthFor(len(want)); d++ {
						if a, b := g.Perft(d), r.perft(d); a != b {
							t.Fatalf("game %d ply %d with %s pending: perft(%d) = %d, reference %d", game, ply, r.queue[0].marker, d, a, b)
						}
					}
				}
			}
			if ply%23 == 5 && len(want) < 100 {
				if a, b := g.Perft(3), r.perft(3); a != b {
					t.Fatalf("game %d ply %d: perft(3) = %d, reference %d", game, ply, a, b)
				}
			}
			i := rng.IntN(len(want))
			if err := g.Play(g.Legal()[i]); err != nil {
				t.Fatal(err)
			}
			r.play(want[i])
		}
		o := g.Outcome()
		switch {
		case r.draw && !(o.Draw() && o.Method == games.Exhaustion):
			t.Fatalf("game %d: outcome %v, reference draws", game, o)
		case r.winner >= 0 && o != (games.Outcome{Winner: games.Seat(r.winner), Method: games.Claim}):
			t.Fatalf("game %d: outcome %v, reference winner %d", game, o, r.winner)
		}
	}
	if specials == 0 {
		t.Fatal("no special was ever pending")
	}
}

func BenchmarkPerft8(b *testing.B) {
	p := NewPosition(DefaultLayout, TriggerAny)
	for b.Loop() {
		p.Perft(8)
	}
}

// depthFor keeps the naive reference fast where a Move Tea has hundreds of choices.
func depthFor(choices int) int {
	if choices > 30 {
		return 2
	}
	return 3
}

func BenchmarkHash(b *testing.B) {
	g, _ := New(nil)
	rng := rand.New(rand.NewPCG(5, 5))
	for range 40 {
		legal := g.Legal()
		g.Play(legal[rng.IntN(len(legal))])
	}
	p := g.Position()
	for b.Loop() {
		p.Hash()
	}
}

func TestHashSeesTheQueueAndTheSideToDecide(t *testing.T) {
	g := build(t, scene{tables: map[Dir]string{N: "bbooooooo"}, waiter: [2]Dir{N, C}})
	play(t, g, "n.ne")
	pending := g.Hash()
	h := g.Position()
	h.qHead = h.qTail // same board, nothing pending
	h.toMove = 1
	if h.Hash() == pending {
		t.Error("the pending Move Tea does not change the hash")
	}
	c := g.CloneGame()
	play(t, c, "skip")
	play(t, g, "skip")
	if c.Hash() != g.Hash() {
		t.Error("equal positions hash differently")
	}
}
