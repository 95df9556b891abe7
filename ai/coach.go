package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"tabuleiro/games"
)

// The coach: hard's search, asked what a position is worth rather than only what to play. Every
// game's engine scores in its own unit (Ouri eighths of a seed, Ordo and Oolong points of their
// evaluations); the coach turns a score into the chance that the side to move wins, in percent
// (a draw counts half), so that losses compare across positions and games.

// Budget is how long the coach thinks about one position.
type Budget struct {
	Time time.Duration // default DefaultMoveTime
	// Depth, when set, searches to that fixed depth instead of by time: the same answer on any
	// machine (tests).
	Depth int
}

// Verdict is hard's judgement of a position.
type Verdict struct {
	Best games.Move // the decision hard would make
	// Win is the chance the side to move wins from here, in percent, a draw counting half.
	Win float64
	// Proven says the search proved the result (Win is then 0, 50 or 100).
	Proven bool
}

// Each game's file registers its scale (registration.winScale): the score at which the side to
// move wins about three times in four (logistic: 100/(1+e^(−score/scale))), fitted by
// TestCalibrateWinScale on hard's self-play (maximum likelihood).

// winChance maps an estimate to a chance in percent.
func winChance(score int, scale float64) float64 {
	return 100 / (1 + math.Exp(-float64(score)/scale))
}

// result is the chance a finished game gives seat: 100 won, 50 drawn, 0 lost.
func result(g games.Game, seat games.Seat) float64 {
	switch g.Outcome().Winner {
	case seat:
		return 100
	case games.NoSeat:
		return 50
	}
	return 0
}

// Assess is hard's best decision in g and what g is worth to its side to move. It waits its turn
// among the searches like Choose, but never takes the last turn the bot's own moves need (with
// MaxSearches above 1). seed breaks ties, as in Settings.
func (p *Player) Assess(ctx context.Context, g games.Game, b Budget, seed uint64) (Verdict, error) {
	if g.Outcome().Over() {
		return Verdict{}, ErrGameOver
	}
	legal := g.Legal()
	if len(legal) == 0 {
		return Verdict{}, ErrGameOver
	}
	if len(legal) == 1 {
		// Nothing to choose: the position is worth what the one decision leads to.
		c := g.Clone()
		if err := c.Play(legal[0]); err != nil {
			return Verdict{}, err
		}
		win, proven, err := p.worth(ctx, c, g.ToMove(), b, seed)
		return Verdict{Best: legal[0], Win: win, Proven: proven}, err
	}
	if b.Time <= 0 {
		b.Time = DefaultMoveTime
	}
	e, err := p.engine(g)
	if err != nil {
		return Verdict{}, err
	}
	if err := p.coach.enter(ctx); err != nil {
		return Verdict{}, err
	}
	defer p.coach.leave()
	if err := p.queue.enter(ctx); err != nil {
		return Verdict{}, err
	}
	defer p.queue.leave()
	p.searching.Add(1)
	defer p.searching.Add(-1)
	rng := rand.New(rand.NewPCG(seed, g.Hash()))
	v := e.assess(ctx, g, legal, b, rng)
	if err := ctx.Err(); err != nil {
		return Verdict{}, err
	}
	return v, nil
}

// worth is what g (after a decision by seat) is worth to seat: its result when it is over, else
// hard's verdict from the side to move's view, turned to seat's.
func (p *Player) worth(ctx context.Context, g games.Game, seat games.Seat, b Budget, seed uint64) (float64, bool, error) {
	if g.Outcome().Over() {
		return result(g, seat), true, nil
	}
	v, err := p.Assess(ctx, g, b, seed)
	if err != nil {
		return 0, false, err
	}
	if g.ToMove() != seat {
		v.Win = 100 - v.Win
	}
	return v.Win, v.Proven, nil
}
