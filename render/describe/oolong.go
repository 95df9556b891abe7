package describe

import (
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/render"
)

func init() { register(oolong.Descriptor, describeOolong, shortOolong, oolongMoves) }

// describeOolong tells an Oolong position: the last decision, the waiter, each table in compass
// order with its marker, its claim and its teas by seat, the teas left and the tables claimed, and
// who decides what.
func describeOolong(g *oolong.Game, w games.Words) Description {
	d := oolongDescription(g, w, oolongTable)
	if !g.Outcome().Over() {
		d.Turn += " " + legalLine(g, w)
	}
	return d
}

// shortOolong is the description without the legal moves; when it is too long for alt text, each
// table says only how many teas of each colour it holds.
func shortOolong(g *oolong.Game, w games.Words) Description {
	d := oolongDescription(g, w, oolongTable)
	if utf8.RuneCountInString(strings.Join(d.Paragraphs(), " ")) > MaxShort {
		d = oolongDescription(g, w, oolongTableShort)
	}
	return d
}

func oolongDescription(g *oolong.Game, w games.Words, table func(*oolong.Game, oolong.Dir, games.Words) string) Description {
	var d Description
	if m, by, ok := g.Last(); ok {
		d.Last = w.T("words.oolong.last", map[string]any{"Colour": colour(oolong.Descriptor, by), "Move": g.Format(m)})
	}
	wt, ws := g.Waiter()
	d.Position = append(d.Position, w.T("words.oolong.waiter", map[string]any{"Table": wt.String(), "Seat": ws.String()}))
	var tables []string
	for t := oolong.Dir(0); t < 9; t++ {
		tables = append(tables, table(g, t, w))
	}
	d.Position = append(d.Position, tables...)
	d.Position = append(d.Position, w.T("words.oolong.supply", map[string]any{"Black": g.Supply(0), "Green": g.Supply(1),
		"BlackClaimed": g.Claimed(0), "GreenClaimed": g.Claimed(1)}))
	d.Turn = oolongTurn(g, w)
	return d
}

// oolongTable is one table: its name, its marker and whether it has fired, its claim, and which
// seats each colour holds.
func oolongTable(g *oolong.Game, t oolong.Dir, w games.Words) string {
	var teas []string
	for _, c := range []oolong.Tea{oolong.Black, oolong.Green} {
		var seats []string
		for s := oolong.Dir(0); s < 9; s++ {
			if g.At(t, s) == c {
				seats = append(seats, s.String())
			}
		}
		if len(seats) > 0 {
			teas = append(teas, w.T("words.oolong.teas", map[string]any{"Colour": colour(oolong.Descriptor, teaSeat(c)),
				"Seats": strings.Join(seats, ", ")}))
		}
	}
	if len(teas) == 0 {
		teas = append(teas, w.T("words.oolong.no-tea", nil))
	}
	return oolongTableLine(g, t, w, strings.Join(teas, "; "))
}

// oolongTableShort is one table with how many teas each colour has on it.
func oolongTableShort(g *oolong.Game, t oolong.Dir, w games.Words) string {
	var teas []string
	for _, s := range []games.Seat{0, 1} {
		if n := g.Count(s, t); n > 0 {
			teas = append(teas, w.T("words.oolong.count", map[string]any{"Colour": colour(oolong.Descriptor, s), "Count": n}))
		}
	}
	if len(teas) == 0 {
		teas = append(teas, w.T("words.oolong.no-tea", nil))
	}
	return oolongTableLine(g, t, w, strings.Join(teas, ", "))
}

func oolongTableLine(g *oolong.Game, t oolong.Dir, w games.Words, teas string) string {
	args := map[string]any{"Table": t.String(), "Seated": teas, "Marker": "", "Claim": ""}
	if m, ok := g.Marker(t); ok {
		id := "words.oolong.marker"
		if g.Used(t) {
			id = "words.oolong.marker-used"
		}
		args["Marker"] = w.T(id, map[string]any{"Marker": m.String(), "Count": m.Threshold()})
	}
	if c := g.Claim(t); c != games.NoSeat {
		args["Claim"] = w.T("words.oolong.claimed", map[string]any{"Colour": colour(oolong.Descriptor, c)})
	}
	return w.T("words.oolong.table", args)
}

func teaSeat(c oolong.Tea) games.Seat {
	if c == oolong.Green {
		return 1
	}
	return 0
}

