package main

import (
	"errors"
	"fmt"
	"strconv"

	"tabuleiro/bot/discord"
	"tabuleiro/config"
)

// Config is the program's configuration: Discord's settings and the rest, read from one
// environment (config.Environment).
type Config struct {
	discord.Config
	config.Program
}

// loadConfig reads and checks every variable from env; all problems are reported together, each
// naming its variable and saying what is expected. It returns discord.ErrNotConfigured (alone)
// when nothing Discord is set.
func loadConfig(env func(string) string) (Config, error) {
	d, derr := discord.LoadConfig(env)
	if errors.Is(derr, discord.ErrNotConfigured) {
		return Config{}, derr
	}
	p, perr := config.Load(env, d.Token)
	if err := errors.Join(derr, perr); err != nil {
		return Config{}, fmt.Errorf("configuration: %w", err)
	}
	if !p.Shared() {
		p.DBPath = shardPath(p.DBPath, d.Shard)
	}
	return Config{Config: d, Program: p}, nil
}

// shardPath gives every shard its own bbolt file, since bbolt allows one writing process per
// file: with more than one shard, "data/tabuleiro.db" becomes "data/tabuleiro.db.shard<ID>".
func shardPath(path string, s discord.Shard) string {
	if s.Count <= 1 {
		return path
	}
	return path + ".shard" + strconv.Itoa(s.ID)
}
