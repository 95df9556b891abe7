package puzzle

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"tabuleiro/ai/ordoai"
	"tabuleiro/ai/prove"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
)

// Forced is the truth of Ordo's and Oolong's puzzles: the exact prover of forced wins within a
// horizon (ai/prove), full width, so a move is right exactly when a forced win within the plies
// left still follows it, whichever of them the set's maker happened to see.
type Forced struct {
	// provers are tables of 4 MiB kept between answers: what one holds stays proven, and the
	// answers of one attempt meet the same positions again.
	provers sync.Pool

	// known are the moves proven to keep the win, by game (its options and decisions: the
	// position and all its history) and horizon: a puzzle is served to many, the daily one to a
	// whole server, and each of them asks its first decision's truth again.
	mu    sync.Mutex
	known map[string][]games.Move
}

// knownMost bounds what Forced remembers (a few megabytes); when full it starts over.
const knownMost = 4096

// NewForced makes the truth of Ordo and Oolong.
func NewForced() *Forced {
	return &Forced{provers: sync.Pool{New: func() any { return prove.NewProver() }}}
}

// checkHorizon refuses a horizon the prover cannot search: a forced win needs one.
func checkHorizon(plies int) error {
	if plies < 1 || plies > prove.MaxPlies {
		return fmt.Errorf("a forced win within %d plies: puzzles of Ordo and Oolong need 1 to %d", plies, prove.MaxPlies)
	}
	return nil
}

func (f *Forced) Keeping(g games.Game, plies int) (keep, lose []games.Move, err error) {
	if err := checkHorizon(plies); err != nil {
		return nil, nil, err
	}
	moves, err := f.winning(g, plies)
	if err != nil {
		return nil, nil, err
	}
	kept := make(map[games.Move]bool, len(moves))
	for _, m := range moves {
		kept[m] = true
	}
	for _, m := range g.Legal() {
		if kept[m] {
			keep = append(keep, m)
		} else {
			lose = append(lose, m)
		}
	}
	return keep, lose, nil
}

// winning is every first move of g that keeps a forced win within plies: remembered, or proven.
func (f *Forced) winning(g games.Game, plies int) ([]games.Move, error) {
	var key strings.Builder
	fmt.Fprintf(&key, "%s %d %s", g.Kind(), plies, g.Options())
	for _, m := range g.Log() {
		fmt.Fprintf(&key, " %d", m)
	}
	f.mu.Lock()
	moves, ok := f.known[key.String()]
	f.mu.Unlock()
	if ok {
		return moves, nil
	}
	pr := f.provers.Get().(*prove.Prover)
	defer f.provers.Put(pr)
	p, err := proveOn(context.Background(), pr, g, plies)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.known) >= knownMost || f.known == nil {
		f.known = make(map[string][]games.Move)
	}
	f.known[key.String()] = p.Moves
	return p.Moves, nil
}

// Defence is the answer after which the shortest forced win of the other side is longest: a
// move that escapes every forced win within the plies left is longest of all.
func (f *Forced) Defence(g games.Game, plies int) (games.Move, error) {
	if err := checkHorizon(plies); err != nil {
		return 0, err
	}
	pr := f.provers.Get().(*prove.Prover)
	defer f.provers.Put(pr)
	losesIn, err := losing(pr, g)
	if err != nil {
		return 0, err
	}
	best, longest := games.Move(0), -1
	for _, m := range g.Legal() {
		lost, d := losesIn(m, plies-1)
		if !lost {
			return m, nil
		}
		if d > longest {
			best, longest = m, d
		}
	}
	if longest < 0 {
		return 0, errors.New("the defence has no legal move: the game is over")
	}
	return best, nil
}

// losing is, for the side to move in g, how soon a move m loses on pr's table: whether the other
// side then wins by force within plies, and in how few.
func losing(pr *prove.Prover, g games.Game) (func(m games.Move, plies int) (bool, int), error) {
	ctx := context.Background()
	switch g := g.(type) {
	case *ordo.Game:
		pos, hist := g.Position(), ordoai.History(g.Log())
		return func(m games.Move, plies int) (bool, int) { return pr.LosesWithin(ctx, pos, hist, m, plies) }, nil
	case *oolong.Game:
		pos := g.Position()
		return func(m games.Move, plies int) (bool, int) { return pr.OolongLosesWithin(ctx, pos, m, plies) }, nil
	}
	return nil, fmt.Errorf("%w, not %s", prove.ErrNotProvable, g.Kind())
}

// Refutation is the prover's answer (prove.Refute) to the wrong move that reached g: after it the
// solver has no forced win within the plies left.
func (f *Forced) Refutation(g games.Game, plies int) (games.Move, error) {
	log := g.Log()
	if len(log) == 0 {
		return 0, errors.New("no move to refute: the game has just started")
	}
	before, err := catalog.New(g.Kind(), g.Options())
	if err != nil {
		return 0, err
	}
	for _, m := range log[:len(log)-1] {
		if err := before.Play(m); err != nil {
			return 0, fmt.Errorf("the game does not replay: %w", err)
		}
	}
	pr := f.provers.Get().(*prove.Prover)
	defer f.provers.Put(pr)
	r, err := refuteOn(context.Background(), pr, before, log[len(log)-1], plies+1)
	if err != nil {
		return 0, err
	}
	if r.Move == 0 {
		return 0, fmt.Errorf("the wrong move needs no answer (it ends the game: %v, or its player decides again: %v)", r.Ends, r.Again)
	}
	return r.Move, nil
}

// proveOn is prove.Game on pr's table.
func proveOn(ctx context.Context, pr *prove.Prover, g games.Game, plies int) (prove.Proof, error) {
	switch g := g.(type) {
	case *ordo.Game:
		return pr.Ordo(ctx, g.Position(), ordoai.History(g.Log()), plies)
	case *oolong.Game:
		return pr.Oolong(ctx, g.Position(), plies)
	}
	return prove.Proof{}, fmt.Errorf("%w, not %s", prove.ErrNotProvable, g.Kind())
}

// refuteOn is prove.Refute on pr's table.
func refuteOn(ctx context.Context, pr *prove.Prover, g games.Game, m games.Move, plies int) (prove.Refutation, error) {
	switch g := g.(type) {
	case *ordo.Game:
		return pr.RefuteOrdo(ctx, g.Position(), ordoai.History(g.Log()), m, plies)
	case *oolong.Game:
		return pr.RefuteOolong(ctx, g.Position(), m, plies)
	}
	return prove.Refutation{}, fmt.Errorf("%w, not %s", prove.ErrNotProvable, g.Kind())
}

func (f *Forced) Sealed(g games.Game, solver games.Seat) bool {
	o := g.Outcome()
	return o.Over() && o.Winner == solver
}

var forcedOnce struct {
	sync.Once
	truth *Forced
}

// forced is the process's truth of Ordo and Oolong.
func forced() *Forced {
	forcedOnce.Do(func() { forcedOnce.truth = NewForced() })
	return forcedOnce.truth
}
