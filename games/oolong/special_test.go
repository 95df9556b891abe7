package oolong

import (
	"math/bits"
	"slices"
	"strings"
	"testing"

	"tabuleiro/games"
)

// scene is a hand-built position. Tables are written as 9 characters, one per seat in the order
// nw n ne w c e sw s se: b black, g green, o empty. Supplies are 40 minus the teas on the board.
type scene struct {
	layout  string // default DefaultLayout
	trigger string // default any
	tables  map[Dir]string
	waiter  [2]Dir // table, seat
	toMove  games.Seat
	used    []Dir
	pending []Special  // queued specials, the first to decide first; toMove must be its actor
	placed  games.Seat // with pending: who placed last (play passes to the other)
}

func build(t *testing.T, sc scene) *Game {
	t.Helper()
	opts := games.Options{"layout": sc.layout, "trigger": sc.trigger}
	g := mustNew(t, opts)
	p := &g.pos
	for table, s := range sc.tables {
		if len(s) != 9 {
			t.Fatalf("table %s is %q: want 9 seats", table, s)
		}
		for seat := Dir(0); seat < numDirs; seat++ {
			switch s[seat] {
			case 'b':
				p.tea[0][table] |= 1 << seat
			case 'g':
				p.tea[1][table] |= 1 << seat
			}
		}
	}
	for c := 0; c < 2; c++ {
		n := 0
		for table := Dir(0); table < numDirs; table++ {
			k := bits.OnesCount16(p.tea[c][table])
			n += k
			if k >= 5 {
				p.claimed[c] |= 1 << table
			}
		}
		p.supply[c] = int8(40 - n)
	}
	p.waiterT, p.waiterS = sc.waiter[0], sc.waiter[1]
	p.toMove, p.placer = sc.toMove, sc.toMove.Other()
	if len(sc.pending) > 0 {
		p.placer = sc.placed
	}
	for _, sp := range sc.pending {
		p.queue[p.qTail] = uint8(sp.Table)<<1 | uint8(sp.Actor)
		p.qTail++
	}
	for _, d := range sc.used {
		p.used |= 1 << d
	}
	return g
}

func pendingString(g *Game) string {
	if p := g.Position(); p.Placing() != (len(g.Pending()) == 0) {
		panic("Placing disagrees with Pending")
	}
	var parts []string
	for _, sp := range g.Pending() {
		parts = append(parts, sp.Marker.String()+"@"+sp.Table.String()+"/"+[]string{"Black", "Green"}[sp.Actor])
	}
	return strings.Join(parts, " ")
}

func legalHas(g *Game, d string) bool { return slices.Contains(games.Names(g, g.Legal()), d) }

func refuses(t *testing.T, g *Game, d, want string) {
	t.Helper()
	h := g.Hash()
	_, err := g.Parse(d)
	if err == nil || !strings.Contains(said(err), want) {
		t.Errorf("Parse(%q) error %v, want one containing %q", d, err, want)
	}
	if g.Hash() != h {
		t.Errorf("a refused %q changed the position", d)
	}
}

// The default layout: n BM, ne RO, e GW, se SU, s RO, sw GM, w SC, nw BW.

