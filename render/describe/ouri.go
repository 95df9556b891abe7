package describe

import (
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/ouri"
	"tabuleiro/render"
)

func init() { register(ouri.Descriptor, describeOuri, shortOuri, ouriMoves) }

// describeOuri tells an Ouri position: the last sowing, each side's store and houses a to f (each
// player's own letters, from their own left), the rule set when it is not Ouri's, whose turn.
func describeOuri(g *ouri.Game, w games.Words) Description {
	d := shortOuri(g, w)
	if !g.Outcome().Over() {
		d.Turn += " " + legalLine(g, w)
	}
	return d
}

func shortOuri(g *ouri.Game, w games.Words) Description {
	var d Description
	if last := g.LastSowing(); last.Seat != games.NoSeat {
		id := "words.ouri.last"
		switch {
		case last.GrandSlam && last.Captured > 0:
			id = "words.ouri.last-slam"
		case last.GrandSlam:
			id = "words.ouri.last-slam-empty"
		case last.Captured > 0:
			id = "words.ouri.last-captured"
		}
		args := map[string]any{"Colour": colour(ouri.Descriptor, last.Seat), "House": string(rune('a' + last.House))}
		if last.Captured > 0 {
			args["Count"] = last.Captured
		}
		d.Last = w.T(id, args)
	}
	h, st := g.Houses(), g.Stores()
	for _, s := range []games.Seat{0, 1} {
		houses := make([]string, 6)
		for i := range houses {
			houses[i] = fmt.Sprintf("%c %d", 'a'+i, h[int(s)*6+i])
		}
		d.Position = append(d.Position, w.T("words.ouri.side", map[string]any{"Colour": colour(ouri.Descriptor, s),
			"Store": st[s], "Houses": strings.Join(houses, ", ")}))
	}
	switch {
	case g.Rules() != ouri.RulesOuri && g.Misere():
		d.Position = append(d.Position, w.T("board.ouri.abapa-misere", nil)+".")
	case g.Rules() != ouri.RulesOuri:
		d.Position = append(d.Position, w.T("board.ouri.abapa", nil)+".")
	case g.Misere():
		d.Position = append(d.Position, w.T("board.ouri.misere", nil)+".")
	}
	d.Turn = ouriTurn(g, w)
	return d
}

// ouriTurn is whose turn it is, and why the same player moves again after a grand slam or when
// the other side has no seed; or the result.
func ouriTurn(g *ouri.Game, w games.Words) string {
	if g.Outcome().Over() {
		return render.BlockOf(g, w).Status.Line(w) + "."
	}
	args := map[string]any{"Colour": colour(ouri.Descriptor, g.ToMove()), "Other": colour(ouri.Descriptor, g.ToMove().Other())}
	if last := g.LastSowing(); last.Seat == g.ToMove() {
		return w.T("words.ouri.to-move-again", args)
	}
	return w.T("words.ouri.to-move", args)
}

// ouriMoves are the houses the player to move may sow, in one group.
func ouriMoves(g *ouri.Game, w games.Words) []Group {
	return []Group{{Moves: games.Names(g, g.Legal())}}
}
