package oolong

import (
	"errors"

	"tabuleiro/games"
)

// Parse reads a decision in canonical notation (or a placement given as the seat alone).
func (g *Game) Parse(s string) (games.Move, error) { return 0, errors.New("not implemented") }
