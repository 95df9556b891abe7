package say

import (
	"embed"
	"fmt"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"tabuleiro/games"
)

// The languages the bot speaks. Discord has no Portuguese locale but pt-BR.
const (
	English    = "en-US"
	Portuguese = "pt-BR"
)

// Languages are the languages the bot speaks, English (the default) first.
var Languages = []string{English, Portuguese}

//go:embed en-US.toml pt-BR.toml
var files embed.FS

// bundle parses the embedded message files once; a broken file is a bug the tests catch.
var bundle = sync.OnceValue(func() *i18n.Bundle {
	b := i18n.NewBundle(language.MustParse(English))
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, lang := range Languages {
		if _, err := b.LoadMessageFileFS(files, lang+".toml"); err != nil {
			panic(fmt.Sprintf("say: %v", err))
		}
	}
	return b
})

// Words are the catalogue in one language.
type Words struct {
	lang string
	loc  *i18n.Localizer
}

// all are the catalogues, built once: For is called once per request and must cost nothing.
var all = sync.OnceValue(func() map[string]*Words {
	m := map[string]*Words{}
	for _, lang := range Languages {
		m[lang] = &Words{lang: lang, loc: i18n.NewLocalizer(bundle(), lang)}
	}
	return m
})

// For returns the catalogue in lang, one of Languages; any other language gets English.
func For(lang string) *Words {
	if w := all()[lang]; w != nil {
		return w
	}
	return all()[English]
}

// Lang is the language of w: "en-US" or "pt-BR".
func (w *Words) Lang() string { return w.lang }

// T renders message id with data filling its placeholders ({{.Title}}); a "Count" in data also
// picks the plural form by the language's CLDR rules. An id the catalogue lacks renders as the id
// itself, so a missing text shows up in tests and transcripts instead of an empty message.
//
// A value that is a games.Phrase (a seat's colour, a result) is worded in w's language first.
func (w *Words) T(id string, data map[string]any) string {
	for _, v := range data {
		if _, ok := v.(games.Phrase); ok {
			data = worded(w, data)
			break
		}
	}
	cfg := &i18n.LocalizeConfig{MessageID: id, TemplateData: data}
	if n, ok := data["Count"]; ok {
		cfg.PluralCount = n
	}
	s, err := w.loc.Localize(cfg)
	if err != nil {
		return id
	}
	return s
}

// worded is data with its Phrases worded in w's language; data itself is left as it was.
func worded(w *Words, data map[string]any) map[string]any {
	out := make(map[string]any, len(data))
	for k, v := range data {
		if p, ok := v.(games.Phrase); ok {
			v = p.Word(w)
		}
		out[k] = v
	}
	return out
}

// Say is t in w's language.
func (w *Words) Say(t games.Text) string { return w.T(t.ID, t.Args) }

// Private is the language of a reply only the caller sees: their Discord locale when the bot
// speaks it (pt-BR), else English.
func Private(callerLocale string) string {
	if callerLocale == Portuguese {
		return Portuguese
	}
	return English
}

// Public is the language of a message everyone in a channel sees: the server's language setting
// when it has one, else Portuguese on a server whose locale is pt-BR, else English.
func Public(setting, guildLocale string) string {
	if known(setting) {
		return setting
	}
	return Private(guildLocale)
}

func known(lang string) bool {
	for _, l := range Languages {
		if l == lang {
			return true
		}
	}
	return false
}
