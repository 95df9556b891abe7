package ordo

import (
	"fmt"
	"strings"

	"tabuleiro/games"
)

// Parse reads a move (any case, spaces allowed: "a3-a4", "a3 a4", "a3a4", "e5xe6", "c2:d2-c4",
// "d2:c2-d4", "c2:d2 c4", "c2 d2 c4"; look-alike dashes and full-width characters as their ASCII
// forms) and accepts it only if it is legal, saying otherwise what is wrong.
func (g *Game) Parse(s string) (games.Move, error) {
	if err := games.CheckLength(s); err != nil {
		return 0, err
	}
	if g.outcome.Over() {
		return 0, games.Problemf("ordo.over")
	}
	s = games.Normalize(s)
	if err := games.Foreign(s, games.Text{ID: "ordo.hint"}); err != nil {
		return 0, err
	}
	w, err := readMove(s)
	if err != nil {
		if sq, alone := aSquare(s); alone {
			return 0, g.onlySquare(sq)
		}
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
		return 0, games.Problemf("ordo.illegal", "Move", Format(m))
	}
	return m, nil
}

// whose explains a square that does not hold one of the mover's pieces.
func (g *Game) whose(s Square) error {
	me := g.pos.Side
	if g.pos.Pieces[me.Other()].Has(s) {
		return games.Problemf("ordo.theirs", "Theirs", games.Colour{D: Descriptor, Seat: me.Other()}, "Square", s, "Mine", games.Colour{D: Descriptor, Seat: me})
	}
	return games.Problemf("ordo.empty", "Square", s, "Ranks", rankSpan(g.pos.Pieces[me]))
}

// aSquare reports whether s is one square of the board and nothing else ("a2").
func aSquare(s string) (Square, bool) {
	toks, err := tokenize(s)
	if err != nil || len(toks) != 1 || toks[0].sep {
		return NoSquare, false
	}
	sq, err := ParseSquare(toks[0].text)
	return sq, err == nil
}

// onlySquare explains a square written alone, as a move: an empty square or the opponent's piece
// says so; the mover's own piece lists the moves that move it (alone or in an ordo), or says that
// it cannot move now and names a move that can be played.
func (g *Game) onlySquare(s Square) error {
	const listed = 12 // a piece inside a long row is in many ordos; a line of them is enough
	if !g.pos.Pieces[g.pos.Side].Has(s) {
		return g.whose(s)
	}
	var from []string
	legal := g.Legal()
	for _, m := range legal {
		if From(m) == s || IsOrdo(m) && segment(From(m), End2(m)).Has(s) {
			from = append(from, Format(m))
		}
	}
	if len(from) > listed {
		from = append(from[:listed], "…")
	}
	if len(from) > 0 {
		return games.Problemf("ordo.whole", "Square", s, "Moves", strings.Join(from, ", "))
	}
	if len(legal) == 0 {
		return games.Problemf("ordo.over")
	}
	return games.Problemf("ordo.stuck", "Square", s, "Example", Format(legal[0]))
}

func rankSpan(b Bits) games.Text {
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
		return games.Text{ID: "ordo.rank", Args: games.Args("Rank", lo+1)}
	}
	return games.Text{ID: "ordo.ranks", Args: games.Args("From", lo+1, "To", hi+1)}
}

// connectionError explains a move whose result leaves the mover's pieces in more than one group.
func (g *Game) connectionError(move string, after Bits) error {
	if after.Connected() {
		return nil
	}
	if !g.pos.Pieces[g.pos.Side].Connected() {
		return games.Problemf("ordo.must-reconnect", "Move", move)
	}
	return games.Problemf("ordo.disconnects", "Move", move)
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
		return 0, games.Problemf("ordo.no-move", "Move", name)
	case df != 0 && dr != 0 && df != dr && df != -dr:
		return 0, games.Problemf("ordo.not-line", "Move", name)
	}
	fwd := forward(me) / 16
	if sign(dr) == -fwd && own.Connected() {
		return 0, games.Problemf("ordo.backward", "Move", name)
	}
	step := Square(sign(dr)*16 + sign(df))
	for s := w.from + step; s != w.to; s += step {
		if own.Has(s) || opp.Has(s) {
			return 0, games.Problemf("ordo.blocked-path", "From", w.from, "To", w.to, "Square", s)
		}
	}
	if own.Has(w.to) {
		return 0, games.Problemf("ordo.own-piece", "From", w.from, "To", w.to)
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
		return 0, games.Problemf("ordo.ordo-capture")
	}
	a, b, to := w.from, w.end2, w.to
	horizontal := a.Rank() == b.Rank()
	if a == b || !horizontal && a.File() != b.File() {
		return 0, games.Problemf("ordo.not-ordo", "A", a, "B", b)
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
			return 0, games.Problemf("ordo.gap", "A", a, "B", b, "Square", s)
		}
	}
	name := fmt.Sprintf("%s:%s-%s", a, b, Square(int(a)+delta))
	df, dr := to.File()-w.from.File(), to.Rank()-w.from.Rank()
	fwd := forward(me) / 16
	switch {
	case delta == 0:
		return 0, games.Problemf("ordo.ordo-no-move", "Move", name, "From", w.from)
	case horizontal && df != 0:
		return 0, games.Problemf("ordo.horizontal", "Move", name)
	case horizontal && sign(dr) == -fwd && own.Connected():
		return 0, games.Problemf("ordo.horizontal-back", "Move", name)
	case !horizontal && dr != 0:
		return 0, games.Problemf("ordo.vertical", "Move", name)
	}
	step := sign(dr)*16 + sign(df)
	moved := seg
	for k := step; ; k += step {
		moved = seg.Shift(k)
		if blocked := moved.And(occ); !blocked.Empty() {
			return 0, games.Problemf("ordo.ordo-blocked", "Move", name, "Square", blocked.First())
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
