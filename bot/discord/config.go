package discord

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/joho/godotenv"
)

// Config is the environment of discord.md section 4, parsed and checked.
type Config struct {
	Token     string            // DISCORD_TOKEN: gateway and REST
	Gateway   bool              // DISCORD_GATEWAY: on (default with a token) or off
	AppID     string            // DISCORD_APP_ID: empty means "ask Discord"
	PublicKey ed25519.PublicKey // DISCORD_PUBLIC_KEY: enables the HTTP endpoint with HTTPAddr
	HTTPAddr  string            // HTTP_ADDR: /healthz, and /interactions with PublicKey
	GuildID   string            // DISCORD_GUILD_ID: register commands there only
	APIBase   *url.URL          // DISCORD_API_BASE: origin of every REST call
	DBPath    string            // DB_PATH, already suffixed with .shard<N> when SHARD_COUNT > 1
	Store     string            // STORE: "bbolt" (DB_PATH) or "etcd" (EtcdEndpoints)
	// EtcdEndpoints are ETCD_ENDPOINTS, the etcd cluster's client URLs, when STORE=etcd.
	EtcdEndpoints []string

	AIMoveTime    time.Duration // AI_MOVE_TIME
	ChallengeTTL  time.Duration // CHALLENGE_TTL
	IdleTimeout   time.Duration // IDLE_TIMEOUT
	TurnPingAfter time.Duration // TURN_PING_AFTER

	Shard Shard // SHARD_ID, SHARD_COUNT

	BackupDir    string        // BACKUP_DIR: where scheduled backups go; empty for none
	BackupEvery  time.Duration // BACKUP_EVERY
	BackupKeep   int           // BACKUP_KEEP: how many backups stay
	KeepFinished time.Duration // KEEP_FINISHED: finished games older than this are deleted; 0 keeps them
}

// Defaults of discord.md section 4.
const (
	DefaultAPIBase       = "https://discord.com"
	DefaultDBPath        = "data/tabuleiro.db"
	DefaultAIMoveTime    = time.Second
	DefaultChallengeTTL  = 10 * time.Minute
	DefaultIdleTimeout   = 72 * time.Hour
	DefaultTurnPingAfter = 2 * time.Minute
	DefaultBackupEvery   = 6 * time.Hour
	DefaultBackupKeep    = 14
)

// ErrNotConfigured means neither a token nor an HTTP endpoint (public key and address) is set: the
// binary then starts the console instead.
var ErrNotConfigured = errors.New("discord is not configured: set DISCORD_TOKEN, or DISCORD_PUBLIC_KEY and HTTP_ADDR")

// Shared reports whether the store is shared by every process (STORE=etcd): then any process
// serves any guild's interactions, and the HTTP endpoint refuses none as another shard's.
func (c Config) Shared() bool { return c.Store == "etcd" }

// Interactions reports whether the HTTP interactions endpoint is configured. HTTP_ADDR alone still
// serves /healthz, for container health checks of a gateway-only bot.
func (c Config) Interactions() bool { return c.PublicKey != nil && c.HTTPAddr != "" }

// Env layers a .env file under getenv: a variable getenv sets wins, the file fills the gaps, so a
// real environment is never overridden. A variable set to the empty string (or to spaces) counts
// as unset, in the environment and in the file alike: `docker run --env-file .env` turns a line
// `HTTP_ADDR=` into an empty variable, and that must not hide the image's own defaults (the image
// keeps them in the .env of its working directory as well as in ENV; see the Dockerfile).
//
// A missing file is not an error; a malformed one is, and the error names the line and what is
// wrong with it but never quotes the file: it holds the bot token, and the error is printed at
// every start and by every health probe.
func Env(getenv func(string) string, path string) (func(string) string, error) {
	var file map[string]string
	src, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("reading %s: %w", path, err)
	default:
		if file, err = godotenv.UnmarshalBytes(src); err != nil {
			// godotenv's own error quotes the rest of the file from the bad line on.
			line, problem := envFileProblem(src)
			if line == 0 {
				return nil, fmt.Errorf("%s is not a list of NAME=value lines (its text is not shown: it may hold the token)", path)
			}
			return nil, fmt.Errorf("%s, line %d: %s", path, line, problem)
		}
	}
	return func(key string) string {
		if v := getenv(key); strings.TrimSpace(v) != "" {
			return v
		}
		return file[key]
	}, nil
}

