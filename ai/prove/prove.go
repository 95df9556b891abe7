package prove

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
)

// MaxPlies bounds the horizon a caller may ask for: beyond it a full-width proof takes too long to
// be of use, and the table's depths fit a byte.
const MaxPlies = 32

// Proof is what the prover established about a position and a horizon.
type Proof struct {
	// Win is true when the side to move wins by force within the horizon.
	Win bool
	// Plies is the fewest plies of a forced win (0 when there is none within the horizon).
	Plies int
	// Moves lists every first decision after which the side to move still wins by force within the
	// horizon, in the game's legal order (empty when Win is false): a puzzle accepts each of them.
	Moves []games.Move
	// Nodes is how many positions the proof visited.
	Nodes uint64
}

// Refutation is why a decision does not keep a forced win within the horizon.
type Refutation struct {
	// Move is the opponent's answer after which no forced win within the rest of the horizon
	// remains; 0 when there is no single answer to give (Ends, or Again).
	Move games.Move
	// Ends is true when the decision itself ends the game without winning it.
	Ends bool
	// Again is true when the same player decides next (an Oolong special of their own): every
	// choice they have fails, so no answer of the opponent is needed to refute it.
	Again bool
}

// ErrNotProvable is returned for a game the prover does not know (Ouri has its own exact search).
var ErrNotProvable = errors.New("the prover knows Ordo and Oolong only")

// ErrWins is returned by Refute for a decision that does keep a forced win.
var ErrWins = errors.New("the decision keeps a forced win: there is nothing to refute")

// Game proves g's position (ordo or oolong) within plies decisions; ctx ends it early with ctx.Err().
func Game(ctx context.Context, g games.Game, plies int) (Proof, error) {
	switch g := g.(type) {
	case *ordo.Game:
		return Ordo(ctx, g.Position(), ordoHistory(g), plies)
	case *oolong.Game:
		return Oolong(ctx, g.Position(), plies)
	}
	return Proof{}, fmt.Errorf("%w, not %s", ErrNotProvable, g.Kind())
}

// Refute explains why decision m of g's side to move does not win by force within plies: the
// opponent's answer that leaves no forced win within the plies that remain. A decision that does
// keep one is ErrWins.
func Refute(ctx context.Context, g games.Game, m games.Move, plies int) (Refutation, error) {
	switch g := g.(type) {
	case *ordo.Game:
		return pooled(func(pr *Prover) (Refutation, error) {
			return pr.RefuteOrdo(ctx, g.Position(), ordoHistory(g), m, plies)
		})
	case *oolong.Game:
		return pooled(func(pr *Prover) (Refutation, error) { return pr.RefuteOolong(ctx, g.Position(), m, plies) })
	}
	return Refutation{}, fmt.Errorf("%w, not %s", ErrNotProvable, g.Kind())
}

// provers keeps the tables of the package-level functions between calls.
var provers = sync.Pool{New: func() any { return NewProver() }}

func pooled[T any](f func(pr *Prover) (T, error)) (T, error) {
	pr := provers.Get().(*Prover)
	defer provers.Put(pr)
	return f(pr)
}

// Ordo proves p, whose history since the last capture is hist (p's hash last; nil: p alone).
func Ordo(ctx context.Context, p ordo.Position, hist []uint64, plies int) (Proof, error) {
	return pooled(func(pr *Prover) (Proof, error) { return pr.Ordo(ctx, p, hist, plies) })
}

// Oolong proves p.
func Oolong(ctx context.Context, p oolong.Position, plies int) (Proof, error) {
	return pooled(func(pr *Prover) (Proof, error) { return pr.Oolong(ctx, p, plies) })
}

// Prover holds a transposition table, so that a caller proving many positions (hard, every turn)
// allocates it once. It is not safe for concurrent use.
type Prover struct {
	tt []entry
}

const ttBits = 18 // 4 Mi: 256 Ki entries of 16 bytes

// NewProver makes a Prover.
func NewProver() *Prover { return &Prover{tt: make([]entry, 1<<ttBits)} }

// Ordo is the package's Ordo on pr's table.
func (pr *Prover) Ordo(ctx context.Context, p ordo.Position, hist []uint64, plies int) (Proof, error) {
	return prove(ctx, pr, newOrdoNode(p, hist), plies)
}

// Oolong is the package's Oolong on pr's table.
func (pr *Prover) Oolong(ctx context.Context, p oolong.Position, plies int) (Proof, error) {
	return prove(ctx, pr, oolongNode{p}, plies)
}

// RefuteOrdo is Refute on a bare Ordo position and its history.
func (pr *Prover) RefuteOrdo(ctx context.Context, p ordo.Position, hist []uint64, m games.Move, plies int) (Refutation, error) {
	return refute(ctx, pr, newOrdoNode(p, hist), m, plies)
}

