package render

import "tabuleiro/games/ordo"

// Ordo draws an Ordo board.
func Ordo(g *ordo.Game) string { return "" }
