package tournament

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSwissStandingsRankByScoreThenBuchholzThenSonnebornBerger(t *testing.T) {
	ps := []Player{{"a", 1500}, {"b", 1500}, {"c", 1500}, {"d", 1500}, {"e", 1500}}
	rounds := []Round{
		{Pairings: []Pairing{{First: "a", Second: "b", Result: FirstWins}, {First: "c", Second: "d", Result: Drawn}, {First: "e"}}},
		{Pairings: []Pairing{{First: "e", Second: "a", Result: FirstWins}, {First: "b", Second: "c", Result: SecondWins}, {First: "d"}}},
	}
	// Scores: a 1, b 0, c 1.5, d 1.5, e 2.
	// Buchholz: a = b 0 + e 2 = 2; b = a 1 + c 1.5 = 2.5; c = d 1.5 + b 0 = 1.5;
	// d = c 1.5 + bye (own 1.5) = 3; e = bye (own 2) + a 1 = 3.
	// Sonneborn-Berger: a = b 0; b = 0; c = d/2 0.75 + b 0 = 0.75; d = c/2 0.75; e = a 1.
	got := Standings(SwissFormat, ps, rounds)
	want := []Standing{
		{Player: ps[4], Rank: 1, Points: 2, Buchholz: 3, SonnebornBerger: 1},
		{Player: ps[3], Rank: 2, Points: 1.5, Buchholz: 3, SonnebornBerger: 0.75},
		{Player: ps[2], Rank: 3, Points: 1.5, Buchholz: 1.5, SonnebornBerger: 0.75},
		{Player: ps[0], Rank: 4, Points: 1, Buchholz: 2, SonnebornBerger: 0},
		{Player: ps[1], Rank: 5, Points: 0, Buchholz: 2.5, SonnebornBerger: 0},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("standings\n got %+v\nwant %+v", got, want)
	}
}

func TestRoundRobinTiesGoToSonnebornBergerThenTheirOwnGames(t *testing.T) {
	ps := []Player{{"a", 1400}, {"b", 1500}, {"c", 1600}, {"d", 1700}}
	// a beats b, b beats c, c beats a, and all three beat d: 2 points each, Sonneborn-Berger 2 each
	// (1 for the tied player beaten, 0 for d), one point each in their own games: they share rank 1,
	// shown by rating.
	rounds := []Round{
		{Pairings: []Pairing{{First: "a", Second: "b", Result: FirstWins}, {First: "c", Second: "d", Result: FirstWins}}},
		{Pairings: []Pairing{{First: "b", Second: "c", Result: FirstWins}, {First: "d", Second: "a", Result: SecondWins}}},
		{Pairings: []Pairing{{First: "c", Second: "a", Result: FirstWins}, {First: "b", Second: "d", Result: FirstWins}}},
	}
	got := Standings(RoundRobinFormat, ps, rounds)
	var ids []string
	var ranks []int
	for _, s := range got {
		ids = append(ids, s.ID)
		ranks = append(ranks, s.Rank)
	}
	if !slices.Equal(ids, []string{"c", "b", "a", "d"}) || !slices.Equal(ranks, []int{1, 1, 1, 4}) {
		t.Fatalf("order %v ranks %v, want [c b a d] [1 1 1 4]", ids, ranks)
	}
}

func TestTheMutualGameBreaksATieThatSonnebornBergerLeaves(t *testing.T) {
	ps := []Player{{"a", 1500}, {"b", 1500}, {"c", 1500}}
	// A cycle: a beats b, c beats a, b beats c, each with a bye (which Sonneborn-Berger skips): two
	// points each, Sonneborn-Berger 2 each, one mutual point each: a shared first rank.
	rounds := []Round{
		{Pairings: []Pairing{{First: "a", Second: "b", Result: FirstWins}, {First: "c"}}},
		{Pairings: []Pairing{{First: "c", Second: "a", Result: FirstWins}, {First: "b"}}},
		{Pairings: []Pairing{{First: "b", Second: "c", Result: FirstWins}, {First: "a"}}},
	}
	got := Standings(RoundRobinFormat, ps, rounds)
	for _, s := range got {
		if s.Rank != 1 || s.Mutual != 1 {
			t.Fatalf("%+v: all three should share rank 1 with one mutual point", got)
		}
	}
	// b and c tie on points and Sonneborn-Berger, and b beat c.
	ps = []Player{{"a", 1500}, {"b", 1500}, {"c", 1500}, {"d", 1500}}
	rounds = []Round{
		{Pairings: []Pairing{{First: "a", Second: "b", Result: FirstWins}, {First: "c", Second: "d", Result: FirstWins}}},
		{Pairings: []Pairing{{First: "a", Second: "c", Result: FirstWins}, {First: "b", Second: "d", Result: FirstWins}}},
		{Pairings: []Pairing{{First: "a", Second: "d", Result: FirstWins}, {First: "b", Second: "c", Result: FirstWins}}},
	}
	got = Standings(RoundRobinFormat, ps, rounds)
	if got[1].ID != "b" || got[2].ID != "c" || got[1].Rank != 2 || got[2].Rank != 3 {
		t.Fatalf("%+v: b should rank 2 above c on their own game", got)
	}
}

// TestStandingsAgreeWithARecount recomputes scores and tiebreaks of random Swiss tournaments by the
// definitions, game by game, and compares.
func TestStandingsAgreeWithARecount(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 100 {
		n := 3 + rng.IntN(14)
		ps := entrants(n, rng)
		var rounds []Round
		for range SwissRounds(n) {
			r, err := Swiss(ps, rounds, nil)
			if err != nil {
				break
			}
			rounds = append(rounds, play(r, rng))
		}
		score := map[string]float64{}
		for _, r := range rounds {
			for _, g := range r.Pairings {
				switch {
				case g.Bye() || g.Result == FirstWins:
					score[g.First]++
				case g.Result == SecondWins:
					score[g.Second]++
				case g.Result == Drawn:
					score[g.First] += 0.5
					score[g.Second] += 0.5
				}
			}
		}
		got := Standings(SwissFormat, ps, rounds)
		for i, s := range got {
			var buchholz, sb float64
			for _, r := range rounds {
				for _, g := range r.Pairings {
					if g.Bye() {
						if g.First == s.ID {
							buchholz += score[s.ID]
						}
						continue
					}
					var opp string
					var won float64
					switch s.ID {
					case g.First:
						opp, won = g.Second, map[Result]float64{FirstWins: 1, Drawn: 0.5}[g.Result]
					case g.Second:
						opp, won = g.First, map[Result]float64{SecondWins: 1, Drawn: 0.5}[g.Result]
					default:
						continue
					}
					buchholz += score[opp]
					sb += won * score[opp]
				}
			}
			if s.Points != score[s.ID] || s.Buchholz != buchholz || s.SonnebornBerger != sb {
				t.Fatalf("%s: %+v, recount %v %v %v", s.ID, s, score[s.ID], buchholz, sb)
			}
			if i > 0 {
				p := got[i-1]
				before := []float64{p.Points, p.Buchholz, p.SonnebornBerger}
				this := []float64{s.Points, s.Buchholz, s.SonnebornBerger}
				if c := slices.Compare(before, this); c < 0 || (c == 0) != (p.Rank == s.Rank) {
					t.Fatalf("%+v ranked before %+v", p, s)
				}
			}
		}
	}
}
