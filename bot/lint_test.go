package bot

import (
	"math/rand/v2"
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

// lintMessage checks a message against Discord's limits: content ≤ 2000 characters, ≤ 5 action rows
// of ≤ 5 buttons or one select, select menus of 1–25 options, custom ids ≤ 100 and unique.
func lintMessage(t testing.TB, what, content string, comps []discordgo.MessageComponent) {
	t.Helper()
	if n := utf8.RuneCountInString(content); n > 2000 {
		t.Errorf("%s: content has %d characters, Discord allows 2000", what, n)
	}
	if len(comps) > 5 {
		t.Errorf("%s: %d action rows, Discord allows 5", what, len(comps))
	}
	ids := map[string]bool{}
	for _, row := range comps {
		ar, ok := row.(discordgo.ActionsRow)
		if !ok {
			t.Errorf("%s: top-level component %T is not an action row", what, row)
			continue
		}
		if len(ar.Components) == 0 || len(ar.Components) > 5 {
			t.Errorf("%s: an action row holds %d components", what, len(ar.Components))
		}
		for _, c := range ar.Components {
			var id string
			switch x := c.(type) {
			case discordgo.Button:
				id = x.CustomID
				if x.Label == "" || utf8.RuneCountInString(x.Label) > 80 {
					t.Errorf("%s: button label %q", what, x.Label)
				}
			case discordgo.SelectMenu:
				id = x.CustomID
				if len(ar.Components) != 1 {
					t.Errorf("%s: a select menu shares its row", what)
				}
				if len(x.Options) == 0 || len(x.Options) > 25 {
					t.Errorf("%s: select %s has %d options", what, x.CustomID, len(x.Options))
				}
				if utf8.RuneCountInString(x.Placeholder) > 150 {
					t.Errorf("%s: placeholder %q too long", what, x.Placeholder)
				}
				vals := map[string]bool{}
				for _, o := range x.Options {
					if o.Label == "" || len(o.Label) > 100 || o.Value == "" || len(o.Value) > 100 || vals[o.Value] {
						t.Errorf("%s: select option %+v", what, o)
					}
					vals[o.Value] = true
				}
			default:
				t.Errorf("%s: unexpected component %T", what, c)
			}
			if id == "" || len(id) > 100 {
				t.Errorf("%s: custom id %q (1–100 characters)", what, id)
			}
			if ids[id] {
				t.Errorf("%s: custom id %q twice in one message", what, id)
			}
			ids[id] = true
		}
	}
}

func TestCommandsFitDiscordLimits(t *testing.T) {
	b := New(nil, nil, Config{})
	cmds := b.Commands()
	if len(cmds) != 3 {
		t.Fatalf("%d commands, want /oolong /ouri /ordo", len(cmds))
	}
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	check := func(path, name, desc string) {
		if !commandName.MatchString(name) {
			t.Errorf("%s: name %q is not 1–32 lowercase", path, name)
		}
		if n := utf8.RuneCountInString(desc); n < 1 || n > 100 {
			t.Errorf("%s: description has %d characters (1–100)", path, n)
		}
	}
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("%s: %d options (≤25)", path, len(opts))
		}
		seen := map[string]bool{}
		required := true
		for _, o := range opts {
			p := path + " " + o.Name
			check(p, o.Name, o.Description)
			if seen[o.Name] {
				t.Errorf("%s: option twice", p)
			}
			seen[o.Name] = true
			if o.Required && !required {
				t.Errorf("%s: a required option after an optional one", p)
			}
			required = o.Required
			if len(o.Choices) > 25 {
				t.Errorf("%s: %d choices (≤25)", p, len(o.Choices))
			}
			for _, c := range o.Choices {
				if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
					t.Errorf("%s: choice %q", p, c.Name)
				}
			}
			if o.Autocomplete && len(o.Choices) > 0 {
				t.Errorf("%s: autocomplete with choices", p)
			}
			walk(p, o.Options)
		}
	}
	for _, c := range cmds {
		check("/"+c.Name, c.Name, c.Description)
		walk("/"+c.Name, c.Options)
	}
}

// TestBoardsFitDiscordLimits draws the message of many positions of each game, reached by random
// play, with every Oolong menu view, and checks them.
func TestBoardsFitDiscordLimits(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			positions := 0
			for game := 0; game < 6; game++ {
				g, err := catalog.NewDealt(kind, games.Options{}, rng)
				if err != nil {
					t.Fatal(err)
				}
				rec := store.Game{ID: 1<<53 + uint64(game), Kind: kind, Seats: [2]store.Player{{UserID: "123456789012345678"}, {UserID: "876543210987654321"}}}
				for ply := 0; ply < 400; ply++ {
					rec.Ply = g.Ply()
					if ply%7 == 3 {
						rec.Offer = store.Offer{Kind: offerName(kind), By: g.ToMove()}
					} else {
						rec.Offer = store.Offer{}
					}
					content, comps := boardMessage(rec, g, "")
					lintMessage(t, kind+" board", content, comps)
					positions++
					for _, c := range flatten(comps) {
						if m, ok := c.(discordgo.SelectMenu); ok && len(m.CustomID) > 0 && contains(m.CustomID, "/group/") {
							for _, o := range m.Options {
								_, cs := boardMessage(rec, g, o.Value)
								lintMessage(t, kind+" board view "+o.Value, content, cs)
							}
						}
					}
					lintMessage(t, kind+" history", historyText(rec, g), nil)
					legal := g.Legal()
					if len(legal) == 0 {
						break
					}
					if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if positions < 100 {
				t.Errorf("only %d positions checked", positions)
			}
		})
	}
}

func contains(s, sub string) bool { return regexp.MustCompile(regexp.QuoteMeta(sub)).MatchString(s) }
