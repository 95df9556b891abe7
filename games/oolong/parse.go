package oolong

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tabuleiro/games"
)

const dirList = "nw n ne w c e sw s se"

var specialNames = [numMarkers]string{"Move Tea", "Move Tea", "Move Waiter", "Move Waiter", "Rotate", "Swap Unclaimed", "Swap Claimed"}

var specialHints = [numMarkers]string{
	"move <table>.<seat> <table>.<seat>",
	"move <table>.<seat> <table>.<seat>",
	"waiter <table>",
	"waiter <table>",
	"rotate 1–7",
	"swap <table> <table>",
	"swap <claimed> <unclaimed>",
}

// Parse reads a decision in canonical notation, tolerant of case, spacing, quotes and full-width
// characters; a normal placement may be given as the seat alone. Only legal decisions are accepted; errors say what to do instead.
func (g *Game) Parse(s string) (games.Move, error) {
	if err := games.CheckLength(s); err != nil {
		return 0, err
	}
	if o := g.Outcome(); o.Over() {
		return 0, fmt.Errorf("the game is over (%s)", o)
	}
	s = games.Normalize(s)
	if err := games.Foreign(s, "write a seat (ne), a table and seat (c.ne), or a special's choice such as rotate 3 or skip"); err != nil {
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
			return 0, fmt.Errorf("no special is pending — serve a tea: %s", p.placementHint())
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
		return 0, fmt.Errorf("%s is not legal here", FormatMove(m))
	}
	return m, nil
}

func (p *Position) placementHint() string {
	if p.open(p.waiterT) != 0 {
		return fmt.Sprintf("a seat of table %s (%s)", p.waiterT, seatList(p.open(p.waiterT)))
	}
	return "any empty seat of a table other than " + p.waiterT.String() + ", as <table>.<seat>"
}