func TestMoveTea(t *testing.T) {
	t.Run("Black's third tea on n fires BM and Black moves a tea, then Green plays", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{N: "bbooooooo"}, waiter: [2]Dir{N, C}})
		play(t, g, "n.ne")
		if g.ToMove() != 0 || pendingString(g) != "BM@n/Black" || !g.Used(N) {
			t.Fatalf("to move %v, pending %q, used %v", g.ToMove(), pendingString(g), g.Used(N))
		}
		if got := waiterAt(g); got != "ne/n" {
			t.Errorf("waiter at %s", got)
		}
		refuses(t, g, "move n.nw ne.n", "the waiter stands on ne.n")
		refuses(t, g, "move n.nw n.s", "different table")
		refuses(t, g, "move n.s e.n", "n.s holds no Black tea")
		refuses(t, g, "rotate 3", "a Move Tea is pending: choose move <table>.<seat> <table>.<seat> or skip")
		refuses(t, g, "c.n", "a Move Tea is pending")
		// 3 teas × (81 empty − 3 on n − 1 under the waiter − the 6 empty seats of n) + skip
		if n := len(g.Legal()); n != 3*(81-3-1-6)+1 {
			t.Errorf("%d decisions", n)
		}
		play(t, g, "MOVE  n.nw   e.n")
		if g.At(N, NW) != Empty || g.At(E, N) != Black || g.ToMove() != 1 || len(g.Pending()) != 0 {
			t.Errorf("after the move: n.nw %v, e.n %v, to move %v", g.At(N, NW), g.At(E, N), g.ToMove())
		}
		if got := waiterAt(g); got != "ne/n" {
			t.Errorf("Move Tea moved the waiter to %s", got)
		}
		if g.Supply(0) != 37 || g.Supply(1) != 40 {
			t.Errorf("supplies %d %d", g.Supply(0), g.Supply(1))
		}
	})
	t.Run("Move Tea may take the tea under the waiter", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{N: "bbooooooo", NE: "obooooooo"}, waiter: [2]Dir{N, C}})
		play(t, g, "n.ne", "move ne.n e.c")
		if g.At(NE, N) != Empty || g.At(E, C) != Black || waiterAt(g) != "ne/n" {
			t.Error("the tea under the waiter did not move, or the waiter did")
		}
		if legalHas(g, "ne.n") {
			t.Error("the emptied seat under the waiter is still blocked, yet it is offered")
		}
	})
	t.Run("Move Tea only moves between unclaimed tables", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{N: "bbooooooo", C: "bbbbboooo", S: "ggggggooo"}, waiter: [2]Dir{N, C}})
		play(t, g, "n.ne")
		refuses(t, g, "move c.nw e.n", "table c is claimed")
		refuses(t, g, "move n.nw s.se", "table s is claimed")
		for _, m := range games.Names(g, g.Legal()) {
			if strings.Contains(m, " c.") || strings.Contains(m, " s.") || strings.HasSuffix(m, "s.se") {
				t.Errorf("%s touches a claimed table", m)
			}
		}
	})
	t.Run("Green's third tea on n fires BM for Black under trigger=any", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{N: "ggooooooo", C: "boooooooo"}, waiter: [2]Dir{N, C}, toMove: 1})
		play(t, g, "n.ne")
		if g.ToMove() != 0 || pendingString(g) != "BM@n/Black" {
			t.Errorf("to move %v, pending %q", g.ToMove(), pendingString(g))
		}
		play(t, g, "move c.nw e.n")
		if g.ToMove() != 0 {
			t.Error("after Black's special it should be Black's turn to place (Green placed)")
		}
	})
	t.Run("Green's third tea on n does not fire BM under trigger=owner", func(t *testing.T) {
		g := build(t, scene{trigger: "owner", tables: map[Dir]string{N: "ggooooooo", C: "boooooooo"}, waiter: [2]Dir{N, C}, toMove: 1})
		play(t, g, "n.ne")
		if g.ToMove() != 0 || len(g.Pending()) != 0 || g.Used(N) {
			t.Errorf("to move %v, pending %q, used %v", g.ToMove(), pendingString(g), g.Used(N))
		}
		play(t, g, "ne.e")
		if g.Used(N) {
			t.Error("BM fired without a Black tea reaching 3 on n")
		}
	})
	t.Run("a Move Tea without a tea to move fizzles without a decision", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{SW: "bbooooooo"}, waiter: [2]Dir{SW, C}})
		play(t, g, "sw.ne") // fires GM for Green, who has no tea anywhere
		if !g.Used(SW) || len(g.Pending()) != 0 || g.ToMove() != 1 || g.Ply() != 1 {
			t.Errorf("used %v, pending %q, to move %v", g.Used(SW), pendingString(g), g.ToMove())
		}
		if legalHas(g, "skip") {
			t.Error("skip is offered for a special that fizzled")
		}
	})
}

