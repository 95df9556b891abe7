package render

import "tabuleiro/games/ouri"

// Ouri draws an Ouri board (rules/ouri.md section 7).
func Ouri(g *ouri.Game) string { return "(ouri board)" }
