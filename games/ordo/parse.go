package ordo

import (
	"errors"
	"fmt"

	"tabuleiro/games"
)

var colour = [2]string{"White", "Black"}

// Parse reads a move (any case, spaces allowed: "a3-a4", "a3 a4", "a3a4", "e5xe6", "c2:d2-c4",
// "d2:c2-d4", "c2:d2 c4", "c2 d2 c4"; look-alike dashes and full-width characters as their ASCII
// forms) and accepts it only if it is legal, saying otherwise what is wrong.
func (g *Game) Parse(s string) (games.Move, error) {
	if err := games.CheckLength(s); err != nil {
		return 0, err
	}
	if g.outcome.Over() {
		return 0, fmt.Errorf("the game is over (%s): no more moves", g.outcome)
	}
	s = games.Normalize(s)
	if err := games.Foreign(s, "write moves like a3-a4, e5xe6 or c2:d2-c4"); err != nil {
		return 0, err
	}
	w, err := readMove(s)
	if err != nil {
		return 0, err
	}
	var m games.Move
	if w.end2 == NoSquare {
		m, err = g.singleton(w)
	} else {
		m, err = g.ordo(w)
	}
	if err != nil {
		return 0, err
	}
	if !g.legal(m) { // every rule is checked above; this guards against a gap between the two
		return 0, fmt.Errorf("%s is not a legal move here", Format(m))
	}
	return m, nil
}

// whose explains a square that does not hold one of the mover's pieces.
func (g *Game) whose(s Square) error {
	me := g.pos.Side
	if g.pos.Pieces[me.Other()].Has(s) {
		return fmt.Errorf("that is %s's piece on %s — you play %s", colour[me.Other()], s, colour[me])
	}
	return fmt.Errorf("%s is empty — your pieces are on %s", s, rankSpan(g.pos.Pieces[me]))
}

func rankSpan(b Bits) string {
	lo, hi := -1, -1
	for r := 0; r < Ranks; r++ {
		if b.Row(r) != 0 {
			if lo < 0 {
				lo = r
			}
			hi = r
		}
	}
	if lo == hi {
		return fmt.Sprintf("rank %d", lo+1)
	}
	return fmt.Sprintf("ranks %d–%d", lo+1, hi+1)
}

// connectionError explains a move whose result leaves the mover's pieces in more than one group.
func (g *Game) connectionError(move string, after Bits) error {
	if after.Connected() {
		return nil
	}
	if !g.pos.Pieces[g.pos.Side].Connected() {
		return fmt.Errorf("you are disconnected: you must reconnect, and %s leaves your pieces apart", move)
	}
	return fmt.Errorf("%s would leave your pieces disconnected", move)
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func (g *Game) singleton(w written) (games.Move, error) {
	p := &g.pos
	me := p.Side
	own, opp := p.Pieces[me], p.Pieces[me.Other()]
	name := w.from.String() + "-" + w.to.String()
	if !own.Has(w.from) {
		return 0, g.whose(w.from)
	}
	df, dr := w.to.File()-w.from.File(), w.to.Rank()-w.from.Rank()
	switch {
	case df == 0 && dr == 0:
		return 0, fmt.Errorf("%s does not move: name two different squares", name)
	case df != 0 && dr != 0 && df != dr && df != -dr:
		return 0, fmt.Errorf("%s is not a straight line: a piece slides along a rank, a file or a diagonal", name)
	}
	fwd := forward(me) / 16
	if sign(dr) == -fwd && own.Connected() {
		return 0, fmt.Errorf("%s moves backward: pieces move forward, sideways or diagonally forward (backward only while disconnected)", name)
	}
	step := Square(sign(dr)*16 + sign(df))
	for s := w.from + step; s != w.to; s += step {
		if own.Has(s) || opp.Has(s) {
			return 0, fmt.Errorf("%s cannot reach %s: %s blocks", w.from, w.to, s)
		}
	}
	if own.Has(w.to) {
		return 0, fmt.Errorf("%s cannot land on %s: your own piece is there", w.from, w.to)
	}
	capture := opp.Has(w.to)
	if capture {
		name = w.from.String() + "x" + w.to.String()
	}
	if err := g.connectionError(name, own.AndNot(Bit(w.from)).Or(Bit(w.to))); err != nil {
		return 0, err
	}
	return Singleton(w.from, w.to, capture), nil
}

func (g *Game) ordo(w written) (games.Move, error) {
	p := &g.pos
	me := p.Side
	own, occ := p.Pieces[me], p.Occupied()
	if w.capture {
		return 0, errors.New("ordo moves never capture: write the ordo move with -, e.g. c2:d2-c4")
	}
	a, b, to := w.from, w.end2, w.to
	horizontal := a.Rank() == b.Rank()
	if a == b || !horizontal && a.File() != b.File() {
		return 0, fmt.Errorf("%s:%s is not an ordo: its two ends must be different squares on one rank or one file", a, b)
	}
	delta := int(to) - int(a)
	if a > b { // canonical order: first end lowest by file, then rank
		a, b = b, a
	}
	seg := segment(a, b)
	for q := seg; !q.Empty(); {
		s := q.First()
		q = q.AndNot(Bit(s))
		if !own.Has(s) {
			if s == a || s == b {
				return 0, g.whose(s)
			}
			return 0, fmt.Errorf("%s:%s is not an ordo: %s between them is not your piece", a, b, s)
		}
	}
	name := fmt.Sprintf("%s:%s-%s", a, b, Square(int(a)+delta))
	df, dr := to.File()-w.from.File(), to.Rank()-w.from.Rank()
	fwd := forward(me) / 16
	switch {
	case delta == 0:
		return 0, fmt.Errorf("%s does not move the ordo: name where %s lands", name, w.from)
	case horizontal && df != 0:
		return 0, fmt.Errorf("%s: a horizontal ordo moves straight forward, never sideways or diagonally", name)
	case horizontal && sign(dr) == -fwd && own.Connected():
		return 0, fmt.Errorf("%s moves backward: a horizontal ordo moves straight forward (backward only while disconnected)", name)
	case !horizontal && dr != 0:
		return 0, fmt.Errorf("%s: a vertical ordo moves straight left or right, never along its file or diagonally", name)
	}
	step := sign(dr)*16 + sign(df)
	moved := seg
	for k := step; ; k += step {
		moved = seg.Shift(k)
		if blocked := moved.And(occ); !blocked.Empty() {
			return 0, fmt.Errorf("%s is blocked: %s is not empty", name, blocked.First())
		}
		if k == delta {
			break
		}
	}
	if err := g.connectionError(name, own.AndNot(seg).Or(moved)); err != nil {
		return 0, err
	}
	return OrdoMove(a, b, Square(int(a)+delta)), nil
}
