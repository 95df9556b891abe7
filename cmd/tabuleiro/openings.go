package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

const openingsUsage = `usage: tabuleiro openings <game> [--opt key=value]... [--plies 4] [--n 100] [--within 10] [--movetime 1s | --depth N] [--seed 1]
Writes to stdout a file of balanced openings for bench --openings: random openings of --plies
decisions that hard, searching --movetime on each (or --depth plies: the same file on any
machine), gives the side to move 50 % ± --within.`

// openingsCmd writes balanced openings: a match from openings one seat wins whoever plays it
// measures the openings more than the players.
func openingsCmd(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("openings", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, openingsUsage); fs.PrintDefaults() }
	opts := optionFlags{}
	fs.Var(opts, "opt", "game option key=value (repeatable)")
	plies := fs.Int("plies", 4, "random decisions of each opening")
	n := fs.Int("n", 100, "openings to write")
	within := fs.Float64("within", 10, "how far from 50 % hard's verdict may be, in points of percent")
	moveTime := fs.Duration("movetime", time.Second, "hard's search on each opening")
	depth := fs.Int("depth", 0, "search each opening this many plies deep instead of for --movetime (the same file on any machine)")
	seed := fs.Uint64("seed", 1, "seed of the random openings")
	cache := fs.String("cache", "data", "where the AI keeps its endgame databases (empty: in memory only)")
	kind, args := gameArg(args)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if kind == "" || fs.NArg() > 0 || *plies < 0 || *n < 1 || *within < 0 || *within > 50 || *moveTime <= 0 || *depth < 0 {
		fs.Usage()
		return 2
	}
	sample, err := catalog.New(kind, games.Options(opts))
	if err != nil {
		fmt.Fprintf(stderr, "openings: %v\n", err)
		return 2
	}
	player := ai.New(ai.Config{CacheDir: *cache})
	player.Prepare(ctx, sample)
	budget, search := ai.Budget{Time: *moveTime}, moveTime.String()
	if *depth > 0 {
		budget, search = ai.Budget{Depth: *depth}, fmt.Sprintf("%d plies", *depth)
	}
	fmt.Fprintf(stdout, "# %s%s: %d openings of %d plies that hard (%s) gives the side to move %g%% ± %g.\n",
		kind, optionsNote(games.Options(opts)), *n, *plies, search, 50.0, *within)
	fmt.Fprintf(stdout, "# Made by: tabuleiro openings %s\n", strings.Join(append([]string{kind}, args...), " "))
	seen := map[string]bool{}
	kept, tried := 0, 0
	for i := 0; kept < *n && i < 50**n; i++ {
		st, err := opening(kind, games.Options(opts), *plies, openingSeed(*seed, i))
		if err != nil {
			fmt.Fprintf(stderr, "openings: %v\n", err)
			return 1
		}
		line := strings.Join(st.moves, ";")
		if seen[line] || st.game.Outcome().Over() {
			continue
		}
		seen[line] = true
		tried++
		v, err := player.Assess(ctx, st.game, budget, *seed)
		if err != nil {
			fmt.Fprintf(stderr, "openings: %s: %v\n", line, err)
			return 1
		}
		if math.Abs(v.Win-50) <= *within {
			kept++
			fmt.Fprintf(stdout, "%s # %.0f%%\n", line, v.Win)
		}
		fmt.Fprintf(stderr, "\r%d balanced of %d openings", kept, tried)
	}
	fmt.Fprintln(stderr)
	if kept < *n {
		fmt.Fprintf(stderr, "openings: only %d of %d openings tried were balanced (widen --within, or more --plies)\n", kept, tried)
	}
	return 0
}

// optionsNote is the game's options for a header, or nothing.
func optionsNote(o games.Options) string {
	if len(o) == 0 {
		return ""
	}
	return " (" + o.String() + ")"
}
