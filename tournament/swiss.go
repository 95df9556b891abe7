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

// pairOrNot pairs order keeping the seat rules, or, when no such pairing exists, without them.
func pairOrNot(order []Player, recs map[string]*record, first bool, bye string) (Round, error) {
	for _, strict := range []bool{true, false} {
		s := search{order: order, recs: recs, strict: strict, failed: map[uint64]bool{}}
		for i, p := range order {
			switch recs[p.ID].needs() {
			case FirstSeat:
				s.first |= 1 << i
			case SecondSeat:
				s.second |= 1 << i
			}
		}
		all := uint64(1)<<len(order) - 1
		if len(order) == 64 {
			all = ^uint64(0)
		}
		if !s.pair(all) {
			continue
		}
		r := Round{Relaxed: !strict}
		for board, pr := range s.pairs {
			a, b := order[pr[0]].ID, order[pr[1]].ID
			if seatFirst(recs[a], recs[b], first, board) {
				r.Games = append(r.Games, Game{First: a, Second: b})
			} else {
				r.Games = append(r.Games, Game{First: b, Second: a})
			}
		}
		if bye != "" {
			r.Games = append(r.Games, Game{First: bye})
		}
		return r, nil
	}
	return Round{}, ErrNoPairing
}

// search pairs players by backtracking: the highest-ranked unpaired player takes the first
// candidate in the order the Swiss rules prefer that leaves the rest pairable.
type search struct {
	order  []Player
	recs   map[string]*record
	strict bool
	failed map[uint64]bool // sets of unpaired players known to have no pairing
	pairs  [][2]int        // indexes into order, the higher-ranked first
	nodes  int
	// first and second are the players the seat rules oblige to take that seat next.
	first, second uint64
}

func (s *search) pair(left uint64) bool {
	if left == 0 {
		return true
	}
	if s.failed[left] || s.nodes > searchBudget {
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
		s.pairs = append(s.pairs, [2]int{p, q})
		if s.pair(left &^ (1 << p) &^ (1 << q)) {
			return true
		}
		s.pairs = s.pairs[:len(s.pairs)-1]
	}
	s.failed[left] = true
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
// take the first seat and the other the second without breaking a seat rule.
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

// needs is the seat the rules oblige a player to take next, NoSeat when either will do.
func (r *record) needs() Seat {
	var n Seat
	if r.firsts-r.seconds >= 1 || r.last == [2]Seat{FirstSeat, FirstSeat} {
		n = SecondSeat
	}
	if r.seconds-r.firsts >= 1 || r.last == [2]Seat{SecondSeat, SecondSeat} {
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
