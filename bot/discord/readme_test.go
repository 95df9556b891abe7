package discord

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestReadmeNamesEveryRegisteredCommand: the README's sentence on what is registered at start names
// every command Discord is given, slash commands as /name and user commands in bold.
func TestReadmeNamesEveryRegisteredCommand(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	sentence := regexp.MustCompile(`(?s)The commands \(.*?\) are registered at every start`).Find(b)
	if sentence == nil {
		t.Fatal(`README.md has no sentence "The commands (…) are registered at every start"`)
	}
	said := strings.Join(strings.Fields(string(sentence)), " ")
	for _, c := range Commands() {
		want := "`/" + c.Name + "`"
		if c.Type == discordgo.UserApplicationCommand {
			want = "**" + c.Name + "**"
		}
		if !strings.Contains(said, want) {
			t.Errorf("README.md's list of registered commands lacks %s: %q", want, said)
		}
	}
}
