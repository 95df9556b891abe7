package oolong

import (
	"slices"
	"strconv"
	"strings"

	"tabuleiro/games"
)

const dirList = "nw n ne w c e sw s se"

// specialHints are the catalogue ids of how a player writes each special's choice.
var specialHints = [numMarkers]string{"oolong.hint.move", "oolong.hint.move", "oolong.hint.waiter", "oolong.hint.waiter",
	"oolong.hint.rotate", "oolong.hint.swap-unclaimed", "oolong.hint.swap-claimed"}

// Parse reads a decision in canonical notation, tolerant of case, spacing, quotes and full-width
// characters; a normal placement may be given as the seat alone. Only legal decisions are accepted; errors say what to do instead.
func (g *Game) Parse(s string) (games.Move, error) {
	if err := games.CheckLength(s); err != nil {
		return 0, err
	}
	if o := g.Outcome(); o.Over() {
		return 0, games.Problemf("oolong.over")
	}
	s = games.Normalize(s)
	if err := games.Foreign(s, games.Text{ID: "oolong.hint.decision"}); err != nil {
		return 0, err
	}
	p := &g.pos
	fields := strings.Fields(strings.ToLower(s))
	t, _, pending := p.head()
	if pending {
		m, err := p.parseSpecial(Marker(p.marker[t]), fields)
		if err != nil {
			return 0, err
		}
		return p.confirm(m)
	}
	if len(fields) > 0 {
		switch fields[0] {
		case "move", "waiter", "rotate", "swap", "skip":
			return 0, games.Problemf("oolong.no-special", "Hint", p.placementHint())
		}
	}
	var text string
	if len(fields) == 2 && !strings.Contains(fields[0]+fields[1], ".") {
		text = fields[0] + "." + fields[1]
	} else {
		text = strings.Join(fields, "")
	}
	m, err := p.parsePlacement(text)
	if err != nil {
		return 0, err
	}
	return p.confirm(m)
}

// confirm is a last guard: whatever the checks above let through must be in the legal list.
func (p *Position) confirm(m games.Move) (games.Move, error) {
	var buf [MaxDecisions]games.Move
	if !slices.Contains(p.AppendDecisions(buf[:0]), m) {
		return 0, games.Problemf("oolong.illegal", "Move", FormatMove(m))
	}
	return m, nil
}

func (p *Position) placementHint() games.Text {
	if p.open(p.waiterT) != 0 {
		return games.Text{ID: "oolong.hint.serve", Args: games.Args("Table", p.waiterT.String(), "Seats", seatList(p.open(p.waiterT)))}
	}
	return games.Text{ID: "oolong.hint.free", Args: games.Args("Table", p.waiterT.String())}
}

// seatList names seats (or tables) as a placeholder's value: "n, ne", or none.
func seatList(mask uint16) any {
	if mask == 0 {
		return games.Text{ID: "list.none"}
	}
	var names []string
	for d := Dir(0); d < numDirs; d++ {
		if mask>>d&1 != 0 {
			names = append(names, d.String())
		}
	}
	return strings.Join(names, ", ")
}

// tableList names tables; a table and a seat share their names (D).
func tableList(mask uint16) any {
	if mask == 0 {
		return games.Text{ID: "list.none-table"} // a table is feminine in Portuguese: nenhuma
	}
	return seatList(mask)
}

func parseTable(s string) (Dir, error) {
	if d, ok := parseDir(s); ok {
		return d, nil
	}
	return 0, games.Problemf("oolong.not-table", "Input", games.Quote(s), "Dirs", dirList)
}

func parseSeat(s string) (Dir, error) {
	if d, ok := parseDir(s); ok {
		return d, nil
	}
	return 0, games.Problemf("oolong.not-seat", "Input", games.Quote(s), "Dirs", dirList)
}

// parseTableSeat reads "<table>.<seat>".
func parseTableSeat(s string) (table, seat Dir, err error) {
	ts, ss, ok := strings.Cut(s, ".")
	if !ok || strings.Contains(ss, ".") {
		return 0, 0, games.Problemf("oolong.not-table-seat", "Input", games.Quote(s))
	}
	if table, err = parseTable(ts); err != nil {
		return 0, 0, err
	}
	if seat, err = parseSeat(ss); err != nil {
		return 0, 0, err
	}
	return table, seat, nil
}

func (p *Position) parsePlacement(s string) (games.Move, error) {
	if s == "" {
		return 0, games.Problemf("oolong.no-move", "Hint", p.placementHint())
	}
	T, B := p.waiterT, p.waiterS
	free := p.open(T) == 0
	var table, seat Dir
	var err error
	if !strings.Contains(s, ".") {
		if seat, err = parseSeat(s); err != nil {
			return 0, err
		}
		if free {
			return 0, games.Problemf("oolong.no-seat", "Table", T, "Example", p.exampleFree())
		}
		table = T
	} else if table, seat, err = parseTableSeat(s); err != nil {
		return 0, err
	}
	if !free {
		switch {
		case table != T:
			return 0, games.Problemf("oolong.serve-here", "Table", T, "Seats", seatList(p.open(T)))
		case seat == B:
			return 0, games.Problemf("oolong.waiter-seat", "Table", T, "Seat", B, "Seats", seatList(p.open(T)))
		case p.empty(T)>>seat&1 == 0:
			return 0, games.Problemf("oolong.taken-here", "Table", T, "Seat", seat, "Seats", seatList(p.open(T)))
		}
		return place(table, seat), nil
	}
	switch {
	case table == T && p.empty(T) == 0:
		return 0, games.Problemf("oolong.full", "Table", T)
	case table == T:
		return 0, games.Problemf("oolong.only-waiter", "Table", T)
	case p.empty(table) == 0:
		return 0, games.Problemf("oolong.full-too", "Table", table, "Waiter", T)
	case p.empty(table)>>seat&1 == 0:
		return 0, games.Problemf("oolong.taken-there", "Table", table, "Seat", seat, "Seats", seatList(p.empty(table)))
	}
	return place(table, seat), nil
}

