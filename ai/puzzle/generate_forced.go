package puzzle

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"tabuleiro/ai/oolongai"
	"tabuleiro/ai/ordoai"
	"tabuleiro/ai/prove"
	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
)

// searcher is a plain alpha-beta search of Ordo or Oolong to a fixed depth, without the prover:
// the self-play that finds the puzzles, and the yardstick of how hard one is.
type searcher func(g games.Game, depth int, rng *rand.Rand) games.Move

func searcherOf(d *games.Descriptor) (searcher, error) {
	switch d {
	case ordo.Descriptor:
		sr := ordoai.NewSearch()
		return func(g games.Game, depth int, rng *rand.Rand) games.Move {
			og := g.(*ordo.Game)
			return sr.Depth(og.Position(), ordoai.History(og.Log()), depth, rng).Move
		}, nil
	case oolong.Descriptor:
		return func(g games.Game, depth int, rng *rand.Rand) games.Move {
			pos := g.(*oolong.Game).Position()
			m, _ := oolongai.SearchDepth(&pos, g.Legal(), depth, rng)
			return m
		}, nil
	}
	return nil, fmt.Errorf("%w, not %s", prove.ErrNotProvable, d.Kind)
}

// GenerateForced plays games of d's kind against itself, from openings of random moves, and takes
// from them up to n puzzles named name-0001…: positions where the side to move has a forced win
// within plies, but not at once, that some of its moves keep and others throw away.
func GenerateForced(name string, d *games.Descriptor, plies, n int, seed uint64) ([]Puzzle, error) {
	kind := fnv.New64a()
	kind.Write([]byte(d.Kind))
	rng := rand.New(rand.NewPCG(seed, kind.Sum64()))
	search, err := searcherOf(d)
	if err != nil {
		return nil, err
	}
	seen := map[uint64]bool{}
	var out []Puzzle
	for game := 0; len(out) < n; game++ {
		if game > 50*n {
			return out, fmt.Errorf("only %d puzzles after %d games", len(out), game)
		}
		g, err := d.New(nil, rng) // Oolong deals its markers from rng
		if err != nil {
			return nil, err
		}
		// Each side searches to its own small depth and now and then plays at random: games of
		// uneven sides, whose slips leave forced wins behind.
		depths := [2]int{1 + rng.IntN(3), 1 + rng.IntN(3)}
		opening := 2 + rng.IntN(6)
		last := -gap
		for ply := 0; !g.Outcome().Over() && ply < 300; ply++ {
			if ply >= opening && ply-last >= gap && !seen[g.Hash()] {
				if p, ok := candidate(g, search, name, plies, len(out)+1); ok {
					out = append(out, p)
					seen[g.Hash()] = true
					last = ply
					if len(out) == n {
						break
					}
				}
			}
			var m games.Move
			if ply < opening || rng.IntN(8) == 0 {
				legal := g.Legal()
				m = legal[rng.IntN(len(legal))]
			} else {
				m = search(g, depths[g.ToMove()], rng)
			}
			if err := g.Play(m); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// servingNodes is the most positions the proof of a shipped puzzle's first decision may visit on
// an empty table: serving one stays within its 5 ms (BenchmarkServeAForcedPuzzle).
const servingNodes = 3000

// candidate is g's position as a puzzle when it is one: a forced win within plies, not in one,
// that more moves throw away than keep, proven in at most servingNodes positions.
func candidate(g games.Game, search searcher, name string, plies, number int) (Puzzle, bool) {
	ctx := context.Background()
	p, err := prove.Game(ctx, g, plies)
	if err != nil || !p.Win || p.Plies < 3 || len(p.Moves) >= len(g.Legal())-len(p.Moves) {
		return Puzzle{}, false
	}
	if cold, err := proveOn(ctx, prove.NewProver(), g, plies); err != nil || cold.Nodes > servingNodes {
		return Puzzle{}, false
	}
	log, err := notated(g)
	if err != nil {
		return Puzzle{}, false
	}
	return Puzzle{
		ID:      fmt.Sprintf("%s-%04d", name, number),
		Kind:    g.Kind(),
		Options: g.Options(),
		Log:     log,
		Rating:  difficulty(g, search, p.Moves),
	}, true
}

// difficulty is a puzzle's starting rating: 1200, and 150 more for each depth (1 to 4) at which a
// plain search, without the prover, picks a move that throws the forced win away.
func difficulty(g games.Game, search searcher, keep []games.Move) float64 {
	rating := 1200.0
	for depth := 1; depth <= 4; depth++ {
		m := search(g, depth, rand.New(rand.NewPCG(1, 2)))
		right := false
		for _, k := range keep {
			right = right || k == m
		}
		if !right {
			rating += 150
		}
	}
	return rating
}
