package ordo

import (
	"errors"

	"tabuleiro/games"
)

// Game is an Ordo game in progress.
type Game struct {
	log     []games.Move
	outcome games.Outcome
}

// New starts a game of Ordo. Ordo has no options.
func New(opts games.Options) (*Game, error) {
	if len(opts) > 0 {
		return nil, errors.New("ordo has no options")
	}
	return &Game{outcome: games.Ongoing}, nil
}

func (g *Game) Kind() string                                    { return "ordo" }
func (g *Game) Options() games.Options                          { return games.Options{} }
func (g *Game) ToMove() games.Seat                              { return games.Seat(len(g.log) % 2) }
func (g *Game) Legal() []games.Move                             { return nil }
func (g *Game) Play(m games.Move) error                         { return errors.New("not implemented") }
func (g *Game) Parse(s string) (games.Move, error)              { return 0, errors.New("not implemented") }
func (g *Game) Format(m games.Move) string                      { return "" }
func (g *Game) Log() []games.Move                               { return append([]games.Move(nil), g.log...) }
func (g *Game) Ply() int                                        { return len(g.log) }
func (g *Game) Outcome() games.Outcome                          { return g.outcome }
func (g *Game) End(method games.Method, loser games.Seat) error { return errors.New("not implemented") }
func (g *Game) Perft(depth int) uint64                          { return 0 }
func (g *Game) Hash() uint64                                    { return 0 }
func (g *Game) Clone() games.Game                               { c := *g; c.log = g.Log(); return &c }