// oolongTurn is who decides what: a seat of the waiter's table, any empty seat elsewhere when it
// has none open, or a special that fired (and those queued after it); or the result.
func oolongTurn(g *oolong.Game, w games.Words) string {
	if g.Outcome().Over() {
		return render.BlockOf(g, w).Status.Line(w) + "."
	}
	wt, _ := g.Waiter()
	args := map[string]any{"Colour": colour(oolong.Descriptor, g.ToMove()), "Table": wt.String()}
	pending := g.Pending()
	switch {
	case len(pending) > 0:
		lines := []string{special(pending[0], "words.oolong.decides", w)}
		for _, sp := range pending[1:] {
			lines = append(lines, special(sp, "words.oolong.then", w))
		}
		return strings.Join(lines, " ")
	case g.Free():
		return w.T("words.oolong.free", args)
	}
	return w.T("words.oolong.to-move", args)
}

func special(sp oolong.Special, id string, w games.Words) string {
	return w.T(id, map[string]any{"Colour": colour(oolong.Descriptor, sp.Actor), "Special": games.Text{ID: sp.Marker.NameID()},
		"Marker": sp.Marker.String(), "Table": sp.Table.String()})
}

// oolongMoves are the legal decisions grouped: placements by table, a Move Tea by the tea it moves,
// any other special's choices together. A Move Tea is said once where it can be (moveTeaGroup).
func oolongMoves(g *oolong.Game, w games.Words) []Group {
	var groups []Group
	at := map[string]int{}
	add := func(key, label, move string) {
		i, ok := at[key]
		if !ok {
			i = len(groups)
			at[key] = i
			groups = append(groups, Group{Label: label})
		}
		groups[i].Moves = append(groups[i].Moves, move)
	}
	var pendingName string
	if p := g.Pending(); len(p) > 0 {
		pendingName = w.T(p[0].Marker.NameID(), nil)
	}
	var teas []games.Move
	for _, m := range g.Legal() {
		name := g.Format(m)
		if t, s, ok := oolong.Took(m); ok {
			teas = append(teas, m)
			add("move "+seatName(t, s), w.T("words.oolong.from", map[string]any{"Seat": seatName(t, s)}), name)
			continue
		}
		if t, _, ok := oolong.Served(m); ok {
			add("table "+t.String(), w.T("words.oolong.table-moves", map[string]any{"Table": t.String()}), name)
			continue
		}
		add("special", pendingName, name)
	}
	if said, ok := moveTeaGroup(g, teas, pendingName, w); ok {
		first := slices.IndexFunc(groups, func(gr Group) bool { return strings.HasPrefix(gr.Moves[0], "move ") })
		groups = slices.DeleteFunc(groups, func(gr Group) bool { return strings.HasPrefix(gr.Moves[0], "move ") })
		groups = slices.Insert(groups, first, said)
	}
	return groups
}

// moveTeaGroup says a Move Tea's moves once, as the rules allow them: when each of its teas may go
// to each empty seat of another table, the list names the teas and the empty seats, each grouped
// by table, rather than every pair (up to some 40 teas times 80 seats: pages of them).
func moveTeaGroup(g *oolong.Game, moves []games.Move, special string, w games.Words) (Group, bool) {
	var from, to [9]uint16 // the seats of each table, a bit each
	names := make([]string, len(moves))
	for i, m := range moves {
		ft, fs, _ := oolong.Took(m)
		tt, ts, _ := oolong.Served(m)
		from[ft] |= 1 << fs
		to[tt] |= 1 << ts
		names[i] = g.Format(m)
	}
	pairs := 0
	for ft := range from {
		for tt := range to {
			if ft != tt {
				pairs += bits.OnesCount16(from[ft]) * bits.OnesCount16(to[tt])
			}
		}
	}
	if len(moves) == 0 || pairs != len(moves) {
		return Group{}, false // not every pair is legal: each tea's moves are named
	}
	return Group{Label: special, Moves: names, Said: []string{
		w.T("words.oolong.move-tea", map[string]any{"Special": special, "Example": names[0]}),
		w.T("words.oolong.move-tea-teas", map[string]any{"Seats": seatsByTable(from)}),
		w.T("words.oolong.move-tea-seats", map[string]any{"Seats": seatsByTable(to)}),
	}}, true
}

// seatsByTable names the seats in notation, table by table: "nw.s, nw.e; c.n".
func seatsByTable(seats [9]uint16) string {
	var tables []string
	for t := range seats {
		var names []string
		for s := oolong.Dir(0); s < 9; s++ {
			if seats[t]&(1<<s) != 0 {
				names = append(names, seatName(oolong.Dir(t), s))
			}
		}
		if names != nil {
			tables = append(tables, strings.Join(names, ", "))
		}
	}
	return strings.Join(tables, "; ")
}

// seatName is a seat in the rules' notation: its table, a dot, the seat.
func seatName(table, seat oolong.Dir) string { return table.String() + "." + seat.String() }
