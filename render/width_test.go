package render

import (
	"fmt"
	"sort"
	"strings"
	"tabuleiro/say"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// checkPhoneBlock is the rule of a board message, that it fit on a phone (whose chat clients wrap
// code blocks at about 28 columns): every line inside the code block is printable ASCII and at most MaxWidth columns wide;
// nothing outside it can open or close a code block; the whole text leaves room in a 2000-character
// message for the players' line, the fences and the rating lines.
func checkPhoneBlock(kind string, b Block, w games.Words) error {
	for _, l := range b.Lines {
		if len(l) > MaxWidth {
			return fmt.Errorf("line %q is %d columns, over %d", l, len(l), MaxWidth)
		}
		for _, r := range l {
			if r < ' ' || r > '~' {
				return fmt.Errorf("line %q holds %q: only printable ASCII goes in the block", l, r)
			}
		}
		if strings.Contains(l, "`") {
			return fmt.Errorf("line %q holds a backtick", l)
		}
	}
	if len(b.Lines) > 0 && strings.TrimSpace(b.Lines[len(b.Lines)-1]) == "" {
		return fmt.Errorf("the block ends with a blank line")
	}
	outside := append(append(append([]string(nil), b.Notes...), b.Legend...), b.Status.Line(w))
	for _, n := range outside {
		if strings.Contains(n, "```") || strings.Contains(n, "\n") {
			return fmt.Errorf("%q outside the block holds a code fence or a newline", n)
		}
	}
	if strings.TrimSpace(strings.Join(outside, "")) == "" {
		return fmt.Errorf("no text follows the block")
	}
	size := len(strings.Join(b.Lines, "\n")) + len(strings.Join(outside, "\n"))
	if size > 1500 {
		return fmt.Errorf("the board and its notes take %d bytes: too little room left in a message", size)
	}
	return nil
}

func TestEveryBoardFitsAPhone(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 4
	}
	positions, widest := 0, map[string]int{}
	ended := map[string]map[games.Method]int{}
	randomPositions(t, n, func(g games.Game) {
		positions++
		b := BlockOf(g, en)
		for _, lang := range say.Languages {
			w := say.For(lang)
			if err := checkPhoneBlock(g.Kind(), BlockOf(g, w), w); err != nil {
				t.Fatalf("%s %s %s at ply %d (%v): %v\n%s", lang, g.Kind(), g.Options(), g.Ply(), g.Outcome(), err, Board(g, w))
			}
		}
		for _, l := range b.Lines {
			widest[g.Kind()] = max(widest[g.Kind()], len(l))
		}
		if o := g.Outcome(); o.Over() {
			if ended[g.Kind()] == nil {
				ended[g.Kind()] = map[games.Method]int{}
			}
			ended[g.Kind()][o.Method]++
		}
	})
	for _, g := range endings(t) {
		for _, lang := range say.Languages {
			w := say.For(lang)
			if err := checkPhoneBlock(g.Kind(), BlockOf(g, w), w); err != nil {
				t.Errorf("%s %s ended by %v: %v", lang, g.Kind(), g.Outcome(), err)
			}
		}
		ended[g.Kind()][g.Outcome().Method]++
	}
	if positions < 5000 && !testing.Short() {
		t.Errorf("only %d positions checked", positions)
	}
	kinds := make([]string, 0, len(ended))
	for k := range ended {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("%s: widest line %d columns; endings %v", k, widest[k], ended[k])
		for _, m := range methodsOf[k] {
			if ended[k][m] == 0 && !testing.Short() {
				t.Errorf("no %s game ended by %s", k, m)
			}
		}
	}
	t.Logf("%d positions checked", positions)
}

// methodsOf are the ways each game can end.
var methodsOf = map[string][]games.Method{
	"oolong": {games.Claim, games.Exhaustion, games.Agreement, games.Resignation, games.Time},
	"ouri":   {games.Capture, games.NoMoves, games.Repetition, games.Agreement, games.Resignation, games.Time},
	"ordo":   {games.HomeRow, games.Capture, games.NoMoves, games.Repetition, games.Agreement, games.Resignation, games.Time},
}

// endings are finished games that random play seldom reaches, one of each such way to end.
func endings(t *testing.T) []games.Game {
	t.Helper()
	var out []games.Game
	g, _ := catalog.New("ordo", nil)
	playAll(t, g, strings.Fields(strings.Repeat("b3-c3 b6-c6 c3-b3 c6-b6 ", 2)))
	out = append(out, g)
	return out
}

func playAll(t *testing.T, g games.Game, moves []string) {
	t.Helper()
	for _, s := range moves {
		m, err := g.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}
