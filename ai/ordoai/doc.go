// Package ordoai is the Ordo opponent: medium's one-ply heuristic and hard's alpha-beta search on
// the engine's bitboard Position (games/ordo). It knows nothing of ai.Settings or the Player, so
// that package ai can import it.
//
// Hard is iterative-deepening negamax (principal variation search, aspiration windows at the root)
// with a transposition table of two-entry buckets kept from one decision to the next (its move is
// searched before the others are generated), killer and history ordering, wins at once tried
// first, null-move pruning, late quiet moves reduced two plies (one would end on the other side's
// move) or, near the horizon, left out, and a threat extension at the leaves: a side that can
// reach the goal rank at once wins there, and a side facing such a threat (or disconnected) gets
// to answer before the evaluation (advancement, material, goal threats, capturable cut points)
// is trusted. What a leaf is (a win at once, a threat to answer, or quiet with its evaluation)
// depends on the position alone, so it is kept in a table of its own from search to search.
//
// Best is exact where the prover (ai/prove) can be within its share of the budget: a forced win
// within the horizon it reached is played, and a move the opponent answers with a forced win
// within it is not, whatever the evaluation says (ordoai/proven.go). Depth searches alone.
//
//	s := ordoai.NewSearch()
//	res := s.Best(ctx, g.Position(), ordoai.History(g.Log()), time.Second, rng)
//	_ = res.Move // the best move of the last completed iteration, or better
package ordoai
