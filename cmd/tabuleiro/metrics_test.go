package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"tabuleiro/metrics"
)

// scrapeMetrics reads GET /metrics from addr with Prometheus's own text parser.
func scrapeMetrics(t *testing.T, addr string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET /metrics: %d %s", resp.StatusCode, body)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("/metrics does not parse: %v", err)
	}
	return fams
}

// sample is the value of family name's series with exactly these labels (a histogram's count), 0
// when there is none.
func sample(fams map[string]*dto.MetricFamily, name string, labels map[string]string) float64 {
	f := fams[name]
	if f == nil {
		return 0
	}
	for _, m := range f.Metric {
		if len(m.Label) != len(labels) {
			continue
		}
		match := true
		for _, l := range m.Label {
			match = match && labels[l.GetName()] == l.GetValue()
		}
		if !match {
			continue
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue()
		case m.Gauge != nil:
			return m.Gauge.GetValue()
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount())
		}
	}
	return 0
}

// TestMetricsCountWhatTheEndpointDid plays against the bot through signed requests and reads
// /metrics on their own address: every family is there, with the counts the game caused, and the
// public endpoint does not show them.
func TestMetricsCountWhatTheEndpointDid(t *testing.T) {
	rest, priv, cfg := endpointConfig(t)
	m, stop := serving(t, cfg)
	defer m.Close()
	if m.MetricsAddr.String() == m.Addr.String() {
		t.Fatalf("metrics on the public endpoint %v", m.Addr)
	}
	if resp, err := http.Get("http://" + m.Addr.String() + "/metrics"); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Fatalf("GET /metrics on the public endpoint: %v %v, want 404", resp.Status, err)
	}
	before := scrapeMetrics(t, m.MetricsAddr.String())
	n := 0
	post := func(body string) {
		t.Helper()
		n++
		resp := signedPost(t, m, priv, strings.ReplaceAll(body, "ID", strconv.Itoa(n)))
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("interaction %d: %d", n, resp.StatusCode)
		}
	}
	const who = `"guild_id":"100","channel_id":"200","member":{"user":{"id":"11","username":"alice"}}`
	post(`{"id":"ID","application_id":"424242","type":2,"token":"tID","version":1,` + who + `,
		"data":{"id":"9","name":"ouri","type":1,"options":[{"name":"vs-bot","type":1,"options":[
		{"name":"level","type":3,"value":"hard"},{"name":"first","type":3,"value":"me"}]}]}}`)
	post(`{"id":"ID","application_id":"424242","type":3,"token":"tID","version":1,` + who + `,
		"message":{"id":"555","channel_id":"200"},
		"data":{"custom_id":"/ouri/1/0/sow/d","component_type":2}}`)
	// A click on the board that moved on: refused, privately.
	post(`{"id":"ID","application_id":"424242","type":3,"token":"tID","version":1,` + who + `,
		"message":{"id":"555","channel_id":"200"},
		"data":{"custom_id":"/ouri/1/0/sow/e","component_type":2}}`)
	deadline := time.Now().Add(10 * time.Second)
	for !rest.saw("PATCH /api/v10/webhooks/424242/t2/messages/@original") {
		if time.Now().After(deadline) {
			t.Fatalf("the bot's move never reached Discord: %v", rest.paths)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The store's counts are read at most every few seconds; ask for a fresh reading.
	metrics.Count(m.Store.Counts)
	after := scrapeMetrics(t, m.MetricsAddr.String())

	delta := func(name string, labels map[string]string) float64 {
		return sample(after, name, labels) - sample(before, name, labels)
	}
	for _, c := range []struct {
		name   string
		labels map[string]string
		least  float64
	}{
		{"tabuleiro_interactions_total", map[string]string{"kind": "command", "outcome": "ok"}, 1},
		{"tabuleiro_interactions_total", map[string]string{"kind": "component", "outcome": "ok"}, 1},
		{"tabuleiro_interactions_total", map[string]string{"kind": "component", "outcome": "refused"}, 1},
		{"tabuleiro_interaction_duration_seconds", map[string]string{"kind": "component"}, 2},
		{"tabuleiro_decisions_total", map[string]string{"game": "ouri", "by": "person"}, 1},
		{"tabuleiro_decisions_total", map[string]string{"game": "ouri", "by": "bot"}, 1},
		{"tabuleiro_ai_search_seconds", map[string]string{"game": "ouri"}, 1},
		{"tabuleiro_store_commit_seconds", map[string]string{"backend": "bbolt"}, 2},
		{"tabuleiro_store_commit_group_size", map[string]string{"backend": "bbolt"}, 2},
		{"tabuleiro_discord_requests_total", map[string]string{"route": "PATCH /webhooks/{id}/{id}/messages/@original", "status": "200"}, 1},
	} {
		if d := delta(c.name, c.labels); d < c.least {
			t.Errorf("%s%v went up by %v, want at least %v", c.name, c.labels, d, c.least)
		}
	}
	if got := sample(after, "tabuleiro_games_active", map[string]string{"game": "ouri"}); got != 1 {
		t.Errorf("tabuleiro_games_active{ouri} = %v, want the one game", got)
	}
	for _, name := range []string{"tabuleiro_challenges_open", "tabuleiro_ai_queue_length",
		"tabuleiro_discord_rate_limited_total", "tabuleiro_gateway_up", "tabuleiro_gateway_resumes_total",
		"tabuleiro_tournament_rounds_total", "tabuleiro_puzzles_served_total", "go_goroutines",
		"process_cpu_seconds_total"} {
		if after[name] == nil {
			t.Errorf("the family %s is missing", name)
		}
	}
	for name, f := range after {
		for _, m := range f.Metric {
			for _, l := range m.Label {
				if l.GetName() == "status" || l.GetName() == "le" || l.GetName() == "quantile" {
					continue
				}
				if v := l.GetValue(); strings.Contains(v, "424242") || strings.Contains(v, "200") || v == "11" || strings.Contains(v, "t2") {
					t.Errorf("%s carries an id in %s=%q", name, l.GetName(), v)
				}
			}
		}
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}

// TestJSONLogsParseAndHideTheToken: with LOG_FORMAT=json every line is a JSON object, and the token
// never appears, whatever is logged.
func TestJSONLogsParseAndHideTheToken(t *testing.T) {
	const token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"
	var out bytes.Buffer
	cfg, err := loadConfig(envMap(map[string]string{"DISCORD_TOKEN": token, "LOG_FORMAT": "json"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.LogFormat != "json" {
		t.Fatalf("LOG_FORMAT json read as %q", cfg.LogFormat)
	}
	log := newLogger(cfg, &out)
	log.Info("connecting", "token", token, "url", "https://discord.com/api/v10/webhooks/1/"+token)
	log.Error("request failed", "err", io.ErrUnexpectedEOF, "header", "Bot "+token)
	log.With("session", token).Warn("a line with \"quotes\" and\nnewlines " + token)
	lines := 0
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		lines++
		var v map[string]any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", lines, err, sc.Text())
		}
		if v["msg"] == nil || v["level"] == nil || v["time"] == nil {
			t.Fatalf("line %d lacks time, level or msg: %s", lines, sc.Text())
		}
		if strings.Contains(sc.Text(), token) || strings.Contains(sc.Text(), "abcdefghijklmnopqrstuvwxyz0123456789AB") {
			t.Fatalf("line %d holds the token: %s", lines, sc.Text())
		}
	}
	if lines != 3 {
		t.Fatalf("%d lines, want 3", lines)
	}
	if _, err := loadConfig(envMap(map[string]string{"DISCORD_TOKEN": token, "LOG_FORMAT": "yaml"})); err == nil ||
		!strings.Contains(err.Error(), "LOG_FORMAT") {
		t.Fatalf("LOG_FORMAT=yaml: %v, want an error naming it", err)
	}
}
