package describe

import (
	"os"
	"strings"
	"testing"

	"tabuleiro/games/catalog"
	"tabuleiro/say"
)

// The README shows what a screen reader reads of each game; its examples must stay what the
// describers say.
func TestTheReadmesExamplesAreWhatTheDescribersSay(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "**Boards in words.**")
	if !ok {
		t.Fatal("the README has no section on boards in words")
	}
	section, _, _ = strings.Cut(section, "\n\n**")
	blocks := strings.Split(section, "```text\n")[1:]
	games := []struct {
		kind  string
		moves []string
	}{
		{"ouri", []string{"d", "c", "f"}},
		{"ordo", []string{"c2:d2-c4", "e6-e5", "e3-e4"}},
		{"oolong", []string{"c.ne", "ne.s", "s.nw"}},
	}
	if len(blocks) != len(games) {
		t.Fatalf("%d examples in the README, want one for each of %d games", len(blocks), len(games))
	}
	for i, c := range games {
		g, err := catalog.New(c.kind, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range c.moves {
			m, err := g.Parse(s)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		said := strings.Split(Game(g, say.For(say.English)).Text(), "\n")
		example, _, _ := strings.Cut(blocks[i], "```")
		for _, line := range strings.Split(strings.TrimSpace(example), "\n") {
			if !strings.HasPrefix(line, "…") && !contains(said, line) {
				t.Errorf("the README's %s example says %q, which the describer does not:\n%s", c.kind, line, strings.Join(said, "\n"))
			}
		}
	}
}

func contains(lines []string, line string) bool {
	for _, l := range lines {
		if l == line {
			return true
		}
	}
	return false
}
