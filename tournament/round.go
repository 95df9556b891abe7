package tournament

import (
	"cmp"
	"slices"
)

// Player is a tournament's entrant: an id and the rating that orders players of equal score.
type Player struct {
	ID     string
	Rating float64
}

// Result is how a game of a round ended, from its first seat's side.
type Result int8

const (
	Pending    Result = iota // not over yet: it counts for nobody
	FirstWins                // the first seat won (a forfeit by the second seat included)
	Drawn                    //
	SecondWins               // the second seat won (a forfeit by the first seat included)
)

// Pairing is one game of a round: who takes the first seat, who the second, the result, and the
// game started for it. A bye is a pairing whose Second is empty: First scores a win without playing.
type Pairing struct {
	First, Second string
	Result        Result
	// Game is the game started for the pairing: 0 until it starts, always 0 for a bye or a
	// forfeit. The pairing functions leave it 0; whoever starts the games sets it.
	Game uint64
	// Forfeit: decided without play (a withdrawal, or a player kept busy past the round's end).
	Forfeit bool
}

// Bye reports whether p is a bye.
func (p Pairing) Bye() bool { return p.Second == "" }

// Decided reports whether p counts in the standings: a bye, or a game with a result.
func (p Pairing) Decided() bool { return p.Bye() || p.Result != Pending }

// points is what each seat scores, in half points; a pending game scores nothing.
func (p Pairing) points() (first, second int) {
	switch {
	case p.Bye():
		return 2, 0
	case p.Result == FirstWins:
		return 2, 0
	case p.Result == Drawn:
		return 1, 1
	case p.Result == SecondWins:
		return 0, 2
	}
	return 0, 0
}

// Round is one round's pairings in board order (the bye, if any, last).
type Round struct {
	Pairings []Pairing
	// Relaxed is set when no pairing kept every seat limit, so the seat limits were set aside for
	// this round (never the rule against meeting twice).
	Relaxed bool
}

// Over reports whether every pairing of the round is decided.
func (r Round) Over() bool {
	for _, p := range r.Pairings {
		if !p.Decided() {
			return false
		}
	}
	return true
}

// Playing are the round's players, in board order: everyone with a game or the bye, but not
// those of a pairing decided without play.
func (r Round) Playing() []string {
	var out []string
	for _, p := range r.Pairings {
		if p.Forfeit {
			continue
		}
		out = append(out, p.First)
		if !p.Bye() {
			out = append(out, p.Second)
		}
	}
	return out
}

// Waiting are the boards (indexes into Pairings) whose games have not started and are not
// decided: they wait for a player to finish another game.
func (r Round) Waiting() []int {
	var out []int
	for board, p := range r.Pairings {
		if !p.Bye() && p.Game == 0 && !p.Decided() {
			out = append(out, board)
		}
	}
	return out
}

// Seat is a player's place in one game.
type Seat int8

const (
	NoSeat Seat = iota
	FirstSeat
	SecondSeat
)

// record is what the rounds so far say of one player.
type record struct {
	points   int             // in half points
	met      map[string]bool // opponents already played or paired
	bye      bool            // has had a bye
	firsts   int
	seconds  int
	last     [2]Seat // the seats of the player's last two games, the latest first (byes skipped)
	opponent []opponentResult
}

// opponentResult is one game seen from a player: whom they met and what they scored (half points).
type opponentResult struct {
	id     string
	scored int
}

func (r *record) sat(s Seat) {
	if s == FirstSeat {
		r.firsts++
	} else {
		r.seconds++
	}
	r.last[1], r.last[0] = r.last[0], s
}

// records reads the rounds into a record per player who appears in them or in players.
func records(players []Player, rounds []Round) map[string]*record {
	recs := make(map[string]*record, len(players))
	get := func(id string) *record {
		r := recs[id]
		if r == nil {
			r = &record{met: map[string]bool{}}
			recs[id] = r
		}
		return r
	}
	for _, p := range players {
		get(p.ID)
	}
	for _, round := range rounds {
		for _, g := range round.Pairings {
			first := get(g.First)
			a, b := g.points()
			first.points += a
			if g.Bye() {
				first.bye = true
				continue
			}
			second := get(g.Second)
			second.points += b
			first.met[g.Second], second.met[g.First] = true, true
			first.sat(FirstSeat)
			second.sat(SecondSeat)
			if g.Result != Pending {
				first.opponent = append(first.opponent, opponentResult{g.Second, a})
				second.opponent = append(second.opponent, opponentResult{g.First, b})
			}
		}
	}
	return recs
}

// ranked orders players by score, then rating, then id: the order pairings and byes read.
func ranked(players []Player, recs map[string]*record) []Player {
	out := slices.Clone(players)
	slices.SortStableFunc(out, func(a, b Player) int {
		if c := cmp.Compare(recs[b.ID].points, recs[a.ID].points); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out
}
