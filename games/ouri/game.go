package ouri

import (
	"errors"

	"tabuleiro/games"
)

// Game is a game of Ouri in progress.
type Game struct {
	log     []games.Move
	outcome games.Outcome
}

// New starts a game of Ouri.
func New(opts games.Options) (*Game, error) {
	return &Game{outcome: games.Ongoing}, nil
}

func (g *Game) Kind() string            { return "ouri" }
func (g *Game) Options() games.Options  { return games.Options{"rules": "ouri", "misere": "false"} }
func (g *Game) ToMove() games.Seat      { return 0 }
func (g *Game) Legal() []games.Move     { return nil }
func (g *Game) Play(m games.Move) error { return errors.New("ouri: not implemented yet") }
func (g *Game) Parse(s string) (games.Move, error) {
	return 0, errors.New("ouri: not implemented yet")
}
func (g *Game) Format(m games.Move) string { return string(rune('a' + m%6)) }
func (g *Game) Log() []games.Move          { return append([]games.Move(nil), g.log...) }
func (g *Game) Ply() int                   { return len(g.log) }
func (g *Game) Outcome() games.Outcome     { return g.outcome }
func (g *Game) End(method games.Method, loser games.Seat) error {
	return errors.New("ouri: not implemented yet")
}
func (g *Game) Perft(depth int) uint64 { return 0 }
func (g *Game) Hash() uint64           { return 0 }
func (g *Game) Clone() games.Game      { c := *g; return &c }

// Houses returns the seed counts, South a–f then North a–f.
func (g *Game) Houses() [12]int { return [12]int{} }

// Stores returns the stores of South and North.
func (g *Game) Stores() [2]int { return [2]int{} }
