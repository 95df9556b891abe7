package oolong

import (
	"math/rand/v2"

	"tabuleiro/games"
)

// Descriptor describes Oolong to commands, help and the encoding.
var Descriptor = &games.Descriptor{
	Kind:  "oolong",
	Code:  1,
	Title: "Oolong",
	Blurb: "game.oolong.blurb",
	Seats: [2]string{"Black", "Green"},
	Options: []games.OptionSpec{
		{Name: "trigger", Description: "game.oolong.option.trigger", Choices: []string{"any", "owner"}},
	},
	Offer:     "draw",
	OfferHelp: "game.oolong.offer",
	MoveHelp:  "game.oolong.move",
	Example:   "ne",
	Rules:     "game.oolong.rules",
	New: func(opts games.Options, rng *rand.Rand) (games.Game, error) {
		if rng != nil && opts["layout"] == "" {
			dealt := games.Options{"layout": RandomLayout(rng).String()}
			for k, v := range opts {
				if k != "layout" {
					dealt[k] = v
				}
			}
			opts = dealt
		}
		return games.Started(New(opts))
	},
	Rated: func(games.Options) bool { return true },
}

// Descriptor describes the game.
func (g *Game) Descriptor() *games.Descriptor { return Descriptor }
