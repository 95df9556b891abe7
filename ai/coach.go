package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"tabuleiro/ai/oolongai"
	"tabuleiro/ai/ordoai"
	"tabuleiro/ai/ouriai"
	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
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

// winScale is, per game, the score at which the side to move wins about three times in four
// (logistic: 100/(1+e^(−score/scale))), fitted by TestCalibrateWinScale on hard's self-play
// (maximum likelihood; 40 games at depth 8 for Ouri, 30 at depth 5 for Ordo, 200 at depth 3 and
// 100 at depth 5 for Oolong): eleven seeds in Ouri (an estimate counts eighths of a seed; fitted
// 86), 1200 points in Ordo (fitted 1176; 689 on the evaluation before its weights were retuned:
// its estimates say little about the result until a race is decided), 4000 in Oolong, whose
// estimate is already a chance of winning on a scale of ±10000 (fitted 2701 at depth 3 and 4344
// at depth 5: deeper searches are surer; the coach searches deeper still).
func winScale(g games.Game) float64 {
	switch g.(type) {
	case *ouri.Game:
		return 11 * 8
	case *ordo.Game:
		return 1200
	}
	return 4000
}

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
	var v Verdict
	switch g := g.(type) {
	case *ouri.Game:
		v = p.assessOuri(ctx, g, b, rng)
	case *ordo.Game:
		v = p.assessOrdo(ctx, g, b, rng)
	case *oolong.Game:
		v = p.assessOolong(ctx, g, legal, b, rng)
	default:
		v = Verdict{Best: legal[0], Win: 50}
	}
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

func (p *Player) assessOuri(ctx context.Context, g *ouri.Game, b Budget, rng *rand.Rand) Verdict {
	sr := p.ouriSearch(g)
	defer p.ouriSearches.put(sr)
	budget := b.Time
	sr.MaxDepth = b.Depth
	defer func() { sr.MaxDepth = 0 }()
	if b.Depth > 0 {
		budget = time.Hour // the depth ends it; ctx still can
	}
	res := sr.Best(ctx, g.Position(), g.History(), budget, rng)
	v := Verdict{Best: games.Move(res.Move)}
	switch {
	case res.Move < 0 || res.Depth == 0 && res.Score < -ouriai.Decided*10:
		// No depth finished (a budget too short to see anything): no opinion.
		v.Win = 50
		if res.Move < 0 {
			v.Best = g.Legal()[0]
		}
	case res.Score > ouriai.Decided:
		v.Win, v.Proven = 100, true
	case res.Score < -ouriai.Decided:
		v.Win, v.Proven = 0, true
	default:
		v.Win = winChance(res.Score, winScale(g))
	}
	return v
}

func (p *Player) assessOrdo(ctx context.Context, g *ordo.Game, b Budget, rng *rand.Rand) Verdict {
	sr := p.ordoSearches.take()
	defer p.ordoSearches.put(sr)
	hist := ordoai.History(g.Log())
	var res ordoai.Result
	if b.Depth > 0 {
		res = sr.Depth(g.Position(), hist, b.Depth, rng)
	} else {
		res = sr.Best(ctx, g.Position(), hist, b.Time, rng)
	}
	v := Verdict{Best: res.Move}
	if res.Move == 0 {
		v.Best = g.Legal()[0]
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

func (p *Player) assessOolong(ctx context.Context, g *oolong.Game, legal []games.Move, b Budget, rng *rand.Rand) Verdict {
	pos := g.Position()
	var m games.Move
	var info oolongai.Info
	if b.Depth > 0 {
		m, info = oolongai.SearchDepth(&pos, legal, b.Depth, rng)
	} else {
		sr := p.oolongSearches.take()
		defer p.oolongSearches.put(sr)
		m, info = sr.Search(ctx, &pos, legal, time.Now().Add(b.Time), rng)
	}
	v := Verdict{Best: m}
	switch {
	case oolongai.Proven(info.Score) && info.Score > 0:
		v.Win, v.Proven = 100, true
	case oolongai.Proven(info.Score):
		v.Win, v.Proven = 0, true
	default:
		v.Win = winChance(info.Score, winScale(g))
	}
	return v
}
