package metrics

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// families are the names of tabuleiro's own families, as a scrape shows them once the two that
// appear only with their first event (REST requests, the store's counts) have one.
func families(t *testing.T) []string {
	Request("GET /gateway/bot", 200, false)
	tally.mu.Lock()
	if tally.counts == nil {
		tally.counts = func() (map[string]int, map[string]int, error) { return nil, nil, nil }
	}
	tally.mu.Unlock()
	fams, _ := scrape(t)
	var names []string
	for name := range fams {
		if strings.HasPrefix(name, "tabuleiro_") {
			names = append(names, name)
		}
	}
	if len(names) < 15 {
		t.Fatalf("only %d tabuleiro families: %v", len(names), names)
	}
	return names
}

func TestTheDashboardGraphsEveryFamily(t *testing.T) {
	b, err := os.ReadFile("../deploy/grafana/dashboards/tabuleiro.json")
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Title   string
			Targets []struct{ Expr string }
		}
	}
	if err := json.Unmarshal(b, &dash); err != nil {
		t.Fatalf("the dashboard is not JSON: %v", err)
	}
	var exprs strings.Builder
	for _, p := range dash.Panels {
		for _, q := range p.Targets {
			exprs.WriteString(q.Expr + "\n")
		}
	}
	for _, name := range families(t) {
		if !strings.Contains(exprs.String(), name) {
			t.Errorf("no panel of the dashboard graphs %s", name)
		}
	}
}

func TestTheReadmeExplainsEveryFamily(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range families(t) {
		if !strings.Contains(string(b), "`"+name+"`") {
			t.Errorf("the README's operations section does not explain %s", name)
		}
	}
}

// TestPromtoolAcceptsTheDeploymentFiles checks the alerts and the scrape configuration, where
// promtool is installed.
func TestPromtoolAcceptsTheDeploymentFiles(t *testing.T) {
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool is not installed (apt-get install prometheus): the alerts and scrape configuration were not checked")
	}
	alerts, err := filepath.Abs("../deploy/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(promtool, "check", "rules", alerts).CombinedOutput(); err != nil {
		t.Fatalf("promtool check rules: %v\n%s", err, out)
	}
	// The configuration names the alerts where the compose file mounts them; check it against ours.
	cfg, err := os.ReadFile("../deploy/prometheus.yml")
	if err != nil {
		t.Fatal(err)
	}
	local := filepath.Join(t.TempDir(), "prometheus.yml")
	if err := os.WriteFile(local, []byte(strings.ReplaceAll(string(cfg), "/etc/prometheus/alerts.yml", alerts)), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(promtool, "check", "config", local).CombinedOutput(); err != nil {
		t.Fatalf("promtool check config: %v\n%s", err, out)
	}
}
