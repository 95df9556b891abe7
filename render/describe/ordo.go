package describe

import (
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
	"tabuleiro/render"
)

func init() { register(ordo.Descriptor, describeOrdo, shortOrdo, ordoMoves) }

// describeOrdo tells an Ordo position: the last move, then each side's pieces by square, grouped by
// rank from the side's own home row forward, and whether they are connected; whose turn.
func describeOrdo(g *ordo.Game, w games.Words) Description {
	d := shortOrdo(g, w)
	if !g.Outcome().Over() {
		d.Turn += " " + legalLine(g, w)
	}
	return d
}

func shortOrdo(g *ordo.Game, w games.Words) Description {
	var d Description
	if m, ok := g.LastMove(); ok {
		by := g.Deciders()
		d.Last = w.T("words.ordo.last", map[string]any{"Colour": colour(ordo.Descriptor, by[len(by)-1]), "Move": g.Format(m)})
	}
	for _, s := range []games.Seat{0, 1} {
		d.Position = append(d.Position, ordoSide(g, s, w))
	}
	switch o := g.Outcome(); {
	case o.Over():
		d.Turn = render.BlockOf(g, w).Status.Line(w) + "."
	case g.Disconnected(g.ToMove()):
		d.Turn = w.T("words.ordo.to-move-reconnect", map[string]any{"Colour": colour(ordo.Descriptor, g.ToMove()), "Move": g.MoveNumber()})
	default:
		d.Turn = w.T("words.ordo.to-move", map[string]any{"Colour": colour(ordo.Descriptor, g.ToMove()), "Move": g.MoveNumber()})
	}
	return d
}

// ordoSide is one side's pieces: how many, whether connected, and their squares rank by rank.
func ordoSide(g *ordo.Game, s games.Seat, w games.Words) string {
	n := g.Count(s)
	args := map[string]any{"Colour": colour(ordo.Descriptor, s), "Count": n}
	if n == 0 {
		return w.T("words.ordo.side-none", args)
	}
	var ranks []string
	for i := 0; i < ordo.Ranks; i++ {
		r := i
		if s == 1 {
			r = ordo.Ranks - 1 - i // Black's home row is rank 8
		}
		var squares []string
		for f := 0; f < ordo.Files; f++ {
			if g.At(f, r) == s {
				squares = append(squares, ordo.SquareAt(f, r).String())
			}
		}
		if len(squares) > 0 {
			ranks = append(ranks, w.T("words.ordo.rank", map[string]any{"Rank": r + 1, "Squares": strings.Join(squares, ", ")}))
		}
	}
	args["Ranks"] = strings.Join(ranks, "; ")
	if g.Disconnected(s) {
		return w.T("words.ordo.side-disconnected", args)
	}
	return w.T("words.ordo.side", args)
}

// ordoMoves are the legal moves grouped by the piece that moves (its square), then the ordo moves.
func ordoMoves(g *ordo.Game, w games.Words) []Group {
	var groups []Group
	var ordos []string
	at := map[ordo.Square]int{}
	for _, m := range g.Legal() {
		if ordo.IsOrdo(m) {
			ordos = append(ordos, g.Format(m))
			continue
		}
		from := ordo.From(m)
		i, ok := at[from]
		if !ok {
			i = len(groups)
			at[from] = i
			groups = append(groups, Group{Label: w.T("words.ordo.from", map[string]any{"Square": from.String()})})
		}
		groups[i].Moves = append(groups[i].Moves, g.Format(m))
	}
	if len(ordos) > 0 {
		groups = append(groups, Group{Label: w.T("words.ordo.ordos", nil), Moves: ordos})
	}
	return groups
}
