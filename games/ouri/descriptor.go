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
	Blurb: "game.ouri.blurb",
	Seats: [2]string{"South", "North"},
	Options: []games.OptionSpec{
		{Name: "rules", Description: "game.ouri.option.rules", Choices: []string{"ouri", "abapa"}},
		{Name: "misere", Description: "game.ouri.option.misere", Bool: true},
	},
	Offer:     "end",
	OfferHelp: "game.ouri.offer",
	MoveHelp:  "game.ouri.move",
	Example:   "d",
	Rules:     "game.ouri.rules",
	New:       func(opts games.Options, _ *rand.Rand) (games.Game, error) { return games.Started(New(opts)) },
	// Only the standard game is rated: the Ouri rules without misère.
	Rated: func(o games.Options) bool {
		return (o["rules"] == "" || o["rules"] == "ouri") && (o["misere"] == "" || o["misere"] == "false")
	},
}

// Descriptor describes the game.
func (g *Game) Descriptor() *games.Descriptor { return Descriptor }
