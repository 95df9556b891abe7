package main

import (
	"flag"
	"fmt"
	"io"

	"tabuleiro/ai/puzzle"
)

// puzzles makes the shipped puzzle sets anew: `tabuleiro puzzles --dir ai/puzzle/sets` from the
// repository's root writes every set, which the tests then prove again one by one.
func puzzles(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "ai/puzzle/sets", "the folder the sets are written to")
	n := fs.Int("n", 320, "puzzles in each set")
	seed := fs.Uint64("seed", 1, "the self-play's seed: the same seed makes the same sets")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *n < 1 {
		fmt.Fprintf(stderr, "usage: tabuleiro puzzles [--dir DIR] [--n N] [--seed S]\n")
		return 2
	}
	if err := puzzle.Regenerate(*dir, *n, *seed, stdout); err != nil {
		fmt.Fprintf(stderr, "tabuleiro puzzles: %v\n", err)
		return 1
	}
	return 0
}
