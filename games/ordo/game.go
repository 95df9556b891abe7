package ordo

import (
	"errors"
	"slices"
	"strings"

	"tabuleiro/games"
)

// Game is an Ordo game in progress: the position, the move log, the hashes needed for the
// repetition draw, and the outcome.
type Game struct {
	pos     Position
	log     []games.Move
	by      []games.Seat // who made each move of log
	hist    []uint64     // hashes of the positions since the last capture, the current one last
	outcome games.Outcome
}

// New starts a game of Ordo. Ordo has no options.
func New(opts games.Options) (*Game, error) {
	if len(opts) > 0 {
		return nil, errors.New("ordo has no options")
	}
	p := Start()
	return &Game{pos: p, hist: []uint64{p.Hash}, outcome: games.Ongoing}, nil
}

func (g *Game) Kind() string           { return "ordo" }
func (g *Game) Options() games.Options { return games.Options{} }
func (g *Game) ToMove() games.Seat     { return g.pos.Side }
func (g *Game) Log() []games.Move      { return slices.Clone(g.log) }
func (g *Game) Ply() int               { return len(g.log) }
func (g *Game) Outcome() games.Outcome { return g.outcome }
func (g *Game) Hash() uint64           { return g.pos.Hash }
func (g *Game) Format(m games.Move) string {
	return Format(m)
}

// Deciders is who made each move of Log: the two sides in turn, White first.
func (g *Game) Deciders() []games.Seat { return slices.Clone(g.by) }

// Position is the current position, a copy.
func (g *Game) Position() Position { return g.pos }

// Pieces lists seat's squares, by rank then file.
func (g *Game) Pieces(seat games.Seat) []Square { return g.pos.Pieces[seat].Squares() }

// At is the seat whose piece stands on file f (0 = a), rank r (0 = rank 1), or NoSeat.
func (g *Game) At(f, r int) games.Seat {
	s := SquareAt(f, r)
	switch {
	case g.pos.Pieces[0].Has(s):
		return 0
	case g.pos.Pieces[1].Has(s):
		return 1
	}
	return games.NoSeat
}

// Count is how many pieces seat has left.
func (g *Game) Count(seat games.Seat) int { return g.pos.Pieces[seat].Count() }

// Disconnected reports whether seat's pieces are split into more than one group; the side to move
// may then also move backward and must reconnect.
func (g *Game) Disconnected(seat games.Seat) bool { return !g.pos.Pieces[seat].Connected() }

// MoveNumber is the number of the current move: 1 for White's first and Black's reply, and so on.
func (g *Game) MoveNumber() int { return len(g.log)/2 + 1 }

// LastMove is the move played last, if any.
func (g *Game) LastMove() (games.Move, bool) {
	if len(g.log) == 0 {
		return 0, false
	}
	return g.log[len(g.log)-1], true
}

// Legal lists the legal moves in canonical notation order.
func (g *Game) Legal() []games.Move {
	if g.outcome.Over() {
		return nil
	}
	moves := g.pos.Moves(make([]games.Move, 0, 128))
	slices.SortFunc(moves, func(a, b games.Move) int { return strings.Compare(Format(a), Format(b)) })
	return moves
}

func (g *Game) legal(m games.Move) bool {
	if g.outcome.Over() {
		return false
	}
	var buf [256]games.Move
	return slices.Contains(g.pos.Moves(buf[:0]), m)
}

// Play applies a legal move and decides whether the game is over.
func (g *Game) Play(m games.Move) error {
	if g.outcome.Over() {
		return games.Problemf("ordo.play-over")
	}
	if !g.legal(m) {
		return games.Problemf("ordo.illegal", "Move", Format(m))
	}
	g.by = append(g.by, g.pos.Side)
	g.pos = g.pos.Play(m)
	g.log = append(g.log, m)
	if IsCapture(m) {
		g.hist = g.hist[:0] // a capture cannot be undone, so no earlier position can come back
	}
	g.hist = append(g.hist, g.pos.Hash)
	if w, how := g.pos.Decided(); how != games.NotOver {
		g.outcome = games.Outcome{Winner: w, Method: how}
	} else if occurrences(g.hist, g.pos.Hash) >= 3 {
		g.outcome = games.Outcome{Winner: games.NoSeat, Method: games.Repetition}
	}
	return nil
}

// End finishes the game outside play: a draw by agreement, or a resignation or timeout by loser.
func (g *Game) End(method games.Method, loser games.Seat) error {
	o, err := games.EndOutside(g.outcome, method, loser, games.AgreedDraw)
	if err != nil {
		return err
	}
	g.outcome = o
	return nil
}

// Perft counts the leaves of the legal move tree depth plies deep, repetition draws included.
func (g *Game) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if g.outcome.Over() {
		return 0
	}
	hist := make([]uint64, len(g.hist), len(g.hist)+depth+1)
	copy(hist, g.hist)
	return perft(g.pos, depth, hist)
}

// Clone returns an independent copy.
func (g *Game) Clone() games.Game {
	c := *g
	c.log = slices.Clone(g.log)
	c.by = slices.Clone(g.by)
	c.hist = slices.Clone(g.hist)
	return &c
}
