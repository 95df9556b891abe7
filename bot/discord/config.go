package discord

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"tabuleiro/config"
)

// Config is Discord's part of the environment (README, "2. Configure"), parsed and checked: the
// program's other settings are package config's.
type Config struct {
	Token     string            // DISCORD_TOKEN: gateway and REST
	Gateway   bool              // DISCORD_GATEWAY: on (default with a token) or off
	AppID     string            // DISCORD_APP_ID: empty means "ask Discord"
	PublicKey ed25519.PublicKey // DISCORD_PUBLIC_KEY: enables the HTTP endpoint with HTTPAddr
	HTTPAddr  string            // HTTP_ADDR: /healthz, and /interactions with PublicKey
	GuildID   string            // DISCORD_GUILD_ID: register commands there only
	APIBase   *url.URL          // DISCORD_API_BASE: origin of every REST call
	Shard     Shard             // SHARD_ID, SHARD_COUNT
	// PublicURL is PUBLIC_URL, the origin people reach HTTPAddr at, without a trailing slash: the
	// game pages (/g/…) are served, and linked, when it is set.
	PublicURL string
	// Activity is DISCORD_ACTIVITY=on: the application has Activities enabled, its URL mapping
	// pointing at PUBLIC_URL, so the Board button launches the Activity.
	Activity bool
	// ClientSecret is DISCORD_CLIENT_SECRET, the application's OAuth2 secret: the Activity's
	// server exchanges the codes of its members with it.
	ClientSecret string
}

// DefaultAPIBase is DISCORD_API_BASE's default.
const DefaultAPIBase = "https://discord.com"

// ErrNotConfigured means neither a token nor an HTTP endpoint (public key and address) is set: the
// binary then starts the console instead.
var ErrNotConfigured = errors.New("discord is not configured: set DISCORD_TOKEN, or DISCORD_PUBLIC_KEY and HTTP_ADDR")

// Interactions reports whether the HTTP interactions endpoint is configured. HTTP_ADDR alone still
// serves /healthz, for container health checks of a gateway-only bot.
func (c Config) Interactions() bool { return c.PublicKey != nil && c.HTTPAddr != "" }

// LoadConfig reads and checks Discord's variables from getenv (a config.Environment); all problems
// are reported together, joined in one error, each naming its variable and saying what is
// expected. It returns ErrNotConfigured (alone) when nothing Discord is set.
func LoadConfig(getenv func(string) string) (Config, error) {
	get := func(k string) string { return strings.TrimSpace(getenv(k)) }
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }

	c := Config{
		Token:    get("DISCORD_TOKEN"),
		AppID:    get("DISCORD_APP_ID"),
		HTTPAddr: get("HTTP_ADDR"),
		GuildID:  get("DISCORD_GUILD_ID"),
	}
	// A token pasted from the developer portal has no prefix; REST and the gateway want "Bot ".
	c.Token = strings.TrimSpace(strings.TrimPrefix(c.Token, "Bot "))

	if key := get("DISCORD_PUBLIC_KEY"); key != "" {
		b, err := hex.DecodeString(key)
		if err != nil || len(b) != ed25519.PublicKeySize {
			bad("DISCORD_PUBLIC_KEY: expected %d hex digits (the application's public key in the developer portal), got %d characters", 2*ed25519.PublicKeySize, len(key))
		} else {
			c.PublicKey = ed25519.PublicKey(b)
		}
	}
	keySet := get("DISCORD_PUBLIC_KEY") != ""
	if c.Token == "" && !keySet {
		return Config{}, ErrNotConfigured
	}
	if keySet && c.HTTPAddr == "" {
		bad("HTTP_ADDR: the HTTP endpoint (DISCORD_PUBLIC_KEY is set) needs a listen address like :8080")
	}

	switch g := strings.ToLower(get("DISCORD_GATEWAY")); g {
	case "":
		c.Gateway = c.Token != ""
	case "on":
		c.Gateway = true
		if c.Token == "" {
			bad("DISCORD_GATEWAY: on needs DISCORD_TOKEN")
		}
	case "off":
		if !keySet {
			bad("DISCORD_GATEWAY: off leaves nothing to serve; set DISCORD_PUBLIC_KEY and HTTP_ADDR for the HTTP endpoint")
		}
	default:
		bad("DISCORD_GATEWAY: %s is neither on nor off", config.Shown(g, c.Token))
	}

	for _, v := range []struct{ name, val string }{{"DISCORD_APP_ID", c.AppID}, {"DISCORD_GUILD_ID", c.GuildID}} {
		if v.val != "" && !isSnowflake(v.val) {
			bad("%s: %s is not a Discord id (digits only; copy it with developer mode on)", v.name, config.Shown(v.val, c.Token))
		}
	}

	c.readAddresses(get, bad)
	c.readShard(get, bad)
	c.readActivity(get, bad)

	if len(errs) > 0 {
		return Config{}, errors.Join(errs...)
	}
	return c, nil
}

