package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"tabuleiro/bot/discord"
	"tabuleiro/config"
	"tabuleiro/store"
)

const backupUsage = `usage: tabuleiro backup [--db DB_PATH] <file>
Writes a consistent copy of the database to <file>. A running bot is asked for it over the socket
beside its file (DB_PATH.backup.sock); otherwise the file is read directly.
To restore: stop the bot, copy the backup over DB_PATH, start the bot.`

const compactUsage = `usage: tabuleiro compact [--db DB_PATH] <file>
Writes a compacted copy of the database to <file>, which must not exist (the bot must be stopped:
the file is read directly). Then move <file> over DB_PATH and start the bot.`

// storeConfig is the configuration as the offline subcommands read it, the bot's way
// (config.Environment, .env included): the bot's database file is theirs, its shard's when
// SHARD_COUNT > 1. Without Discord configured it is the program's part alone.
func storeConfig() (Config, error) {
	env, envErr := config.Environment(os.Getenv)
	if env == nil {
		return Config{}, envErr
	}
	cfg, err := loadConfig(env)
	if errors.Is(err, discord.ErrNotConfigured) {
		var p config.Program
		if p, err = config.Load(env, ""); err != nil {
			err = fmt.Errorf("configuration: %w", err)
		}
		cfg = Config{Program: p}
	}
	// A malformed line of .env is reported with the configuration's other problems.
	if err = errors.Join(envErr, err); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// fileArgs reads `[--db DB_PATH] <file>`: the database (the bot's, see storeConfig) and the file
// to write; ok is false after a usage message or a configuration error.
func fileArgs(name, usage string, args []string, stderr io.Writer) (db, dst string, ok bool) {
	cfg, err := storeConfig()
	if err != nil {
		fmt.Fprintf(stderr, "tabuleiro %s: %v\n", name, err)
		return "", "", false
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, usage) }
	dbp := fs.String("db", cfg.DBPath, "the database file")
	if err := fs.Parse(args); err != nil {
		return "", "", false
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return "", "", false
	}
	return *dbp, fs.Arg(0), true
}

// backup runs `tabuleiro backup [--db DB_PATH] <file>`.
func backup(args []string, stdout, stderr io.Writer) int {
	db, dst, ok := fileArgs("backup", backupUsage, args, stderr)
	if !ok {
		return 2
	}
	socket := store.BackupSocket(db)
	err := store.FetchBackup(socket, dst)
	if err == nil {
		fmt.Fprintf(stdout, "backed up the running bot's %s to %s\n", db, dst)
		return 0
	}
	if !errors.Is(err, store.ErrNoBot) {
		fmt.Fprintf(stderr, "tabuleiro backup: %v\n", err)
		return 1
	}
	err = store.BackupOffline(db, dst)
	switch {
	case errors.Is(err, store.ErrInUse):
		fmt.Fprintf(stderr, "tabuleiro backup: a running bot holds %s but does not answer backup requests at %s "+
			"(an older build?). It takes scheduled backups into BACKUP_DIR every BACKUP_EVERY: copy the newest "+
			"of those, or stop the bot and run this again.\n", db, socket)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "tabuleiro backup: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", db, dst)
	return 0
}

// compact runs `tabuleiro compact [--db DB_PATH] <file>`.
func compact(args []string, stdout, stderr io.Writer) int {
	db, dst, ok := fileArgs("compact", compactUsage, args, stderr)
	if !ok {
		return 2
	}
	err := store.Compact(db, dst)
	if errors.Is(err, store.ErrInUse) {
		fmt.Fprintf(stderr, "tabuleiro compact: a running bot holds %s: stop it first.\n", db)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "tabuleiro compact: %v\n", err)
		return 1
	}
	before, after := fileSize(db), fileSize(dst)
	fmt.Fprintf(stdout, "compacted %s (%d bytes) into %s (%d bytes); move it over %s before starting the bot\n",
		db, before, dst, after, db)
	return 0
}

func fileSize(path string) int64 {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return info.Size()
}
