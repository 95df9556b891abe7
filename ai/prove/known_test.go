package prove

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

var update = flag.Bool("update", false, "rewrite testdata/known.txt from random games (minimax checks each case)")

// knownCase is a position from a real game with its answer within a horizon: the fewest plies of a
// forced win (0: none within the horizon) and every winning first move.
type knownCase struct {
	kind     string
	opts     games.Options
	moves    []string
	horizon  int
	shortest int
	wins     []string
}

const knownFile = "testdata/known.txt"

func (c knownCase) game(t testing.TB) games.Game {
	g, err := catalog.New(c.kind, c.opts)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range c.moves {
		m, err := g.Parse(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatalf("%s move %d %q: %v", c.kind, i+1, s, err)
		}
	}
	return g
}

func (c knownCase) String() string {
	return strings.Join([]string{c.kind, c.opts.String(), strings.Join(c.moves, ";"), strconv.Itoa(c.horizon),
		strconv.Itoa(c.shortest), strings.Join(c.wins, ";")}, "|")
}

func readKnown(t testing.TB) []knownCase {
	f, err := os.Open(knownFile)
	if err != nil {
		t.Fatalf("%v (go test -run TestKnownPositions -update writes it)", err)
	}
	defer f.Close()
	var cs []knownCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 6 {
			t.Fatalf("%s: %q has %d fields, want 6", knownFile, line, len(f))
		}
		opts, err := games.ParseOptions(f[1])
		if err != nil {
			t.Fatal(err)
		}
		h, err1 := strconv.Atoi(f[3])
		s, err2 := strconv.Atoi(f[4])
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %q: horizon and shortest must be numbers", knownFile, line)
		}
		cs = append(cs, knownCase{kind: f[0], opts: opts, moves: split(f[2]), horizon: h, shortest: s, wins: split(f[5])})
	}
	return cs
}

// TestKnownPositions: positions with forced wins in exactly 1, 3 and 5 plies and positions without
// one, each answered by the prover as recorded and as minimax answers.
func TestKnownPositions(t *testing.T) {
	if *update {
		writeKnown(t)
	}
	cases := readKnown(t)
	seen := map[string]bool{}
	for _, c := range cases {
		seen[fmt.Sprintf("%s %d", c.kind, c.shortest)] = true
		name := fmt.Sprintf("%s after %d moves has a forced win in %d plies", c.kind, len(c.moves), c.shortest)
		if c.shortest == 0 {
			name = fmt.Sprintf("%s after %d moves has no forced win within %d plies", c.kind, len(c.moves), c.horizon)
		}
		t.Run(name, func(t *testing.T) {
			g := c.game(t)
			p, err := Game(context.Background(), g, c.horizon)
			if err != nil {
				t.Fatal(err)
			}
			if p.Win != (c.shortest > 0) || p.Plies != c.shortest || !slices.Equal(names(g, p.Moves), c.wins) {
				t.Errorf("prover: win %v in %d by %v, recorded %d by %v", p.Win, p.Plies, names(g, p.Moves), c.shortest, c.wins)
			}
			if testing.Short() {
				return
			}
			if mm := minimax(g, g.ToMove(), c.horizon); mm != p.Win {
				t.Errorf("minimax says win=%v within %d", mm, c.horizon)
			}
			if c.shortest > 1 && minimax(g, g.ToMove(), c.shortest-1) {
				t.Errorf("minimax finds a win within %d plies", c.shortest-1)
			}
		})
	}
	for _, kind := range []string{"ordo", "oolong"} {
		for _, d := range []int{0, 1, 3, 5} {
			if !seen[fmt.Sprintf("%s %d", kind, d)] {
				t.Errorf("%s has no recorded position with shortest win %d", kind, d)
			}
		}
	}
}

// writeKnown looks through random games for two positions of each kind: shortest forced win in 1, 3
// and 5 plies, and none within 5, each confirmed by minimax before it is written.
func writeKnown(t *testing.T) {
	const horizon = 5
	var out []string
	for _, kind := range []string{"ordo", "oolong"} {
		found := map[int]int{}
		for seed := uint64(100); seed < 3000 && len(found) < 4 || found[0] < 2 || found[1] < 2 || found[3] < 2 || found[5] < 2; seed++ {
			if seed >= 3000 {
				break
			}
			g := nearEnd(kind, seed, 1+int(seed)%9)
			if g.Outcome().Over() {
				continue
			}
			p, err := Game(context.Background(), g, horizon)
			if err != nil {
				t.Fatal(err)
			}
			if p.Plies != 0 && p.Plies != 1 && p.Plies != 3 && p.Plies != 5 || found[p.Plies] >= 2 {
				continue
			}
			if minimax(g, g.ToMove(), horizon) != p.Win || p.Plies > 1 && minimax(g, g.ToMove(), p.Plies-1) {
				t.Fatalf("%s seed %d: the prover and minimax disagree", kind, seed)
			}
			found[p.Plies]++
			c := knownCase{kind: kind, opts: g.Options(), horizon: horizon, shortest: p.Plies, wins: names(g, p.Moves)}
			for _, m := range g.Log() {
				c.moves = append(c.moves, g.Format(m))
			}
			out = append(out, c.String())
		}
	}
	head := "# kind|options|moves (;)|horizon|shortest forced win (0: none)|every winning first move (;)\n" +
		"# written by go test -run TestKnownPositions -update, each case checked against minimax\n"
	if err := os.WriteFile(knownFile, []byte(head+strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ";")
}
