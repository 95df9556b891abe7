package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"tabuleiro/ai/puzzle"
)

// puzzles makes the shipped puzzle sets anew: `tabuleiro puzzles --dir ai/puzzle/sets` from the
// repository's root writes every set (`--set ordo` only that one), which the tests then prove
// again one by one.
func puzzles(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "ai/puzzle/sets", "the folder the sets are written to")
	n := fs.Int("n", 320, "puzzles in each set")
	seed := fs.Uint64("seed", 1, "the self-play's seed: the same seed makes the same sets")
	only := fs.String("set", "", "the sets to make, by name, comma-separated (default every set: "+strings.Join(puzzle.Sets(), ", ")+")")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *n < 1 {
		fmt.Fprintf(stderr, "usage: tabuleiro puzzles [--dir DIR] [--set NAME,…] [--n N] [--seed S]\n")
		return 2
	}
	var names []string
	if *only != "" {
		names = strings.Split(*only, ",")
	}
	if err := puzzle.Regenerate(*dir, names, *n, *seed, stdout); err != nil {
		fmt.Fprintf(stderr, "tabuleiro puzzles: %v\n", err)
		return 1
	}
	return 0
}
