package oolongai

import (
	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

const (
	numTables = 9
	// winScore is a won game; wins found sooner score higher (winScore − plies).
	winScore = 1_000_000
	// claimValue is one claimed table.
	claimValue = 100
)

// progress is what c teas on an unclaimed table are worth to their owner while the table can
// still reach five of that colour: each tea nearer the claim is worth more than the last.
var progress = [6]int{0, 3, 9, 20, 40, claimValue}

// Evaluate scores a position for side (positive is good for side), without search: claimed
// tables, progress towards claims on the tables still open, and the tea the player to move is
// about to place. Finished games score ±winScore or 0.
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

// tableValue is table t's worth to side minus its worth to the opponent, and to before and after
// side adds one more tea there (the tempo of the player about to place).
func tableValue(p *oolong.Position, side games.Seat, t oolong.Dir) (v, gain int) {
	if p.Claim(t) != games.NoSeat {
		return 0, 0
	}
	me, op := p.Count(side, t), p.Count(side.Other(), t)
	empty := numTables - me - op
	if me+empty >= 5 {
		v += progress[me]
		if empty > 0 {
			gain = progress[me+1] - progress[me]
		}
	}
	if op+empty >= 5 {
		v -= progress[op]
		if empty > 0 && op+empty-1 < 5 {
			gain += progress[op] // one more of side's teas kills the opponent's hopes there
		}
	}
	return v, gain
}

func evaluate(p *oolong.Position, side games.Seat) int {
	op := side.Other()
	mine, theirs := p.Claimed(side), p.Claimed(op)
	v := claimValue * (mine - theirs)
	// Claims close to five are worth more: the fourth and fifth decide the game.
	v += 15 * (mine*mine - theirs*theirs)
	for t := oolong.Dir(0); t < numTables; t++ {
		tv, _ := tableValue(p, side, t)
		v += tv
	}
	v += tempo(p, side)
	return v
}

// tempo is the value of the next placement to whoever makes it, seen from side. A pending
// special is left to the search.
func tempo(p *oolong.Position, side games.Seat) int {
	if !p.Placing() {
		return 0
	}
	mover := p.ToMove()
	wt, ws := p.Waiter()
	best := -1
	if openSeats(p, wt, ws) > 0 {
		_, best = tableValue(p, mover, wt)
	} else { // free placement: the mover picks the best table
		for t := oolong.Dir(0); t < numTables; t++ {
			if t == wt || emptySeats(p, t) == 0 {
				continue
			}
			if _, g := tableValue(p, mover, t); g > best {
				best = g
			}
		}
	}
	if best < 0 {
		best = 0
	}
	if mover != side {
		best = -best
	}
	return best * 3 / 4
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
