package tournament

import (
	"fmt"
	"testing"
)

func TestRoundRobinMeetsEveryPairOnceWithBalancedSeats(t *testing.T) {
	for n := 2; n <= MaxRoundRobinPlayers; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			ps := make([]Player, n)
			for i := range ps {
				ps[i] = Player{ID: fmt.Sprintf("p%02d", i)}
			}
			rounds, err := RoundRobin(ps)
			if err != nil {
				t.Fatal(err)
			}
			if want := maxRounds(n); len(rounds) != want {
				t.Fatalf("%d rounds, want %d", len(rounds), want)
			}
			met := map[[2]string]int{}
			firsts, seconds, byes := map[string]int{}, map[string]int{}, map[string]int{}
			for i, r := range rounds {
				seen := map[string]bool{}
				for _, g := range r.Pairings {
					for _, id := range []string{g.First, g.Second} {
						if id == "" {
							continue
						}
						if seen[id] {
							t.Fatalf("round %d: %s plays twice", i+1, id)
						}
						seen[id] = true
					}
					if g.Bye() {
						byes[g.First]++
						continue
					}
					a, b := min(g.First, g.Second), max(g.First, g.Second)
					met[[2]string{a, b}]++
					firsts[g.First]++
					seconds[g.Second]++
				}
				if len(seen) != n {
					t.Fatalf("round %d seats %d of %d players", i+1, len(seen), n)
				}
			}
			for i := range ps {
				for j := i + 1; j < n; j++ {
					if k := met[[2]string{ps[i].ID, ps[j].ID}]; k != 1 {
						t.Fatalf("%s and %s meet %d times", ps[i].ID, ps[j].ID, k)
					}
				}
				id := ps[i].ID
				if d := firsts[id] - seconds[id]; d > 1 || d < -1 {
					t.Errorf("%s sits first %d times and second %d", id, firsts[id], seconds[id])
				}
				if n%2 == 1 && byes[id] != 1 {
					t.Errorf("%s has %d byes, want 1", id, byes[id])
				}
			}
		})
	}
}

func TestRoundRobinRefusesTooFewOrTooManyPlayers(t *testing.T) {
	for _, n := range []int{0, 1, MaxRoundRobinPlayers + 1} {
		if _, err := RoundRobin(make([]Player, n)); err == nil {
			t.Errorf("%d players: no error", n)
		}
	}
}
