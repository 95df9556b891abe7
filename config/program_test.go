package config

import (
	"strings"
	"testing"
	"time"
)

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		check   func(t *testing.T, p Program)
		wantErr string // substring; "" means success
	}{
		{name: "nothing set gives every default",
			env: map[string]string{},
			check: func(t *testing.T, p Program) {
				if p.DBPath != "data/tabuleiro.db" || p.Store != "bbolt" || p.Shared() {
					t.Errorf("db %s store %s", p.DBPath, p.Store)
				}
				if p.AIMoveTime != time.Second || p.ChallengeTTL != 10*time.Minute || p.IdleTimeout != 72*time.Hour ||
					p.TurnPingAfter != 2*time.Minute || p.TeamVoteTime != 30*time.Second {
					t.Errorf("durations %v %v %v %v %v", p.AIMoveTime, p.ChallengeTTL, p.IdleTimeout, p.TurnPingAfter, p.TeamVoteTime)
				}
				if p.BackupDir != "" || p.BackupEvery != 6*time.Hour || p.BackupKeep != 14 || p.KeepFinished != 0 {
					t.Errorf("backups %q %v %d, keep finished %v", p.BackupDir, p.BackupEvery, p.BackupKeep, p.KeepFinished)
				}
				if p.EndgameSeeds != 17 {
					t.Errorf("endgame seeds %d, want 17", p.EndgameSeeds)
				}
				if p.MetricsAddr != "127.0.0.1:9464" {
					t.Errorf("metrics on %q, want the loopback only", p.MetricsAddr)
				}
			}},
		{name: "METRICS_ADDR opens the metrics to another address",
			env: map[string]string{"METRICS_ADDR": ":9464"},
			check: func(t *testing.T, p Program) {
				if p.MetricsAddr != ":9464" {
					t.Errorf("metrics on %q", p.MetricsAddr)
				}
			}},
		{name: "every variable is read",
			env: map[string]string{"DB_PATH": "/data/t.db", "AI_MOVE_TIME": "250ms", "CHALLENGE_TTL": "2m",
				"IDLE_TIMEOUT": "24h", "TURN_PING_AFTER": "5m", "TEAM_VOTE_TIME": "1m", "BACKUP_DIR": "/b", "BACKUP_EVERY": "1h", "BACKUP_KEEP": "3",
				"KEEP_FINISHED": "2160h", "OURI_ENDGAME_SEEDS": "18"},
			check: func(t *testing.T, p Program) {
				if p.DBPath != "/data/t.db" || p.AIMoveTime != 250*time.Millisecond || p.ChallengeTTL != 2*time.Minute ||
					p.IdleTimeout != 24*time.Hour || p.TurnPingAfter != 5*time.Minute || p.TeamVoteTime != time.Minute {
					t.Errorf("%+v", p)
				}
				if p.BackupDir != "/b" || p.BackupEvery != time.Hour || p.BackupKeep != 3 || p.KeepFinished != 2160*time.Hour {
					t.Errorf("%+v", p)
				}
				if p.EndgameSeeds != 18 {
					t.Errorf("endgame seeds %d, want 18", p.EndgameSeeds)
				}
			}},
		{name: "KEEP_FINISHED=forever keeps every game",
			env: map[string]string{"KEEP_FINISHED": "forever"},
			check: func(t *testing.T, p Program) {
				if p.KeepFinished != 0 {
					t.Errorf("keep finished %v", p.KeepFinished)
				}
			}},
		{name: "STORE=etcd reads its endpoints",
			env: map[string]string{"STORE": "etcd", "ETCD_ENDPOINTS": "http://e1:2379, http://e2:2379,,"},
			check: func(t *testing.T, p Program) {
				if !p.Shared() || strings.Join(p.EtcdEndpoints, " ") != "http://e1:2379 http://e2:2379" {
					t.Errorf("shared %v endpoints %q", p.Shared(), p.EtcdEndpoints)
				}
			}},
		{name: "STORE=etcd without endpoints says what to set",
			env:     map[string]string{"STORE": "etcd"},
			wantErr: "ETCD_ENDPOINTS: STORE=etcd needs the cluster's client URLs"},
		{name: "an unknown STORE is refused",
			env:     map[string]string{"STORE": "postgres"},
			wantErr: `STORE: "postgres" is neither bbolt nor etcd`},
		{name: "a duration in words is refused with an example",
			env:     map[string]string{"IDLE_TIMEOUT": "3 days"},
			wantErr: `IDLE_TIMEOUT: "3 days" is not a duration like 72h`},
		{name: "a zero duration is refused",
			env:     map[string]string{"CHALLENGE_TTL": "0s"},
			wantErr: `CHALLENGE_TTL: "0s" must be longer than zero`},
		{name: "AI_MOVE_TIME suggests seconds",
			env:     map[string]string{"AI_MOVE_TIME": "fast"},
			wantErr: `AI_MOVE_TIME: "fast" is not a duration like 1s`},
		{name: "a backup count of none is refused",
			env:     map[string]string{"BACKUP_KEEP": "0"},
			wantErr: `BACKUP_KEEP: "0" is not a number of backups, 1 or more`},
		{name: "a seed cap beyond the largest database",
			env:     map[string]string{"OURI_ENDGAME_SEEDS": "19"},
			wantErr: `OURI_ENDGAME_SEEDS: "19" is not a number of seeds from 1 to 18 (default 17)`},
		{name: "every problem is reported at once",
			env:     map[string]string{"AI_MOVE_TIME": "x", "STORE": "y"},
			wantErr: "AI_MOVE_TIME"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Load(envOf(tt.env), "")
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
				}
				if tt.name == "every problem is reported at once" && !strings.Contains(err.Error(), "STORE") {
					t.Errorf("err = %v, want STORE too", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			tt.check(t, p)
		})
	}
}

func TestLoadNeverShowsATokenLikeValue(t *testing.T) {
	secret := "Zq3xW9vB7nM2kL5jH8gF4dS6aP1oI0uY" // shaped like a client secret
	for _, name := range []string{"AI_MOVE_TIME", "CHALLENGE_TTL", "IDLE_TIMEOUT", "TURN_PING_AFTER", "TEAM_VOTE_TIME", "BACKUP_EVERY",
		"BACKUP_KEEP", "KEEP_FINISHED", "STORE", "OURI_ENDGAME_SEEDS"} {
		for _, v := range []string{aToken, "Bot " + aToken, secret} {
			t.Run(name+" holding a secret names the variable, not the value", func(t *testing.T) {
				_, err := Load(envOf(map[string]string{name: v}), aToken)
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
}
