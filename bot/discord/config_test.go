package discord

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const testKey = "e4b6ad2b3f0c9e6a8d1f5b7c2a4e6d8f0b2c4e6a8d0f2b4c6e8a0d2f4b6c8e0a"

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadConfig(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		check   func(t *testing.T, c Config)
		wantErr string // substring; "" means success
	}{
		{name: "nothing set is not configured",
			env: map[string]string{}, wantErr: ErrNotConfigured.Error()},
		{name: "HTTP_ADDR alone is not configured",
			env: map[string]string{"HTTP_ADDR": ":8080"}, wantErr: ErrNotConfigured.Error()},
		{name: "a token alone gives the gateway and every default",
			env: map[string]string{"DISCORD_TOKEN": "abc"},
			check: func(t *testing.T, c Config) {
				if !c.Gateway || c.Interactions() || c.Token != "abc" {
					t.Errorf("gateway %v, interactions %v, token %q", c.Gateway, c.Interactions(), c.Token)
				}
				if c.APIBase.String() != "https://discord.com" || c.DBPath != "data/tabuleiro.db" {
					t.Errorf("base %s, db %s", c.APIBase, c.DBPath)
				}
				if c.AIMoveTime != time.Second || c.ChallengeTTL != 10*time.Minute || c.IdleTimeout != 72*time.Hour {
					t.Errorf("durations %v %v %v", c.AIMoveTime, c.ChallengeTTL, c.IdleTimeout)
				}
				if c.Shard != (Shard{0, 1}) {
					t.Errorf("shard %+v", c.Shard)
				}
			}},
		{name: "a token pasted with its Bot prefix is accepted",
			env: map[string]string{"DISCORD_TOKEN": "Bot abc"},
			check: func(t *testing.T, c Config) {
				if c.Token != "abc" {
					t.Errorf("token %q", c.Token)
				}
			}},
		{name: "a public key and an address give the HTTP endpoint without a gateway",
			env: map[string]string{"DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":8080"},
			check: func(t *testing.T, c Config) {
				if c.Gateway || !c.Interactions() || len(c.PublicKey) != 32 {
					t.Errorf("gateway %v, interactions %v", c.Gateway, c.Interactions())
				}
			}},
		{name: "DISCORD_GATEWAY=off with a token serves HTTP only",
			env: map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_GATEWAY": "off", "DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":1"},
			check: func(t *testing.T, c Config) {
				if c.Gateway || !c.Interactions() {
					t.Errorf("gateway %v, interactions %v", c.Gateway, c.Interactions())
				}
			}},
		{name: "every variable is read",
			env: map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_GATEWAY": "ON", "DISCORD_APP_ID": "123",
				"DISCORD_GUILD_ID": "456", "DISCORD_API_BASE": "http://127.0.0.1:9000/", "DB_PATH": "/data/t.db",
				"AI_MOVE_TIME": "250ms", "CHALLENGE_TTL": "2m", "IDLE_TIMEOUT": "24h", "SHARD_ID": "2", "SHARD_COUNT": "3"},
			check: func(t *testing.T, c Config) {
				if c.AppID != "123" || c.GuildID != "456" || c.APIBase.String() != "http://127.0.0.1:9000" {
					t.Errorf("app %s guild %s base %s", c.AppID, c.GuildID, c.APIBase)
				}
				if c.AIMoveTime != 250*time.Millisecond || c.ChallengeTTL != 2*time.Minute || c.IdleTimeout != 24*time.Hour {
					t.Errorf("durations %v %v %v", c.AIMoveTime, c.ChallengeTTL, c.IdleTimeout)
				}
				if c.Shard != (Shard{2, 3}) || c.DBPath != "/data/t.db.shard2" {
					t.Errorf("shard %+v db %s", c.Shard, c.DBPath)
				}
			}},
		{name: "STORE=etcd reads its endpoints and shares every shard's guilds",
			env: map[string]string{"DISCORD_TOKEN": "abc", "STORE": "etcd", "SHARD_ID": "1", "SHARD_COUNT": "2",
				"ETCD_ENDPOINTS": "http://e1:2379, http://e2:2379,,"},
			check: func(t *testing.T, c Config) {
				if !c.Shared() || strings.Join(c.EtcdEndpoints, " ") != "http://e1:2379 http://e2:2379" {
					t.Errorf("shared %v endpoints %q", c.Shared(), c.EtcdEndpoints)
				}
				if c.Shard != (Shard{1, 2}) {
					t.Errorf("shard %+v: the gateway still connects as its shard", c.Shard)
				}
			}},
		{name: "STORE=etcd without endpoints says what to set",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "STORE": "etcd"},
			wantErr: "ETCD_ENDPOINTS: STORE=etcd needs the cluster's client URLs"},
		{name: "an unknown STORE is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "STORE": "postgres"},
			wantErr: `STORE: "postgres" is neither bbolt nor etcd`},
		{name: "a duration in words is refused with an example",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "IDLE_TIMEOUT": "3 days"},
			wantErr: `IDLE_TIMEOUT: "3 days" is not a duration like 72h`},
		{name: "a zero duration is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "CHALLENGE_TTL": "0s"},
			wantErr: `CHALLENGE_TTL: "0s" must be longer than zero`},
		{name: "AI_MOVE_TIME suggests seconds",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "AI_MOVE_TIME": "fast"},
			wantErr: `AI_MOVE_TIME: "fast" is not a duration like 1s`},
		{name: "a short public key is refused",
			env:     map[string]string{"DISCORD_PUBLIC_KEY": "abcd", "HTTP_ADDR": ":1"},
			wantErr: "DISCORD_PUBLIC_KEY: expected 64 hex digits"},
		{name: "a public key without an address is refused",
			env:     map[string]string{"DISCORD_PUBLIC_KEY": testKey},
			wantErr: "HTTP_ADDR: the HTTP endpoint"},
		{name: "the gateway without a token is refused",
			env:     map[string]string{"DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":1", "DISCORD_GATEWAY": "on"},
			wantErr: "DISCORD_GATEWAY: on needs DISCORD_TOKEN"},
		{name: "the gateway off with nothing else is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_GATEWAY": "off"},
			wantErr: "DISCORD_GATEWAY: off leaves nothing to serve"},
		{name: "DISCORD_GATEWAY takes on or off only",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_GATEWAY": "yes"},
			wantErr: `DISCORD_GATEWAY: "yes" is neither on nor off`},
		{name: "an app id with letters is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_APP_ID": "my-app"},
			wantErr: `DISCORD_APP_ID: "my-app" is not a Discord id`},
		{name: "an API base without a scheme is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_API_BASE": "discord.com"},
			wantErr: `DISCORD_API_BASE: "discord.com" is not an origin`},
		{name: "a shard id out of range is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "SHARD_ID": "3", "SHARD_COUNT": "3"},
			wantErr: "SHARD_ID: 3 is out of range: with SHARD_COUNT=3 it goes from 0 to 2"},
		{name: "a shard count of zero is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "SHARD_COUNT": "0"},
			wantErr: `SHARD_COUNT: "0" is not a whole number of shards`},
		{name: "every problem is reported at once",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "AI_MOVE_TIME": "x", "SHARD_ID": "y"},
			wantErr: "AI_MOVE_TIME",
			check:   nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := LoadConfig(envOf(tt.env))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
				}
				if tt.name == "every problem is reported at once" && !strings.Contains(err.Error(), "SHARD_ID") {
					t.Errorf("err = %v, want SHARD_ID too", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			tt.check(t, c)
		})
	}
}

