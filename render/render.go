// Package render draws the monospace boards of the rules files' "Rendering" sections: plain ASCII, so
// the block lines up inside a Discord code block on every client. It knows the games, not Discord.
package render

import (
	"fmt"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// Board draws a game's block (without code fences): the board, the last decision, and whose turn it
// is or the result, in the game's own colour names.
func Board(g games.Game) string {
	switch g := g.(type) {
	case *oolong.Game:
		return Oolong(g)
	case *ouri.Game:
		return Ouri(g)
	case *ordo.Game:
		return Ordo(g)
	}
	return fmt.Sprintf("(no board for %s)", g.Kind())
}

// SeatName is a seat's colour in the game's own words (Black/Green, South/North, White/Black), or
// "nobody" for NoSeat or a game the catalog does not know.
func SeatName(kind string, s games.Seat) string {
	d, ok := catalog.Lookup(kind)
	if !ok {
		return "nobody"
	}
	return d.SeatName(s)
}
