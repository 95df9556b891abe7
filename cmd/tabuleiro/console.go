package main

import (
	"context"
	"errors"
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
	"tabuleiro/store"
)

// runDefault runs the bot when Discord is configured, else the local console.
func runDefault(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
	err := runBot(ctx, os.Getenv)
	if errors.Is(err, errNotConfigured) {
		return runConsole(ctx, stdin, stdout, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tabuleiro: %v\n", err)
		return 1
	}
	return 0
}

// runConsole plays in the terminal with the same command layer as Discord. Its games are kept in
// CONSOLE_DB_PATH (default data/console.db), apart from the bot's store, so both can run at once.
func runConsole(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
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
	if err := console.Run(ctx, st, cfg, stdin, stdout); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "console: %v\n", err)
		return 1
	}
	return 0
}
