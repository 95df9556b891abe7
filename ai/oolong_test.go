package ai

import (
	"context"
	"errors"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

func newOolong(t *testing.T, layout string) *oolong.Game {
	t.Helper()
	g, err := oolong.New(games.Options{"layout": layout})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestOolongLevelsPlayWholeLegalGames(t *testing.T) {
	for _, level := range []Level{Medium, Hard} {
		t.Run(string(level)+" plays a whole game against easy with legal decisions", func(t *testing.T) {
			g := newOolong(t, "SU,GW,BM,RO,SC,BW,RO,GM")
			for !g.Outcome().Over() {
				s := Settings{Level: Easy, Seed: uint64(g.Ply())}
				if g.ToMove() == 0 {
					s = Settings{Level: level, MoveTime: 5 * time.Millisecond, Seed: uint64(g.Ply())}
				}
				m, err := Choose(context.Background(), g, s)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(m); err != nil {
					t.Fatalf("ply %d: %v", g.Ply(), err)
				}
			}
			if _, err := Choose(context.Background(), g, Settings{Level: level}); err != ErrGameOver {
				t.Errorf("asked to move in a finished game: %v, want ErrGameOver", err)
			}
		})
	}
}

func TestOolongIsDeterministicForASeed(t *testing.T) {
	g := newOolong(t, "")
	for _, d := range []string{"c.ne", "ne.s", "s.nw", "nw.nw", "nw.c"} {
		m, err := g.Parse(d)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	for _, level := range []Level{Easy, Medium} {
		a, _ := Choose(context.Background(), g, Settings{Level: level, Seed: 9})
		b, _ := Choose(context.Background(), g, Settings{Level: level, Seed: 9})
		if a != b {
			t.Errorf("%s chose %s then %s with one seed", level, g.Format(a), g.Format(b))
		}
	}
}

func TestOolongHardHonoursItsBudget(t *testing.T) {
	g := newOolong(t, "")
	// The machine is shared and can stall a process for a second: a timing assert fails only when
	// three tries in a row are slow.
	fastestOf3 := func(f func()) time.Duration {
		best := time.Hour
		for range 3 {
			began := time.Now()
			f()
			if best = min(best, time.Since(began)); best < 200*time.Millisecond {
				break
			}
		}
		return best
	}
	t.Run("it answers within the move time", func(t *testing.T) {
		el := fastestOf3(func() {
			if _, err := Choose(context.Background(), g, Settings{Level: Hard, MoveTime: 100 * time.Millisecond}); err != nil {
				t.Fatal(err)
			}
		})
		if el > 600*time.Millisecond { // budget + 50 ms, with room for a busy machine
			t.Errorf("took %v with a 100ms budget", el)
		}
	})
	t.Run("it returns the context's error soon after the context is cancelled", func(t *testing.T) {
		el := fastestOf3(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			if _, err := Choose(ctx, g, Settings{Level: Hard, MoveTime: time.Minute}); !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("got %v, want context.DeadlineExceeded", err)
			}
		})
		if el > 550*time.Millisecond {
			t.Errorf("took %v after the context ended at 50ms", el)
		}
	})
}
