package oolongai

import (
	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

const (
	numTables = 9
	// winScore is a won game; wins found sooner score higher (winScore − plies).
	winScore = 1_000_000
	// evalScale is what the evaluation gives a sure win: it scores evalScale·(2w − 1) for a
	// chance w of winning.
	evalScale = 10_000
)

// Evaluate scores a position for side (positive is good for side), without search, as side's
// chance of winning (a draw half); finished games score ±winScore or 0. The chance is a logistic
// model fitted on self-play results (features.go) whose main feature is the race: side's chance
// of claiming five tables when each open table is a race, side needing a more of its e empty
// seats and the opponent the other e+1−a, each seat taken as a fair coin toss, and the tables
// independent. Beside it the model reads what the race ignores: the next placement and where it
// sends the opponent, the specials left and pending, and who places freely.
//
// A first evaluation counted claims and weighted progress by hand ([0 3 9 20 40] for 0–4 teas);
// against it, at 30 ms a decision over 100 games, the race with its chances summed per table
// scored +196 to +424 Elo as its weight grew, and the chance of five claims +449. The fitted
// model beside the race alone: see fitted.
func Evaluate(p *oolong.Position, side games.Seat) int {
	if p.Over() {
		return terminal(p, side, 0)
	}
	return evaluate(p, side)
}

func terminal(p *oolong.Position, side games.Seat, ply int) int {
	switch w := p.Outcome().Winner; w {
	case side:
		return winScore - ply
	case side.Other():
		return -winScore + ply
	}
	return 0
}

// race[e][a] is the chance that e fair coin tosses give a heads or more.
var race = func() (r [numTables + 1][6]float64) {
	for e := 0; e <= numTables; e++ {
		for a := 0; a <= 5; a++ {
			var won, all float64
			ways := 1.0 // e choose k
			for k := 0; k <= e; k++ {
				if k > 0 {
					ways = ways * float64(e-k+1) / float64(k)
				}
				all += ways
				if k >= a {
					won += ways
				}
			}
			r[e][a] = won / all
		}
	}
	return r
}()

// claimChance is the chance that a player with me teas on an open table claims it against an
// opponent with op.
func claimChance(me, op int) float64 {
	switch {
	case me >= 5:
		return 1
	case op >= 5:
		return 0
	}
	return race[numTables-me-op][5-me]
}

// model is the race of the tables for side: q, the chance that side claims each table, and
// before[i][k] (after[i][k]), the chance that side claims k of the tables before i (from i on;
// k = 5: five or more).
type model struct {
	q             [numTables]float64
	before, after [numTables + 1][6]float64
}

func (md *model) build(p *oolong.Position, side games.Seat) {
	other := side.Other()
	q := &md.q
	for t := oolong.Dir(0); t < numTables; t++ {
		switch p.Claim(t) {
		case side:
			q[t] = 1
		case other:
			q[t] = 0
		default:
			q[t] = claimChance(p.Count(side, t), p.Count(other, t))
		}
	}
	before, after := &md.before, &md.after
	*before, *after = [numTables + 1][6]float64{}, [numTables + 1][6]float64{}
	before[0][0], after[numTables][0] = 1, 1
	for i := 0; i < numTables; i++ {
		for k := 0; k <= 5; k++ {
			before[i+1][k] += before[i][k] * (1 - q[i])
			before[i+1][min(k+1, 5)] += before[i][k] * q[i]
		}
		j := numTables - 1 - i
		for k := 0; k <= 5; k++ {
			after[j][k] += after[j+1][k] * (1 - q[j])
			after[j][min(k+1, 5)] += after[j+1][k] * q[j]
		}
	}
}

// four is the chance that the tables other than t give side exactly four claims: where t's
// claim decides the game.
func (md *model) four(t oolong.Dir) float64 {
	var c float64
	for k := 0; k <= 4; k++ {
		c += md.before[t][k] * md.after[t+1][4-k]
	}
	return c
}

// raceEvaluate is the race alone: side's chance of five claims, plus three quarters of what
// the next placement adds.
func raceEvaluate(p *oolong.Position, side games.Seat) int {
	var md model
	md.build(p, side)
	win := md.before[numTables][5] + tempo(p, side, &md)*3/4
	return int(evalScale * (2*win - 1))
}

// tempo is how much the next placement raises side's chance of winning (lowers it, when the
// opponent makes it): the mover serves the directed table, or the table best for them when they
// place freely. A pending special is left to the search.
func tempo(p *oolong.Position, side games.Seat, md *model) float64 {
	if !p.Placing() {
		return 0
	}
	mover, other := p.ToMove(), side.Other()
	// gain is how much the mover's tea on table t raises the mover's chance of winning: the rise
	// of the table's chance, times the chance that the other tables give side exactly four.
	gain := func(t oolong.Dir) float64 {
		if p.Claim(t) != games.NoSeat {
			return 0
		}
		me, op := p.Count(side, t), p.Count(other, t)
		if mover == side {
			me++
		} else {
			op++
		}
		g := md.four(t) * (claimChance(me, op) - md.q[t])
		if mover != side {
			g = -g
		}
		return g
	}
	var best float64
	if wt, ws := p.Waiter(); openSeats(p, wt, ws) > 0 {
		best = gain(wt)
	} else {
		for t := oolong.Dir(0); t < numTables; t++ {
			if t != wt && emptySeats(p, t) > 0 {
				best = max(best, gain(t))
			}
		}
	}
	if mover != side {
		return -best
	}
	return best
}

func emptySeats(p *oolong.Position, t oolong.Dir) int {
	return numTables - p.Count(0, t) - p.Count(1, t)
}

// openSeats is how many seats of table t (whose blocked seat is bs when the waiter is there) can
// take a tea.
func openSeats(p *oolong.Position, t, bs oolong.Dir) int {
	n := emptySeats(p, t)
	if p.At(t, bs) == oolong.Empty {
		n--
	}
	return n
}
