package discord

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/say"
)

// localized checks one registered text's Portuguese: present, within Discord's 1–100 characters, and
// not the English left as it was where the English is a sentence (a single word such as "ouri" or
// a notation may stay the same).
func localized(t *testing.T, path, english string, locs map[discordgo.Locale]string) {
	t.Helper()
	pt, ok := locs[discordgo.Locale(say.Portuguese)]
	if !ok || pt == "" {
		t.Errorf("%s: no pt-BR localization for %q", path, english)
		return
	}
	if n := utf8.RuneCountInString(pt); n < 1 || n > 100 {
		t.Errorf("%s: pt-BR %q has %d characters (1–100)", path, pt, n)
	}
	if strings.Contains(english, " ") && pt == english {
		t.Errorf("%s: pt-BR is the English %q", path, english)
	}
	if _, ok := locs[discordgo.Locale(say.English)]; ok {
		t.Errorf("%s: an en-US localization repeats the default text", path)
	}
}

func TestEveryRegisteredTextSpeaksPortuguese(t *testing.T) {
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			p := path + " " + o.Name
			localized(t, p, o.Description, o.DescriptionLocalizations)
			for _, c := range o.Choices {
				localized(t, p+" choice "+c.Name, c.Name, c.NameLocalizations)
			}
			walk(p, o.Options)
		}
	}
	chat := 0
	for _, c := range Commands() {
		if c.Type != discordgo.ChatApplicationCommand {
			continue
		}
		chat++
		if c.DescriptionLocalizations == nil {
			t.Errorf("/%s: no description localizations", c.Name)
			continue
		}
		localized(t, "/"+c.Name, c.Description, *c.DescriptionLocalizations)
		walk("/"+c.Name, c.Options)
	}
	if chat == 0 {
		t.Fatal("no chat commands registered")
	}
}

func TestRegistrationSendsThePortugueseToDiscord(t *testing.T) {
	b, err := json.Marshal(Commands())
	if err != nil {
		t.Fatal(err)
	}
	var cmds []struct {
		Name         string            `json:"name"`
		Descriptions map[string]string `json:"description_localizations"`
		Options      []struct {
			Descriptions map[string]string `json:"description_localizations"`
			Options      []struct {
				Descriptions map[string]string `json:"description_localizations"`
				Choices      []struct {
					Names map[string]string `json:"name_localizations"`
				} `json:"choices"`
			} `json:"options"`
		} `json:"options"`
	}
	if err := json.Unmarshal(b, &cmds); err != nil {
		t.Fatal(err)
	}
	choices := 0
	for _, c := range cmds {
		if c.Descriptions == nil {
			continue // the member menu has no description
		}
		if c.Descriptions["pt-BR"] == "" {
			t.Errorf("/%s: description_localizations has no pt-BR", c.Name)
		}
		for _, s := range c.Options {
			if s.Descriptions["pt-BR"] == "" {
				t.Errorf("/%s: a subcommand's description_localizations has no pt-BR", c.Name)
			}
			for _, o := range s.Options {
				if o.Descriptions["pt-BR"] == "" {
					t.Errorf("/%s: an option's description_localizations has no pt-BR", c.Name)
				}
				for _, ch := range o.Choices {
					choices++
					if ch.Names["pt-BR"] == "" {
						t.Errorf("/%s: a choice's name_localizations has no pt-BR", c.Name)
					}
				}
			}
		}
	}
	if choices == 0 {
		t.Error("no choices registered")
	}
}
