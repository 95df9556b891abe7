package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabuleiro/config"
)

// TestMainPlaysOnARandomPort runs the program as a value on :0 and plays a game against the bot
// through signed requests: the answer comes inline, the bot's move reaches the fake Discord over
// REST, and the store has it all after Close.
func TestMainPlaysOnARandomPort(t *testing.T) {
	rest, priv, cfg := endpointConfig(t)
	m, stop := serving(t, cfg)
	n := 0
	post := func(body string) map[string]any {
		t.Helper()
		n++
		resp := signedPost(t, m, priv, strings.ReplaceAll(body, "ID", strconv.Itoa(n)))
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		var out map[string]any
		if resp.StatusCode != 200 || json.Unmarshal(b, &out) != nil {
			t.Fatalf("%d %s", resp.StatusCode, b)
		}
		return out
	}
	const who = `"guild_id":"100","channel_id":"200","member":{"user":{"id":"11","username":"alice"}}`
	r := post(`{"id":"ID","application_id":"424242","type":2,"token":"tID","version":1,` + who + `,
		"data":{"id":"9","name":"ouri","type":1,"options":[{"name":"vs-bot","type":1,"options":[
		{"name":"level","type":3,"value":"easy"},{"name":"first","type":3,"value":"me"}]}]}}`)
	content := r["data"].(map[string]any)["content"].(string)
	if !strings.Contains(content, "<@11> (South) to move") {
		t.Fatalf("vs-bot answered %q", content)
	}
	r = post(`{"id":"ID","application_id":"424242","type":3,"token":"tID","version":1,` + who + `,
		"message":{"id":"555","channel_id":"200"},
		"data":{"custom_id":"/ouri/1/0/sow/d","component_type":2}}`)
	content = r["data"].(map[string]any)["content"].(string)
	if r["type"].(float64) != 7 || !strings.Contains(content, "thinking") {
		t.Fatalf("the click answered %v", r)
	}
	deadline := time.Now().Add(10 * time.Second)
	// The bot's move edits the board through the click's webhook.
	for !rest.saw("PATCH /api/v10/webhooks/424242/t2/messages/@original") {
		if time.Now().After(deadline) {
			t.Fatalf("the bot's move never reached Discord: %v", rest.paths)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := stop(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	st := m.Store
	rec, _, err := st.Game(1)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Ply < 2 || rec.MessageID != "555" {
		t.Fatalf("stored: ply %d, message %q", rec.Ply, rec.MessageID)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
}

// With BACKUP_DIR set, the running program writes backups that open as stores.
func TestMainTakesScheduledBackups(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	dir := t.TempDir()
	env := map[string]string{
		"DISCORD_PUBLIC_KEY": hex.EncodeToString(pub), "HTTP_ADDR": "127.0.0.1:0",
		"DB_PATH": filepath.Join(dir, "tabuleiro.db"), "BACKUP_DIR": filepath.Join(dir, "backups"),
		"BACKUP_EVERY": "100ms", "BACKUP_KEEP": "2", "KEEP_FINISHED": "720h",
	}
	cfg, err := loadConfig(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	m, stop := serving(t, cfg)
	deadline := time.Now().Add(10 * time.Second)
	for {
		files, _ := filepath.Glob(filepath.Join(dir, "backups", "tabuleiro-*.db"))
		if len(files) >= 2 {
			if len(files) > 2 {
				t.Errorf("%d backups kept, want 2", len(files))
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no backups in 10 s: %v", files)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
}

// endpointConfig is the configuration of a bot serving signed interactions on a random port, with
// a fake Discord behind its REST calls: that fake, the key to sign with, and the configuration.
func endpointConfig(t *testing.T) (*fakeREST, ed25519.PrivateKey, Config) {
	t.Helper()
	rest := &fakeREST{}
	api := httptest.NewServer(rest)
	t.Cleanup(api.Close)
	pub, priv, _ := ed25519.GenerateKey(nil)
	env := map[string]string{
		"DISCORD_TOKEN": "tok", "DISCORD_GATEWAY": "off", "DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
		"HTTP_ADDR": "127.0.0.1:0", "DISCORD_API_BASE": api.URL, "AI_MOVE_TIME": "50ms",
		"DB_PATH": filepath.Join(t.TempDir(), "tabuleiro.db"),
	}
	cfg, err := loadConfig(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return rest, priv, cfg
}

// serving runs a Main on cfg and returns it once it serves; stop ends Run and returns its error.
func serving(t *testing.T, cfg Config) (m *Main, stop func() error) {
	t.Helper()
	if cfg.MetricsAddr == config.DefaultMetricsAddr {
		cfg.MetricsAddr = "localhost:0" // programs tested side by side cannot share one port
	}
	m = NewMain(cfg, slog.New(slog.DiscardHandler))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	select {
	case <-m.Ready():
	case err := <-done:
		cancel()
		t.Fatalf("Run ended before serving: %v", err)
	case <-time.After(20 * time.Second):
		cancel()
		t.Fatal("Main never served")
	}
	return m, func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(30 * time.Second):
			t.Fatal("Run did not stop")
			return nil
		}
	}
}

// signedPost sends body to m's /interactions, signed with priv now.
func signedPost(t *testing.T, m *Main, priv ed25519.PrivateKey, body string) *http.Response {
	t.Helper()
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest("POST", "http://"+m.Addr.String()+"/interactions", strings.NewReader(body))
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, []byte(ts+body))))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}
