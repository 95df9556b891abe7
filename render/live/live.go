// Package live gives a position in the structured form a live board's page draws: each game's
// board as plain values (houses and stores, squares and pieces, tables and seats), the marks a
// decision is made by clicking, and the marks a decision touched. It is the web board's view of
// the games, as render is the chat's.
//
//	b := live.Board(g)            // an OuriBoard, OrdoBoard or OolongBoard, ready for JSON
//	p := live.Path(g, "c2:d2-c4") // [c2 d2 c4]: click the line's ends, then the destination
package live

import (
	"regexp"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

var squareRE = regexp.MustCompile(`[a-j][1-8]`)

// Path is the marks clicked in turn to make decision play of g: an Ouri house (h0-h11), Ordo
// squares, Oolong seats (t.s) or tables (t:t), or a choice made apart (!play).
func Path(g games.Game, play string) []string {
	switch g.Kind() {
	case "ouri":
		return []string{house(g.ToMove(), play)}
	case "ordo":
		// "c2-c3" and "c2xd3": piece, destination; "c2:d2-c3": the line's ends, destination.
		return squareRE.FindAllString(play, -1)
	case "oolong":
		f := strings.Fields(play)
		switch f[0] {
		case "move": // move a.s z.e
			return []string{f[1], f[2]}
		case "waiter":
			return []string{"t:" + f[1]}
		case "swap":
			return []string{"t:" + f[1], "t:" + f[2]}
		case "rotate", "skip":
			return []string{"!" + play}
		}
		return []string{play} // a seat: c.e
	}
	return []string{"!" + play}
}

// Marks are the marks a decision touched, for a page to show the last one.
func Marks(kind, play string) []string {
	switch kind {
	case "ordo":
		return squareRE.FindAllString(play, -1)
	case "oolong":
		var out []string
		for _, f := range strings.Fields(play) {
			if strings.Contains(f, ".") {
				out = append(out, f)
			}
		}
		return out
	}
	return nil
}

// house is the mark of an Ouri house by its letter on the side of seat.
func house(seat games.Seat, letter string) string {
	if len(letter) != 1 || letter[0] < 'a' || letter[0] > 'f' {
		return "!" + letter
	}
	return "h" + itoa(int(seat)*6+int(letter[0]-'a'))
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// The boards in structured form, drawn by the page with the pictures' coordinates and colours.
type (
	OuriBoard struct {
		Houses [12]int `json:"houses"` // South's a–f, then North's a–f
		Stores [2]int  `json:"stores"`
		Abapa  bool    `json:"abapa"`
		Misere bool    `json:"misere"`
		Sown   string  `json:"sown,omitempty"` // the house sown last
	}
	OrdoBoard struct {
		Files  int            `json:"files"`
		Ranks  int            `json:"ranks"`
		Pieces map[string]int `json:"pieces"` // square: seat (0 White, 1 Black)
		Counts [2]int         `json:"counts"`
		Moved  []string       `json:"moved,omitempty"` // the squares the last move left and reached
	}
	OolongBoard struct {
		Tables  [9]OolongTable `json:"tables"` // nw n ne w c e sw s se
		Waiter  string         `json:"waiter"` // "c.e"
		Pending []Special      `json:"pending,omitempty"`
		Owner   bool           `json:"owner"` // the markers fire only for their named colour
		Supply  [2]int         `json:"supply"`
		Served  string         `json:"served,omitempty"`
	}
	OolongTable struct {
		Name   string    `json:"name"`
		Marker string    `json:"marker,omitempty"`
		Used   bool      `json:"used,omitempty"`
		Claim  int       `json:"claim"` // -1 unclaimed, else the seat
		Seats  [9]string `json:"seats"` // "o", "b", "g"
	}
	Special struct {
		Marker string `json:"marker"`
		Table  string `json:"table"`
		Actor  int    `json:"actor"`
	}
)

// Board is g's position in structured form: an OuriBoard, OrdoBoard or OolongBoard.
func Board(g games.Game) any {
	switch g := g.(type) {
	case *ouri.Game:
		b := OuriBoard{Houses: g.Houses(), Stores: g.Stores(), Abapa: g.Rules() != ouri.RulesOuri, Misere: g.Misere()}
		if g.Ply() > 0 {
			last := g.LastSowing()
			b.Sown = "h" + itoa(int(last.Seat)*6+last.House)
		}
		return b
	case *ordo.Game:
		b := OrdoBoard{Files: ordo.Files, Ranks: ordo.Ranks, Pieces: map[string]int{}, Counts: [2]int{g.Count(0), g.Count(1)}}
		for f := 0; f < ordo.Files; f++ {
			for r := 0; r < ordo.Ranks; r++ {
				if s := g.At(f, r); s != games.NoSeat {
					b.Pieces[ordo.SquareAt(f, r).String()] = int(s)
				}
			}
		}
		if m, ok := g.LastMove(); ok {
			b.Moved = movedSquares(m)
		}
		return b
	case *oolong.Game:
		b := OolongBoard{Owner: g.Trigger() == oolong.TriggerOwner, Supply: [2]int{g.Supply(0), g.Supply(1)}}
		for t := oolong.Dir(0); t < 9; t++ {
			tb := OolongTable{Name: t.String(), Claim: int(g.Claim(t)), Used: g.Used(t)}
			if tb.Claim > 1 {
				tb.Claim = -1
			}
			if m, ok := g.Marker(t); ok {
				tb.Marker = m.String()
			}
			for s := oolong.Dir(0); s < 9; s++ {
				tb.Seats[s] = g.At(t, s).String()
			}
			b.Tables[t] = tb
		}
		wt, ws := g.Waiter()
		b.Waiter = wt.String() + "." + ws.String()
		for _, p := range g.Pending() {
			b.Pending = append(b.Pending, Special{Marker: p.Marker.String(), Table: p.Table.String(), Actor: int(p.Actor)})
		}
		if m, _, ok := g.Last(); ok {
			if t, s, ok := oolong.Served(m); ok {
				b.Served = t.String() + "." + s.String()
			}
		}
		return b
	}
	return nil
}

// movedSquares are the squares an Ordo move left and reached: every square of a line's.
func movedSquares(m games.Move) []string {
	var out []string
	for _, s := range ordo.Moved(m) {
		out = append(out, s.String())
	}
	return out
}
