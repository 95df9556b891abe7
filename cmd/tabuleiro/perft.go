package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// optionFlags collects repeated --opt key=value flags.
type optionFlags games.Options

func (o optionFlags) String() string { return games.Options(o).String() }

func (o optionFlags) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	k = strings.ToLower(strings.TrimSpace(k))
	if !ok || k == "" {
		return fmt.Errorf("%q is not key=value", s)
	}
	o[k] = strings.TrimSpace(v)
	return nil
}

// newGameAt starts a game and plays the given moves, naming the first illegal one and its ply.
func newGameAt(kind string, opts games.Options, moves []string) (games.Game, error) {
	g, err := catalog.New(kind, opts)
	if err != nil {
		return nil, err
	}
	if _, err := playMoves(g, moves); err != nil {
		return nil, err
	}
	return g, nil
}

// playMoves plays moves in g and returns them in canonical notation, naming the first illegal
// one and its ply.
func playMoves(g games.Game, moves []string) ([]string, error) {
	names := make([]string, 0, len(moves))
	for _, s := range moves {
		m, err := g.Parse(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("move %q at ply %d is illegal: %w", s, g.Ply()+1, err)
		}
		names = append(names, g.Format(m))
	}
	return names, nil
}

// gameArg splits a leading game name off a command's arguments ("" when a flag comes first).
func gameArg(args []string) (kind string, rest []string) {
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		return args[0], args[1:]
	}
	return "", args
}

// splitMoves reads "m1;m2;..." (Ordo and Oolong moves contain spaces, so ';' separates).
func splitMoves(s string) []string {
	var out []string
	for _, m := range strings.Split(s, ";") {
		if m = strings.TrimSpace(m); m != "" {
			out = append(out, m)
		}
	}
	return out
}

func perft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts := optionFlags{}
	fs.Var(opts, "opt", "game option key=value (repeatable)")
	moves := fs.String("moves", "", `moves to play first, separated by ";"`)
	divide := fs.Bool("divide", false, "print the count below each legal move first")
	// Flags may follow the positional arguments, as in the protocol's synopsis.
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 2 {
		fmt.Fprintln(stderr, "usage: tabuleiro perft <game> <depth> [--opt key=value]... [--moves \"m1;m2;...\"] [--divide]")
		return 2
	}
	depth, err := strconv.Atoi(pos[1])
	if err != nil || depth < 0 {
		fmt.Fprintf(stderr, "perft: depth %q is not a whole number ≥ 0\n", pos[1])
		return 2
	}
	g, err := newGameAt(pos[0], games.Options(opts), splitMoves(*moves))
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 1
	}
	if *divide && depth > 0 {
		var total uint64
		for _, line := range games.Divide(g, depth) {
			fmt.Fprintf(stdout, "%s: %d\n", line.Move, line.Nodes)
			total += line.Nodes
		}
		fmt.Fprintln(stdout, total)
		return 0
	}
	fmt.Fprintln(stdout, g.Perft(depth))
	return 0
}
