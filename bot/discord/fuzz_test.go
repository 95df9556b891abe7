package discord

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
)

// FuzzCustomID: whatever a click carries, parseCustomID never panics, and an id it accepts writes
// back to one that reads as the same action (so a board posted today still works tomorrow).
func FuzzCustomID(f *testing.F) {
	for _, id := range []string{"/ouri/12/7/sow/d", "/oolong/3/40/play/c.ne", "/oolong/3/41/pick/0", "/ordo/9/0/resign/yes",
		"/ouri/ch/5/accept", "/ordo/ch/6/decline", "ouri/1/2/sow", "/ouri/1/2/v//", "/ouri/ch/0/accept", "//1/2/sow", ""} {
		f.Add(id)
	}
	f.Fuzz(func(t *testing.T, id string) {
		a, ok := parseCustomID(id)
		if !ok {
			if a != (bot.Action{}) {
				t.Fatalf("refused %q but returned %+v", id, a)
			}
			return
		}
		if a.Kind == "" || a.Ply < 0 {
			t.Fatalf("parseCustomID(%q) accepted %+v", id, a)
		}
		back := customID(a)
		b, ok := parseCustomID(back)
		if !ok || b != a {
			t.Fatalf("%q read as %+v, written as %q, read back as %+v, %v", id, a, back, b, ok)
		}
		if customID(b) != back {
			t.Fatalf("%q is not a fixed point: %q", back, customID(b))
		}
	})
}

// FuzzInteraction: any JSON body, once decoded as discordgo decodes it, converts to the bot's
// interaction without a panic, keeping its id, and with a type the bot knows or "unknown".
func FuzzInteraction(f *testing.F) {
	addInteractionSeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		var in discordgo.Interaction
		if err := json.Unmarshal(body, &in); err != nil {
			return
		}
		out := interaction(&in)
		if out.ID != in.ID {
			t.Fatalf("id %q became %q", in.ID, out.ID)
		}
		switch out.Type {
		case bot.Command, bot.Autocomplete:
			if out.Command.Options == nil || out.Command.Bots == nil {
				t.Fatalf("command without option maps: %+v", out.Command)
			}
		case bot.Ping, bot.Click, unknown:
		default:
			t.Fatalf("type %d from interaction type %d", out.Type, in.Type)
		}
	})
}

// addInteractionSeeds seeds a fuzzer with the recorded interactions of testdata/interactions.
func addInteractionSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/interactions/*.json")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"type":3,"id":"1","data":{"custom_id":"/ouri/1/0/sow/a","component_type":2},"message":{"id":"m"}}`))
	f.Add([]byte(`{"type":4,"id":"2","data":{"name":"ordo","options":[{"name":"move","type":1,"options":[{"name":"play","type":3,"value":"a","focused":true}]}]}}`))
}