// RefuteOolong is Refute on a bare Oolong position.
func (pr *Prover) RefuteOolong(ctx context.Context, p oolong.Position, m games.Move, plies int) (Refutation, error) {
	return refute(ctx, pr, oolongNode{p}, m, plies)
}

// WinsWithin looks for a forced win of the side to move in p (with hist) within 1, 2, … up to
// plies, until ctx ends: it reports whether one was found, a first move of it, and the horizon
// decided (the plies of the win, or the most plies proven to hold none). It is Ordo without
// listing every winning move, for hard's time budget.
func (pr *Prover) WinsWithin(ctx context.Context, p ordo.Position, hist []uint64, plies int) (bool, games.Move, int) {
	return winsWithin(ctx, pr, newOrdoNode(p, hist), plies)
}

// LosesWithin reports whether, after the side to move in p plays m, the opponent wins by force
// within 1, 2, … up to plies, until ctx ends; and the horizon decided (the plies of the loss, or
// the most plies proven to hold none).
func (pr *Prover) LosesWithin(ctx context.Context, p ordo.Position, hist []uint64, m games.Move, plies int) (bool, int) {
	n := newOrdoNode(p, hist)
	return losesWithin(ctx, pr, n.play(m), n.toMove().Other(), plies)
}

// OolongWinsWithin is WinsWithin for Oolong.
func (pr *Prover) OolongWinsWithin(ctx context.Context, p oolong.Position, plies int) (bool, games.Move, int) {
	return winsWithin(ctx, pr, oolongNode{p}, plies)
}

// OolongLosesWithin is LosesWithin for Oolong (where the same player may decide again after m).
func (pr *Prover) OolongLosesWithin(ctx context.Context, p oolong.Position, m games.Move, plies int) (bool, int) {
	n := oolongNode{p}
	return losesWithin(ctx, pr, n.play(m), n.toMove().Other(), plies)
}

func winsWithin[N node[N]](ctx context.Context, pr *Prover, n N, plies int) (bool, games.Move, int) {
	s := newSolver[N](ctx, pr, n.toMove())
	plies = min(plies, MaxPlies)
	for d := 1; d <= plies; d++ {
		win := s.wins(n, d)
		if s.stopped {
			return false, 0, d - 1
		}
		if win {
			if e := s.probe(n.key()); e.best != 0 {
				return true, e.best, d
			}
			// the root's entry was overwritten by a deeper position's: find the move again
			for _, m := range n.legal() {
				w := s.wins(n.play(m), d-1)
				if s.stopped {
					return false, 0, d - 1
				}
				if w {
					return true, m, d
				}
			}
		}
	}
	return false, 0, plies
}

func losesWithin[N node[N]](ctx context.Context, pr *Prover, c N, opponent games.Seat, plies int) (bool, int) {
	s := newSolver[N](ctx, pr, opponent)
	plies = min(plies, MaxPlies)
	for d := 0; d <= plies; d++ {
		lost := s.wins(c, d)
		if s.stopped {
			return false, d - 1
		}
		if lost {
			return true, d
		}
	}
	return false, plies
}

func checkPlies(plies int) error {
	if plies < 0 || plies > MaxPlies {
		return fmt.Errorf("a horizon of %d plies: choose 0 to %d", plies, MaxPlies)
	}
	return nil
}

func prove[N node[N]](ctx context.Context, pr *Prover, n N, plies int) (Proof, error) {
	if err := checkPlies(plies); err != nil {
		return Proof{}, err
	}
	s := newSolver[N](ctx, pr, n.toMove())
	var p Proof
	for d := 1; d <= plies && !p.Win; d++ {
		if s.wins(n, d) {
			p.Win, p.Plies = true, d
		}
		if s.stopped {
			return Proof{Nodes: s.nodes}, ctx.Err()
		}
	}
	if p.Win {
		if over, _ := n.over(); !over {
			for _, m := range n.legal() {
				if s.wins(n.play(m), plies-1) {
					p.Moves = append(p.Moves, m)
				}
				if s.stopped {
					return Proof{Nodes: s.nodes}, ctx.Err()
				}
			}
		}
	}
	p.Nodes = s.nodes
	return p, nil
}

