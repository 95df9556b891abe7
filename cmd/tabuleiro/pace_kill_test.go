package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A day-paced tournament game against the real binary over its signed endpoint, with a pace day of
// 20 seconds: the player to move gets their digest once at the hour they set, the process is
// killed before their deadline and started again after it, and the game is lost on time once;
// another kill and start change nothing.
func TestADayPacedGameAndItsDigestSurviveSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary, restarts it and waits for its sweeps")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tabuleiro")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	discord := &postRecorder{}
	api := httptest.NewServer(discord)
	defer api.Close()
	pub, priv, _ := ed25519.GenerateKey(nil)
	addr := "127.0.0.1:" + freePort(t)
	const paceDay = 20 * time.Second
	b := &killedBot{t: t, bin: bin, addr: addr, priv: priv, env: append(os.Environ(),
		"DISCORD_TOKEN=tok", "DISCORD_GATEWAY=off", "DISCORD_PUBLIC_KEY="+hex.EncodeToString(pub), "HTTP_ADDR="+addr,
		"DISCORD_API_BASE="+api.URL, "DB_PATH="+filepath.Join(dir, "tabuleiro.db"), "DISCORD_APP_ID=424242", "PACE_DAY="+paceDay.String())}
	defer func() {
		if b.cmd != nil && b.cmd.ProcessState == nil {
			b.kill()
		}
		if t.Failed() {
			t.Logf("the bot's log:\n%s", b.log.String())
		}
	}()
	// The digest is set for this hour: start with most of it ahead.
	if n := time.Now().UTC(); n.Minute() == 59 {
		time.Sleep(time.Duration(60-n.Second()+1) * time.Second)
	}
	b.start()
	count := func(what string) int {
		n := 0
		for _, p := range discord.all() {
			if strings.Contains(p, what) {
				n++
			}
		}
		return n
	}
	waitFor := func(what string, within time.Duration) {
		t.Helper()
		for deadline := time.Now().Add(within); count(what) == 0; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no %q within %v: %q", what, within, discord.all())
			}
		}
	}
	opt := func(name string, typ int, v any) map[string]any {
		return map[string]any{"name": name, "type": typ, "value": v}
	}
	if text, private := b.interaction("301", cup("create", opt("game", 3, "ordo"), opt("format", 3, "round-robin"),
		opt("round-time", 3, "7d"), opt("pace", 3, "1d"))); private {
		t.Fatalf("create: %s", text)
	}
	for _, p := range []string{"301", "302"} {
		if text, private := b.interaction(p, cup("join")); private {
			t.Fatalf("%s joins: %s", p, text)
		}
	}
	started := time.Now()
	if text, private := b.interaction("301", cup("start")); private {
		t.Fatalf("start: %s", text)
	}
	me := map[string]any{"id": "9", "name": "tabuleiro", "type": 1, "options": []map[string]any{{"name": "me", "type": 1,
		"options": []map[string]any{opt("digest", 3, strconv.Itoa(time.Now().UTC().Hour()))}}}}
	for _, p := range []string{"301", "302"} {
		if text, private := b.interaction(p, me); !private || !strings.Contains(text, "UTC") {
			t.Fatalf("%s's digest: %s", p, text)
		}
	}
	// The sweep, every ten seconds, sends the digest of the one to move, before their deadline.
	waitFor("Your move", paceDay)
	if time.Since(started) >= paceDay {
		t.Fatalf("the digest came after the deadline")
	}
	b.kill()
	time.Sleep(time.Until(started.Add(paceDay + time.Second)))
	b.start()
	waitFor("ended on time", 15*time.Second)
	b.kill()
	b.start()
	time.Sleep(12 * time.Second) // a sweep after the restart
	b.kill()
	if n, m := count("Your move"), count("ended on time"); n != 1 || m != 1 {
		t.Fatalf("%d digests and %d losses on time told, want one each: %q", n, m, discord.all())
	}
}
