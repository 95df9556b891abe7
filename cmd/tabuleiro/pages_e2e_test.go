package main

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// With PUBLIC_URL set, the program links a game's page from its result once its server turned
// pages on, and serves the page beside /interactions (and /metrics, where METRICS_ADDR names
// HTTP_ADDR); an untidy path is a 404 there
// too, not a redirect to a page.
func TestMainServesGamePages(t *testing.T) {
	_, priv, cfg := endpointConfig(t)
	cfg.PublicURL = "https://t.example.org"
	cfg.MetricsAddr = cfg.HTTPAddr // the operator's choice: the metrics beside the pages
	m, stop := serving(t, cfg)
	defer m.Close()
	defer stop()
	n := 0
	post := func(who, data string) string {
		t.Helper()
		n++
		body := `{"id":"` + strconv.Itoa(n) + `","application_id":"424242","type":2,"token":"t` + strconv.Itoa(n) + `","version":1,` +
			`"guild_id":"100","channel_id":"200","member":` + who + `,"data":` + data + `}`
		resp := signedPost(t, m, priv, body)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		var out struct {
			Data struct{ Content string }
		}
		if resp.StatusCode != 200 || json.Unmarshal(b, &out) != nil {
			t.Fatalf("%d %s", resp.StatusCode, b)
		}
		return out.Data.Content
	}
	const alice = `{"user":{"id":"11","username":"alice","global_name":"Alice"},"permissions":"32"}`
	if got := post(alice, `{"id":"9","name":"tabuleiro","type":1,"options":[{"name":"settings","type":1,"options":[{"name":"pages","type":5,"value":true}]}]}`); !strings.Contains(got, "game pages: **on**") {
		t.Fatalf("settings answered %q", got)
	}
	post(alice, `{"id":"9","name":"ouri","type":1,"options":[{"name":"vs-bot","type":1,"options":[{"name":"level","type":3,"value":"easy"},{"name":"first","type":3,"value":"me"}]}]}`)
	result := post(alice, `{"id":"9","name":"ouri","type":1,"options":[{"name":"resign","type":1}]}`)
	link := regexp.MustCompile(`Game page: (https://t\.example\.org(/g/1-[0-9a-f]{24}))`).FindStringSubmatch(result)
	if link == nil {
		t.Fatalf("the result links no page: %q", result)
	}
	get := func(path string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", "http://"+m.Addr.String()+path, nil)
		req.URL.Opaque = path
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, page := get(link[2]); code != 200 || !strings.Contains(page, `<meta property="og:url" content="`+link[1]+`">`) || !strings.Contains(page, "Alice") {
		t.Errorf("the page: %d\n%s", code, page)
	}
	if code, body := get("/g/x/../" + strings.TrimPrefix(link[2], "/g/")); code != 404 || body != "404 page not found\n" {
		t.Errorf("an untidy path: %d %q", code, body)
	}
	if code, _ := get("/metrics"); code != 200 {
		t.Errorf("/metrics: %d", code)
	}
}
