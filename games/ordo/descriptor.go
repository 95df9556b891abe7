package ordo

import (
	"math/rand/v2"

	"tabuleiro/games"
)

// Descriptor describes Ordo to commands, help and the encoding.
var Descriptor = &games.Descriptor{
	Kind:      "ordo",
	Code:      3,
	Title:     "Ordo",
	Blurb:     "game.ordo.blurb",
	Seats:     [2]string{"White", "Black"},
	Options:   nil,
	Offer:     "draw",
	OfferHelp: "game.ordo.offer",
	MoveHelp:  "game.ordo.move",
	Example:   "a3-a4",
	Rules:     "game.ordo.rules",
	New:       func(opts games.Options, _ *rand.Rand) (games.Game, error) { return games.Started(New(opts)) },
	Rated:     func(games.Options) bool { return true },
}

// Descriptor describes the game.
func (g *Game) Descriptor() *games.Descriptor { return Descriptor }
