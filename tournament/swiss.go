package tournament

import (
	"errors"
	"fmt"
	"math/bits"
)

// MaxSwissPlayers is the most players a Swiss tournament pairs.
const MaxSwissPlayers = 64

// ErrNoPairing is the answer when every way to pair the round would bring two players together a
// second time: the tournament is over.
var ErrNoPairing = errors.New("every remaining pairing has been played: the tournament is over")

// searchBudget bounds the pairing search; no real tournament comes near it, and it keeps a
// hand-made impossible history from running on.
const searchBudget = 2_000_000

// SwissRounds is the number of rounds a Swiss tournament of n players plays by default: ceil(log2 n)
// + 1, and never more than there are opponents to meet.
func SwissRounds(n int) int {
	if n < 2 {
		return 0
	}
	r := bits.Len(uint(n-1)) + 1
	return min(r, maxRounds(n))
}

// maxRounds is how many rounds n players can play without a pair meeting twice.
func maxRounds(n int) int {
	if n%2 == 1 {
		return n
	}
	return n - 1
}

// Swiss pairs the next round of a Swiss tournament from its players (withdrawn ones are skipped)
// and the rounds played so far. It is ErrNoPairing when no pairing avoids a repeat.
func Swiss(players []Player, rounds []Round, withdrawn map[string]bool) (Round, error) {
	recs := records(players, rounds)
	var active []Player
	for _, p := range players {
		if !withdrawn[p.ID] {
			active = append(active, p)
		}
	}
	if len(active) > MaxSwissPlayers {
		return Round{}, fmt.Errorf("a Swiss tournament pairs at most %d players, not %d", MaxSwissPlayers, len(active))
	}
	if len(active) < 2 {
		return Round{}, ErrNoPairing
	}
	order := ranked(active, recs)
	first := len(rounds) == 0
	if len(order)%2 == 0 {
		return pairOrNot(order, recs, first, "")
	}
	for _, bye := range byeCandidates(order, recs) {
		rest := make([]Player, 0, len(order)-1)
		for _, p := range order {
			if p.ID != bye {
				rest = append(rest, p)
			}
		}
		if r, err := pairOrNot(rest, recs, first, bye); err == nil {
			return r, nil
		}
	}
	return Round{}, ErrNoPairing
}

// byeCandidates are who may take the bye, in the order they are tried: those who have not had one,
// lowest-ranked first, then (only when none of them leaves a pairing) those who have.
func byeCandidates(order []Player, recs map[string]*record) []string {
	var without, with []string
	for i := len(order) - 1; i >= 0; i-- {
		id := order[i].ID
		if recs[id].bye {
			with = append(with, id)
		} else {
			without = append(without, id)
		}
	}
	return append(without, with...)
}

// pairOrNot pairs order keeping the seat limits, or, when no such pairing exists, without them.
// Either way the pairing crosses as few score groups as any other would: a player floats only to
// avoid a rematch or a seat limit, never for the seats to alternate; the seats are then given so
// that they alternate where they can.
func pairOrNot(order []Player, recs map[string]*record, first bool, bye string) (Round, error) {
	for _, strict := range []bool{true, false} {
		s := search{order: order, recs: recs, strict: strict, failed: map[uint64]int{}}
		for i, p := range order {
			switch recs[p.ID].needs() {
			case FirstSeat:
				s.first |= 1 << i
			case SecondSeat:
				s.second |= 1 << i
			}
		}
		s.group = scoreGroups(order, recs)
		all := uint64(1)<<len(order) - 1
		if len(order) == 64 {
			all = ^uint64(0)
		}
		if !s.pairFewest(all) {
			continue
		}
		r := Round{Relaxed: !strict}
		for board, pr := range s.pairs {
			a, b := order[pr[0]].ID, order[pr[1]].ID
			if seatFirst(recs[a], recs[b], first, board) {
				r.Pairings = append(r.Pairings, Pairing{First: a, Second: b})
			} else {
				r.Pairings = append(r.Pairings, Pairing{First: b, Second: a})
			}
		}
		if bye != "" {
			r.Pairings = append(r.Pairings, Pairing{First: bye})
		}
		return r, nil
	}
	return Round{}, ErrNoPairing
}

// search pairs players by backtracking: the highest-ranked unpaired player takes the first
// candidate in the order the Swiss rules prefer that leaves the rest pairable within the floats
// allowed.
type search struct {
	order  []Player
	recs   map[string]*record
	group  []int // each player's score group (0 the highest), by index into order
	strict bool
	// failed holds sets of unpaired players known to have no pairing, with the most floats
	// (pairs across score groups) tried for them.
	failed map[uint64]int
	pairs  [][2]int // indexes into order, the higher-ranked first
	nodes  int
	// first and second are the players the seat limits oblige to take that seat next.
	first, second uint64
}

// pairFewest pairs left with as few pairs across score groups as can be: none, then one, and so on.
func (s *search) pairFewest(left uint64) bool {
	for floats := s.leastFloats(left); floats <= bits.OnesCount64(left)/2; floats++ {
		if s.pair(left, floats) {
			return true
		}
		if s.nodes > searchBudget {
			return false
		}
	}
	return false
}