func TestMoveWaiter(t *testing.T) {
	t.Run("Green's fifth tea on e fires GW and Green sends the waiter to the same seat of another table", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{E: "ggggooooo", C: "obooooooo"}, waiter: [2]Dir{E, C}, toMove: 1})
		play(t, g, "e.e")
		if pendingString(g) != "GW@e/Green" || g.ToMove() != 1 || g.Claim(E) != 1 {
			t.Fatalf("pending %q, to move %v, claim %v", pendingString(g), g.ToMove(), g.Claim(E))
		}
		want := []string{"skip", "waiter c", "waiter n", "waiter ne", "waiter nw", "waiter s", "waiter se", "waiter sw", "waiter w"}
		if got := games.Names(g, g.Legal()); !slices.Equal(got, want) {
			t.Errorf("legal %v", got)
		}
		refuses(t, g, "waiter e", "the waiter is already at table e")
		play(t, g, "waiter c")
		if waiterAt(g) != "c/e" || g.ToMove() != 0 {
			t.Errorf("waiter %s, to move %v", waiterAt(g), g.ToMove())
		}
		refuses(t, g, "e.n", "you must serve at table c")
	})
	t.Run("Green's fifth tea on nw fires BW for Black under trigger=any", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{NW: "ggggooooo"}, waiter: [2]Dir{NW, C}, toMove: 1})
		play(t, g, "nw.e")
		if pendingString(g) != "BW@nw/Black" || g.ToMove() != 0 {
			t.Errorf("pending %q, to move %v", pendingString(g), g.ToMove())
		}
	})
	t.Run("the waiter may go to a complete table and the next player then places freely", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{E: "ggggooooo", S: "bgbgbgbgb"}, waiter: [2]Dir{E, C}, toMove: 1})
		play(t, g, "e.sw", "waiter s")
		if waiterAt(g) != "s/e" {
			t.Fatalf("waiter at %s", waiterAt(g))
		}
		if n := len(g.Legal()); n != 81-9-5 {
			t.Errorf("%d free placements, want %d", n, 81-9-5)
		}
		refuses(t, g, "s.n", "table s is full — you may place on any empty seat of another table")
		refuses(t, g, "n", "table s has no seat to serve")
		play(t, g, "n.n")
		if waiterAt(g) != "n/n" {
			t.Errorf("waiter at %s after a free placement on n.n", waiterAt(g))
		}
	})
}

func TestRotate(t *testing.T) {
	t.Run("Black's fourth tea on ne fires RO and the waiter turns with the table", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{NE: "bbobooooo"}, waiter: [2]Dir{NE, C}})
		play(t, g, "ne.ne")
		if pendingString(g) != "RO@ne/Black" || waiterAt(g) != "ne/ne" {
			t.Fatalf("pending %q, waiter %s", pendingString(g), waiterAt(g))
		}
		want := []string{"rotate 1", "rotate 2", "rotate 3", "rotate 4", "rotate 5", "rotate 6", "rotate 7", "skip"}
		if got := games.Names(g, g.Legal()); !slices.Equal(got, want) {
			t.Errorf("legal %v", got)
		}
		refuses(t, g, "rotate 8", "rotate takes 1–7 steps")
		refuses(t, g, "rotate 0", "rotate takes 1–7 steps")
		play(t, g, "rotate 2")
		// nw→ne, n→e, ne→se, w→n; the waiter's seat ne→se.
		for seat := Dir(0); seat < numDirs; seat++ {
			want := Empty
			if seat == N || seat == NE || seat == E || seat == SE {
				want = Black
			}
			if g.At(NE, seat) != want {
				t.Errorf("ne.%s holds %v, want %v", seat, g.At(NE, seat), want)
			}
		}
		if waiterAt(g) != "ne/se" || g.ToMove() != 1 {
			t.Errorf("waiter %s, to move %v", waiterAt(g), g.ToMove())
		}
	})
	t.Run("a waiter on seat c of the rotated table stays put", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{S: "gggogoooo"}, waiter: [2]Dir{S, C}, toMove: 1,
			pending: []Special{{Marker: RO, Table: S, Actor: 1}}, placed: 1, used: []Dir{S}})
		play(t, g, "rotate 4")
		// nw n ne go to se s sw; c stays.
		if waiterAt(g) != "s/c" || g.At(S, C) != Green || g.At(S, SE) != Green || g.At(S, S) != Green || g.At(S, SW) != Green || g.At(S, N) != Empty {
			t.Errorf("waiter %s, s.se %v", waiterAt(g), g.At(S, SE))
		}
	})
}

