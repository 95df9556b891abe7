package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/bot/console"
	"tabuleiro/config"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// runDefault runs the bot when Discord is configured, else the local console.
func runDefault(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
	err := runBot(ctx, os.Getenv)
	if errors.Is(err, errNotConfigured) {
		return runConsole(ctx, nil, stdin, stdout, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tabuleiro: %v\n", err)
		return 1
	}
	return 0
}

// defaultConsoleDB is CONSOLE_DB_PATH's default.
const defaultConsoleDB = "data/console.db"

// runConsole plays in the terminal with the same command layer as Discord. Its games are kept in
// CONSOLE_DB_PATH (default data/console.db), apart from the bot's store, so both can run at once.
// It speaks --lang (en-US or pt-BR), else the environment's locale (LANG=pt_BR.UTF-8: Portuguese). Its
// games have a web board on WEB_ADDR (default 127.0.0.1:8080; off for none).
func runConsole(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lang := fs.String("lang", "", "the language to speak: en-US or pt-BR (default: from LC_ALL, LC_MESSAGES or LANG)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *lang != "" && *lang != say.English && *lang != say.Portuguese {
		fmt.Fprintf(stderr, "console: --lang %q: the console speaks en-US or pt-BR\n", *lang)
		return 2
	}
	env, err := config.Environment(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "console: %v\n", err)
		return 1
	}
	path := env("CONSOLE_DB_PATH")
	if path == "" {
		path = defaultConsoleDB
	}
	var bad error
	badf := func(format string, a ...any) { bad = errors.Join(bad, fmt.Errorf(format, a...)) }
	seeds := config.EndgameSeeds(strings.TrimSpace(env("OURI_ENDGAME_SEEDS")), "", badf)
	cfg := bot.Config{Log: slog.New(slog.DiscardHandler), AI: ai.New(ai.Config{CacheDir: filepath.Dir(path), EndgameSeeds: seeds})}
	cfg.AIMoveTime = config.Duration(strings.TrimSpace(env("AI_MOVE_TIME")), "AI_MOVE_TIME", config.DefaultAIMoveTime, "", badf)
	// A short pace day plays a day-paced game across a few `wait`s.
	cfg.PaceDay = config.Duration(strings.TrimSpace(env("PACE_DAY")), "PACE_DAY", config.DefaultPaceDay, "", badf)
	webAddr := config.WebAddr(strings.TrimSpace(env("WEB_ADDR")), badf)
	if bad != nil {
		fmt.Fprintf(stderr, "console: %v\n", bad)
		return 2
	}
	st, err := store.Open(path, store.Options{Decode: catalog.Decode})
	if errors.Is(err, store.ErrInUse) {
		fmt.Fprintf(stderr, "console: %s is in use: another console is open on it. Close that one, or give this one "+
			"a file of its own: CONSOLE_DB_PATH=data/console2.db tabuleiro console\n", path)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "console: %v\n", err)
		return 1
	}
	defer st.Close()
	opt := console.Options{Lang: console.Language(*lang, env), WebAddr: webAddr}
	if err := console.Serve(ctx, st, cfg, opt, stdin, stdout); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "console: %v\n", err)
		return 1
	}
	return 0
}
