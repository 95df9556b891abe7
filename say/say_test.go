package say

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// catalogue reads one language's message file as go-i18n does: message id → plural form → template.
func catalogue(t *testing.T, lang string) map[string]map[string]string {
	t.Helper()
	buf, err := files.ReadFile(lang + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := i18n.ParseMessageFileBytes(buf, lang+".toml", map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
	if err != nil {
		t.Fatalf("%s: %v", lang, err)
	}
	out := map[string]map[string]string{}
	for _, m := range msgs.Messages {
		forms := map[string]string{}
		for form, s := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
			if s != "" {
				forms[form] = s
			}
		}
		out[m.ID] = forms
	}
	return out
}

// placeholders are the fields a template reads ({{.Title}} → Title), sorted.
func placeholders(t *testing.T, id, text string) []string {
	t.Helper()
	trees, err := parse.Parse(id, text, "{{", "}}")
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	seen := map[string]bool{}
	var walk func(parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n != nil {
				for _, c := range n.Nodes {
					walk(c)
				}
			}
		case *parse.ActionNode:
			walk(n.Pipe)
		case *parse.PipeNode:
			for _, c := range n.Cmds {
				walk(c)
			}
		case *parse.CommandNode:
			for _, a := range n.Args {
				walk(a)
			}
		case *parse.FieldNode:
			seen[strings.Join(n.Ident, ".")] = true
		case *parse.IfNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		}
	}
	for _, tree := range trees {
		walk(tree.Root)
	}
	return slices.Sorted(maps.Keys(seen))
}

func TestBothCataloguesHoldTheSameMessagesWithTheSamePlaceholders(t *testing.T) {
	en, pt := catalogue(t, English), catalogue(t, Portuguese)
	if len(en) == 0 {
		t.Fatal("the English catalogue is empty")
	}
	for id := range en {
		if _, ok := pt[id]; !ok {
			t.Errorf("%s: in en-US, not in pt-BR", id)
		}
	}
	for id := range pt {
		if _, ok := en[id]; !ok {
			t.Errorf("%s: in pt-BR, not in en-US", id)
		}
	}
	for id, enForms := range en {
		ptForms, ok := pt[id]
		if !ok {
			continue
		}
		if (len(enForms) > 1) != (len(ptForms) > 1) {
			t.Errorf("%s: plural in one language only (en-US %v, pt-BR %v)", id, slices.Sorted(maps.Keys(enForms)), slices.Sorted(maps.Keys(ptForms)))
		}
		// A plural form may leave out the count itself ("Last game:" for one); every other placeholder
		// is read by every form of both languages.
		withoutCount := func(ps []string) []string {
			return slices.DeleteFunc(ps, func(p string) bool { return p == "Count" && len(enForms) > 1 })
		}
		var want []string
		for form, s := range enForms {
			got := withoutCount(placeholders(t, id+" en-US "+form, s))
			if want == nil {
				want = got
			} else if !slices.Equal(got, want) {
				t.Errorf("%s: en-US's plural forms read different placeholders: %v and %v", id, want, got)
			}
		}
		for form, s := range ptForms {
			if got := withoutCount(placeholders(t, id+" pt-BR "+form, s)); !slices.Equal(got, want) {
				t.Errorf("%s: pt-BR %s reads %v, en-US reads %v", id, form, got, want)
			}
		}
	}
}

func TestEveryMessageRendersInBothLanguages(t *testing.T) {
	for _, lang := range Languages {
		w := For(lang)
		for id, forms := range catalogue(t, lang) {
			data := sample(t, id, forms, func(string) string { return "X" })
			for _, n := range []int{0, 1, 2, 7} {
				if _, ok := data["Count"]; ok {
					data["Count"] = n
				}
				got := w.T(id, data)
				if got == "" || got == id || strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
					t.Errorf("%s %s: renders %q", lang, id, got)
				}
			}
		}
	}
}

func TestTheCatalogueSpeaks(t *testing.T) {
	for _, c := range []struct {
		name, lang, id string
		data           map[string]any
		want           string
	}{
		{"a placeholder is filled", Portuguese, "sub.vs-bot", map[string]any{"Title": "Ouri"}, "Jogue Ouri contra o bot"},
		{"English keeps today's text", English, "sub.vs-bot", map[string]any{"Title": "Ouri"}, "Play Ouri against the bot"},
		{"one day is singular in Portuguese", Portuguese, "duration.days", map[string]any{"Count": 1}, "1 dia"},
		{"seven days are plural in Portuguese", Portuguese, "duration.days", map[string]any{"Count": 7}, "7 dias"},
		{"English writes hours short", English, "duration.hours", map[string]any{"Count": 12}, "12h"},
		{"an unknown language speaks English", "fr", "option.opponent", nil, "Who you challenge (leave it out: anyone in this channel may accept)"},
		{"a missing message shows its id", Portuguese, "no.such.message", nil, "no.such.message"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := For(c.lang).T(c.id, c.data); got != c.want {
				t.Errorf("For(%q).T(%q) = %q, want %q", c.lang, c.id, got, c.want)
			}
		})
	}
}

