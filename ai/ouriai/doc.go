// Package ouriai is the heavy part of the Ouri player: an alpha-beta search and an endgame
// database built by retrograde analysis. It knows nothing of the ai package's levels; ai/ouri.go
// wires it in.
//
// The database gives, for every position with at most 17 seeds on the board and one rule set,
// the final (mover's gain − opponent's gain) from the seeds left under perfect play, or, when that
// depends on which position repeats first (the third occurrence ends the game), bounds on it that
// the search narrows by playing the cycles out (see DB). It holds 51,895,935 pairs of one-byte
// bounds, is built in under a minute on two cores and is kept on disk with a versioned,
// checksummed header:
//
//	db, err := ouriai.Load(path, ouri.RulesOuri, ouriai.FullSeeds)
//	if err != nil {
//		db = ouriai.Build(ouri.RulesOuri, ouriai.FullSeeds, 0)
//		_ = db.Save(path)
//	}
//	s := &ouriai.Search{DB: db}
//	r := s.Best(ctx, g.Position(), g.History(), time.Second, rng) // r.Move is the house, 0 = a
package ouriai
