package ai

import (
	"context"
	"math/rand/v2"

	"tabuleiro/ai/ordoai"
	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

func init() {
	// 1200 points of the evaluation (fitted 1176 on hard's self-play, 30 games at depth 5; 689 on
	// the evaluation before its weights were retuned): its estimates say little about the result
	// until a race is decided.
	register(ordo.Descriptor, registration{engine: newOrdoEngine, winScale: 1200})
}

// ordoEngine plays Ordo for a Player: searchers (with their tables) on a shelf.
type ordoEngine struct {
	searches *shelf[*ordoai.Search]
}

func newOrdoEngine(p *Player) engine {
	return &ordoEngine{searches: newShelf(p.cfg.MaxSearches, ordoai.NewSearch)}
}

// medium wins at once if it can, else captures, else advances (ordoai.Medium).
func (e *ordoEngine) medium(g games.Game, legal []games.Move, rng *rand.Rand) games.Move {
	return ordoai.Medium(g.(*ordo.Game).Position(), legal, rng)
}

// hard searches with iterative-deepening alpha-beta for s.MoveTime, scoring a return to a
// position seen since the last capture as a draw.
func (e *ordoEngine) hard(ctx context.Context, g games.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move {
	og := g.(*ordo.Game)
	sr := e.searches.take()
	defer e.searches.put(sr)
	res := sr.Best(ctx, og.Position(), ordoai.History(og.Log()), s.MoveTime, rng)
	if res.Move == 0 {
		return legal[0]
	}
	return res.Move
}

func (e *ordoEngine) assess(ctx context.Context, g games.Game, legal []games.Move, b Budget, rng *rand.Rand) Verdict {
	og := g.(*ordo.Game)
	sr := e.searches.take()
	defer e.searches.put(sr)
	hist := ordoai.History(og.Log())
	var res ordoai.Result
	if b.Depth > 0 {
		res = sr.Depth(og.Position(), hist, b.Depth, rng)
	} else {
		res = sr.Best(ctx, og.Position(), hist, b.Time, rng)
	}
	v := Verdict{Best: res.Move}
	if res.Move == 0 {
		v.Best = legal[0]
	}
	// A win k plies away scores Win−k; no game here is a thousand plies deep.
	switch {
	case res.Score >= ordoai.Win-1000:
		v.Win, v.Proven = 100, true
	case res.Score <= -ordoai.Win+1000:
		v.Win, v.Proven = 0, true
	default:
		v.Win = winChance(res.Score, winScale(g))
	}
	return v
}
