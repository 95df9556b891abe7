package table

import (
	"context"

	"tabuleiro/ai"
	"tabuleiro/games"
)

// MaxBranch is how many decisions a branch of a finished game may hold.
const MaxBranch = 200

// Branch is a line of play tried from a decision of a finished game, never stored: the position
// it reaches, hard's estimate of it, and the endgame database's exact value where it decides.
type Branch struct {
	Live games.Game
	// Win is hard's chance for the side to move, in percent (a draw counts half); Proven says the
	// search proved it. Both zero once the branch is over.
	Win    float64
	Proven bool
	// Exact says the endgame database decides the position (Ouri and Abapa): Final is then what
	// each seat's store ends with under perfect play.
	Exact bool
	Final [2]int
}

// Branch plays plays from the finished game v after its first ply decisions and judges where they
// lead, as a hint would (hard, under the coach's budget). Nothing is stored.
func (t *Table) Branch(ctx context.Context, v View, ply int, plays []string) (Branch, error) {
	if !v.Over() {
		return Branch{}, refuse(Stale, "refusal.replay-not-over", "Kind", v.Game.Kind)
	}
	if len(plays) > MaxBranch {
		return Branch{}, refuse(Invalid, "refusal.branch-long", "Max", MaxBranch)
	}
	g, err := v.At(ply)
	if err != nil {
		return Branch{}, err
	}
	for _, play := range plays {
		if g.Outcome().Over() {
			return Branch{}, refuse(Invalid, "refusal.branch-over", "Play", play)
		}
		m, err := g.Parse(play)
		if err != nil {
			return Branch{}, Problem(Invalid, err)
		}
		if err := g.Play(m); err != nil {
			return Branch{}, Problem(Invalid, err)
		}
	}
	b := Branch{Live: g}
	if g.Outcome().Over() {
		return b, nil
	}
	b.Final, b.Exact = t.cfg.AI.Endgame(g)
	seed := t.cfg.Seed ^ v.Game.ID*0x9e3779b97f4a7c15 ^ g.Hash()
	verdict, err := t.cfg.AI.Assess(ctx, g.Clone(), ai.Budget{Time: t.cfg.AIMoveTime, Depth: t.cfg.CoachDepth}, seed)
	if err != nil {
		return Branch{}, err
	}
	b.Win, b.Proven = verdict.Win, verdict.Proven
	return b, nil
}
