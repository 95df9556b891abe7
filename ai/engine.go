package ai

import (
	"context"
	"fmt"
	"math/rand/v2"

	"tabuleiro/games"
)

// engine is what the bot knows of one game: medium's heuristic, hard's search and the coach's
// judgement. The games stay out of this package's other files: each game's file (ouri.go, ordo.go,
// oolong.go) registers its engine under the game's descriptor, and a game without one is refused
// by name (a test walks catalog.All() so that none is).
type engine interface {
	// medium is the original reports' heuristic.
	medium(g games.Game, legal []games.Move, rng *rand.Rand) games.Move
	// hard searches for s.MoveTime or until ctx ends, and answers a legal decision in any case.
	hard(ctx context.Context, g games.Game, legal []games.Move, s Settings, rng *rand.Rand) games.Move
	// assess is hard's verdict on g within b: its best decision and its win chance (coach.go).
	assess(ctx context.Context, g games.Game, legal []games.Move, b Budget, rng *rand.Rand) Verdict
}

// preparer is an engine that builds something costly on first need (Ouri's endgame databases).
type preparer interface {
	// prepare waits until what games like g need is ready, or ctx ends.
	prepare(ctx context.Context, g games.Game)
}

// registration is how a Player makes a game's engine, and the game's coaching scale.
type registration struct {
	// engine makes a Player's engine: each Player has its own, since an engine keeps searchers
	// (with their tables) and databases between searches.
	engine func(p *Player) engine
	// winScale is the score, in the engine's unit, at which the side to move wins about three
	// times in four (coach.go).
	winScale float64
}

var registered = map[*games.Descriptor]registration{}

// register records a game's engine; each game's file calls it once, from init.
func register(d *games.Descriptor, r registration) {
	if _, twice := registered[d]; twice || r.engine == nil || r.winScale <= 0 {
		panic(fmt.Sprintf("ai: the engine of %s is registered twice or incomplete", d.Kind))
	}
	registered[d] = r
}

// Plays reports whether the bot has an engine for the game d describes: medium, hard and the coach.
func Plays(d *games.Descriptor) bool {
	_, ok := registered[d]
	return ok
}

// engine is p's engine for g's game, or an error naming the game when there is none.
func (p *Player) engine(g games.Game) (engine, error) {
	p.engines.Do(func() {
		p.engines.of = make(map[*games.Descriptor]engine, len(registered))
		for d, r := range registered {
			p.engines.of[d] = r.engine(p)
		}
	})
	if e, ok := p.engines.of[g.Descriptor()]; ok {
		return e, nil
	}
	return nil, fmt.Errorf("the bot has no engine for %s: it plays only at the easy level", g.Kind())
}

// winScale is the coaching scale of g's game.
func winScale(g games.Game) float64 { return registered[g.Descriptor()].winScale }
