// Package tournamenttest holds what the tests of more than one package check tournaments with.
package tournamenttest

import "slices"

// FewestFloats is, by brute force, the fewest pairs across score groups of any pairing of players
// where nobody meets twice (met holds both orders of every pair that met) and, with strict,
// everyone may take a seat the seat limits allow: seats is each player's seats so far (1 first,
// 2 second), and nobody sits three rounds running in one seat, nor in a seat they already have two
// more of than of the other.
func FewestFloats(players []string, score map[string]int, met map[[2]string]bool, seats map[string][]int, strict bool) int {
	// needs is the seat a player must take next (1 first, 2 second), 0 for either, 3 for neither.
	needs := func(user string) int {
		s := seats[user]
		firsts := 0
		for _, x := range s {
			if x == 1 {
				firsts++
			}
		}
		n, need := len(s), 0
		if firsts-(n-firsts) >= 2 || n >= 2 && s[n-1] == 1 && s[n-2] == 1 {
			need = 2
		}
		if (n-firsts)-firsts >= 2 || n >= 2 && s[n-1] == 2 && s[n-2] == 2 {
			need |= 1
		}
		return need
	}
	best := len(players)
	var match func(left []string, floats int)
	match = func(left []string, floats int) {
		if floats >= best {
			return
		}
		if len(left) == 0 {
			best = floats
			return
		}
		a := left[0]
		for i := 1; i < len(left); i++ {
			b := left[i]
			if met[[2]string{a, b}] {
				continue
			}
			if na, nb := needs(a), needs(b); strict && (na == 3 || nb == 3 || na != 0 && na == nb) {
				continue
			}
			f := floats
			if score[a] != score[b] {
				f++
			}
			match(append(slices.Clone(left[1:i]), left[i+1:]...), f)
		}
	}
	match(players, 0)
	return best
}
