package puzzle

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// set is one shipped set of puzzles: its name (the file sets/<name>.txt), its game, and how it is
// made anew.
type set struct {
	name     string
	desc     *games.Descriptor
	plies    int        // the horizon of its wins (Puzzle.Plies)
	rules    ouri.Rules // the rule set of an Ouri set's games
	generate func(name string, n int, seed uint64) ([]Puzzle, error)
}

// shipped are the sets, in the order Sets lists them.
var shipped = []set{
	{name: "ouri", desc: ouri.Descriptor, rules: ouri.RulesOuri, generate: owareSet(ouri.RulesOuri)},
	{name: "abapa", desc: ouri.Descriptor, rules: ouri.RulesAbapa, generate: owareSet(ouri.RulesAbapa)},
	{name: "ordo", desc: ordo.Descriptor, plies: 5, generate: forcedSet(ordo.Descriptor, 5)},
	{name: "oolong", desc: oolong.Descriptor, plies: 5, generate: forcedSet(oolong.Descriptor, 5)},
}

func owareSet(rules ouri.Rules) func(string, int, uint64) ([]Puzzle, error) {
	return func(name string, n int, seed uint64) ([]Puzzle, error) {
		return oware().GenerateOware(name, rules, n, seed)
	}
}

func forcedSet(d *games.Descriptor, plies int) func(string, int, uint64) ([]Puzzle, error) {
	return func(name string, n int, seed uint64) ([]Puzzle, error) {
		return GenerateForced(name, d, plies, n, seed)
	}
}

// Sets lists the shipped sets' names.
func Sets() []string {
	names := make([]string, len(shipped))
	for i, s := range shipped {
		names[i] = s.name
	}
	return names
}

// SetsOf lists the names of the shipped sets of the game d describes.
func SetsOf(d *games.Descriptor) []string {
	var names []string
	for _, s := range shipped {
		if s.desc == d {
			names = append(names, s.name)
		}
	}
	return names
}

func setNamed(name string) (set, bool) {
	for _, s := range shipped {
		if s.name == name {
			return s, true
		}
	}
	return set{}, false
}

// choose is the named sets, every set when names is empty.
func choose(names []string) ([]set, error) {
	if len(names) == 0 {
		return shipped, nil
	}
	var chosen []set
	for _, name := range names {
		s, ok := setNamed(name)
		if !ok {
			return nil, fmt.Errorf("there is no puzzle set %q: the sets are %s", name, strings.Join(Sets(), ", "))
		}
		chosen = append(chosen, s)
	}
	return chosen, nil
}

// Regenerate makes the named sets anew (every set when names is empty), n puzzles each, and
// writes them into dir (the package's sets/ folder, to ship them), saying how far it got on
// progress. What a Miner added to those sets goes with the rest: mine again after.
func Regenerate(dir string, names []string, n int, seed uint64, progress io.Writer) error {
	chosen, err := choose(names)
	if err != nil {
		return err
	}
	for _, s := range chosen {
		start := time.Now()
		ps, err := s.generate(s.name, n, seed)
		if err != nil {
			return fmt.Errorf("puzzle set %s: %w", s.name, err)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "# %s: %d puzzles made by `tabuleiro puzzles` (seed %d): id, rating, options, decisions\n", s.name, len(ps), seed)
		for _, p := range ps {
			b.WriteString(p.Line() + "\n")
		}
		path := filepath.Join(dir, s.name+".txt")
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(progress, "%s: %d puzzles in %s\n", path, len(ps), time.Since(start).Round(time.Second))
	}
	return nil
}