// envFileProblem walks a .env file the way godotenv parses it and says on which line (from 1) and
// why it stops; 0 when it finds nothing wrong. It describes, never quotes: at most a variable
// name that is a plain identifier, and the one character a name cannot have.
func envFileProblem(src []byte) (line int, problem string) {
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	lineOf := func(i int) int { return 1 + bytes.Count(src[:i], []byte("\n")) }
	// godotenv's spaces inside a line (no line breaks).
	inline := func(c byte) bool {
		switch c {
		case '\t', '\v', '\f', '\r', ' ', 0x85, 0xA0:
			return true
		}
		return false
	}
	i := 0
	for {
		// Blank space and comment lines between statements.
		for i < len(src) {
			r, size := utf8.DecodeRune(src[i:])
			if unicode.IsSpace(r) {
				i += size
				continue
			}
			if src[i] != '#' {
				break
			}
			nl := bytes.IndexByte(src[i:], '\n')
			if nl < 0 {
				return 0, ""
			}
			i += nl
		}
		if i >= len(src) {
			return 0, ""
		}
		start := i
		for i < len(src) && inline(src[i]) {
			i++
		}
		if rest := src[i:]; bytes.HasPrefix(rest, []byte("export")) && len(rest) > 6 && inline(rest[6]) {
			i += 6
			for i < len(src) && inline(src[i]) {
				i++
			}
		}
		keyStart, eq := i, -1
		for ; i < len(src); i++ {
			c := src[i]
			if inline(c) || c == '_' || unicode.IsLetter(rune(c)) || unicode.IsNumber(rune(c)) || c == '.' {
				continue
			}
			if c == '=' || c == ':' {
				eq = i
				break
			}
			if c == '\n' {
				return lineOf(start), "this line is not NAME=value: it has no = sign (a comment starts with #)"
			}
			col := i - (bytes.LastIndexByte(src[:i], '\n') + 1) + 1
			return lineOf(i), fmt.Sprintf("a variable name cannot contain %s (column %d); write NAME=value, the name in letters, digits and _", describeByte(c), col)
		}
		if eq < 0 {
			return 0, "" // the last line, without = and without a line break: godotenv takes it
		}
		name := "the value"
		if key := strings.TrimRight(string(src[keyStart:eq]), " \t\v\f\r"); isIdentifier(key) && !looksSecret(key) {
			name = key + ": the value"
		}
		i = eq + 1
		for i < len(src) && inline(src[i]) {
			i++
		}
		if i < len(src) && (src[i] == '"' || src[i] == '\'') {
			q, closed := src[i], -1
			for j := i + 1; j < len(src); j++ {
				if src[j] == q && src[j-1] != '\\' {
					closed = j
					break
				}
			}
			if closed < 0 {
				return lineOf(eq), fmt.Sprintf("%s opens a %c quote that is never closed; close it on the same line, or leave the quotes out", name, q)
			}
			i = closed + 1
			continue
		}
		for i < len(src) && src[i] != '\n' && src[i] != '\r' {
			i++
		}
	}
}

// describeByte names a character that cannot be in a variable name without showing anything a
// secret could be made of (names are letters, digits, _ and .).
func describeByte(c byte) string {
	switch {
	case c >= 0x80:
		return "a non-ASCII character"
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("the control character 0x%02X", c)
	case c == ' ':
		return "a space"
	}
	return fmt.Sprintf("%q", rune(c))
}

func isIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, r := range s {
		if r != '_' && !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// looksSecret reports whether s holds something token-like: a run of 24 or more base64 or
// token characters with both letters and digits in it. Bot tokens, client secrets and keys all do;
// durations, addresses, paths, ids (digits only) and on/off do not.
func looksSecret(s string) bool {
	run, letters, digits := 0, false, false
	for i := 0; i <= len(s); i++ {
		var c byte
		if i < len(s) {
			c = s[i]
		}
		switch {
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			run, letters = run+1, true
		case c >= '0' && c <= '9':
			run, digits = run+1, true
		case i < len(s) && strings.IndexByte("_-.+/=", c) >= 0:
			run++
		default:
			if run >= 24 && letters && digits {
				return true
			}
			run, letters, digits = 0, false, false
		}
	}
	return false
}

// shown quotes a configuration value for an error message, unless it looks like a secret or holds
// the token: errors are printed at start and by every health probe, and end up in logs.
func shown(v, token string) string {
	if looksSecret(v) || len(token) >= 8 && strings.Contains(v, token) {
		return fmt.Sprintf("the value (%d characters; not shown, it looks like a token)", len(v))
	}
	return strconv.Quote(v)
}

// LoadConfig reads and checks every variable; all problems are reported together, each naming its
// variable and saying what is expected. It returns ErrNotConfigured (alone) when nothing Discord
// is set.
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
		bad("DISCORD_GATEWAY: %s is neither on nor off", shown(g, c.Token))
	}

	for _, v := range []struct{ name, val string }{{"DISCORD_APP_ID", c.AppID}, {"DISCORD_GUILD_ID", c.GuildID}} {
		if v.val != "" && !isSnowflake(v.val) {
			bad("%s: %s is not a Discord id (digits only; copy it with developer mode on)", v.name, shown(v.val, c.Token))
		}
	}

	base := get("DISCORD_API_BASE")
	if base == "" {
		base = DefaultAPIBase
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		if err == nil && u.User != nil {
			base = u.Redacted()
		}
		bad("DISCORD_API_BASE: %s is not an origin like https://discord.com", shown(base, c.Token))
	} else {
		u.Path = strings.TrimRight(u.Path, "/")
		u.RawPath = ""
		c.APIBase = u
	}

	c.AIMoveTime = duration(get, "AI_MOVE_TIME", DefaultAIMoveTime, c.Token, bad)
	c.ChallengeTTL = duration(get, "CHALLENGE_TTL", DefaultChallengeTTL, c.Token, bad)
	c.IdleTimeout = duration(get, "IDLE_TIMEOUT", DefaultIdleTimeout, c.Token, bad)
	c.TurnPingAfter = duration(get, "TURN_PING_AFTER", DefaultTurnPingAfter, c.Token, bad)

	c.BackupDir = get("BACKUP_DIR")
	c.BackupEvery = duration(get, "BACKUP_EVERY", DefaultBackupEvery, c.Token, bad)
	c.BackupKeep = DefaultBackupKeep
	if v := get("BACKUP_KEEP"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			bad("BACKUP_KEEP: %s is not a number of backups, 1 or more", shown(v, c.Token))
		} else {
			c.BackupKeep = n
		}
	}
	if v := get("KEEP_FINISHED"); v != "" && v != "forever" {
		c.KeepFinished = duration(get, "KEEP_FINISHED", 0, c.Token, bad)
	}

	c.Shard = Shard{ID: 0, Count: 1}
	if v := get("SHARD_COUNT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			bad("SHARD_COUNT: %s is not a whole number of shards, 1 or more", shown(v, c.Token))
		} else {
			c.Shard.Count = n
		}
	}
	if v := get("SHARD_ID"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 0:
			bad("SHARD_ID: %s is not a shard number (0, 1, …)", shown(v, c.Token))
		case n >= c.Shard.Count:
			bad("SHARD_ID: %d is out of range: with SHARD_COUNT=%d it goes from 0 to %d", n, c.Shard.Count, c.Shard.Count-1)
		default:
			c.Shard.ID = n
		}
	}

	c.DBPath = get("DB_PATH")
	if c.DBPath == "" {
		c.DBPath = DefaultDBPath
	}
	c.Store = get("STORE")
	switch c.Store {
	case "", "bbolt":
		c.Store = "bbolt"
		// One file per shard: bbolt allows one writing process per file.
		c.DBPath = c.Shard.DBPath(c.DBPath)
	case "etcd":
		for _, e := range strings.Split(get("ETCD_ENDPOINTS"), ",") {
			if e = strings.TrimSpace(e); e != "" {
				c.EtcdEndpoints = append(c.EtcdEndpoints, e)
			}
		}
		if len(c.EtcdEndpoints) == 0 {
			bad("ETCD_ENDPOINTS: STORE=etcd needs the cluster's client URLs, comma-separated, like http://etcd1:2379,http://etcd2:2379")
		}
	default:
		bad("STORE: %s is neither bbolt nor etcd", shown(c.Store, c.Token))
	}

	if len(errs) > 0 {
		return Config{}, fmt.Errorf("configuration: %w", errors.Join(errs...))
	}
	return c, nil
}

func duration(get func(string) string, name string, def time.Duration, token string, bad func(string, ...any)) time.Duration {
	v := get(name)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		bad("%s: %s is not a duration like %s", name, shown(v, token), example(def))
		return def
	}
	if d <= 0 {
		bad("%s: %s must be longer than zero", name, shown(v, token))
		return def
	}
	return d
}

// example writes a default the way a person would type it: 72h rather than 72h0m0s.
func example(d time.Duration) string {
	s := d.String()
	for _, zero := range []string{"0s", "0m"} {
		if strings.HasSuffix(s, zero) && len(s) > len(zero) {
			s = strings.TrimSuffix(s, zero)
		}
	}
	return s
}

func isSnowflake(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}
