package ouri

import (
	"math/rand/v2"

	"tabuleiro/games"
)

// Descriptor describes Ouri to commands, help and the encoding.
var Descriptor = &games.Descriptor{
	Kind:  "ouri",
	Code:  2,
	Title: "Ouri",
	Blurb: "Ouri: the Cape Verdean mancala, capture 25 seeds to win",
	Seats: [2]string{"South", "North"},
	Options: []games.OptionSpec{
		{Name: "rules", Description: "ouri (Cape Verde, default) or abapa (international Oware)", Choices: []string{"ouri", "abapa"}},
		{Name: "misere", Description: "Misère: the smaller store wins", Bool: true},
	},
	Offer:     "end",
	OfferHelp: "Offer to end the game with each player taking the seeds on their side, or accept it",
	MoveHelp:  "The house to sow, a to f from your left",
	Example:   "d",
	Rules: "**Ouri** — the Cape Verdean mancala: 2 rows of 6 houses, 4 seeds each; capture 25 seeds to win.\n" +
		"• Your houses are `a`–`f` from your left. Sow: lift all seeds of a house and drop one per house " +
		"counter-clockwise (skipping the house you emptied): `/ouri move play:d` or the buttons.\n" +
		"• If your last seed lands on your opponent's side making 2 or 3, capture it, and the houses before it " +
		"with 2 or 3 on their side.\n" +
		"• When your opponent has no seeds you must feed them if you can. Ouri rules: with a 2+ house you may not " +
		"sow a single seed; a grand slam captures and you move again. Abapa: no singleton rule, a grand slam captures nothing.\n" +
		"• No legal move, or a position repeated 3 times: each takes the seeds on their side. 24–24 is a draw. " +
		"Misère: the smaller store wins.\n" +
		"Commands: `/ouri vs-bot`, `/ouri challenge`, `/ouri move`, `/ouri board`, `/ouri history`, `/ouri end`, `/ouri resign`.",
	New: func(opts games.Options, _ *rand.Rand) (games.Game, error) { return games.Started(New(opts)) },
}

// Descriptor describes the game.
func (g *Game) Descriptor() *games.Descriptor { return Descriptor }
