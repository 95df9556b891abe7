package discord

import (
	"errors"
	"strings"
	"testing"
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
				if c.APIBase.String() != "https://discord.com" {
					t.Errorf("base %s", c.APIBase)
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
				"DISCORD_GUILD_ID": "456", "DISCORD_API_BASE": "http://127.0.0.1:9000/", "SHARD_ID": "2", "SHARD_COUNT": "3"},
			check: func(t *testing.T, c Config) {
				if c.AppID != "123" || c.GuildID != "456" || c.APIBase.String() != "http://127.0.0.1:9000" {
					t.Errorf("app %s guild %s base %s", c.AppID, c.GuildID, c.APIBase)
				}
				if c.Shard != (Shard{2, 3}) || !c.Gateway {
					t.Errorf("shard %+v gateway %v", c.Shard, c.Gateway)
				}
			}},
		{name: "what is not Discord's is not read here",
			env:   map[string]string{"DISCORD_TOKEN": "abc", "STORE": "postgres", "IDLE_TIMEOUT": "3 days"},
			check: func(t *testing.T, c Config) {}},
		{name: "a public address serves the game pages beside the endpoint",
			env: map[string]string{"DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":8080", "PUBLIC_URL": "https://t.example.org/bot/"},
			check: func(t *testing.T, c Config) {
				if c.PublicURL != "https://t.example.org/bot" {
					t.Errorf("public URL %q", c.PublicURL)
				}
			}},
		{name: "no public address serves no game pages",
			env: map[string]string{"DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":8080"},
			check: func(t *testing.T, c Config) {
				if c.PublicURL != "" {
					t.Errorf("public URL %q", c.PublicURL)
				}
			}},
		{name: "DISCORD_ACTIVITY=on: the application has Activities",
			env: map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":8080", "PUBLIC_URL": "https://t.example.org",
				"DISCORD_ACTIVITY": "On", "DISCORD_CLIENT_SECRET": " shh "},
			check: func(t *testing.T, c Config) {
				if !c.Activity || c.ClientSecret != "shh" {
					t.Errorf("Activities %v, secret %q", c.Activity, c.ClientSecret)
				}
			}},
		{name: "Activities are off by default",
			env: map[string]string{"DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":8080", "PUBLIC_URL": "https://t.example.org"},
			check: func(t *testing.T, c Config) {
				if c.Activity {
					t.Error("Activities are on")
				}
			}},
		{name: "an Activity without a public address is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_ACTIVITY": "on"},
			wantErr: "DISCORD_ACTIVITY: on needs PUBLIC_URL"},
		{name: "an Activity without the client secret is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":8080", "PUBLIC_URL": "https://t.example.org", "DISCORD_ACTIVITY": "on"},
			wantErr: "DISCORD_ACTIVITY: on needs DISCORD_CLIENT_SECRET"},
		{name: "an Activity without the bot's token is refused",
			env:     map[string]string{"DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":8080", "PUBLIC_URL": "https://t.example.org", "DISCORD_ACTIVITY": "on", "DISCORD_CLIENT_SECRET": "s"},
			wantErr: "DISCORD_ACTIVITY: on needs DISCORD_TOKEN"},
		{name: "DISCORD_ACTIVITY is on or off",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_ACTIVITY": "yes"},
			wantErr: `DISCORD_ACTIVITY: "yes" is neither on nor off`},
		{name: "a public address without a scheme is refused",
			env:     map[string]string{"DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":1", "PUBLIC_URL": "t.example.org"},
			wantErr: `PUBLIC_URL: "t.example.org" is not an address like https://`},
		{name: "a public address with a query is refused",
			env:     map[string]string{"DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":1", "PUBLIC_URL": "https://t.example.org/?a=b"},
			wantErr: `PUBLIC_URL: "https://t.example.org/?a=b" is not an address`},
		{name: "a public address with a password does not show it",
			env:     map[string]string{"DISCORD_PUBLIC_KEY": testKey, "HTTP_ADDR": ":1", "PUBLIC_URL": "https://me:hunter2@t.example.org"},
			wantErr: `PUBLIC_URL: "https://me:xxxxx@t.example.org" is not an address`},
		{name: "a public address without the HTTP endpoint is refused",
			env:     map[string]string{"DISCORD_TOKEN": "abc", "PUBLIC_URL": "https://t.example.org"},
			wantErr: "PUBLIC_URL: the game pages are served by the HTTP endpoint; set HTTP_ADDR too"},
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
			env:     map[string]string{"DISCORD_TOKEN": "abc", "DISCORD_GATEWAY": "x", "SHARD_ID": "y"},
			wantErr: "DISCORD_GATEWAY",
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

// aToken is shaped like a bot token (base64 user id, timestamp, HMAC) but is no one's.
const aToken = "MTA5ODc2NTQzMjEwOTg3NjU0.GhIjKl.q-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe_Dc"

func TestConfigErrorsNeverShowATokenLikeValue(t *testing.T) {
	secret := "Zq3xW9vB7nM2kL5jH8gF4dS6aP1oI0uY" // shaped like a client secret
	for _, name := range []string{"DISCORD_APP_ID", "DISCORD_GUILD_ID", "DISCORD_GATEWAY", "DISCORD_API_BASE",
		"SHARD_COUNT", "SHARD_ID"} {
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
