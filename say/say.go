package say

import (
	"embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"text/template/parse"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
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

// bundle parses the embedded message files once; a broken file is a bug the tests catch. go-i18n
// reads the files and holds any message too rich for the compiled form below.
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
	tag  language.Tag
	loc  *i18n.Localizer
	msgs map[string]*message
	// forms are the plural forms of the counts a message usually shows, worked out once.
	forms [1000]plural.Form
}

// form is the CLDR plural form of a whole count n ≥ 0 in w's language.
func (w *Words) form(n int) plural.Form {
	if n < len(w.forms) {
		return w.forms[n]
	}
	return plural.Cardinal.MatchPlural(w.tag, n, 0, 0, 0, 0)
}

// all are the catalogues, built once: For is called once per request and must cost nothing.
var all = sync.OnceValue(func() map[string]*Words {
	m := map[string]*Words{}
	for _, lang := range Languages {
		w := &Words{lang: lang, tag: language.MustParse(lang), loc: i18n.NewLocalizer(bundle(), lang), msgs: compile(lang)}
		for n := range w.forms {
			w.forms[n] = plural.Cardinal.MatchPlural(w.tag, n, 0, 0, 0, 0)
		}
		m[lang] = w
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
// T gives plain words, for what shows no parts (labels, names, logs): emphasis loses its marks and
// a Rich value is its String. A message a person reads in a chat is Rich.
func (w *Words) T(id string, data map[string]any) string {
	w, t := w.template(id, data)
	switch {
	case t == nil:
		return id
	case t.rich:
		return w.localize(id, data)
	case len(t.parts) == 1 && t.parts[0].field == "":
		return t.parts[0].text
	}
	var b strings.Builder
	b.Grow(t.size + 16*len(t.parts))
	for _, p := range t.parts {
		if p.field == "" {
			b.WriteString(p.text)
			continue
		}
		w.writeField(&b, data, p.field)
	}
	return b.String()
}

// writeField writes the value of a message's field as words.
func (w *Words) writeField(b *strings.Builder, data map[string]any, field string) {
	v, ok := data[field]
	if !ok {
		b.WriteString("<no value>")
		return
	}
	switch v := v.(type) {
	case string:
		b.WriteString(v)
	case Rich:
		b.WriteString(v.String())
	case RichPhrase:
		b.WriteString(v.Rich(w).String())
	case games.Phrase:
		b.WriteString(v.Word(w))
	case int:
		b.WriteString(strconv.Itoa(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case uint64:
		b.WriteString(strconv.FormatUint(v, 10))
	default:
		fmt.Fprint(b, v)
	}
}

// template is the form of message id that data's Count picks, and the catalogue that has it
// (English when w lacks the id); nil when no catalogue has it.
func (w *Words) template(id string, data map[string]any) (*Words, *template) {
	m := w.msgs[id]
	if m == nil {
		if w.lang != English {
			return For(English).template(id, data)
		}
		return w, nil
	}
	t := m.forms[plural.Other]
	if m.plural {
		if n, ok := count(data["Count"]); ok {
			if f := m.forms[w.form(n)]; f != nil {
				t = f
			}
		}
	}
	return w, t
}

// Rich renders message id as T does, in parts: what the catalogue marks **…** is emphasis, and a
// value that is Rich (a mention, a moment), a RichPhrase or a games.Text keeps its parts.
func (w *Words) Rich(id string, data map[string]any) Rich {
	w, t := w.template(id, data)
	switch {
	case t == nil:
		return Plain(id)
	case t.rich:
		return Plain(w.localize(id, data))
	}
	// Words of one kind run together into one part (a board's texts come here on every move).
	out := make(Rich, 0, len(t.parts))
	var run strings.Builder
	runKind := PlainPart
	words := func(kind Kind) *strings.Builder {
		if run.Len() > 0 && kind != runKind {
			out = append(out, Part{Kind: runKind, Text: run.String()})
			run.Reset()
		}
		runKind = kind
		return &run
	}
	splice := func(r Rich, strong bool) {
		for _, p := range r {
			switch {
			case p.Kind == PlainPart && strong, p.Kind == StrongPart:
				words(StrongPart).WriteString(p.Text)
			case p.Kind == PlainPart:
				words(PlainPart).WriteString(p.Text)
			default:
				if run.Len() > 0 {
					out = append(out, Part{Kind: runKind, Text: run.String()})
					run.Reset()
				}
				out = append(out, p)
			}
		}
	}
	for _, p := range t.parts {
		kind := PlainPart
		if p.strong {
			kind = StrongPart
		}
		if p.field == "" {
			words(kind).WriteString(p.text)
			continue
		}
		switch v := data[p.field].(type) {
		case Rich:
			splice(v, p.strong)
		case RichPhrase:
			splice(v.Rich(w), p.strong)
		case games.Text:
			splice(w.Rich(v.ID, v.Args), p.strong)
		default:
			w.writeField(words(kind), data, p.field)
		}
	}
	if run.Len() > 0 {
		out = append(out, Part{Kind: runKind, Text: run.String()})
	}
	return out
}

// localize renders a message through go-i18n: one whose template does more than fill fields.
func (w *Words) localize(id string, data map[string]any) string {
	for _, v := range data {
		switch v.(type) {
		case games.Phrase, RichPhrase, Rich:
			data = worded(w, data)
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
		switch p := v.(type) {
		case Rich:
			v = p.String()
		case RichPhrase:
			v = p.Rich(w).String()
		case games.Phrase:
			v = p.Word(w)
		}
		out[k] = v
	}
	return out
}

// Say is t in w's language.
func (w *Words) Say(t games.Text) string { return w.T(t.ID, t.Args) }

// message is one message of the catalogue, its plural forms compiled.
type message struct {
	forms  [plural.Many + 1]*template // by plural form; Other always
	plural bool
}

// template is a message's text as literal parts and the fields between them, rendered without
// text/template: a board needs a dozen texts, on every move. rich marks a template that does more
// than fill fields, left to go-i18n.
type template struct {
	parts []part
	size  int
	rich  bool
}

// part is literal text or a field; strong marks a part between the catalogue's ** marks.
type part struct {
	text, field string
	strong      bool
}

// compile reads lang's message file into compiled messages.
func compile(lang string) map[string]*message {
	buf, err := files.ReadFile(lang + ".toml")
	if err != nil {
		panic(fmt.Sprintf("say: %v", err))
	}
	mf, err := i18n.ParseMessageFileBytes(buf, lang+".toml", map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
	if err != nil {
		panic(fmt.Sprintf("say: %v", err))
	}
	out := make(map[string]*message, len(mf.Messages))
	for _, m := range mf.Messages {
		c := &message{}
		for form, text := range map[plural.Form]string{plural.Zero: m.Zero, plural.One: m.One, plural.Two: m.Two,
			plural.Few: m.Few, plural.Many: m.Many, plural.Other: m.Other} {
			if text == "" {
				continue
			}
			c.forms[form] = compileTemplate(m.ID, text)
			c.plural = c.plural || form != plural.Other
		}
		out[m.ID] = c
	}
	return out
}

func compileTemplate(id, text string) *template {
	t := &template{size: len(text)}
	trees, err := parse.Parse(id, text, "{{", "}}")
	if err != nil {
		panic(fmt.Sprintf("say: %s: %v", id, err))
	}
	strong := false
	for _, n := range trees[id].Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			// ** opens and closes emphasis, which may hold fields: "**{{.Title}} ratings**".
			for i, s := range strings.Split(string(n.Text), "**") {
				if i > 0 {
					strong = !strong
				}
				if s != "" {
					t.parts = append(t.parts, part{text: s, strong: strong})
				}
			}
			continue
		case *parse.ActionNode:
			if len(n.Pipe.Decl) == 0 && len(n.Pipe.Cmds) == 1 && len(n.Pipe.Cmds[0].Args) == 1 {
				if f, ok := n.Pipe.Cmds[0].Args[0].(*parse.FieldNode); ok && len(f.Ident) == 1 {
					t.parts = append(t.parts, part{field: f.Ident[0], strong: strong})
					continue
				}
			}
		}
		t.rich = true
	}
	switch {
	case strong:
		panic(fmt.Sprintf("say: %s: a ** opens emphasis that no ** closes", id))
	case t.rich && strings.Contains(text, "**"):
		panic(fmt.Sprintf("say: %s: emphasis (**) in a message that does more than fill fields", id))
	}
	if len(t.parts) == 0 {
		t.parts = []part{{}}
	}
	return t
}

// count reads a plural count.
func count(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return abs(n), true
	case int64:
		return abs(int(n)), true
	case uint64:
		return int(n), true
	case int32:
		return abs(int(n)), true
	}
	return 0, false
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

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
