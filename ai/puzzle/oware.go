package puzzle

import (
	"cmp"
	"fmt"
	"sync"

	"tabuleiro/ai/ouriai"
	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

// Seeds is the most seeds on the board in a shipped Ouri or Abapa puzzle: every position after it
// has as few or fewer, so a database of this cap (or a larger one) judges the whole puzzle.
const Seeds = 10

// Oware is the truth of Ouri's puzzles, under both rule sets: the exact endgame databases. A move
// is judged only where the database's bounds decide it — where the value would hang on which
// position repeats first, it is ErrUnknown, so that no puzzle rests on a guess.
type Oware struct {
	DB [2]*ouriai.DB // by rule set (ouri.RulesOuri&1, ouri.RulesAbapa&1), each of at least Seeds seeds
}

// NewOware builds the databases the puzzles need (about a second each on two cores).
func NewOware() *Oware {
	return &Oware{DB: [2]*ouriai.DB{
		ouri.RulesOuri & 1:  ouriai.Build(ouri.RulesOuri, Seeds, 0),
		ouri.RulesAbapa & 1: ouriai.Build(ouri.RulesAbapa, Seeds, 0),
	}}
}

func (o *Oware) game(g games.Game) (*ouri.Game, *ouriai.DB, error) {
	og, ok := g.(*ouri.Game)
	if !ok || og.Misere() {
		return nil, nil, fmt.Errorf("%w: the endgame database judges Ouri and Abapa, not misère nor other games", ErrUnknown)
	}
	db := o.DB[og.Rules()&1]
	if db == nil {
		return nil, nil, fmt.Errorf("%w: no database for %s", ErrUnknown, og.Rules())
	}
	return og, db, nil
}

// verdict is whether solver has a proven win in g.
func verdict(g *ouri.Game, db *ouriai.DB, solver games.Seat) Verdict {
	if o := g.Outcome(); o.Over() {
		if o.Winner == solver {
			return Win
		}
		return NoWin
	}
	pos := g.Position()
	lo, hi, ok := db.Bounds(&pos)
	if !ok {
		return Unknown
	}
	mover := games.Seat(pos.ToMove)
	diff := int(pos.Stores[mover]) - int(pos.Stores[1-mover])
	// The mover's final lead lies within [diff+lo, diff+hi] whatever repeats first.
	if mover != solver {
		lo, hi = -hi, -lo
		diff = -diff
	}
	switch {
	case diff+lo > 0:
		return Win
	case diff+hi <= 0:
		return NoWin
	}
	return Unknown
}

// after is g with m played, on a copy.
func after(g *ouri.Game, m games.Move) *ouri.Game {
	c := g.Clone().(*ouri.Game)
	if err := c.Play(m); err != nil {
		panic(fmt.Sprintf("puzzle: a legal move does not play: %v", err))
	}
	return c
}

func (o *Oware) Keeping(g games.Game, _ int) (keep, lose []games.Move, err error) {
	og, db, err := o.game(g)
	if err != nil {
		return nil, nil, err
	}
	solver := og.ToMove()
	for _, m := range og.Legal() {
		switch verdict(after(og, m), db, solver) {
		case Win:
			keep = append(keep, m)
		case NoWin:
			lose = append(lose, m)
		default:
			return nil, nil, fmt.Errorf("%w: after %s, a repetition may decide", ErrUnknown, og.Format(m))
		}
	}
	return keep, lose, nil
}

func (o *Oware) Sealed(g games.Game, solver games.Seat) bool {
	og, ok := g.(*ouri.Game)
	if !ok {
		return false
	}
	if out := og.Outcome(); out.Over() {
		return out.Winner == solver
	}
	return og.Stores()[solver] >= ouri.Win
}

// horizon is how many plies ahead the defence looks for the line that puts the win off longest.
const horizon = 6

func (o *Oware) Defence(g games.Game, _ int) (games.Move, error) {
	og, db, err := o.game(g)
	if err != nil {
		return 0, err
	}
	defender := og.ToMove()
	solver := 1 - defender
	best, bestDist, bestLead := games.Move(0), -1, 0
	memo := map[memoKey]int{}
	for _, m := range og.Legal() {
		c := after(og, m)
		d := o.sealIn(c, db, solver, horizon-1, memo)
		lead := o.lead(c, db, defender)
		if d > bestDist || d == bestDist && lead > bestLead {
			best, bestDist, bestLead = m, d, lead
		}
	}
	if bestDist < 0 {
		return 0, fmt.Errorf("%w: no legal move", ErrUnknown)
	}
	return best, nil
}

type memoKey struct {
	hash  uint64
	plies int
}

// sealIn is how many plies solver needs, at best, to seal the win in g against the longest
// defence: horizon+1 when it takes longer than the plies left.
func (o *Oware) sealIn(g *ouri.Game, db *ouriai.DB, solver games.Seat, plies int, memo map[memoKey]int) int {
	if o.Sealed(g, solver) {
		return 0
	}
	if plies == 0 || g.Outcome().Over() {
		return horizon + 1
	}
	k := memoKey{g.Hash(), plies}
	if d, ok := memo[k]; ok {
		return d
	}
	var d int
	if g.ToMove() == solver {
		d = horizon + 1
		for _, m := range g.Legal() {
			c := after(g, m)
			if verdict(c, db, solver) == Win {
				d = min(d, 1+o.sealIn(c, db, solver, plies-1, memo))
			}
		}
	} else {
		d = 0
		for _, m := range g.Legal() {
			d = max(d, 1+o.sealIn(after(g, m), db, solver, plies-1, memo))
		}
	}
	d = min(d, horizon+1)
	memo[k] = d
	return d
}

// lead is the least final lead seat can count on in g (the database's bound, or the result).
func (o *Oware) lead(g *ouri.Game, db *ouriai.DB, seat games.Seat) int {
	pos := g.Position()
	diff := int(pos.Stores[seat]) - int(pos.Stores[1-seat])
	if g.Outcome().Over() {
		return diff
	}
	lo, hi, ok := db.Bounds(&pos)
	if !ok {
		return diff
	}
	if games.Seat(pos.ToMove) == seat {
		return diff + lo
	}
	return diff - hi
}

func (o *Oware) Refutation(g games.Game, _ int) (games.Move, error) {
	og, db, err := o.game(g)
	if err != nil {
		return 0, err
	}
	mover := og.ToMove()
	legal := og.Legal()
	if len(legal) == 0 {
		return 0, fmt.Errorf("%w: no legal move", ErrUnknown)
	}
	best, bestLead := legal[0], 0
	for i, m := range legal {
		if l := o.lead(after(og, m), db, mover); i == 0 || cmp.Compare(l, bestLead) > 0 {
			best, bestLead = m, l
		}
	}
	return best, nil
}

var owareOnce struct {
	sync.Once
	truth *Oware
}

// oware is the process's Oware truth, its databases built on first need.
func oware() *Oware {
	owareOnce.Do(func() { owareOnce.truth = NewOware() })
	return owareOnce.truth
}
