package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A damaged database file stops `tabuleiro serve` with exit 1 and a message naming the file and
// what to do, never a panic; so does an existing empty file.
func TestServeRefusesADamagedFile(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	cases := map[string][]byte{
		"an empty file":      {},
		"a text file":        []byte(strings.Repeat("not a database\n", 1000)),
		"a truncated header": make([]byte, 4096+100),
	}
	for name, content := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "tabuleiro.db")
			if err := os.WriteFile(db, content, 0o600); err != nil {
				t.Fatal(err)
			}
			t.Chdir(dir)
			for k, v := range map[string]string{"DISCORD_TOKEN": "", "DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
				"HTTP_ADDR": "127.0.0.1:0", "DB_PATH": db} {
				t.Setenv(k, v)
			}
			code, _, errs := runCmd(t, "", "serve")
			if code != 1 || !strings.Contains(errs, db) || strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine") {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
		})
	}
}