func TestSwaps(t *testing.T) {
	t.Run("Black's fourth tea on se fires SU and the centre swaps with the waiter on it", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{SE: "bbboooooo", N: "ooooboooo"}, waiter: [2]Dir{SE, E}})
		play(t, g, "se.c") // waiter to table c, seat se
		if pendingString(g) != "SU@se/Black" || waiterAt(g) != "c/se" {
			t.Fatalf("pending %q, waiter %s", pendingString(g), waiterAt(g))
		}
		if n := len(g.Legal()); n != 36+1 {
			t.Errorf("%d decisions, want every pair of the 9 unclaimed tables and skip", n)
		}
		if !legalHas(g, "swap c se") || legalHas(g, "swap se c") {
			t.Error("swaps are not written in D order")
		}
		m, err := g.Parse("swap se c")
		if err != nil || g.Format(m) != "swap c se" {
			t.Errorf("swap se c parses as %s, %v", g.Format(m), err)
		}
		refuses(t, g, "swap c c", "two different tables")
		play(t, g, "swap c se")
		if g.Count(0, C) != 4 || g.Count(0, SE) != 0 || g.At(C, SE) != Empty || g.At(C, C) != Black {
			t.Error("the contents did not swap keeping orientation")
		}
		if waiterAt(g) != "se/se" || g.ToMove() != 1 {
			t.Errorf("waiter %s (want it to travel with table c's tiles), to move %v", waiterAt(g), g.ToMove())
		}
		if m, _ := g.Marker(SE); m != SU || !g.Used(SE) {
			t.Error("the marker did not stay at se")
		}
	})
	t.Run("SU only swaps unclaimed tables", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{SE: "bbboooooo", W: "gggggoooo", N: "bbbbboooo"}, waiter: [2]Dir{SE, E}, used: []Dir{W, N}})
		play(t, g, "se.c")
		if n := len(g.Legal()); n != 21+1 {
			t.Errorf("%d decisions, want the 21 pairs of 7 unclaimed tables and skip", n)
		}
		refuses(t, g, "swap n c", "table n is claimed — Swap Unclaimed takes two unclaimed tables: nw, ne, c, e, sw, s, se")
	})
	t.Run("Black's fifth tea on w claims it, fires SC, and the claim travels with the contents", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{W: "bbbbooooo"}, waiter: [2]Dir{W, N}})
		play(t, g, "w.c")
		if pendingString(g) != "SC@w/Black" || g.Claim(W) != 0 {
			t.Fatalf("pending %q, claim %v", pendingString(g), g.Claim(W))
		}
		want := []string{"skip", "swap w c", "swap w e", "swap w n", "swap w ne", "swap w nw", "swap w s", "swap w se", "swap w sw"}
		if got := games.Names(g, g.Legal()); !slices.Equal(got, want) {
			t.Errorf("legal %v", got)
		}
		m, err := g.Parse("swap n w")
		if err != nil || g.Format(m) != "swap w n" {
			t.Errorf("swap n w parses as %s, %v", g.Format(m), err)
		}
		refuses(t, g, "swap n e", "neither n nor e is claimed")
		play(t, g, "swap w n")
		if g.Claim(N) != 0 || g.Claim(W) != games.NoSeat || g.Count(0, N) != 5 {
			t.Errorf("claims n %v, w %v", g.Claim(N), g.Claim(W))
		}
		if g.Used(N) || !g.Used(W) {
			t.Error("markers moved with the contents, or a swap fired a marker")
		}
		if waiterAt(g) != "c/w" || g.ToMove() != 1 {
			t.Errorf("waiter %s, to move %v", waiterAt(g), g.ToMove())
		}
	})
}

