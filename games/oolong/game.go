package oolong

import (
	"errors"
	"tabuleiro/games"
)

// Game is an Oolong game in progress.
type Game struct {
	layout  Layout
	log     []games.Move
	outcome games.Outcome
}

// New starts a game with options layout (default DefaultLayout) and trigger (any or owner).
func New(opts games.Options) (*Game, error) {
	return &Game{layout: DefaultLayout, outcome: games.Ongoing}, nil
}

func (g *Game) Kind() string { return "oolong" }
func (g *Game) Options() games.Options {
	return games.Options{"layout": g.layout.String(), "trigger": "any"}
}
func (g *Game) ToMove() games.Seat                 { return 0 }
func (g *Game) Legal() []games.Move                { return nil }
func (g *Game) Play(m games.Move) error            { return errors.New("not implemented") }
func (g *Game) Parse(s string) (games.Move, error) { return 0, errors.New("not implemented") }
func (g *Game) Format(m games.Move) string         { return "" }
func (g *Game) Log() []games.Move                  { return append([]games.Move(nil), g.log...) }
func (g *Game) Ply() int                           { return len(g.log) }
func (g *Game) Outcome() games.Outcome             { return g.outcome }
func (g *Game) End(method games.Method, loser games.Seat) error {
	return errors.New("not implemented")
}
func (g *Game) Perft(depth int) uint64 { return 0 }
func (g *Game) Hash() uint64           { return 0 }
func (g *Game) Clone() games.Game      { c := *g; c.log = g.Log(); return &c }
