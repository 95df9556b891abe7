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
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/bot/console"
	"tabuleiro/bot/discord"
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

// runConsole plays in the terminal with the same command layer as Discord. Its games are kept in
// CONSOLE_DB_PATH (default data/console.db), apart from the bot's store, so both can run at once.
// It speaks --lang (en-US or pt-BR), else the environment's locale (LANG=pt_BR.UTF-8: Portuguese).
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
	env, err := discord.Env(os.Getenv, ".env")
	if err != nil {
		fmt.Fprintf(stderr, "console: %v\n", err)
		return 1
	}
	path := env("CONSOLE_DB_PATH")
	if path == "" {
		path = "data/console.db"
	}
	st, err := store.Open(path, store.Options{Decode: catalog.Decode})
	if err != nil {
		fmt.Fprintf(stderr, "console: %v\n", err)
		return 1
	}
	defer st.Close()
	cfg := bot.Config{Log: slog.New(slog.DiscardHandler), AI: ai.New(ai.Config{CacheDir: filepath.Dir(path)})}
	if v := env("AI_MOVE_TIME"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			fmt.Fprintf(stderr, "console: AI_MOVE_TIME: %q is not a duration like 1s\n", v)
			return 2
		}
		cfg.AIMoveTime = d
	}
	if err := console.Run(ctx, st, cfg, console.Language(*lang, os.Getenv), stdin, stdout); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "console: %v\n", err)
		return 1
	}
	return 0
}
