package main

import (
	"context"
	"fmt"
	"io"
)

// Placeholders wired in as the bot and AI issues land.
func console(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "console: not built yet")
	return 1
}

func runDefault(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
	return console(ctx, stdin, stdout, stderr)
}
