package tournament

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"tabuleiro/tournament/tournamenttest"
)

func entrants(n int, rng *rand.Rand) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprintf("p%02d", i), Rating: float64(1200 + rng.IntN(800))}
	}
	return ps
}

// play gives every pending game of r a random result.
func play(r Round, rng *rand.Rand) Round {
	for i := range r.Pairings {
		if !r.Pairings[i].Bye() {
			r.Pairings[i].Result = Result(1 + rng.IntN(3))
		}
	}
	return r
}

func TestTheFirstRoundPairsTheTopHalfAgainstTheBottomHalf(t *testing.T) {
	ps := []Player{{"a", 2000}, {"b", 1900}, {"c", 1800}, {"d", 1700}, {"e", 1600}, {"f", 1500}, {"g", 1400}}
	r, err := Swiss(ps, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []Pairing{{First: "a", Second: "d"}, {First: "e", Second: "b"}, {First: "c", Second: "f"}, {First: "g"}}
	if !slices.Equal(r.Pairings, want) {
		t.Fatalf("round 1 = %v, want %v", r.Pairings, want)
	}
}

func TestTheSecondRoundPairsWithinScoreGroups(t *testing.T) {
	ps := []Player{{"a", 2000}, {"b", 1900}, {"c", 1800}, {"d", 1700}, {"e", 1600}, {"f", 1500}, {"g", 1400}, {"h", 1300}}
	r1, err := Swiss(ps, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// a-e, f-b, c-g, h-d: the top half wins everything.
	for i, g := range r1.Pairings {
		if i%2 == 0 {
			r1.Pairings[i].Result = FirstWins
		} else {
			r1.Pairings[i].Result = SecondWins
		}
		_ = g
	}
	r2, err := Swiss(ps, []Round{r1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Winners a b c d, losers e f g h: top half against bottom half in each group, a-c, b-d, e-g,
	// f-h. a and c both sat first, and one of them may sit first again (two first seats running is
	// no seat limit): the seats do not move a player out of the pairing. The higher-ranked turns
	// seats: a sits second, b (second before) first, and so on.
	want := []Pairing{{First: "c", Second: "a"}, {First: "b", Second: "d"}, {First: "e", Second: "g"}, {First: "h", Second: "f"}}
	if !slices.Equal(r2.Pairings, want) {
		t.Fatalf("round 2 = %v, want %v", r2.Pairings, want)
	}
}

// TestAPlayerFloatsOnlyForARematchOrASeatLimit is the 8-player Ordo Swiss of issue 43, round 2:
// e won in the second seat, c, f and h in the first, the rest lost. f and h both sat first, and
// they used to float down to 0-point players so that everyone would turn seats; pairing them
// breaks no rule, so the score groups stay whole.
func TestAPlayerFloatsOnlyForARematchOrASeatLimit(t *testing.T) {
	ps := []Player{{"a", 2000}, {"b", 1900}, {"c", 1800}, {"d", 1700}, {"e", 1600}, {"f", 1500}, {"g", 1400}, {"h", 1300}}
	r1 := Round{Pairings: []Pairing{
		{First: "a", Second: "e", Result: SecondWins},
		{First: "f", Second: "b", Result: FirstWins},
		{First: "c", Second: "g", Result: FirstWins},
		{First: "h", Second: "d", Result: FirstWins},
	}}
	r2, err := Swiss(ps, []Round{r1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// 1 point: c e f h, so c-f and e-h; 0 points: a b d g, so a-d and b-g.
	want := []Pairing{{First: "f", Second: "c"}, {First: "e", Second: "h"}, {First: "d", Second: "a"}, {First: "b", Second: "g"}}
	if !slices.Equal(r2.Pairings, want) || r2.Relaxed {
		t.Fatalf("round 2 = %v (relaxed %v), want %v", r2.Pairings, r2.Relaxed, want)
	}
	// But a third first seat running is a limit: had f and h sat first twice, they would float.
	r0 := Round{Pairings: []Pairing{{First: "f", Second: "a"}, {First: "h", Second: "b"}, {First: "c", Second: "d"}, {First: "e", Second: "g"}}}
	for i := range r0.Pairings {
		r0.Pairings[i].Result = Drawn
	}
	r3, err := Swiss(ps, []Round{r0, r1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range r3.Pairings {
		if g.First == "f" && g.Second == "h" || g.First == "h" && g.Second == "f" {
			t.Fatalf("f and h, each two first seats running, meet: %v", r3.Pairings)
		}
	}
	checkRound(t, "after two first seats", ps, []Round{r0, r1}, nil, r3)
}

func TestTwoPlayersCannotPlayASecondRound(t *testing.T) {
	ps := []Player{{"a", 1500}, {"b", 1500}}
	r1, _ := Swiss(ps, nil, nil)
	r1 = play(r1, rand.New(rand.NewPCG(1, 1)))
	if _, err := Swiss(ps, []Round{r1}, nil); !errors.Is(err, ErrNoPairing) {
		t.Fatalf("a second round of two players: %v, want ErrNoPairing", err)
	}
	if SwissRounds(2) != 1 {
		t.Fatalf("SwissRounds(2) = %d, want 1", SwissRounds(2))
	}
}

func TestSwissRoundsAreLog2PlusOne(t *testing.T) {
	for n, want := range map[int]int{2: 1, 3: 3, 4: 3, 5: 4, 8: 4, 9: 5, 16: 5, 17: 6, 64: 7} {
		if got := SwissRounds(n); got != want {
			t.Errorf("SwissRounds(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestAWithdrawnPlayerIsNotPaired(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	ps := entrants(6, rng)
	r1, _ := Swiss(ps, nil, nil)
	r1 = play(r1, rng)
	r2, err := Swiss(ps, []Round{r1}, map[string]bool{ps[0].ID: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range r2.Pairings {
		if g.First == ps[0].ID || g.Second == ps[0].ID {
			t.Fatalf("withdrawn %s is paired in %v", ps[0].ID, r2.Pairings)
		}
	}
	if len(r2.Pairings) != 3 || !r2.Pairings[2].Bye() {
		t.Fatalf("five players left should make two games and a bye: %v", r2.Pairings)
	}
}

// TestSwissPairingsKeepTheRules plays many random tournaments and checks every round against the
// rules: everyone active plays once, nobody meets twice, the bye goes to the lowest-ranked player
// without one, and the seat rules hold unless no pairing could keep them.
func TestSwissPairingsKeepTheRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := range 400 {
		n := 2 + rng.IntN(11)
		if trial%40 == 0 {
			n = 16 + rng.IntN(49)
		}
		ps := entrants(n, rng)
		withdrawn := map[string]bool{}
		var rounds []Round
		for round := range SwissRounds(n) {
			if rng.IntN(8) == 0 {
				withdrawn[ps[rng.IntN(n)].ID] = true
			}
			r, err := Swiss(ps, rounds, withdrawn)
			if errors.Is(err, ErrNoPairing) {
				if n <= 10 && n-len(withdrawn) >= 2 && anyPairing(ps, rounds, withdrawn, false) {
					t.Fatalf("trial %d round %d: ErrNoPairing but a pairing exists", trial, round+1)
				}
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			checkRound(t, fmt.Sprintf("trial %d (%d players) round %d", trial, n, round+1), ps, rounds, withdrawn, r)
			rounds = append(rounds, play(r, rng))
		}
	}
}

func checkRound(t *testing.T, name string, ps []Player, rounds []Round, withdrawn map[string]bool, r Round) {
	t.Helper()
	recs := records(ps, rounds)
	seen := map[string]int{}
	var bye string
	for _, g := range r.Pairings {
		seen[g.First]++
		if g.Bye() {
			if bye != "" {
				t.Fatalf("%s: two byes", name)
			}
			bye = g.First
			continue
		}
		seen[g.Second]++
		if recs[g.First].met[g.Second] {
			t.Fatalf("%s: %s and %s meet a second time", name, g.First, g.Second)
		}
	}
	var active []Player
	for _, p := range ps {
		if withdrawn[p.ID] {
			if seen[p.ID] != 0 {
				t.Fatalf("%s: withdrawn %s is paired", name, p.ID)
			}
			continue
		}
		active = append(active, p)
		if seen[p.ID] != 1 {
			t.Fatalf("%s: %s appears %d times", name, p.ID, seen[p.ID])
		}
	}
	if (bye != "") != (len(active)%2 == 1) {
		t.Fatalf("%s: bye %q with %d active players", name, bye, len(active))
	}
	if bye != "" {
		order := ranked(active, recs)
		lowest := byeCandidates(order, recs)[0]
		if bye != lowest && (len(active) > 11 || restPairable(ps, rounds, withdrawn, lowest)) {
			t.Fatalf("%s: the bye went to %s, not to %s, the lowest-ranked without one", name, bye, lowest)
		}
	}
	// Seats: once the round is added, nobody has three of a seat running or more than two more of
	// one seat than the other.
	after := records(ps, append(slices.Clone(rounds), r))
	broken := ""
	for _, p := range active {
		if p.ID == bye {
			continue
		}
		a, b := after[p.ID], recs[p.ID]
		// A round paired without the seat rules may leave someone two seats apart: the next one
		// seated must bring them closer.
		if d := abs(a.firsts - a.seconds); d > 2 && d >= abs(b.firsts-b.seconds) {
			broken = fmt.Sprintf("%s has %d first and %d second seats", p.ID, a.firsts, a.seconds)
		}
		if threeRunning(ps, append(slices.Clone(rounds), r), p.ID) {
			broken = p.ID + " takes one seat three rounds running"
		}
	}
	if !r.Relaxed && broken != "" {
		t.Fatalf("%s: %s", name, broken)
	}
	if len(active) <= 12 {
		checkFloats(t, name, rounds, recs, r)
	}
	without := map[string]bool{bye: true}
	for k := range withdrawn {
		without[k] = true
	}
	if r.Relaxed && len(active) <= 10 && anyPairing(ps, rounds, without, true) {
		t.Fatalf("%s: the seat rules were set aside though a pairing keeps them", name)
	}
}

// checkFloats holds r to the fewest pairs across score groups: no pairing of the same players
// that keeps the same rules (by brute force: tournamenttest.FewestFloats) crosses fewer.
func checkFloats(t *testing.T, name string, rounds []Round, recs map[string]*record, r Round) {
	t.Helper()
	var paired []string
	score, met, seats := map[string]int{}, map[[2]string]bool{}, map[string][]int{}
	floats := 0
	for _, g := range r.Pairings {
		if g.Bye() {
			continue
		}
		paired = append(paired, g.First, g.Second)
		if recs[g.First].points != recs[g.Second].points {
			floats++
		}
	}
	for _, id := range paired {
		score[id] = recs[id].points
		for o := range recs[id].met {
			met[[2]string{id, o}] = true
		}
	}
	for _, round := range rounds {
		for _, g := range round.Pairings {
			if !g.Bye() {
				seats[g.First] = append(seats[g.First], 1)
				seats[g.Second] = append(seats[g.Second], 2)
			}
		}
	}
	if best := tournamenttest.FewestFloats(paired, score, met, seats, !r.Relaxed); floats > best {
		t.Fatalf("%s: %d pairs cross score groups where %d would do: %v", name, floats, best, r.Pairings)
	}
}

func threeRunning(ps []Player, rounds []Round, id string) bool {
	var seats []Seat
	for _, r := range rounds {
		for _, g := range r.Pairings {
			switch {
			case g.Bye():
			case g.First == id:
				seats = append(seats, FirstSeat)
			case g.Second == id:
				seats = append(seats, SecondSeat)
			}
		}
	}
	// Only the latest seat is new (the caller asks only of players seated in the latest round);
	// earlier runs were judged in their own rounds.
	n := len(seats)
	return n >= 3 && seats[n-1] == seats[n-2] && seats[n-2] == seats[n-3]
}

// restPairable reports whether the active players other than bye can be paired strictly or not.
func restPairable(ps []Player, rounds []Round, withdrawn map[string]bool, bye string) bool {
	w := map[string]bool{bye: true}
	for k := range withdrawn {
		w[k] = true
	}
	return anyPairing(ps, rounds, w, false)
}

// anyPairing looks, by brute force, for any pairing of the active players (with any one bye when
// they are odd) where nobody meets twice, and with strict also keeping the seat rules.
func anyPairing(ps []Player, rounds []Round, withdrawn map[string]bool, strict bool) bool {
	recs := records(ps, rounds)
	var ids []string
	for _, p := range ps {
		if !withdrawn[p.ID] {
			ids = append(ids, p.ID)
		}
	}
	var match func(left []string) bool
	match = func(left []string) bool {
		if len(left) == 0 {
			return true
		}
		a := recs[left[0]]
		for i := 1; i < len(left); i++ {
			b := recs[left[i]]
			if a.met[left[i]] {
				continue
			}
			if strict {
				na, nb := a.needs(), b.needs()
				if na == both || nb == both || (na != NoSeat && na == nb) {
					continue
				}
			}
			rest := append(slices.Clone(left[1:i]), left[i+1:]...)
			if match(rest) {
				return true
			}
		}
		return false
	}
	if len(ids)%2 == 0 {
		return match(ids)
	}
	for i := range ids {
		if match(append(slices.Clone(ids[:i]), ids[i+1:]...)) {
			return true
		}
	}
	return false
}

func BenchmarkSwiss64(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 4))
	ps := entrants(64, rng)
	var rounds []Round
	for range 6 {
		r, err := Swiss(ps, rounds, nil)
		if err != nil {
			b.Fatal(err)
		}
		rounds = append(rounds, play(r, rng))
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Swiss(ps, rounds, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func abs(x int) int { return max(x, -x) }
