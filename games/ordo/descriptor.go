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
	Blurb:     "Ordo: keep your pieces connected and reach the far row",
	Seats:     [2]string{"White", "Black"},
	Options:   nil,
	Offer:     "draw",
	OfferHelp: "Offer a draw, or accept the draw your opponent offered",
	MoveHelp:  "Your move, e.g. a3-a4, e5xe6 or c2:d2-c4",
	Example:   "a3-a4",
	Rules: "**Ordo** — keep all your pieces in one connected group and reach your opponent's home row.\n" +
		"• Board a–j × 1–8; White (O) starts on ranks 1–3 and moves first, Black (X) on ranks 6–8.\n" +
		"• Move one piece any distance forward, diagonally forward or sideways through empty squares; it may " +
		"capture the first enemy piece it meets: `/ordo move play:a3-a4`, `e5xe6`.\n" +
		"• Or move an *ordo* — a line of 2+ of your pieces on a rank (forward) or a file (sideways) — together, " +
		"without capturing: `c2:d2-c4`.\n" +
		"• After every move your pieces must be connected (8-neighbourhood). If a capture cuts you apart, you may " +
		"also move backward and must reconnect.\n" +
		"• Win by reaching the far row, capturing every enemy piece, or leaving your opponent without a move. " +
		"Third repetition: a draw.\n" +
		"Commands: `/ordo vs-bot`, `/ordo challenge`, `/ordo move`, `/ordo board`, `/ordo history`, `/ordo draw`, `/ordo resign`.",
	New: func(opts games.Options, _ *rand.Rand) (games.Game, error) { return games.Started(New(opts)) },
}

// Descriptor describes the game.
func (g *Game) Descriptor() *games.Descriptor { return Descriptor }
