package oolong

import (
	"slices"
	"testing"

	"tabuleiro/games"
)

// Rules audit: each test sets up one situation from rules/oolong.md and checks what the text says.
// The default layout: n BM, ne RO, e GW, se SU, s RO, sw GM, w SC, nw BW.

func TestAuditTriggerCountsTheTeasColourOnly(t *testing.T) {
	// ne (RO, threshold 4) holds 3 Green and 1 Black: the table holds 5 teas once Black serves.
	ne := "ggogobooo"
	t.Run("Black's second tea does not fire RO though the table holds 5 teas", func(t *testing.T) {
		g := build(t, scene{tables: map[Dir]string{NE: ne}, waiter: [2]Dir{NE, C}})
		play(t, g, "ne.ne")
		if g.Used(NE) || pendingString(g) != "" || g.ToMove() != 1 {
			t.Errorf("used %v, pending %q, to move %v", g.Used(NE), pendingString(g), g.ToMove())
		}
	})
	for _, trig := range []string{"any", "owner"} {
		t.Run("Green's fourth tea fires RO for Green under trigger="+trig, func(t *testing.T) {
			g := build(t, scene{trigger: trig, tables: map[Dir]string{NE: ne}, waiter: [2]Dir{NE, C}, toMove: 1})
			play(t, g, "ne.ne")
			if pendingString(g) != "RO@ne/Green" || g.ToMove() != 1 {
				t.Errorf("pending %q, to move %v", pendingString(g), g.ToMove())
			}
		})
	}
}

func TestAuditUnclaimedIsJudgedWhenTheSpecialStarts(t *testing.T) {
	// Black's third tea on n fires BM; Black moves a tea onto se (SU, threshold 4), which then holds
	// 5 Black teas: se is claimed, SU fires, and when SU starts se is no longer unclaimed.
	g := build(t, scene{tables: map[Dir]string{N: "bbooooooo", SE: "bbbbooooo"}, waiter: [2]Dir{N, C}})
	play(t, g, "n.ne") // the waiter goes to table ne, seat n
	if pendingString(g) != "BM@n/Black" || waiterAt(g) != "ne/n" {
		t.Fatalf("pending %q, waiter %s", pendingString(g), waiterAt(g))
	}
	// Independent count: open seats (empty, not the blocked ne.n) are n 6, se 5, the other seven
	// tables 9 each but ne 8: 73. Each of n's 3 Black teas may go to 73−6 seats, each of se's 4 to
	// 73−5: 3·67 + 4·68 = 473, plus skip.
	if n := len(g.Legal()); n != 474 {
		t.Errorf("%d Move Tea decisions, want 474", n)
	}
	if legalHas(g, "move n.nw ne.n") || !legalHas(g, "move n.nw ne.e") || legalHas(g, "move n.nw n.s") {
		t.Error("Move Tea must go to a non-blocked empty seat of a different table; the directed table is allowed")
	}
	play(t, g, "move n.nw se.c")
	if g.Claim(SE) != 0 || pendingString(g) != "SU@se/Black" || g.ToMove() != 0 {
		t.Fatalf("claim %v, pending %q, to move %v", g.Claim(SE), pendingString(g), g.ToMove())
	}
	if n := len(g.Legal()); n != 8*7/2+1 {
		t.Errorf("%d decisions, want the 28 pairs of the 8 tables still unclaimed, and skip", n)
	}
	if legalHas(g, "swap n se") || legalHas(g, "swap c se") {
		t.Error("SU offers the table its own Move Tea just claimed")
	}
}

func TestAuditTheWinCheckComesBeforeTheQueue(t *testing.T) {
	// Black holds c, n, e, se; the fifth Black tea on w (SC, threshold 5) both fires SC and claims
	// a fifth table: Black wins at once and nobody decides the swap.
	g := build(t, scene{tables: map[Dir]string{C: "bbbbboooo", N: "bbbbboooo", E: "bbbbboooo", SE: "bbbbboooo",
		W: "bbbbooooo"}, waiter: [2]Dir{W, N}, used: []Dir{N, E, SE}})
	play(t, g, "w.c")
	if o := g.Outcome(); o != (games.Outcome{Winner: 0, Method: games.Claim}) {
		t.Fatalf("outcome %v", o)
	}
	if len(g.Legal()) != 0 || g.Perft(1) != 0 {
		t.Error("the swap is still offered after the win")
	}
}

func TestAuditTheQueueIsResolvedBeforeTheDrawForNoTea(t *testing.T) {
	// 79 teas: Black has 1 left, Green none. Black's last tea is a fifth on nw (BW, threshold 5): it
	// claims nw (Black's fourth, no win) and fires BW. Black moves the waiter, then Green, to move
	// with no tea, draws.
	full := map[Dir]string{
		N: "bbbbbgggg", NE: "bbbbbgggg", E: "bbbbbgggg", // Black's three claims
		SE: "ggggbbbbg", S: "ggggbbbbg", SW: "ggggbbbbg", W: "ggggbbbbg", // Green's four
		NW: "bbbbggggo", C: "bbbbggggo",
	}
	g := build(t, scene{tables: full, waiter: [2]Dir{NW, C}, used: []Dir{N, NE, E, SE, S, SW, W}})
	if g.Supply(0) != 1 || g.Supply(1) != 0 || g.Claimed(0) != 3 || g.Claimed(1) != 4 {
		t.Fatalf("supplies %d %d, claims %d %d", g.Supply(0), g.Supply(1), g.Claimed(0), g.Claimed(1))
	}
	play(t, g, "nw.se")
	if g.Outcome().Over() || pendingString(g) != "BW@nw/Black" || g.ToMove() != 0 {
		t.Fatalf("outcome %v, pending %q, to move %v", g.Outcome(), pendingString(g), g.ToMove())
	}
	want := []string{"skip", "waiter c", "waiter e", "waiter n", "waiter ne", "waiter nw", "waiter s", "waiter sw", "waiter w"}
	if got := games.Names(g, g.Legal()); !slices.Equal(got, want) {
		t.Errorf("legal %v", got) // the waiter stands on table se after serving nw.se
	}
	play(t, g, "waiter c")
	if o := g.Outcome(); o != (games.Outcome{Winner: games.NoSeat, Method: games.Exhaustion}) {
		t.Errorf("outcome %v", o)
	}
}
