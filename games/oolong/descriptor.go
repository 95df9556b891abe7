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
	Blurb: "Oolong: serve tea at nine tables, claim five to win",
	Seats: [2]string{"Black", "Green"},
	Options: []games.OptionSpec{
		{Name: "trigger", Description: "Who fires a colour's marker: any colour (default) or only its owner", Choices: []string{"any", "owner"}},
	},
	Offer:     "draw",
	OfferHelp: "Offer a draw, or accept the draw your opponent offered",
	MoveHelp:  "Your decision, e.g. ne (a seat of the directed table), c.ne, rotate 3, skip",
	Example:   "ne",
	Rules: "**Oolong** — serve tea at 9 tables of 9 seats; the first to claim 5 tables wins.\n" +
		"• Tables and seats are named like a compass: `nw n ne / w c e / sw s se`.\n" +
		"• The waiter stands on a table (the *directed* table) and a seat there (blocked). Place a tea on an empty, " +
		"unblocked seat of the directed table: `/oolong move play:ne` (or `c.ne`).\n" +
		"• The seat you play sends the waiter — and your opponent — to the table of that name.\n" +
		"• If the directed table has no free seat, place anywhere else (a free placement).\n" +
		"• A table with 5 teas of one colour is claimed.\n" +
		"• Each outer table has a marker that fires once, when one colour has that many teas on the table " +
		"(`*` on the board once used): `BM`/`GM` (3) Black/Green moves one of its teas to another unclaimed table; " +
		"`BW`/`GW` (5) Black/Green moves the waiter to the same seat of another table; `RO` (4) rotate the table; " +
		"`SU` (4) swap the teas of two unclaimed tables; `SC` (5) swap a claimed table with an unclaimed one. " +
		"The player whose tea fired `RO`, `SU` or `SC` decides it. Choose in the menu, or skip. " +
		"With `trigger:owner` only Black's teas fire `BM`/`BW`, only Green's `GM`/`GW`.\n" +
		"• Black moves first. No tea left for the player to move: a draw.\n" +
		"Commands: `/oolong vs-bot`, `/oolong challenge`, `/oolong move`, `/oolong board`, `/oolong history`, `/oolong draw`, `/oolong resign`.",
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
}

// Descriptor describes the game.
func (g *Game) Descriptor() *games.Descriptor { return Descriptor }
