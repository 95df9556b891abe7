package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The Dockerfile's comments say what the program does: the variables they name are read (listed in
// .env.example, which a test holds to the code), and the grace period they give is shutdownGrace.
func TestDockerfileCommentsAreTrue(t *testing.T) {
	docker, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("every variable it names is one tabuleiro reads", func(t *testing.T) {
		for _, m := range regexp.MustCompile(`\$([A-Z][A-Z0-9_]*)`).FindAllStringSubmatch(string(docker), -1) {
			if !regexp.MustCompile(`(?m)^#?` + m[1] + `=`).Match(example) {
				t.Errorf("the Dockerfile names $%s, which tabuleiro does not read", m[1])
			}
		}
	})
	t.Run("the grace it gives the moves in flight is shutdownGrace, as the README says", func(t *testing.T) {
		secs := strconv.Itoa(int(shutdownGrace.Seconds()))
		if !strings.Contains(string(docker), "(up to "+secs+"s)") {
			t.Errorf("the Dockerfile does not say the moves in flight get up to %ss", secs)
		}
		readme, err := os.ReadFile("../../README.md")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(readme), "up to "+secs+" s") {
			t.Errorf("README.md does not say the moves in flight get up to %s s", secs)
		}
	})
}

// docker-compose.yml is what an operator starts on the first day: Grafana asks for a password of
// theirs, the replicas' metrics stay inside the compose network, and Prometheus scrapes them where
// they are served.
func TestComposePublishesNoKnownPasswordNorTheMetrics(t *testing.T) {
	compose, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	prometheus, err := os.ReadFile("../../deploy/prometheus.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`GF_SECURITY_ADMIN_PASSWORD: \$\{GRAFANA_ADMIN_PASSWORD:\?`).Match(compose) {
		t.Error("Grafana's admin password is not required from GRAFANA_ADMIN_PASSWORD (${GRAFANA_ADMIN_PASSWORD:?…})")
	}
	port := regexp.MustCompile(`METRICS_ADDR: "[^":]*:(\d+)"`).FindSubmatch(compose)
	if port == nil {
		t.Fatal("the replicas do not set METRICS_ADDR: their metrics would answer on the loopback, out of Prometheus's reach")
	}
	for _, published := range regexp.MustCompile(`ports: \[([^\]]*)\]`).FindAllSubmatch(compose, -1) {
		if strings.Contains(string(published[1]), string(port[1])) {
			t.Errorf("the metrics' port %s is published: %s", port[1], published[0])
		}
	}
	for _, bot := range []string{"bot1", "bot2"} {
		if !strings.Contains(string(prometheus), `"`+bot+":"+string(port[1])+`"`) {
			t.Errorf("Prometheus does not scrape %s on the metrics' port %s", bot, port[1])
		}
	}
}
