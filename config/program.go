package config

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"tabuleiro/ai/ouriai"
)

// Program is the configuration of everything but Discord: where the games are kept, the bot's
// timings, backups and retention. Discord's own settings are discord.Config.
type Program struct {
	DBPath string // DB_PATH, as set: cmd/tabuleiro adds a shard's suffix
	Store  string // STORE: "bbolt" (DBPath) or "etcd" (EtcdEndpoints)
	// EtcdEndpoints are ETCD_ENDPOINTS, the etcd cluster's client URLs, when STORE=etcd.
	EtcdEndpoints []string

	AIMoveTime    time.Duration // AI_MOVE_TIME
	ChallengeTTL  time.Duration // CHALLENGE_TTL
	IdleTimeout   time.Duration // IDLE_TIMEOUT
	TurnPingAfter time.Duration // TURN_PING_AFTER
	TeamVoteTime  time.Duration // TEAM_VOTE_TIME

	BackupDir    string        // BACKUP_DIR: where scheduled backups go; empty for none
	BackupEvery  time.Duration // BACKUP_EVERY
	BackupKeep   int           // BACKUP_KEEP: how many backups stay
	KeepFinished time.Duration // KEEP_FINISHED: finished games older than this are deleted; 0 (unset, forever) keeps them

	// EndgameSeeds is OURI_ENDGAME_SEEDS, the seed cap of hard's Ouri endgame databases.
	EndgameSeeds int

	// MetricsAddr is METRICS_ADDR, where GET /metrics listens (DefaultMetricsAddr, the loopback,
	// unless set): never on the public HTTP endpoint unless it names HTTP_ADDR itself.
	MetricsAddr string
	LogFormat   string // LOG_FORMAT: "text" or "json"
}

// Defaults, as the README's table of variables gives them.
const (
	DefaultDBPath        = "data/tabuleiro.db"
	DefaultAIMoveTime    = time.Second
	DefaultChallengeTTL  = 10 * time.Minute
	DefaultIdleTimeout   = 72 * time.Hour
	DefaultTurnPingAfter = 2 * time.Minute
	DefaultTeamVoteTime  = 30 * time.Second
	DefaultBackupEvery   = 6 * time.Hour
	DefaultBackupKeep    = 14
	// DefaultEndgameSeeds and MaxEndgameSeeds are the seed caps of the Ouri endgame databases:
	// hard's default (two of 99 MiB) and the largest a server may opt into (two of 165 MiB, for
	// a server with memory to spare).
	DefaultEndgameSeeds = ouriai.FullSeeds
	MaxEndgameSeeds     = ouriai.MaxSeeds
	// DefaultMetricsAddr serves the metrics to the machine itself only: a Prometheus elsewhere
	// needs METRICS_ADDR set to an address it reaches (README, "Metrics").
	DefaultMetricsAddr = "127.0.0.1:9464"
)

// Shared reports whether the store is shared by every process (STORE=etcd): then any process
// serves any guild's interactions.
func (p Program) Shared() bool { return p.Store == "etcd" }

// Load reads and checks the program's variables from getenv (an Environment). Every problem is
// reported, each naming its variable and saying what is expected, joined in one error; a value
// that looks like a secret (or holds token) is never quoted.
func Load(getenv func(string) string, token string) (Program, error) {
	get := func(k string) string { return strings.TrimSpace(getenv(k)) }
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	duration := func(name string, def time.Duration) time.Duration {
		return Duration(get(name), name, def, token, bad)
	}

	p := Program{
		AIMoveTime:    duration("AI_MOVE_TIME", DefaultAIMoveTime),
		ChallengeTTL:  duration("CHALLENGE_TTL", DefaultChallengeTTL),
		IdleTimeout:   duration("IDLE_TIMEOUT", DefaultIdleTimeout),
		TurnPingAfter: duration("TURN_PING_AFTER", DefaultTurnPingAfter),
		TeamVoteTime:  duration("TEAM_VOTE_TIME", DefaultTeamVoteTime),
		BackupDir:     get("BACKUP_DIR"),
		BackupEvery:   duration("BACKUP_EVERY", DefaultBackupEvery),
		BackupKeep:    DefaultBackupKeep,
	}
	if v := get("BACKUP_KEEP"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			bad("BACKUP_KEEP: %s is not a number of backups, 1 or more", Shown(v, token))
		} else {
			p.BackupKeep = n
		}
	}
	if v := get("KEEP_FINISHED"); v != "" && v != "forever" {
		p.KeepFinished = duration("KEEP_FINISHED", 0)
	}
	p.EndgameSeeds = EndgameSeeds(get("OURI_ENDGAME_SEEDS"), token, bad)

	p.MetricsAddr = cmp.Or(get("METRICS_ADDR"), DefaultMetricsAddr)
	switch p.LogFormat = strings.ToLower(get("LOG_FORMAT")); p.LogFormat {
	case "":
		p.LogFormat = "text"
	case "text", "json":
	default:
		bad("LOG_FORMAT: %s is neither text nor json", Shown(get("LOG_FORMAT"), token))
	}

	p.DBPath = get("DB_PATH")
	if p.DBPath == "" {
		p.DBPath = DefaultDBPath
	}
	p.Store = get("STORE")
	switch p.Store {
	case "", "bbolt":
		p.Store = "bbolt"
	case "etcd":
		for _, e := range strings.Split(get("ETCD_ENDPOINTS"), ",") {
			if e = strings.TrimSpace(e); e != "" {
				p.EtcdEndpoints = append(p.EtcdEndpoints, e)
			}
		}
		if len(p.EtcdEndpoints) == 0 {
			bad("ETCD_ENDPOINTS: STORE=etcd needs the cluster's client URLs, comma-separated, like http://etcd1:2379,http://etcd2:2379")
		}
	default:
		bad("STORE: %s is neither bbolt nor etcd", Shown(p.Store, token))
	}
	return p, errors.Join(errs...)
}

// EndgameSeeds reads OURI_ENDGAME_SEEDS's value v: a seed cap from 1 to MaxEndgameSeeds; "" is
// DefaultEndgameSeeds. A bad value is told to bad and the default returned.
func EndgameSeeds(v, token string, bad func(string, ...any)) int {
	if v == "" {
		return DefaultEndgameSeeds
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > MaxEndgameSeeds {
		bad("OURI_ENDGAME_SEEDS: %s is not a number of seeds from 1 to %d (default %d)", Shown(v, token), MaxEndgameSeeds, DefaultEndgameSeeds)
		return DefaultEndgameSeeds
	}
	return n
}

// Duration reads the value v of the variable name as a Go duration longer than zero; "" is def.
// A bad value is told to bad, naming the variable and giving an example, and def is returned.
func Duration(v, name string, def time.Duration, token string, bad func(string, ...any)) time.Duration {
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		bad("%s: %s is not a duration like %s", name, Shown(v, token), example(def))
		return def
	}
	if d <= 0 {
		bad("%s: %s must be longer than zero", name, Shown(v, token))
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
