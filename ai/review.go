package ai

import (
	"context"
	"fmt"
	"math"

	"tabuleiro/games"
)

// Grade is how much a decision gave away against hard's best.
type Grade uint8

const (
	Good       Grade = iota // within Inaccuracy of the best, or the best itself
	Inaccuracy              // ?!
	Mistake                 // ?
	Blunder                 // ??
)

// The thresholds, in points of win chance lost against hard's best decision (the rules summaries
// say the same: say, rules.coach).
const (
	InaccuracyLoss = 10
	MistakeLoss    = 20
	BlunderLoss    = 30
)

// Mark is the grade's annotation: ?!, ? or ??; "" for a good decision.
func (g Grade) Mark() string {
	switch g {
	case Inaccuracy:
		return "?!"
	case Mistake:
		return "?"
	case Blunder:
		return "??"
	}
	return ""
}

// GradeOf grades a loss of win chance, in points.
func GradeOf(loss float64) Grade {
	switch {
	case loss >= BlunderLoss:
		return Blunder
	case loss >= MistakeLoss:
		return Mistake
	case loss >= InaccuracyLoss:
		return Inaccuracy
	}
	return Good
}

// Accuracy is one decision's accuracy, in percent, from the win chance it lost (in points):
// 103.1668·e^(−0.04354·loss) − 3.1669, clamped to 0..100 — 100 for the best decision, about 64 at
// a 10-point loss, 40 at 20 and 25 at 30 (the curve lichess uses for chess).
func Accuracy(loss float64) float64 {
	a := 103.1668*math.Exp(-0.04354*max(0, loss)) - 3.1669
	return max(0, min(100, a))
}

// Decision is one decision of a reviewed game.
type Decision struct {
	Ply    int // from 1
	Seat   games.Seat
	Played games.Move
	Best   games.Move // hard's choice; Played when they agree
	// Before is the decider's win chance with the best decision, After with the one played, in
	// percent; Loss is how much was given away (never negative).
	Before, After, Loss float64
	Grade               Grade
	Forced              bool // the only legal decision: not judged, and not counted in accuracy
}

// Review is hard's judgement of every decision of a game.
type Review struct {
	Decisions []Decision
	// Accuracy is each seat's mean accuracy over the decisions it had a choice in (100 when it had
	// none); Counted is how many those were.
	Accuracy [2]float64
	Counted  [2]int
}

// ReviewGame replays log from start (the game as it began) and judges every decision: hard's best
// decision in each position against the one played, under b per position. The searches take
// their turns one at a time, so the bot's own moves are never held up by more than one.
func (p *Player) ReviewGame(ctx context.Context, start games.Game, log []games.Move, b Budget, seed uint64) (Review, error) {
	g := start.Clone()
	var r Review
	var sum [2]float64
	// The played decision's position is searched a ply shorter (by time, half as long), as the
	// best decision's was inside the search of the position before it.
	child := b
	if b.Depth > 1 {
		child.Depth = b.Depth - 1
	}
	if b.Depth == 0 && b.Time > 0 {
		child.Time = b.Time / 2
	}
	for i, m := range log {
		seat := g.ToMove()
		d := Decision{Ply: i + 1, Seat: seat, Played: m, Best: m}
		legal := g.Legal()
		d.Forced = len(legal) == 1
		next := g.Clone()
		if err := next.Play(m); err != nil {
			return Review{}, fmt.Errorf("replaying decision %d: %w", i+1, err)
		}
		if !d.Forced {
			v, err := p.Assess(ctx, g, b, seed)
			if err != nil {
				return Review{}, err
			}
			d.Best, d.Before, d.After = v.Best, v.Win, v.Win
			if v.Best != m {
				after, _, err := p.worth(ctx, next, seat, child, seed)
				if err != nil {
					return Review{}, err
				}
				d.After = after
				d.Loss = max(0, d.Before-after)
			}
			d.Grade = GradeOf(d.Loss)
			if seat == 0 || seat == 1 {
				sum[seat] += Accuracy(d.Loss)
				r.Counted[seat]++
			}
		}
		r.Decisions = append(r.Decisions, d)
		g = next
	}
	for s := range r.Accuracy {
		r.Accuracy[s] = 100
		if r.Counted[s] > 0 {
			r.Accuracy[s] = sum[s] / float64(r.Counted[s])
		}
	}
	return r, nil
}
