package discord

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// fixture is an interaction as Discord sends it (testdata/interactions/*.json) and what the answer
// must be, replayed through Handle on an empty store.
type fixture struct {
	Interaction *discordgo.Interaction `json:"interaction"`
	Want        struct {
		Type      discordgo.InteractionResponseType `json:"type"`
		Ephemeral bool                              `json:"ephemeral"`
		Contains  string                            `json:"contains"`
		Buttons   []string                          `json:"buttons"`
	} `json:"want"`
}

func TestInteractionFixtures(t *testing.T) {
	files, err := filepath.Glob("testdata/interactions/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".json"), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var f fixture
			if err := json.Unmarshal(raw, &f); err != nil {
				t.Fatalf("fixture does not unmarshal: %v", err)
			}
			e := newEnv(t)
			r := e.do(f.Interaction)
			if r.Type != f.Want.Type {
				t.Fatalf("response type %d, want %d (%+v)", r.Type, f.Want.Type, r.Data)
			}
			if r.Data == nil {
				return
			}
			if got := r.Data.Flags&discordgo.MessageFlagsEphemeral != 0; got != f.Want.Ephemeral {
				t.Errorf("ephemeral %v, want %v", got, f.Want.Ephemeral)
			}
			if !strings.Contains(r.Data.Content, f.Want.Contains) {
				t.Errorf("content %q does not contain %q", r.Data.Content, f.Want.Contains)
			}
			if f.Want.Buttons != nil {
				var got []string
				for id := range customIDs(r.Data.Components) {
					got = append(got, id)
				}
				sort.Strings(got)
				if strings.Join(got, " ") != strings.Join(f.Want.Buttons, " ") {
					t.Errorf("buttons %v, want %v", got, f.Want.Buttons)
				}
			}
		})
	}
}
