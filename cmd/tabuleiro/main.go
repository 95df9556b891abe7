// Command tabuleiro is the Discord bot for Oolong, Ouri and Ordo, and the engines' command line.
//
//	tabuleiro                  the bot (Discord when configured, else the local console)
//	tabuleiro serve            the bot on Discord only (refuses to start unconfigured)
//	tabuleiro console          the local console
//	tabuleiro perft ouri 6     count the legal-move tree
//	tabuleiro engine           JSON-lines engine protocol on stdin/stdout
//	tabuleiro bench ouri --a hard --b medium --games 100 --movetime 100ms
//	tabuleiro backup games.db  a consistent copy of the store, from the running bot too
//	tabuleiro puzzles          make the shipped puzzle sets anew (--mine: from the stored games)
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"tabuleiro/bot/discord"
	"tabuleiro/games/catalog"
)

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(discord.GCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(discord.MemoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

var usage = `usage:
  tabuleiro                     run the bot (Discord when configured, else the local console)
  tabuleiro serve               run the bot on Discord (an error when Discord is not configured)
  tabuleiro healthcheck         ask the running bot's /healthz (HTTP_ADDR): exit 0 when it can play
  tabuleiro console [--lang pt-BR]   play in the local console (language: --lang, else LANG)
  tabuleiro perft <game> <depth> [--opt key=value]... [--moves "m1;m2;..."] [--divide]
  tabuleiro engine              JSON-lines engine protocol on stdin/stdout
  tabuleiro bench <game> --a <level> --b <level> --games N --movetime D [--opt key=value]...
  tabuleiro openings <game> [--plies 4] [--n 100] [--within 10] [--movetime 1s]   balanced openings for bench --openings
  tabuleiro backup [--db DB_PATH] <file>   a consistent copy of the games (of the running bot too)
  tabuleiro compact [--db DB_PATH] <file>  a compacted copy of a stopped bot's file
  tabuleiro puzzles [--dir ai/puzzle/sets] [--set NAME,…] [--n 320] [--seed 1]   make the puzzle sets anew
  tabuleiro puzzles --mine [--db DB_PATH] [--set NAME,…]   add the puzzles of the stored games
games: ` + strings.Join(catalog.Names, ", ")

// run is main without the process: it returns the exit code, so tests can call it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runDefault(ctx, stdin, stdout, stderr)
	}
	switch args[0] {
	case "perft":
		return perft(args[1:], stdout, stderr)
	case "engine":
		return engine(ctx, stdin, stdout, stderr)
	case "bench":
		return bench(ctx, args[1:], stdout, stderr)
	case "openings":
		return openingsCmd(ctx, args[1:], stdout, stderr)
	case "backup":
		return backup(args[1:], stdout, stderr)
	case "compact":
		return compact(args[1:], stdout, stderr)
	case "puzzles":
		return puzzles(args[1:], stdout, stderr)
	case "serve":
		if err := runBot(ctx, os.Getenv); err != nil {
			fmt.Fprintf(stderr, "tabuleiro: %v\n", err)
			return 1
		}
		return 0
	case "console":
		return runConsole(ctx, args[1:], stdin, stdout, stderr)
	case "healthcheck":
		if err := healthcheck(ctx, os.Getenv); err != nil {
			fmt.Fprintf(stderr, "healthcheck: %v\n", err)
			return 1
		}
		return 0
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "tabuleiro: unknown command %q\n%s\n", args[0], usage)
	return 2
}