func TestWhichLanguage(t *testing.T) {
	for _, c := range []struct {
		name, got, want string
	}{
		{"a Brazilian caller is answered in Portuguese", Private("pt-BR"), Portuguese},
		{"a caller from Portugal is answered in English (Discord has no pt-PT)", Private("pt-PT"), English},
		{"an American caller is answered in English", Private("en-US"), English},
		{"a British caller is answered in English", Private("en-GB"), English},
		{"a caller without a locale is answered in English", Private(""), English},
		{"a server's setting wins over its locale", Public("en-US", "pt-BR"), English},
		{"a server set to Portuguese speaks Portuguese", Public("pt-BR", "de"), Portuguese},
		{"a Brazilian server without a setting speaks Portuguese", Public("", "pt-BR"), Portuguese},
		{"any other server without a setting speaks English", Public("", "fr"), English},
		{"a setting the bot does not speak falls back to the locale", Public("xx", "pt-BR"), Portuguese},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("got %q, want %q", c.got, c.want)
			}
		})
	}
}

func TestForIsSafeForConcurrentUse(t *testing.T) {
	done := make(chan string)
	for range 8 {
		go func() { done <- For(Portuguese).T("option.opponent", nil) }()
	}
	for range 8 {
		if got := <-done; got != "Quem você desafia (sem ninguém: qualquer pessoa deste canal pode aceitar)" {
			t.Errorf("got %q", got)
		}
	}
}

func TestTheCompiledCatalogueSaysWhatGoI18nSays(t *testing.T) {
	for _, lang := range Languages {
		w := For(lang)
		for id, forms := range catalogue(t, lang) {
			data := sample(t, id, forms, func(f string) string { return "«" + f + "»" })
			for _, n := range []int{0, 1, 2, 5, 21, 1000, 1001} {
				if _, ok := data["Count"]; ok {
					data["Count"] = n
				}
				want := w.localize(id, data)
				if got := w.T(id, data); got != strings.ReplaceAll(want, "**", "") {
					t.Errorf("%s %s (%d): compiled %q, go-i18n %q", lang, id, n, got, want)
				}
				if got := marked(w.Rich(id, data)); got != want {
					t.Errorf("%s %s (%d): in parts %q, go-i18n %q", lang, id, n, got, want)
				}
			}
		}
	}
}

func BenchmarkABoardsWorth(b *testing.B) {
	w := For(Portuguese)
	b.ReportAllocs()
	for b.Loop() {
		w.T("board.ouri.legend", nil)
		w.T("board.ouri.last-captured", map[string]any{"Colour": "Sul", "House": "d", "Count": 3})
		w.T("status.to-move", map[string]any{"Who": "@1 (Sul)"})
		w.T("button.resign", nil)
	}
}

// BenchmarkABoardsWorthInParts is BenchmarkABoardsWorth for the texts a board shows in parts: its
// players, with mentions, and its turn line.
func BenchmarkABoardsWorthInParts(b *testing.B) {
	w := For(Portuguese)
	b.ReportAllocs()
	for b.Loop() {
		w.Rich("board.players", map[string]any{"Title": "Ouri", "Player": Mention("111111111111111111"), "Colour": "Sul",
			"Opponent": Mention("222222222222222222"), "OpponentColour": "Norte"})
		w.Rich("board.turn.move-or-buttons", map[string]any{"Turn": w.Rich("status.to-move", map[string]any{
			"Who": w.Rich("status.player", map[string]any{"Player": Mention("111111111111111111"), "Colour": "Sul"})}), "Kind": "ouri"})
	}
}

// sample fills every placeholder of a message's forms with value(placeholder).
func sample(t *testing.T, id string, forms map[string]string, value func(string) string) map[string]any {
	t.Helper()
	data := map[string]any{}
	for _, s := range forms {
		for _, f := range placeholders(t, id, s) {
			data[f] = value(f)
		}
	}
	return data
}

// A move is a "jogada" in Portuguese, everywhere: "lance" said the same in some texts.
func TestPortugueseCallsAMoveOneThing(t *testing.T) {
	lance := regexp.MustCompile(`(?i)\blances?\b`)
	// "lance o seu" is the verb lançar (launch your own challenge).
	verb := regexp.MustCompile(`(?i)\blance o seu\b`)
	for id, forms := range catalogue(t, Portuguese) {
		for form, text := range forms {
			if lance.MatchString(verb.ReplaceAllString(text, "")) {
				t.Errorf("%s (%s) calls a move a lance: %q", id, form, text)
			}
		}
	}
}
