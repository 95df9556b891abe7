package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// aToken is shaped like a bot token (base64 user id, timestamp, HMAC) but is no one's.
const aToken = "MTA5ODc2NTQzMjEwOTg3NjU0.GhIjKl.q-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe_Dc"

func TestEnvFileFillsGapsButNeverOverrides(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".env")
	os.WriteFile(path, []byte("DISCORD_TOKEN=from-file\nDB_PATH=/file.db\n# comment\nAI_MOVE_TIME=2s\n"), 0o600)
	get, err := Env(envOf(map[string]string{"DISCORD_TOKEN": "from-env"}), path)
	if err != nil {
		t.Fatal(err)
	}
	if got := get("DISCORD_TOKEN"); got != "from-env" {
		t.Errorf("DISCORD_TOKEN = %q: the file overrode the environment", got)
	}
	if got := get("DB_PATH"); got != "/file.db" {
		t.Errorf("DB_PATH = %q: the file did not fill the gap", got)
	}

	if _, err := Env(envOf(nil), filepath.Join(dir, "missing")); err != nil {
		t.Errorf("a missing .env is an error: %v", err)
	}
	os.WriteFile(path, []byte("NOT A LINE\n"), 0o600)
	if _, err := Env(envOf(nil), path); err == nil {
		t.Errorf("a malformed .env is accepted")
	}
}

func TestEnvCountsABlankVariableAsUnset(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".env")
	os.WriteFile(path, []byte("HTTP_ADDR=:8080\nDB_PATH=/data/tabuleiro.db\nDISCORD_GUILD_ID=\n"), 0o600)
	for _, blank := range []string{"", "  "} {
		get, err := Env(envOf(map[string]string{"HTTP_ADDR": blank, "DB_PATH": "/elsewhere.db", "DISCORD_GUILD_ID": "123"}), path)
		if err != nil {
			t.Fatal(err)
		}
		if got := get("HTTP_ADDR"); got != ":8080" {
			t.Errorf("HTTP_ADDR set to %q in the environment hid the file's :8080 (got %q)", blank, got)
		}
		if got := get("DB_PATH"); got != "/elsewhere.db" {
			t.Errorf("DB_PATH = %q: a set variable must still win over the file", got)
		}
		if got := get("DISCORD_GUILD_ID"); got != "123" {
			t.Errorf("DISCORD_GUILD_ID = %q: a blank line in the file overrode the environment", got)
		}
	}
}

func TestEnvReadsTheLinesAroundAMalformedOneAndNamesEach(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".env")
	os.WriteFile(path, []byte("DB_PATH=/data/t.db\nput the token below\nHTTP_ADDR=:8080\nSHARD-ID=1\nAI_MOVE_TIME=2s\n"), 0o600)
	env, err := Env(envOf(nil), path)
	if err == nil || !strings.Contains(err.Error(), path+", line 2: ") || !strings.Contains(err.Error(), path+", line 4: ") {
		t.Errorf("the error does not name lines 2 and 4: %v", err)
	}
	if env == nil {
		t.Fatal("no variables beside the error")
	}
	for k, want := range map[string]string{"DB_PATH": "/data/t.db", "HTTP_ADDR": ":8080", "AI_MOVE_TIME": "2s"} {
		if got := env(k); got != want {
			t.Errorf("%s = %q, want %q from its well-formed line", k, got, want)
		}
	}
}

func TestEnvFileErrorsNameTheLineButNeverQuoteIt(t *testing.T) {
	tests := []struct {
		name, file string
		want       string // the whole problem after the path
	}{
		{"a token pasted on a line of its own",
			"DISCORD_APP_ID=123\n" + aToken + "\nHTTP_ADDR=:8080\n",
			`line 2: a variable name cannot contain '-' (column 34); write NAME=value, the name in letters, digits and _`},
		{"a line without an equals sign before the token",
			"# tabuleiro\nput the token below\nDISCORD_TOKEN=" + aToken + "\n",
			"line 2: this line is not NAME=value: it has no = sign (a comment starts with #)"},
		{"a dash in the variable's name",
			"DISCORD-TOKEN=" + aToken + "\n",
			`line 1: a variable name cannot contain '-' (column 8); write NAME=value, the name in letters, digits and _`},
		{"a quote opened and never closed",
			"HTTP_ADDR=:8080\nDISCORD_TOKEN = \"" + aToken + "\nDB_PATH=/data/t.db\n",
			`line 2: DISCORD_TOKEN: the value opens a " quote that is never closed; close it on the same line, or leave the quotes out`},
		{"a name that is itself the token",
			"export " + strings.ReplaceAll(aToken, "-", "") + "='x\n",
			`line 1: the value opens a ' quote that is never closed; close it on the same line, or leave the quotes out`},
		{"an en dash typed in a name",
			"DB_PATH=/data/t.db\r\nSHARD–ID=1\r\nDISCORD_TOKEN=" + aToken + "\r\n",
			`line 2: a variable name cannot contain a non-ASCII character (column 7); write NAME=value, the name in letters, digits and _`},
		{"a quoted value followed by junk",
			"DISCORD_TOKEN='" + aToken + "' and more\n",
			`line 1: this line is not NAME=value: it has no = sign (a comment starts with #)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), ".env")
			os.WriteFile(path, []byte(tt.file), 0o600)
			_, err := Env(envOf(nil), path)
			if err == nil {
				t.Fatal("a malformed .env is accepted")
			}
			if got := strings.TrimPrefix(err.Error(), path+", "); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			for _, piece := range strings.FieldsFunc(aToken, func(r rune) bool { return r == '.' || r == '-' || r == '_' }) {
				if len(piece) >= 6 && strings.Contains(err.Error(), piece) {
					t.Errorf("the error shows a piece of the token (%q): %v", piece, err)
				}
			}
		})
	}
}
