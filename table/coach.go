package table

import (
	"context"
	"errors"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/store"
)

// HintsPerGame is how many hints each player may take in one game.
const HintsPerGame = 3

// The coach's refusals.
var (
	ErrHintRated   = coachRefusal(Refused, "coach.refuse.rated")
	ErrNoHintsLeft = coachRefusal(Refused, "coach.refuse.spent")
	ErrHintTurn    = coachRefusal(Refused, "coach.refuse.turn")
	ErrHintMoved   = coachRefusal(Stale, "coach.refuse.moved")
	ErrHintTeam    = coachRefusal(Refused, "coach.refuse.team")
)

func coachRefusal(code Code, id string) *Refusal {
	return &Refusal{Code: code, Text: games.Text{ID: id, Args: games.Args("Max", HintsPerGame)}}
}

// Hint is a decision suggested to the actor, with hard's view of it.
type Hint struct {
	View   View
	Move   string  // in canonical notation
	Win    float64 // the actor's chance to win with it, in percent (a draw counts half)
	Proven bool    // the search proved the result: Win is 0, 50 or 100
	Used   int     // the hints the actor has taken in this game, this one included
}

// Left is how many hints the actor may still take in this game.
func (h Hint) Left() int { return HintsPerGame - h.Used }

// CanHint checks, without searching, that the actor may take a hint now: in their active game of
// the kind at the place, not rated, their decision, hints left. It returns the game.
func (t *Table) CanHint(a Actor) (View, error) {
	v, err := t.mine(&a)
	if noGame(err) {
		// The team decides by its vote, which a hint to one member would settle.
		if _, ok := t.teamPlaying(a); ok {
			return View{}, ErrHintTeam
		}
	}
	if err != nil {
		return View{}, err
	}
	return v, mayHint(v.Game, v.Live, a.User)
}

// mayHint is CanHint's rules on a record and its game.
func mayHint(rec store.Game, g games.Game, user string) error {
	if rec.Rated {
		return ErrHintRated
	}
	seat := SeatOf(rec, user)
	if seat == games.NoSeat || g.Outcome().Over() || g.ToMove() != seat {
		return ErrHintTurn
	}
	if rec.Hints[seat] >= HintsPerGame {
		return ErrNoHintsLeft
	}
	return nil
}

// Hint searches the actor's position as hard would and counts the hint against the actor's three.
// A hint that could not be given (the game moved on meanwhile, ctx ended) is not counted.
func (t *Table) Hint(ctx context.Context, a Actor) (Hint, error) {
	v, err := t.CanHint(a)
	if err != nil {
		return Hint{}, err
	}
	seat := v.SeatOf(a.User)
	seed := t.cfg.Seed ^ v.Game.ID*0x9e3779b97f4a7c15 ^ uint64(v.Game.Ply)*0xbf58476d1ce4e5b9
	verdict, err := t.cfg.AI.Assess(ctx, v.Live.Clone(), ai.Budget{Time: t.cfg.AIMoveTime, Depth: t.cfg.CoachDepth}, seed)
	if err != nil {
		return Hint{}, err
	}
	move := v.Live.Format(verdict.Best)
	rec, g, err := t.st.Update(v.Game.ID, v.Game.Ply, func(r *store.Game, g games.Game) error {
		if err := mayHint(*r, g, a.User); err != nil {
			return err
		}
		r.Hints[seat]++
		return nil
	})
	if errors.Is(err, store.ErrMovedOn) {
		return Hint{}, ErrHintMoved
	}
	if err != nil {
		return Hint{}, err
	}
	t.logOf(&a).Info("hint", "ply", rec.Ply, "decision", move, "used", rec.Hints[seat])
	return Hint{View: View{Game: rec, Live: g}, Move: move, Win: verdict.Win, Proven: verdict.Proven, Used: rec.Hints[seat]}, nil
}

// Review is hard's judgement of every decision of a finished game (ai.ReviewGame), under the
// table's review budget.
func (t *Table) Review(ctx context.Context, v View) (ai.Review, error) {
	if !v.Over() {
		return ai.Review{}, refuse(Stale, "refusal.replay-not-over", "Kind", v.Game.Kind)
	}
	start, err := v.At(0)
	if err != nil {
		return ai.Review{}, err
	}
	budget := ai.Budget{Time: t.cfg.ReviewMoveTime, Depth: t.cfg.CoachDepth}
	return t.cfg.AI.ReviewGame(ctx, start, v.Live.Log(), budget, t.cfg.Seed^v.Game.ID)
}
