// Package bound is what the three alpha-beta searches share about the scores they keep in their
// transposition tables: whether a stored score is the true value or only bounds it.
package bound

// Bound says how a stored score relates to the position's true value. The zero value marks an empty
// table entry, so a fresh table never answers.
type Bound uint8

const (
	None  Bound = iota
	Exact       // the score is the value
	Lower       // the search failed high: the value is at least the score
	Upper       // the search failed low: the value is at most the score
)

// Of classifies the best score a search found in the window (alpha, beta).
func Of(best, alpha, beta int) Bound {
	switch {
	case best <= alpha:
		return Upper
	case best >= beta:
		return Lower
	}
	return Exact
}

// Settles reports whether a stored score v of this kind answers a search of the window (alpha,
// beta) at once, without searching.
func (b Bound) Settles(v, alpha, beta int) bool {
	return b == Exact || b == Lower && v >= beta || b == Upper && v <= alpha
}
