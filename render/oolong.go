package render

import "tabuleiro/games/oolong"

// Oolong draws an Oolong board (section 9 of rules/oolong.md).
func Oolong(g *oolong.Game) string { return "" }
