package ouri

import "tabuleiro/games"

// Panel is the mover's six houses a–f as a keypad, the ones they may not sow disabled.
func (g *Game) Panel() games.Panel {
	if g.outcome.Over() {
		return games.Panel{}
	}
	legal := g.pos.LegalMask()
	keys := games.Group{Keypad: true}
	for h := games.Move(0); h < 6; h++ {
		name := g.Format(h)
		keys.Choices = append(keys.Choices, games.Choice{Label: name, Notation: name, Move: h, Legal: legal>>h&1 != 0})
	}
	return games.Panel{Groups: []games.Group{keys}}
}
