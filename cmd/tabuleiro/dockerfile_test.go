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
