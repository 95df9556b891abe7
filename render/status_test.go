package render

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/ouri"
)

// endedBy is a game of kind that ended by method: ended outside play after a few random plies with
// seat 0 losing, or a seeded random game that happened to end that way (from seed from on: random
// Ordo games seldom capture every piece, and seed 893 is the first that does).
func endedBy(t *testing.T, kind string, opts games.Options, method games.Method, from uint64) games.Game {
	t.Helper()
	for seed := from; seed < from+3000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		g, err := catalog.NewDealt(kind, opts, rng)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; !g.Outcome().Over() && ply < 500; ply++ {
			if ply == 6 && (method == games.Agreement || method == games.Resignation || method == games.Time) {
				if err := g.End(method, 0); err != nil {
					t.Fatal(err)
				}
				break
			}
			legal := g.Legal()
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if g.Outcome().Method == method {
			return g
		}
	}
	t.Skipf("no seeded %s game ended by %s", kind, method)
	return nil
}

func TestEveryEndingSaysHowItEnded(t *testing.T) {
	stores := func(g games.Game) (w, l int) {
		st, o := g.(*ouri.Game).Stores(), g.Outcome()
		if o.Winner == games.NoSeat {
			return st[0], st[1]
		}
		return st[o.Winner], st[o.Winner.Other()]
	}
	winner := func(g games.Game) string { return seatName(g.Kind(), g.Outcome().Winner) }
	loser := func(g games.Game) string { return seatName(g.Kind(), g.Outcome().Winner.Other()) }
	ouriScore := func(why string) func(games.Game) string {
		return func(g games.Game) string {
			w, l := stores(g)
			if g.Outcome().Draw() {
				return fmt.Sprintf("Draw %d-%d (%s)", w, l, why)
			}
			return fmt.Sprintf("%s wins %d-%d (%s)", winner(g), w, l, why)
		}
	}
	for _, tc := range []struct {
		name   string
		kind   string
		opts   games.Options
		method games.Method
		want   func(games.Game) string
	}{
		{"an Oolong claim names the winner and the five tables", "oolong", nil, games.Claim,
			func(g games.Game) string { return winner(g) + " wins: five tables claimed" }},
		{"an Oolong game out of tea is a draw that says who had none", "oolong", nil, games.Exhaustion,
			func(g games.Game) string { return "Draw: " + seatName("oolong", g.ToMove()) + " has no tea left" }},
		{"an Oolong agreement is a draw", "oolong", nil, games.Agreement,
			func(games.Game) string { return "Draw by agreement" }},
		{"an Oolong resignation names who resigned", "oolong", nil, games.Resignation,
			func(games.Game) string { return "Green wins: Black resigned" }},
		{"an Oolong time-out names who ran out of time", "oolong", nil, games.Time,
			func(games.Game) string { return "Green wins: Black ran out of time" }},

		{"an Ouri store of 25 gives the real stores", "ouri", nil, games.Capture, ouriScore("store reached 25")},
		{"a misere store of 25 says whose store lost", "ouri", games.Options{"misere": "true"}, games.Capture,
			func(g games.Game) string {
				w, l := stores(g)
				return fmt.Sprintf("%s wins %d-%d (misere: %s's store reached 25)", winner(g), w, l, loser(g))
			}},
		{"an Ouri game without a legal move collects the seeds", "ouri", nil, games.NoMoves, ouriScore("no legal move, seeds collected")},
		{"an Ouri repetition collects the seeds", "ouri", nil, games.Repetition, ouriScore("position repeated 3 times, seeds collected")},
		{"an Ouri agreement collects the seeds and compares the stores", "ouri", nil, games.Agreement, ouriScore("ended by agreement, seeds collected")},
		{"an Ouri resignation gives no score that did not decide it", "ouri", nil, games.Resignation,
			func(games.Game) string { return "North wins: South resigned" }},
		{"an Ouri time-out gives no score that did not decide it", "ouri", nil, games.Time,
			func(games.Game) string { return "North wins: South ran out of time" }},

		{"an Ordo home row names the winner", "ordo", nil, games.HomeRow,
			func(g games.Game) string { return winner(g) + " wins: reached the home row" }},
		{"an Ordo capture of every piece names the loser", "ordo", nil, games.Capture,
			func(g games.Game) string { return winner(g) + " wins: captured every " + loser(g) + " piece" }},
		{"an Ordo player without a move loses", "ordo", nil, games.NoMoves,
			func(g games.Game) string { return winner(g) + " wins: " + loser(g) + " has no legal move" }},
		{"an Ordo repetition is a draw", "ordo", nil, games.Repetition,
			func(games.Game) string { return "Draw: the same position came up a third time" }},
		{"an Ordo agreement is a draw", "ordo", nil, games.Agreement,
			func(games.Game) string { return "Draw by agreement" }},
		{"an Ordo resignation names who resigned", "ordo", nil, games.Resignation,
			func(games.Game) string { return "Black wins: White resigned" }},
		{"an Ordo time-out names who ran out of time", "ordo", nil, games.Time,
			func(games.Game) string { return "Black wins: White ran out of time" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g games.Game
			if tc.kind == "ordo" && tc.method == games.Repetition {
				g, _ = catalog.New("ordo", nil)
				playAll(t, g, strings.Fields(strings.Repeat("b3-c3 b6-c6 c3-b3 c6-b6 ", 2)))
			} else {
				from := uint64(0)
				if tc.kind == "ordo" && tc.method == games.Capture {
					from = 893
				}
				g = endedBy(t, tc.kind, tc.opts, tc.method, from)
			}
			st := BlockOf(g, en).Status
			got, want := st.Line(en), tc.want(g)
			if got != want {
				t.Errorf("status %q, want %q", got, want)
			}
			if o := g.Outcome(); (st.Seat == games.NoSeat) != o.Draw() || (!o.Draw() && st.Seat != o.Winner) {
				t.Errorf("status seat %d for %v", st.Seat, o)
			}
			if tc.method == games.Resignation || tc.method == games.Time {
				if strings.ContainsAny(got, "0123456789") {
					t.Errorf("%q gives a score", got)
				}
			}
		})
	}
}

func TestAnEndingWithoutWordsStillSaysTheGameIsOver(t *testing.T) {
	for _, o := range []games.Outcome{{Winner: 0, Method: games.Claim}, {Winner: games.NoSeat, Method: games.Method(99)}} {
		if st := ordoResult(o); st.Seat != games.NoSeat || !strings.HasPrefix(st.Line(en), "Game over: ") {
			t.Errorf("%v: %+v", o, st)
		}
	}
}