func refute[N node[N]](ctx context.Context, pr *Prover, n N, m games.Move, plies int) (Refutation, error) {
	if err := checkPlies(plies); err != nil {
		return Refutation{}, err
	}
	if plies == 0 {
		return Refutation{}, errors.New("a horizon of 0 plies leaves no decision to refute")
	}
	legal := false
	for _, l := range n.legal() {
		legal = legal || l == m
	}
	if !legal {
		return Refutation{}, errors.New("the decision is not legal here")
	}
	s := newSolver[N](ctx, pr, n.toMove())
	c := n.play(m)
	win := s.wins(c, plies-1)
	if s.stopped {
		return Refutation{}, ctx.Err()
	}
	if win {
		return Refutation{}, ErrWins
	}
	if over, _ := c.over(); over {
		return Refutation{Ends: true}, nil
	}
	if c.toMove() == s.attacker {
		return Refutation{Again: true}, nil
	}
	var buf [256]games.Move
	for _, r := range c.moves(buf[:0], 0) {
		win := s.wins(c.play(r), max(plies-2, 0))
		if s.stopped {
			return Refutation{}, ctx.Err()
		}
		if !win {
			return Refutation{Move: r}, nil
		}
	}
	return Refutation{}, errors.New("no answer refutes the decision, yet it does not win: the prover is inconsistent")
}

// node is a position the solver can search: a small value, copied to branch.
type node[N any] interface {
	// over reports whether the game is over here and who won (NoSeat: a draw).
	over() (bool, games.Seat)
	toMove() games.Seat
	// key identifies everything the rest of the game depends on (position and, for Ordo, the
	// repetition history).
	key() uint64
	// moves appends the decisions of the side to move to buf, best first (first before the others
	// when it is one of them).
	moves(buf []games.Move, first games.Move) []games.Move
	// legal lists the decisions in the game's own order, for answers a person reads.
	legal() []games.Move
	play(m games.Move) N
	// stuck reports whether the side to move has no decision (which over leaves to the search, as
	// it generates the decisions anyway).
	stuck() bool
	// winsAtOnce reports whether the side to move has a decision that wins on the spot, and which.
	winsAtOnce() (games.Move, bool)
}

// entry is what the table knows of one position: the depths at which a win and a failure of the
// attacker were proven, and the decision that proved the last result.
type entry struct {
	key    uint64
	best   games.Move
	winAt  int8 // the fewest plies a forced win was proven within; noWin when none
	failAt int8 // the most plies a failure was proven within; noFail when none
	side   games.Seat
}

const (
	noWin  = 127
	noFail = -1
)

type solver[N node[N]] struct {
	ctx      context.Context
	tt       []entry
	attacker games.Seat
	nodes    uint64
	stopped  bool
	bufs     [MaxPlies + 1][]games.Move
}

// newSolver searches on pr's table as it was left: what an entry holds is proven of its position
// and attacker whatever search proved it, so it stays true.
func newSolver[N node[N]](ctx context.Context, pr *Prover, attacker games.Seat) *solver[N] {
	return &solver[N]{ctx: ctx, tt: pr.tt, attacker: attacker}
}

func (s *solver[N]) slot(key uint64) *entry { return &s.tt[key>>(64-ttBits)] }

// probe is the table's entry for key, or an empty one.
func (s *solver[N]) probe(key uint64) entry {
	if e := s.slot(key); e.key == key && e.side == s.attacker {
		return *e
	}
	return entry{key: key, winAt: noWin, failAt: noFail, side: s.attacker}
}

func (s *solver[N]) store(e entry) { *s.slot(e.key) = e }

// wins reports whether the attacker wins by force within d plies from n. Once s.stopped is set
// the answer means nothing.
func (s *solver[N]) wins(n N, d int) bool {
	if over, w := n.over(); over {
		return w == s.attacker
	}
	if d == 0 {
		// a side left without a decision has lost, whatever the horizon
		return n.stuck() && n.toMove() != s.attacker
	}
	s.nodes++
	if s.ctx.Err() != nil { // every node: an Oolong node may try 1600 decisions
		s.stopped = true
	}
	if s.stopped {
		return false
	}
	e := s.probe(n.key())
	switch {
	case int(e.winAt) <= d:
		return true
	case int(e.failAt) >= d:
		return false
	}
	attacking := n.toMove() == s.attacker
	if attacking {
		if m, ok := n.winsAtOnce(); ok {
			e.winAt, e.best = 1, m
			s.store(e)
			return true
		}
		if d == 1 {
			e.failAt = int8(max(int(e.failAt), 1))
			s.store(e)
			return false
		}
	}
	moves := n.moves(s.bufs[d][:0], e.best)
	s.bufs[d] = moves[:0]
	if len(moves) == 0 {
		return !attacking
	}
	result := !attacking
	for _, m := range moves {
		w := s.wins(n.play(m), d-1)
		if s.stopped {
			return false
		}
		if w == attacking {
			result, e.best = w, m
			break
		}
	}
	if result {
		e.winAt = int8(min(int(e.winAt), d))
	} else {
		e.failAt = int8(max(int(e.failAt), d))
	}
	s.store(e)
	return result
}
