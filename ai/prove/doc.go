// Package prove decides exactly whether the side to move in Ordo or Oolong has a forced win within
// N plies (decisions), for hard, hint and the puzzles. It searches full width, with no heuristic
// pruning: alpha-beta on win / not-win, a transposition table of proven bounds (a win within d
// plies is a win within more; a failure within d is a failure within fewer) and move ordering
// only change how fast the answer comes, never the answer. Ordo's repetition draw is exact: the
// history since the last capture is part of what a table entry is keyed on.
//
//	p, err := prove.Game(ctx, g, 5) // g an *ordo.Game or *oolong.Game
//	if p.Win {
//		fmt.Println(p.Plies, p.Moves) // the shortest forced win, every first move that keeps one
//	}
//	r, err := prove.Refute(ctx, g, m, 5) // m does not win within 5: the answer that shows why
package prove
