package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"tabuleiro/ai/puzzle"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

const puzzlesUsage = `usage: tabuleiro puzzles [--dir DIR] [--set NAME,…] [--n N] [--seed S]
       tabuleiro puzzles --mine [--db DB_PATH] [--dir DIR] [--set NAME,…]
The first makes the puzzle sets anew by self-play; the second adds to them the puzzles it proves
in the finished games of a stopped bot's database (or of a copy: tabuleiro backup).`

// puzzles makes the shipped puzzle sets anew: `tabuleiro puzzles --dir ai/puzzle/sets` from the
// repository's root writes every set (`--set ordo` only that one), which the tests then prove
// again one by one. With --mine it grows them instead from the games a store holds.
func puzzles(args []string, stdout, stderr io.Writer) int {
	cfg, err := storeConfig()
	if err != nil {
		fmt.Fprintf(stderr, "tabuleiro puzzles: %v\n", err)
		return 1
	}
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, puzzlesUsage); fs.PrintDefaults() }
	dir := fs.String("dir", "ai/puzzle/sets", "the folder the sets are written to")
	n := fs.Int("n", 320, "puzzles in each set")
	seed := fs.Uint64("seed", 1, "the self-play's seed: the same seed makes the same sets")
	only := fs.String("set", "", "the sets to make, by name, comma-separated (default every set: "+strings.Join(puzzle.Sets(), ", ")+")")
	mine := fs.Bool("mine", false, "add the puzzles proven in the finished games of the database to the sets in --dir")
	db := fs.String("db", cfg.DBPath, "the database --mine reads (the bot's: DB_PATH)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *n < 1 {
		fs.Usage()
		return 2
	}
	var names []string
	if *only != "" {
		names = strings.Split(*only, ",")
	}
	if *mine {
		err = minePuzzles(*db, *dir, names, stdout)
	} else {
		err = puzzle.Regenerate(*dir, names, *n, *seed, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tabuleiro puzzles: %v\n", err)
		return 1
	}
	return 0
}

// minePuzzles grows the sets in dir with the puzzles proven in the finished games of the bbolt
// file at db.
func minePuzzles(db, dir string, names []string, stdout io.Writer) error {
	if _, err := os.Stat(db); err != nil {
		return fmt.Errorf("no database to mine: %w (name the bot's file with --db)", err)
	}
	m, err := puzzle.NewMiner(dir, names)
	if err != nil {
		return err
	}
	st, err := store.Open(db, store.Options{Decode: catalog.Decode, OnCorrupt: func(err error) {
		fmt.Fprintf(stdout, "skipped: %v\n", err)
	}})
	if errors.Is(err, store.ErrInUse) {
		return fmt.Errorf("a running bot holds %s: mine a copy of it (tabuleiro backup copy.db, then --db copy.db)", db)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	var mined error
	err = st.EveryFinished(func(_ store.Game, g games.Game) bool {
		_, mined = m.Game(g)
		return mined == nil
	})
	if err = errors.Join(err, mined); err != nil {
		return err
	}
	return m.Write(stdout)
}