// readAddresses reads DISCORD_API_BASE and PUBLIC_URL; bad collects what is wrong with them.
func (c *Config) readAddresses(get func(string) string, bad func(format string, a ...any)) {
	base := get("DISCORD_API_BASE")
	if base == "" {
		base = DefaultAPIBase
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		if err == nil && u.User != nil {
			base = u.Redacted()
		}
		bad("DISCORD_API_BASE: %s is not an origin like https://discord.com", config.Shown(base, c.Token))
	} else {
		u.Path = strings.TrimRight(u.Path, "/")
		u.RawPath = ""
		c.APIBase = u
	}

	if pub := get("PUBLIC_URL"); pub != "" {
		u, err := url.Parse(pub)
		switch {
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "":
			if err == nil && u.User != nil {
				pub = u.Redacted()
			}
			bad("PUBLIC_URL: %s is not an address like https://tabuleiro.example.org (where people reach HTTP_ADDR)", config.Shown(pub, c.Token))
		case c.HTTPAddr == "":
			bad("PUBLIC_URL: the game pages are served by the HTTP endpoint; set HTTP_ADDR too, like :8080")
		default:
			c.PublicURL = strings.TrimRight(u.String(), "/")
		}
	}
}

// readActivity reads DISCORD_ACTIVITY; bad collects what is wrong with it.
func (c *Config) readActivity(get func(string) string, bad func(format string, a ...any)) {
	switch a := strings.ToLower(get("DISCORD_ACTIVITY")); a {
	case "", "off":
	case "on":
		c.Activity = true
		c.ClientSecret = get("DISCORD_CLIENT_SECRET")
		if get("PUBLIC_URL") == "" {
			bad("DISCORD_ACTIVITY: on needs PUBLIC_URL, the address the Activity's URL mapping points at")
		}
		if c.ClientSecret == "" {
			bad("DISCORD_ACTIVITY: on needs DISCORD_CLIENT_SECRET (OAuth2 → Client Secret in the developer portal), with which the Activity learns who its members are")
		}
		if c.Token == "" {
			bad("DISCORD_ACTIVITY: on needs DISCORD_TOKEN, with which the Activity's server reads its instances")
		}
	default:
		bad("DISCORD_ACTIVITY: %s is neither on nor off (on: the application has Activities enabled)", config.Shown(a, c.Token))
	}
}

// readShard reads SHARD_ID and SHARD_COUNT; bad collects what is wrong with them.
func (c *Config) readShard(get func(string) string, bad func(format string, a ...any)) {
	c.Shard = Shard{ID: 0, Count: 1}
	if v := get("SHARD_COUNT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			bad("SHARD_COUNT: %s is not a whole number of shards, 1 or more", config.Shown(v, c.Token))
		} else {
			c.Shard.Count = n
		}
	}
	if v := get("SHARD_ID"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 0:
			bad("SHARD_ID: %s is not a shard number (0, 1, …)", config.Shown(v, c.Token))
		case n >= c.Shard.Count:
			bad("SHARD_ID: %d is out of range: with SHARD_COUNT=%d it goes from 0 to %d", n, c.Shard.Count, c.Shard.Count-1)
		default:
			c.Shard.ID = n
		}
	}
}

func isSnowflake(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}