// exampleFree is a free placement to show in an error.
func (p *Position) exampleFree() string {
	for t := Dir(0); t < numDirs; t++ {
		if e := p.empty(t); t != p.waiterT && e != 0 {
			for s := Dir(0); s < numDirs; s++ {
				if e>>s&1 != 0 {
					return t.String() + "." + s.String()
				}
			}
		}
	}
	return "n.s"
}

func (p *Position) parseSpecial(mk Marker, f []string) (games.Move, error) {
	pendingErr := games.Problemf("oolong.pending", "Special", games.Text{ID: mk.NameID()}, "Hint", games.Text{ID: specialHints[mk]})
	if len(f) == 0 {
		return 0, pendingErr
	}
	if f[0] == "skip" {
		if len(f) > 1 {
			return 0, games.Problemf("oolong.skip-args")
		}
		return skip, nil
	}
	args := f[1:]
	switch {
	case f[0] == "rotate" && mk == RO:
		return parseRotate(args)
	case f[0] == "waiter" && (mk == BW || mk == GW):
		return p.parseWaiter(args)
	case f[0] == "swap" && (mk == SU || mk == SC):
		return p.parseSwap(mk, args)
	case f[0] == "move" && (mk == BM || mk == GM):
		return p.parseMoveTea(args)
	}
	return 0, pendingErr
}

// parseRotate reads the Rotate special's steps: rotate <1-7>.
func parseRotate(args []string) (games.Move, error) {
	if len(args) != 1 {
		return 0, games.Problemf("oolong.rotate-args")
	}
	k, err := strconv.Atoi(args[0])
	if err != nil || k < 1 || k > 7 {
		return 0, games.Problemf("oolong.rotate-steps", "Input", games.Quote(args[0]))
	}
	return rotate(k), nil
}

// parseWaiter reads a waiter special's table: waiter <table>.
func (p *Position) parseWaiter(args []string) (games.Move, error) {
	if len(args) != 1 {
		return 0, games.Problemf("oolong.waiter-args")
	}
	t, err := parseTable(args[0])
	if err != nil {
		return 0, err
	}
	if t == p.waiterT {
		return 0, games.Problemf("oolong.waiter-there", "Table", t)
	}
	return waiterTo(t), nil
}

// parseSwap reads a swap special's tables: swap <table> <table>, both unclaimed (SU) or one claimed
// and one not (SC, the claimed one first).
func (p *Position) parseSwap(mk Marker, args []string) (games.Move, error) {
	if len(args) != 2 {
		return 0, games.Problemf("oolong.swap-args")
	}
	a, err := parseTable(args[0])
	if err != nil {
		return 0, err
	}
	b, err := parseTable(args[1])
	if err != nil {
		return 0, err
	}
	if a == b {
		return 0, games.Problemf("oolong.swap-same")
	}
	u := p.unclaimed()
	claimed := ^u & allTables
	if mk == SU {
		for _, t := range []Dir{a, b} {
			if u>>t&1 == 0 {
				return 0, games.Problemf("oolong.swap-claimed-table", "Table", t, "Tables", tableList(u))
			}
		}
		return swap(min(a, b), max(a, b)), nil
	}
	switch {
	case claimed>>a&1 == 0 && claimed>>b&1 == 0:
		return 0, games.Problemf("oolong.swap-none-claimed", "A", a, "B", b, "Tables", tableList(claimed))
	case claimed>>a&1 == 0:
		a, b = b, a
	}
	if u>>b&1 == 0 {
		return 0, games.Problemf("oolong.swap-both-claimed", "A", a, "B", b, "Tables", tableList(u))
	}
	return swap(a, b), nil
}

// parseMoveTea reads a Move Tea special: move <table.seat> <table.seat>, the mover's tea from an
// unclaimed table to an empty seat of another.
func (p *Position) parseMoveTea(args []string) (games.Move, error) {
	if len(args) != 2 {
		return 0, games.Problemf("oolong.move-args")
	}
	a, s, err := parseTableSeat(args[0])
	if err != nil {
		return 0, err
	}
	z, e, err := parseTableSeat(args[1])
	if err != nil {
		return 0, err
	}
	_, actor, _ := p.head()
	u := p.unclaimed()
	colour := Tea(actor + 1)
	switch {
	case p.At(a, s) != colour:
		return 0, games.Problemf("oolong.no-tea", "Table", a, "Seat", s, "Colour", colourName(actor), "Colour", colourName(actor), "Seats", colour)
	case u>>a&1 == 0:
		return 0, games.Problemf("oolong.tea-claimed", "Table", a, "Tables", tableList(u))
	case z == a:
		return 0, games.Problemf("oolong.same-table", "Table", a)
	case u>>z&1 == 0:
		return 0, games.Problemf("oolong.tea-claimed", "Table", z, "Tables", tableList(u))
	case z == p.waiterT && e == p.waiterS:
		return 0, games.Problemf("oolong.waiter-seat-there", "Table", z, "Seat", e, "Seats", seatList(p.open(z)))
	case p.empty(z)>>e&1 == 0:
		return 0, games.Problemf("oolong.taken-there", "Table", z, "Seat", e, "Seats", seatList(p.open(z)))
	}
	return moveTea(a, s, z, e), nil
}

func colourName(s games.Seat) games.Colour { return games.Colour{D: Descriptor, Seat: s} }
