package tournament

import "fmt"

// MaxRoundRobinPlayers is the most players a round-robin tournament takes.
const MaxRoundRobinPlayers = 16

// RoundRobin gives every round of a round-robin tournament by Berger's tables: with an even number
// of players n, n-1 rounds in which everyone meets everyone exactly once; with an odd number, a bye
// stands in for a missing player (n rounds, one bye each). Each player's first and second seats
// differ by at most one. Players keep the order given (their draw): the first is Berger's number 1.
func RoundRobin(players []Player) ([]Round, error) {
	n := len(players)
	if n < 2 || n > MaxRoundRobinPlayers {
		return nil, fmt.Errorf("a round-robin takes 2 to %d players, not %d", MaxRoundRobinPlayers, n)
	}
	ids := make([]string, 0, n+1)
	for _, p := range players {
		ids = append(ids, p.ID)
	}
	if n%2 == 1 {
		ids = append(ids, "") // the bye
	}
	m := len(ids) - 1 // everyone but the last turns around the circle; the last stays put
	rounds := make([]Round, m)
	for r := range m {
		var games []Pairing
		var bye string
		add := func(first, second string) {
			switch {
			case first == "":
				bye = second
			case second == "":
				bye = first
			default:
				games = append(games, Pairing{First: first, Second: second})
			}
		}
		// The fixed player alternates seats from round to round against the player at the circle's top.
		if r%2 == 0 {
			add(ids[r], ids[m])
		} else {
			add(ids[m], ids[r])
		}
		for i := 1; i <= m/2; i++ {
			a, b := ids[(r+i)%m], ids[(r-i+m)%m]
			if i%2 == 1 {
				add(b, a)
			} else {
				add(a, b)
			}
		}
		if bye != "" {
			games = append(games, Pairing{First: bye})
		}
		rounds[r] = Round{Pairings: games}
	}
	return rounds, nil
}
