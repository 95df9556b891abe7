package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// fakeREST is just enough of Discord's REST API for the bot to start and follow up.
type fakeREST struct {
	mu    sync.Mutex
	paths []string
}

func (f *fakeREST) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.paths = append(f.paths, r.Method+" "+r.URL.Path)
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	p := r.URL.Path
	switch {
	case !strings.HasPrefix(p, "/api/v10/"):
		w.WriteHeader(404)
		io.WriteString(w, `{"message":"not v10","code":0}`)
	case p == "/api/v10/applications/@me":
		io.WriteString(w, `{"id":"424242"}`)
	case r.Method == "PUT":
		w.Write(body)
	case strings.HasSuffix(p, "/@original"):
		io.WriteString(w, `{"id":"555","channel_id":"200"}`)
	default:
		io.WriteString(w, `{"id":"556","channel_id":"200"}`)
	}
}

func (f *fakeREST) saw(call string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.paths {
		if p == call || strings.HasSuffix(call, "*") && strings.HasPrefix(p, strings.TrimSuffix(call, "*")) {
			return true
		}
	}
	return false
}

func TestServeEndToEnd(t *testing.T) {
	rest := &fakeREST{}
	api := httptest.NewServer(rest)
	defer api.Close()
	pub, priv, _ := ed25519.GenerateKey(nil)
	db := filepath.Join(t.TempDir(), "data", "tabuleiro.db")
	env := map[string]string{
		"DISCORD_TOKEN":      "tok",
		"DISCORD_GATEWAY":    "off",
		"DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
		"HTTP_ADDR":          "127.0.0.1:0",
		"DISCORD_API_BASE":   api.URL,
		"DB_PATH":            db,
	}
	getenv := func(k string) string { return env[k] }

	addrs := make(chan string, 1)
	listening = func(a net.Addr) { addrs <- a.String() }
	defer func() { listening = func(net.Addr) {} }()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- runBot(ctx, getenv) }()
	var addr string
	select {
	case addr = <-addrs:
	case err := <-done:
		t.Fatalf("runBot ended before listening: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the endpoint never listened")
	}
	if !rest.saw("PUT /api/v10/applications/424242/commands") {
		t.Errorf("commands were not registered globally: %v", rest.paths)
	}

	post := func(body string) (int, string) {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		req, _ := http.NewRequest("POST", "http://"+addr+"/interactions", strings.NewReader(body))
		req.Header.Set("X-Signature-Timestamp", ts)
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, []byte(ts+body))))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	if code, body := post(`{"id":"1","application_id":"424242","type":1,"token":"t","version":1}`); code != 200 || strings.TrimSpace(body) != `{"type":1}` {
		t.Fatalf("PING: %d %s", code, body)
	}
	challenge := `{"id":"2","application_id":"424242","type":2,"token":"t2","version":1,"guild_id":"100","channel_id":"200",
		"member":{"user":{"id":"11","username":"alice"}},
		"data":{"id":"9","name":"ordo","type":1,"options":[{"name":"challenge","type":1,"options":[{"name":"opponent","type":6,"value":"22"}]}],
		"resolved":{"users":{"22":{"id":"22","username":"bob"}}}}}`
	code, body := post(challenge)
	var resp struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &resp); code != 200 || err != nil || resp.Type != 4 || resp.Data.Flags&64 != 0 {
		t.Fatalf("challenge: %d %s", code, body)
	}
	if err := healthcheck(ctx, getenv); err == nil {
		t.Errorf("healthcheck of 127.0.0.1:0 passed")
	}
	env["HTTP_ADDR"] = addr
	if err := healthcheck(ctx, getenv); err != nil {
		t.Errorf("healthcheck: %v", err)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("runBot: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("runBot did not stop")
	}
	if !rest.saw("GET /api/v10/webhooks/424242/t2/messages/@original") {
		t.Errorf("the challenge's follow-up did not run before shutdown: %v", rest.paths)
	}

	// The store was closed (its lock released) with the challenge and its message id in it.
	st, err := store.Open(db, store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatalf("reopening the store: %v", err)
	}
	defer st.Close()
	open, err := st.OpenChallenges("200")
	if err != nil || len(open) != 1 || open[0].MessageID != "555" {
		t.Errorf("open challenges %+v, %v", open, err)
	}
}

func TestRunBotWithoutDiscordIsNotConfigured(t *testing.T) {
	err := runBot(context.Background(), func(string) string { return "" })
	if !errors.Is(err, errNotConfigured) {
		t.Errorf("runBot = %v, want errNotConfigured", err)
	}
}

func TestRunBotReportsBadConfiguration(t *testing.T) {
	err := runBot(context.Background(), func(k string) string {
		return map[string]string{"DISCORD_TOKEN": "tok", "IDLE_TIMEOUT": "3 days"}[k]
	})
	if err == nil || !strings.Contains(err.Error(), `IDLE_TIMEOUT: "3 days" is not a duration like 72h`) {
		t.Errorf("runBot = %v", err)
	}
}