func TestNotConfiguredIsRecognisable(t *testing.T) {
	if _, err := LoadConfig(envOf(nil)); !errors.Is(err, ErrNotConfigured) {
		t.Errorf("err = %v", err)
	}
}

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

// aToken is shaped like a bot token (base64 user id, timestamp, HMAC) but is no one's.
const aToken = "MTA5ODc2NTQzMjEwOTg3NjU0.GhIjKl.q-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe_Dc"

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

func TestConfigErrorsNeverShowATokenLikeValue(t *testing.T) {
	secret := "Zq3xW9vB7nM2kL5jH8gF4dS6aP1oI0uY" // shaped like a client secret
	for _, name := range []string{"DISCORD_APP_ID", "DISCORD_GUILD_ID", "DISCORD_GATEWAY", "DISCORD_API_BASE",
		"AI_MOVE_TIME", "CHALLENGE_TTL", "IDLE_TIMEOUT", "SHARD_COUNT", "SHARD_ID"} {
		for _, v := range []string{aToken, "Bot " + aToken, secret, "https://" + aToken + "@x"} {
			if name == "DISCORD_API_BASE" && strings.HasPrefix(v, "https://") {
				continue // a valid origin (with a user name): nothing to report
			}
			t.Run(name+" holding a secret names the variable, not the value", func(t *testing.T) {
				_, err := LoadConfig(envOf(map[string]string{"DISCORD_TOKEN": aToken, name: v}))
				if err == nil || !strings.Contains(err.Error(), name+": the value (") {
					t.Fatalf("err = %v", err)
				}
				for _, s := range []string{aToken, secret, aToken[:24]} {
					if strings.Contains(err.Error(), s) {
						t.Errorf("the error shows the secret: %v", err)
					}
				}
			})
		}
	}
	t.Run("a proxy's password is not shown", func(t *testing.T) {
		_, err := LoadConfig(envOf(map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_API_BASE": "ftp://me:hunter2@proxy"}))
		if err == nil || strings.Contains(err.Error(), "hunter2") || !strings.Contains(err.Error(), `"ftp://me:xxxxx@proxy" is not an origin`) {
			t.Errorf("err = %v", err)
		}
	})
}
