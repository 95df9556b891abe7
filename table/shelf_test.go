package table

import (
	"testing"

	"tabuleiro/ai/puzzle"
	"tabuleiro/store"
)

// A blunder becomes the person's puzzle only when the truth proves its position one, by the rule
// the shipped puzzles follow.
func TestABlunderIsAPuzzleOnlyWhenTheTruthProvesIt(t *testing.T) {
	first := func(set string) puzzle.Puzzle {
		ps, err := puzzle.Load(set)
		if err != nil || len(ps) == 0 {
			t.Fatalf("set %s: %d puzzles, %v", set, len(ps), err)
		}
		return ps[0]
	}
	type blunderCase struct {
		name string
		b    store.Blunder
		want bool
	}
	var cases []blunderCase
	for _, set := range []string{"ouri", "abapa", "ordo", "oolong"} {
		p := first(set)
		cases = append(cases, blunderCase{"the position of shipped puzzle " + p.ID + " is one", store.Blunder{Seq: 1, Kind: p.Kind, Options: p.Options, Log: p.Log}, true})
	}
	cases = append(cases, []blunderCase{
		{"an Ouri opening, beyond the endgame database, is none", store.Blunder{Seq: 2, Kind: "ouri", Log: []string{"f", "f", "c", "a", "d", "e"}}, false},
		{"the start of Ordo, with no forced win near, is none", store.Blunder{Seq: 3, Kind: "ordo"}, false},
		{"a log that cannot be replayed is none", store.Blunder{Seq: 4, Kind: "ouri", Log: []string{"z"}}, false},
	}...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ProvesPuzzle(c.b)
			if err != nil || got != c.want {
				t.Errorf("proves %v, %v; want %v", got, err, c.want)
			}
		})
	}
}
