package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

func envMap(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadConfig(t *testing.T) {
	t.Run("Discord's problems and the program's are reported together", func(t *testing.T) {
		_, err := loadConfig(envMap(map[string]string{"DISCORD_TOKEN": "abc", "SHARD_ID": "y", "AI_MOVE_TIME": "x"}))
		if err == nil || !strings.HasPrefix(err.Error(), "configuration: ") || !strings.Contains(err.Error(), "SHARD_ID") ||
			!strings.Contains(err.Error(), `AI_MOVE_TIME: "x" is not a duration like 1s`) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a shard keeps its games in a file of its own", func(t *testing.T) {
		c, err := loadConfig(envMap(map[string]string{"DISCORD_TOKEN": "abc", "DB_PATH": "/data/t.db", "SHARD_ID": "2", "SHARD_COUNT": "3"}))
		if err != nil || c.DBPath != "/data/t.db.shard2" || c.Shard.ID != 2 {
			t.Fatalf("db %s shard %+v (%v)", c.DBPath, c.Shard, err)
		}
	})
	t.Run("with STORE=etcd shards share the store, and the gateway still connects as its shard", func(t *testing.T) {
		c, err := loadConfig(envMap(map[string]string{"DISCORD_TOKEN": "abc", "STORE": "etcd", "ETCD_ENDPOINTS": "http://e:2379",
			"SHARD_ID": "1", "SHARD_COUNT": "2"}))
		if err != nil || !c.Shared() || c.Shard.ID != 1 || strings.Contains(c.DBPath, "shard") {
			t.Fatalf("%+v (%v)", c, err)
		}
	})
	t.Run("nothing Discord is not configured, whatever else is wrong", func(t *testing.T) {
		if _, err := loadConfig(envMap(map[string]string{"AI_MOVE_TIME": "x"})); err != errNotConfigured {
			t.Fatalf("err = %v", err)
		}
	})
}

// Every subcommand reads the configuration as the bot does, .env included (issue: backup, compact
// and engine ignored the DB_PATH of .env).
func TestEverySubcommandReadsTheDotEnvFile(t *testing.T) {
	for _, k := range []string{"DISCORD_TOKEN", "DISCORD_PUBLIC_KEY", "HTTP_ADDR", "DB_PATH", "SHARD_ID", "SHARD_COUNT", "STORE"} {
		t.Setenv(k, "")
	}
	dir, err := os.MkdirTemp("", "env") // short: a socket's path sits beside the file
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	t.Chdir(dir)
	write := func(env string) {
		if err := os.WriteFile(".env", []byte(env), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("backup finds the bot's file", func(t *testing.T) {
		write("DB_PATH=" + filepath.Join(dir, "games.db") + "\n")
		st, _ := seeded(t, filepath.Join(dir, "games.db"))
		st.Close()
		code, out, errs := runCmd(t, "", "backup", "b1.db")
		if code != 0 || !strings.Contains(out, "games.db") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
		}
	})
	t.Run("backup finds a shard's file", func(t *testing.T) {
		write("DISCORD_TOKEN=abc\nSHARD_ID=1\nSHARD_COUNT=2\nDB_PATH=" + filepath.Join(dir, "games.db") + "\n")
		st, _ := seeded(t, filepath.Join(dir, "games.db.shard1"))
		st.Close()
		code, out, errs := runCmd(t, "", "backup", "b2.db")
		if code != 0 || !strings.Contains(out, "games.db.shard1") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
		}
	})
	t.Run("compact finds the bot's file", func(t *testing.T) {
		write("DB_PATH=" + filepath.Join(dir, "games.db") + "\n")
		code, out, errs := runCmd(t, "", "compact", "c.db")
		if code != 0 || !strings.Contains(out, "games.db") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
		}
	})
	t.Run("engine reads it too, and says what is wrong in it", func(t *testing.T) {
		write("STORE=postgres\n")
		code, _, errs := runCmd(t, "", "engine")
		if code != 1 || !strings.Contains(errs, `STORE: "postgres" is neither bbolt nor etcd`) {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
	})
	t.Run("a malformed .env is named", func(t *testing.T) {
		write("NOT A LINE\n")
		for _, cmd := range []string{"backup", "compact", "engine", "console"} {
			code, _, errs := runCmd(t, "", cmd, "x.db")
			if code == 0 || !strings.Contains(errs, ".env, line 1") {
				t.Errorf("%s: exit %d, stderr %q", cmd, code, errs)
			}
		}
	})
	t.Run("a malformed .env line is named, and the other lines are still checked", func(t *testing.T) {
		write("DISCORD_TOKEN=abc\nNOT A LINE\nSTORE=postgres\nAI_MOVE_TIME=soon\n")
		for _, cmd := range []string{"serve", "backup", "engine"} {
			code, _, errs := runCmd(t, "", cmd, "x.db")
			for _, want := range []string{".env, line 2", `STORE: "postgres" is neither bbolt nor etcd`, "AI_MOVE_TIME"} {
				if code == 0 || !strings.Contains(errs, want) {
					t.Errorf("%s: exit %d, stderr %q, want %q in it", cmd, code, errs, want)
				}
			}
		}
	})
	t.Run("a malformed line that held the Discord variables does not open the console", func(t *testing.T) {
		write("DISCORD-TOKEN=abc\n")
		code, _, errs := runCmd(t, "")
		if code != 1 || !strings.Contains(errs, ".env, line 1") || strings.Contains(errs, "not configured") {
			t.Errorf("exit %d, stderr %q", code, errs)
		}
	})
}

// A second console on the same file is told how to open one of its own.
func TestASecondConsoleIsToldAboutConsoleDBPath(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	path := filepath.Join(dir, "console.db")
	t.Setenv("CONSOLE_DB_PATH", path)
	first, err := store.Open(path, store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	code, _, errs := runCmd(t, "", "console")
	if code != 1 || !strings.Contains(errs, path+" is in use") || !strings.Contains(errs, "CONSOLE_DB_PATH=") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}

// An unreachable Discord is reported at the address the bot sent to, DISCORD_API_BASE's, not the
// https://discord.com/api/v9 one discordgo builds underneath.
func TestAnUnreachableDiscordIsNamedByItsBase(t *testing.T) {
	t.Chdir(t.TempDir())
	closed := "127.0.0.1:" + freePort(t) // nothing listens there
	pub, _, _ := ed25519.GenerateKey(nil)
	env := map[string]string{"DISCORD_TOKEN": "tok", "DISCORD_GATEWAY": "off", "DISCORD_API_BASE": "http://" + closed,
		"DISCORD_PUBLIC_KEY": hex.EncodeToString(pub), "HTTP_ADDR": "127.0.0.1:0",
		"DB_PATH": filepath.Join(t.TempDir(), "t.db"), "METRICS_ADDR": "127.0.0.1:0"}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err := runBot(ctx, envMap(env))
	if err == nil {
		t.Fatal("the bot started without Discord")
	}
	if !strings.Contains(err.Error(), "http://"+closed+"/api/v10/applications/@me") || strings.Contains(err.Error(), "discord.com") {
		t.Errorf("the error does not name DISCORD_API_BASE's address: %v", err)
	}
}