func seatList(mask uint16) string {
	if mask == 0 {
		return "none"
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
func tableList(mask uint16) string { return seatList(mask) }

func parseTable(s string) (Dir, error) {
	if d, ok := parseDir(s); ok {
		return d, nil
	}
	return 0, fmt.Errorf("%s is not a table — tables are %s", games.Quote(s), dirList)
}

func parseSeat(s string) (Dir, error) {
	if d, ok := parseDir(s); ok {
		return d, nil
	}
	return 0, fmt.Errorf("%s is not a seat — seats are %s", games.Quote(s), dirList)
}

// parseTableSeat reads "<table>.<seat>".
func parseTableSeat(s string) (table, seat Dir, err error) {
	ts, ss, ok := strings.Cut(s, ".")
	if !ok || strings.Contains(ss, ".") {
		return 0, 0, fmt.Errorf("%s is not <table>.<seat> — e.g. c.ne", games.Quote(s))
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
		return 0, fmt.Errorf("no move given — serve a tea: %s", p.placementHint())
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
			return 0, fmt.Errorf("table %s has no seat to serve — give another table and seat, e.g. %s", T, p.exampleFree())
		}
		table = T
	} else if table, seat, err = parseTableSeat(s); err != nil {
		return 0, err
	}
	if !free {
		switch {
		case table != T:
			return 0, fmt.Errorf("you must serve at table %s (the waiter's table) — empty seats there: %s", T, seatList(p.open(T)))
		case seat == B:
			return 0, fmt.Errorf("the waiter stands on %s.%s — you may not serve that seat; empty seats here: %s", T, B, seatList(p.open(T)))
		case p.empty(T)>>seat&1 == 0:
			return 0, fmt.Errorf("seat %s.%s is taken — empty seats here: %s", T, seat, seatList(p.open(T)))
		}
		return place(table, seat), nil
	}
	switch {
	case table == T && p.empty(T) == 0:
		return 0, fmt.Errorf("table %s is full — you may place on any empty seat of another table", T)
	case table == T:
		return 0, fmt.Errorf("the only empty seat of table %s is under the waiter — you may place on any empty seat of another table", T)
	case p.empty(table) == 0:
		return 0, fmt.Errorf("table %s is full too — you may place on any empty seat of a table other than %s", table, T)
	case p.empty(table)>>seat&1 == 0:
		return 0, fmt.Errorf("seat %s.%s is taken — empty seats there: %s", table, seat, seatList(p.empty(table)))
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
	pendingErr := fmt.Errorf("a %s is pending: choose %s or skip", specialNames[mk], specialHints[mk])
	if len(f) == 0 {
		return 0, pendingErr
	}
	if f[0] == "skip" {
		if len(f) > 1 {
			return 0, fmt.Errorf("skip takes nothing after it — write just skip")
		}
		return skip, nil
	}
	_, actor, _ := p.head()
	args := f[1:]
	switch {
	case f[0] == "rotate" && mk == RO:
		if len(args) != 1 {
			return 0, fmt.Errorf("rotate takes one number of steps, 1–7 (e.g. rotate 3)")
		}
		k, err := strconv.Atoi(args[0])
		if err != nil || k < 1 || k > 7 {
			return 0, fmt.Errorf("rotate takes 1–7 steps clockwise, not %s", games.Quote(args[0]))
		}
		return rotate(k), nil
	case f[0] == "waiter" && (mk == BW || mk == GW):
		if len(args) != 1 {
			return 0, fmt.Errorf("waiter takes one table (e.g. waiter sw)")
		}
		t, err := parseTable(args[0])
		if err != nil {
			return 0, err
		}
		if t == p.waiterT {
			return 0, fmt.Errorf("the waiter is already at table %s — choose another table", t)
		}
		return waiterTo(t), nil
	case f[0] == "swap" && (mk == SU || mk == SC):
		if len(args) != 2 {
			return 0, fmt.Errorf("swap takes two tables (e.g. swap n se)")
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
			return 0, fmt.Errorf("swap needs two different tables")
		}
		u := p.unclaimed()
		claimed := ^u & allTables
		if mk == SU {
			for _, t := range []Dir{a, b} {
				if u>>t&1 == 0 {
					return 0, fmt.Errorf("table %s is claimed — Swap Unclaimed takes two unclaimed tables: %s", t, tableList(u))
				}
			}
			return swap(min(a, b), max(a, b)), nil
		}
		switch {
		case claimed>>a&1 == 0 && claimed>>b&1 == 0:
			return 0, fmt.Errorf("neither %s nor %s is claimed — Swap Claimed takes a claimed table (%s) and an unclaimed one", a, b, tableList(claimed))
		case claimed>>a&1 == 0:
			a, b = b, a
		}
		if u>>b&1 == 0 {
			return 0, fmt.Errorf("%s and %s are both claimed — Swap Claimed takes a claimed table and an unclaimed one (%s)", a, b, tableList(u))
		}
		return swap(a, b), nil
	case f[0] == "move" && (mk == BM || mk == GM):
		if len(args) != 2 {
			return 0, fmt.Errorf("move takes two seats, from and to (e.g. move nw.s e.n)")
		}
		a, s, err := parseTableSeat(args[0])
		if err != nil {
			return 0, err
		}
		z, e, err := parseTableSeat(args[1])
		if err != nil {
			return 0, err
		}
		u := p.unclaimed()
		colour := Tea(actor + 1)
		switch {
		case p.At(a, s) != colour:
			return 0, fmt.Errorf("%s.%s holds no %s tea — move one of the %s teas (%s)", a, s, colourName(actor), colourName(actor), colour)
		case u>>a&1 == 0:
			return 0, fmt.Errorf("table %s is claimed — teas move only from and to unclaimed tables (%s)", a, tableList(u))
		case z == a:
			return 0, fmt.Errorf("the tea must go to a different table than %s", a)
		case u>>z&1 == 0:
			return 0, fmt.Errorf("table %s is claimed — teas move only from and to unclaimed tables (%s)", z, tableList(u))
		case z == p.waiterT && e == p.waiterS:
			return 0, fmt.Errorf("the waiter stands on %s.%s — you may not put a tea there; empty seats there: %s", z, e, seatList(p.open(z)))
		case p.empty(z)>>e&1 == 0:
			return 0, fmt.Errorf("seat %s.%s is taken — empty seats there: %s", z, e, seatList(p.open(z)))
		}
		return moveTea(a, s, z, e), nil
	}
	return 0, pendingErr
}

func colourName(s games.Seat) string {
	if s == 0 {
		return "Black"
	}
	return "Green"
}