func TestSkipChainsAndOrder(t *testing.T) {
	t.Run("a skipped special leaves its marker used and play passes", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{NE: "bbobooooo"}, waiter: [2]Dir{NE, C}})
		play(t, g, "ne.ne", "skip")
		if !g.Used(NE) || g.ToMove() != 1 || len(g.Pending()) != 0 || g.At(NE, NE) != Black {
			t.Errorf("used %v, to move %v", g.Used(NE), g.ToMove())
		}
		refuses(t, g, "skip", "no special is pending")
	})
	t.Run("a Move Tea onto a marker's table chains into that marker", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{N: "bbooooooo", NE: "bobbooooo"}, waiter: [2]Dir{N, C}})
		play(t, g, "n.ne", "move n.nw ne.e")
		if pendingString(g) != "RO@ne/Black" || g.ToMove() != 0 {
			t.Fatalf("pending %q, to move %v", pendingString(g), g.ToMove())
		}
		play(t, g, "rotate 1")
		if g.ToMove() != 1 || len(g.Pending()) != 0 {
			t.Errorf("to move %v, pending %q", g.ToMove(), pendingString(g))
		}
	})
	t.Run("Green's Move Tea fired by Black chains into a Rotate that Green decides", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{SW: "bbooooooo", S: "gggoooooo", C: "goooooooo"}, waiter: [2]Dir{SW, C}})
		play(t, g, "sw.ne") // GM for Green; the waiter goes to ne/sw
		play(t, g, "move c.nw s.e")
		if pendingString(g) != "RO@s/Green" || g.ToMove() != 1 {
			t.Fatalf("pending %q, to move %v", pendingString(g), g.ToMove())
		}
		play(t, g, "skip")
		if g.ToMove() != 1 {
			t.Error("Black placed, so Green places next")
		}
	})
	t.Run("queued specials are decided first in, first out", func(t *testing.T) {
		// One tea fires at most one marker, so a real queue holds one special at a time; the
		// queue is still first in, first out.
		g := build(t, scene{tables: map[Dir]string{}, waiter: [2]Dir{C, C}, toMove: 1, placed: 0, used: []Dir{S, E},
			pending: []Special{{Marker: RO, Table: S, Actor: 1}, {Marker: GW, Table: E, Actor: 1}}})
		if pendingString(g) != "RO@s/Green GW@e/Green" {
			t.Fatalf("pending %q", pendingString(g))
		}
		refuses(t, g, "waiter n", "a Rotate is pending: choose rotate 1-7 or skip")
		play(t, g, "rotate 3", "waiter n")
		if g.ToMove() != 1 || waiterAt(g) != "n/c" {
			t.Errorf("to move %v, waiter %s", g.ToMove(), waiterAt(g))
		}
	})
	t.Run("Green wins during Black's turn with the Move Tea Black fired", func(t *testing.T) {
		g := build(t, scene{
			tables: map[Dir]string{C: "gggggoooo", E: "gggggoooo", W: "gggggoooo", N: "gggggoooo",
				SE: "ggggooooo", SW: "bbooooooo", NE: "ooooggooo"},
			waiter: [2]Dir{SW, C}, used: []Dir{E, W, N}})
		play(t, g, "sw.ne", "move ne.c se.e")
		if o := g.Outcome(); o != (games.Outcome{Winner: 1, Method: games.Claim}) {
			t.Fatalf("outcome %v", o)
		}
		if len(g.Legal()) != 0 || g.Perft(1) != 0 || g.Play(skip) == nil {
			t.Error("a won game still takes decisions")
		}
	})
	t.Run("Black wins at once with a fifth claimed table", func(t *testing.T) {
		g := build(t, scene{
			tables: map[Dir]string{C: "bbbbboooo", E: "bbbbboooo", W: "bbbbboooo", SE: "bbbbboooo", N: "bbbbooooo"},
			waiter: [2]Dir{N, C}, used: []Dir{E, W, SE, N}})
		play(t, g, "n.s")
		if o := g.Outcome(); o != (games.Outcome{Winner: 0, Method: games.Claim}) {
			t.Fatalf("outcome %v", o)
		}
	})
}

func TestFreePlacementAndExhaustion(t *testing.T) {
	t.Run("a complete directed table lets the player serve any empty seat elsewhere", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{C: "bgbgbgbgb", N: "gbgbooooo"}, waiter: [2]Dir{C, N}, used: []Dir{N}})
		if n := len(g.Legal()); n != 81-9-4 {
			t.Errorf("%d placements, want %d", n, 81-9-4)
		}
		refuses(t, g, "c.n", "table c is full — you may place on any empty seat of another table")
		refuses(t, g, "n.n", "seat n.n is taken — empty seats there: c, e, sw, s, se")
		play(t, g, "n.e") // the waiter goes to table e, seat n
		if waiterAt(g) != "e/n" {
			t.Errorf("waiter %s", waiterAt(g))
		}
	})
	t.Run("a directed table whose only empty seat is under the waiter is served freely", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{C: "bgbgbgbgo"}, waiter: [2]Dir{C, SE}})
		if n := len(g.Legal()); n != 72 || legalHas(g, "c.se") {
			t.Errorf("%d placements", n)
		}
		refuses(t, g, "c.se", "the only empty seat of table c is under the waiter")
	})
	t.Run("the player to move with no tea left draws the game", func(t *testing.T) {
		// Four full tables each way and c one tea short: Black serves the 80th tea.
		g := build(t, scene{tables: map[Dir]string{
			NW: "bbbbbgggg", N: "bbbbbgggg", NE: "bbbbbgggg", W: "bbbbbgggg",
			E: "gggggbbbb", SW: "gggggbbbb", S: "gggggbbbb", SE: "gggggbbbb",
			C: "bbbggggoo"}, waiter: [2]Dir{C, SE}, used: []Dir{NW, N, NE, W, E, SW, S, SE}})
		if g.Supply(0) != 1 || g.Supply(1) != 0 {
			t.Fatalf("supplies %d %d", g.Supply(0), g.Supply(1))
		}
		play(t, g, "c.s")
		if o := g.Outcome(); o != (games.Outcome{Winner: games.NoSeat, Method: games.Exhaustion}) {
			t.Errorf("outcome %v", o)
		}
	})
}
