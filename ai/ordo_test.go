package ai

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"tabuleiro/ai/ordoai"
	"tabuleiro/games/ordo"
)

// ordoGames plays random games and calls visit on every position before a move.
func ordoGames(t *testing.T, n int, seed uint64, visit func(g *ordo.Game)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed))
	for i := 0; i < n; i++ {
		g, err := ordo.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Outcome().Over() && g.Ply() < 300 {
			visit(g)
			legal := g.Legal()
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestOrdoLevelsTakeAWinAtOnce(t *testing.T) {
	met := 0
	ordoGames(t, 30, 1, func(g *ordo.Game) {
		p := g.Position()
		legal := g.Legal()
		wins := false
		for _, m := range legal {
			wins = wins || p.WinsAtOnce(m)
		}
		if !wins {
			return
		}
		met++
		for _, lv := range []Level{Medium, Hard} {
			m, err := Choose(context.Background(), g, Settings{Level: lv, MoveTime: 20 * time.Millisecond, Seed: uint64(met)})
			if err != nil {
				t.Fatal(err)
			}
			if !p.WinsAtOnce(m) {
				t.Errorf("%s played %s at ply %d, missing a win at once", lv, g.Format(m), g.Ply())
			}
		}
	})
	if met == 0 {
		t.Error("the random games met no win at once")
	}
}

func TestOrdoHardStopsALossInOne(t *testing.T) {
	met := 0
	ordoGames(t, 30, 2, func(g *ordo.Game) {
		p := g.Position()
		if !ordoai.Threatens(&p, p.Side.Other()) {
			return
		}
		legal := g.Legal()
		defended := false
		for _, m := range legal {
			c := p.Play(m)
			defended = defended || p.WinsAtOnce(m) || !ordoai.Threatens(&c, c.Side)
		}
		if !defended {
			return
		}
		met++
		m, err := Choose(context.Background(), g, Settings{Level: Hard, MoveTime: 20 * time.Millisecond, Seed: uint64(met)})
		if err != nil {
			t.Fatal(err)
		}
		if c := p.Play(m); !p.WinsAtOnce(m) && ordoai.Threatens(&c, c.Side) {
			t.Errorf("hard played %s at ply %d, leaving a win at once", g.Format(m), g.Ply())
		}
	})
	if met == 0 {
		t.Error("the random games met no threat to stop")
	}
}

func TestOrdoMediumIsDeterministicPerSeed(t *testing.T) {
	ordoGames(t, 3, 3, func(g *ordo.Game) {
		s := Settings{Level: Medium, Seed: uint64(g.Ply())}
		a, _ := Choose(context.Background(), g, s)
		b, _ := Choose(context.Background(), g, s)
		if a != b {
			t.Fatalf("ply %d: %s then %s", g.Ply(), g.Format(a), g.Format(b))
		}
	})
}

func TestOrdoHardHonoursBudgetAndContext(t *testing.T) {
	g, _ := ordo.New(nil)
	for _, tc := range []struct {
		name    string
		budget  time.Duration
		cancel  time.Duration
		longest time.Duration
	}{
		{"a 100 ms budget", 100 * time.Millisecond, 0, 600 * time.Millisecond},
		{"a context cancelled after 50 ms", time.Minute, 50 * time.Millisecond, 550 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if tc.cancel > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.cancel)
				defer cancel()
			}
			start := time.Now()
			m, err := Choose(ctx, g, Settings{Level: Hard, MoveTime: tc.budget, Seed: 1})
			if d := time.Since(start); d > tc.longest {
				t.Errorf("answered after %v", d)
			}
			if tc.cancel > 0 {
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("got %v, want context.DeadlineExceeded", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Clone().Play(m); err != nil {
				t.Errorf("illegal answer: %v", err)
			}
		})
	}
}
