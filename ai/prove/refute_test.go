package prove

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// TestRefute: every first move of a known win that does not keep it is refuted by an answer after
// which minimax finds no forced win either; a winning move has nothing to refute.
func TestRefute(t *testing.T) {
	for _, c := range readKnown(t) {
		if c.shortest == 0 || c.horizon < 3 {
			continue
		}
		t.Run(c.kind+" after "+itoa(len(c.moves))+" moves: each losing first move has an answer that defeats it", func(t *testing.T) {
			g := c.game(t)
			me := g.ToMove()
			for _, m := range g.Legal() {
				r, err := Refute(context.Background(), g, m, c.horizon)
				if slices.Contains(c.wins, g.Format(m)) {
					if !errors.Is(err, ErrWins) {
						t.Errorf("%s wins, yet Refute gave %+v, %v", g.Format(m), r, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", g.Format(m), err)
				}
				after := g.Clone()
				after.Play(m)
				switch {
				case r.Ends:
					if !after.Outcome().Over() {
						t.Errorf("%s: said to end the game, which goes on", g.Format(m))
					}
				case r.Again:
					if after.ToMove() != me {
						t.Errorf("%s: said to leave the decision to the same player", g.Format(m))
					}
				default:
					if err := after.Play(r.Move); err != nil {
						t.Fatalf("%s: refutation %d is not legal: %v", g.Format(m), r.Move, err)
					}
					if minimax(after, me, c.horizon-2) {
						t.Errorf("%s %s: minimax still finds a win within %d", g.Format(m), after.Format(r.Move), c.horizon-2)
					}
				}
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	ouri, _ := catalog.New("ouri", nil)
	ordo, _ := catalog.New("ordo", nil)
	cases := []struct {
		name string
		run  func() error
	}{
		{"a game the prover does not know is refused by name", func() error {
			_, err := Game(context.Background(), ouri, 3)
			if !errors.Is(err, ErrNotProvable) {
				return errors.New("not ErrNotProvable")
			}
			return nil
		}},
		{"a horizon beyond MaxPlies is refused", func() error {
			if _, err := Game(context.Background(), ordo, MaxPlies+1); err == nil {
				return errors.New("accepted")
			}
			return nil
		}},
		{"an illegal decision has no refutation", func() error {
			if _, err := Refute(context.Background(), ordo, games.Move(1), 3); err == nil {
				return errors.New("accepted")
			}
			return nil
		}},
		{"an ended context stops the proof with its error", func() error {
			ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
			defer cancel()
			time.Sleep(2 * time.Millisecond)
			_, err := Game(ctx, ordo, 9)
			if !errors.Is(err, context.DeadlineExceeded) {
				return errors.New("no deadline error")
			}
			return nil
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.run(); err != nil {
				t.Error(err)
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
