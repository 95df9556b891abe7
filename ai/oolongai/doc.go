// Package oolongai chooses Oolong decisions: Medium, the original reports' one-ply heuristic
// (send the opponent where they have the fewest teas, take any claim or win), and Search, a
// time-managed alpha-beta search over whole decisions, specials included.
//
// Alpha-beta was chosen by measurement over MCTS (MCTSSearch: UCT with short greedy playouts
// scored by Evaluate): at 100 ms a decision, alpha-beta scored +34 =2 −4 against it over 40 games
// (TestMatchSearchAgainstMCTS with OOLONG_MATCH=40), and +34 =0 −6 again with today's evaluation. Oolong's tactics are short and sharp (a claim
// or a waiter sending the opponent to their fifth table), which a full-width search sees and
// sampling often misses.
//
// A Searcher's Search is exact where the prover (ai/prove) can be within its share of the budget:
// a forced win within the horizon it reached is taken, and a decision the opponent answers with a
// forced win within it is not, whatever the evaluation says (oolongai/proven.go). The package's
// Search and SearchDepth search alone.
//
// It works on oolong.Position values and knows nothing of levels or settings (package ai maps
// those onto it), so it can be tested and benchmarked on its own:
//
//	p := g.Position()
//	m, info := oolongai.Search(ctx, &p, g.Legal(), time.Now().Add(time.Second), rng)
//	fmt.Println(oolong.FormatMove(m), info.Depth, info.Nodes)
package oolongai
