package tournament

import (
	"cmp"
	"slices"
)

// Format is how a tournament pairs its rounds, which also picks its tiebreaks.
type Format int8

const (
	SwissFormat Format = iota
	RoundRobinFormat
)

// Standing is one player's place in the standings. Scores are in points (a win 1, a draw ½).
type Standing struct {
	Player
	Rank   int // from 1; players tied on score and every tiebreak share a rank
	Points float64
	// Buchholz (Swiss): the sum of the opponents' final scores, a bye counting as a game against an
	// opponent with the player's own score.
	Buchholz float64
	// SonnebornBerger: the final scores of the opponents beaten, and half those of the opponents drawn.
	SonnebornBerger float64
	// Mutual (round-robin): the points scored in the games between the players tied on score and
	// Sonneborn-Berger.
	Mutual float64
}

// Standings ranks the players by score, then the format's tiebreaks; games not over count for nobody.
func Standings(f Format, players []Player, rounds []Round) []Standing {
	recs := records(players, rounds)
	out := make([]Standing, len(players))
	for i, p := range players {
		r := recs[p.ID]
		buchholz, sb := 0, 0 // half points; quarter points
		for _, o := range r.opponent {
			opp := recs[o.id].points
			buchholz += opp
			sb += o.scored * opp
		}
		for _, round := range rounds {
			for _, g := range round.Pairings {
				if g.Bye() && g.First == p.ID {
					buchholz += r.points
				}
			}
		}
		out[i] = Standing{Player: p, Points: half(r.points), Buchholz: half(buchholz), SonnebornBerger: float64(sb) / 4}
	}
	keys := func(s Standing) []float64 {
		if f == RoundRobinFormat {
			return []float64{s.Points, s.SonnebornBerger, s.Mutual}
		}
		return []float64{s.Points, s.Buchholz, s.SonnebornBerger}
	}
	byKeys := func(a, b Standing) int {
		return slices.Compare(keys(b), keys(a))
	}
	slices.SortStableFunc(out, byKeys)
	if f == RoundRobinFormat {
		mutual(out, recs)
		slices.SortStableFunc(out, byKeys)
	}
	// Equal keys share a rank; within it, the higher rating and then the id come first.
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && byKeys(out[i], out[j]) == 0 {
			j++
		}
		slices.SortFunc(out[i:j], func(a, b Standing) int {
			if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
				return c
			}
			return cmp.Compare(a.ID, b.ID)
		})
		for k := i; k < j; k++ {
			out[k].Rank = i + 1
		}
		i = j
	}
	return out
}

// mutual fills in, for each run of players tied on points and Sonneborn-Berger, what each scored
// against the others of the run.
func mutual(out []Standing, recs map[string]*record) {
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && out[j].Points == out[i].Points && out[j].SonnebornBerger == out[i].SonnebornBerger {
			j++
		}
		if j-i > 1 {
			tied := map[string]bool{}
			for _, s := range out[i:j] {
				tied[s.ID] = true
			}
			for k := i; k < j; k++ {
				m := 0
				for _, o := range recs[out[k].ID].opponent {
					if tied[o.id] {
						m += o.scored
					}
				}
				out[k].Mutual = half(m)
			}
		}
		i = j
	}
}

func half(points int) float64 { return float64(points) / 2 }
