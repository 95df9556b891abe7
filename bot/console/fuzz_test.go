package console

import (
	"strings"
	"testing"
	"time"

	"tabuleiro/bot"
)

// FuzzSlash: any typed command line turns into an interaction or an error saying what to type,
// never a panic; an interaction names a real command and subcommand, and only their options.
func FuzzSlash(f *testing.F) {
	for _, line := range []string{"/ouri vs-bot", "/ordo challenge opponent:@bob rules:standard", "/ouri move play:d",
		"/oolong move", "/ordo rules", "/ouri challenge opponent:<@123> opponent:@x", "/OURI VS-BOT level:Hard",
		"/ordo move play:a2-a3 play:", "/ouri", "/x y", "/ouri challenge opponent:", "/ordo challenge  rules:x opponent:@tabuleiro",
		"/ouri vs-bot level:easy\tfirst:true", "/ouri board public:maybe"} {
		f.Add(line)
	}
	c := New(&strings.Builder{}, func() time.Time { return time.Unix(0, 0) })
	f.Fuzz(func(t *testing.T, line string) {
		line = strings.TrimSpace(line)
		if fields := strings.Fields(line); len(fields) == 0 || !strings.HasPrefix(fields[0], "/") {
			return // Line sends only these to slash
		}
		in, err := c.slash("you", line)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", line)
			}
			return
		}
		var sub *bot.SubSpec
		for _, cmd := range bot.Commands() {
			if cmd.Name != in.Command.Name {
				continue
			}
			for i, s := range cmd.Subs {
				if s.Name == in.Command.Sub {
					sub = &cmd.Subs[i]
				}
			}
		}
		if sub == nil {
			t.Fatalf("%q became /%s %s, which does not exist", line, in.Command.Name, in.Command.Sub)
		}
		for name := range in.Command.Options {
			found := false
			for _, o := range sub.Options {
				found = found || o.Name == name
			}
			if !found {
				t.Fatalf("%q: option %q is not one of /%s %s", line, name, in.Command.Name, in.Command.Sub)
			}
		}
		if in.Type != bot.Command && in.Type != bot.Autocomplete {
			t.Fatalf("%q: type %v", line, in.Type)
		}
	})
}