// leastFloats is a bound no pairing of left beats: a score group with an odd number of players
// sends one of them across, and a pair across joins at most two such groups.
func (s *search) leastFloats(left uint64) int {
	var odd uint64
	for r := left; r != 0; r &= r - 1 {
		odd ^= 1 << s.group[bits.TrailingZeros64(r)]
	}
	return (bits.OnesCount64(odd) + 1) / 2
}

// scoreGroups numbers the score groups of order (ranked, so a group's players are together).
func scoreGroups(order []Player, recs map[string]*record) []int {
	group := make([]int, len(order))
	for i := 1; i < len(order); i++ {
		group[i] = group[i-1]
		if recs[order[i].ID].points != recs[order[i-1].ID].points {
			group[i]++
		}
	}
	return group
}

func (s *search) pair(left uint64, floats int) bool {
	if left == 0 {
		return true
	}
	if tried, ok := s.failed[left]; ok && floats <= tried || s.nodes > searchBudget {
		return false
	}
	if s.leastFloats(left) > floats {
		return false
	}
	if s.strict {
		// Whoever must sit first needs a partner who may sit second, and the other way round.
		f, sc := bits.OnesCount64(left&s.first), bits.OnesCount64(left&s.second)
		free := bits.OnesCount64(left) - f - sc
		if f > sc+free || sc > f+free {
			return false
		}
	}
	s.nodes++
	p := bits.TrailingZeros64(left)
	for _, q := range s.candidates(p, left&^(1<<p)) {
		if !s.fits(p, q) {
			continue
		}
		cost := 0
		if s.group[p] != s.group[q] {
			cost = 1
		}
		if cost > floats {
			continue
		}
		s.pairs = append(s.pairs, [2]int{p, q})
		if s.pair(left&^(1<<p)&^(1<<q), floats-cost) {
			return true
		}
		s.pairs = s.pairs[:len(s.pairs)-1]
	}
	s.failed[left] = max(floats, s.failed[left])
	return false
}

// candidates orders p's possible opponents among rest: p's score group from the middle (top half
// against bottom half: the group's first plays the first of its bottom half), then the group's top
// half upwards, then the players below the group in rank order (p floats down).
func (s *search) candidates(p int, rest uint64) []int {
	var idx []int
	for r := rest; r != 0; r &= r - 1 {
		idx = append(idx, bits.TrailingZeros64(r))
	}
	points := s.recs[s.order[p].ID].points
	g := 0
	for g < len(idx) && s.recs[s.order[idx[g]].ID].points == points {
		g++
	}
	if g == 0 {
		return idx
	}
	ideal := (g+1)/2 - 1
	out := make([]int, 0, len(idx))
	out = append(out, idx[ideal:g]...)
	for i := ideal - 1; i >= 0; i-- {
		out = append(out, idx[i])
	}
	return append(out, idx[g:]...)
}

// fits reports whether p and q may meet: never twice, and under the strict rules only when one can
// take the first seat and the other the second without breaking a seat limit.
func (s *search) fits(p, q int) bool {
	a, b := s.recs[s.order[p].ID], s.recs[s.order[q].ID]
	if a.met[s.order[q].ID] {
		return false
	}
	if !s.strict {
		return true
	}
	na, nb := a.needs(), b.needs()
	if na == both || nb == both {
		return false
	}
	return na == NoSeat || nb == NoSeat || na != nb
}

// both is a need no seat satisfies (left by rounds paired without the seat rules).
const both Seat = -1

// needs is the seat the limits oblige a player to take next, NoSeat when either will do: nobody
// takes one seat three rounds running, nor the first seat with two more first seats than second
// already (nor the second with two more second seats).
func (r *record) needs() Seat {
	var n Seat
	if r.firsts-r.seconds >= 2 || r.last == [2]Seat{FirstSeat, FirstSeat} {
		n = SecondSeat
	}
	if r.seconds-r.firsts >= 2 || r.last == [2]Seat{SecondSeat, SecondSeat} {
		if n == SecondSeat {
			return both
		}
		n = FirstSeat
	}
	return n
}

// seatFirst reports whether a (the higher-ranked of the pair) takes the first seat: an obligation
// first, then the player with fewer first seats, then the one who sat second last, then a turns
// from their last seat; in the first round the top half alternates by board.
func seatFirst(a, b *record, firstRound bool, board int) bool {
	na, nb := a.needs(), b.needs()
	switch {
	case na == FirstSeat || nb == SecondSeat:
		return true
	case na == SecondSeat || nb == FirstSeat:
		return false
	}
	da, db := a.firsts-a.seconds, b.firsts-b.seconds
	if da != db {
		return da < db
	}
	if a.last[0] != b.last[0] {
		return a.last[0] != FirstSeat && b.last[0] != SecondSeat
	}
	if a.last[0] != NoSeat && !firstRound {
		return a.last[0] == SecondSeat
	}
	return board%2 == 0
}
