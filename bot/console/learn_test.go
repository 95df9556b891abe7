package console

import (
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/learn"
	"tabuleiro/say"
)

// plain is a catalogue text as the console prints it: without emphasis marks.
func plain(w *say.Words, id string, args map[string]any) string {
	return strings.ReplaceAll(w.T(id, args), "**", "")
}

// en is message id in English with its values (name, value pairs) as the console shows it.
func en(id string, kv ...any) string { return plain(say.For(say.English), id, games.Args(kv...)) }

// says tells whether s says the English message id with these values, any value standing for
// each field not given.
func says(s, id string, kv ...any) bool {
	for _, p := range strings.Split(en(id, kv...), "<no value>") {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

func TestALessonIsExplainedWhenWrongAndMovesOnWhenRight(t *testing.T) {
	ouri, _ := catalog.Lookup("ouri")
	lessons := learn.Of(ouri)
	first, err := learn.Start(lessons[0])
	if err != nil {
		t.Fatal(err)
	}
	why := first.Try("a").Why
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang,
			"/ouri learn",
			"/ouri move play:",
			"/ouri move play:a",
			"click d",
			"@bob /ouri move play:d",
			"/ouri vs-bot first:me",
			"/ouri move play:e",
		)
		for _, c := range []struct {
			name string
			line int
			want string
			not  bool
		}{
			{"the lesson is shown privately", 0, plain(w, "console.posted-private", map[string]any{"User": "you", "Message": 1}), false},
			{"with its title", 0, plain(w, lessons[0].Title(), nil), false},
			{"and its task", 0, plain(w, lessons[0].Task(), nil), false},
			{"and the houses' buttons", 0, "[d]", false},
			{"a typed move suggests the lesson's moves", 1, plain(w, "console.your-moves", map[string]any{"Moves": "a  b  c  d  e  f"}), false},
			{"a wrong move is explained", 2, plain(w, why.ID, why.Args), false},
			{"and the lesson stays", 2, plain(w, lessons[0].Task(), nil), false},
			{"the right button says what it showed", 3, plain(w, lessons[0].Done(), nil), false},
			{"in the lesson's message", 3, plain(w, "console.updated-private", map[string]any{"User": "you", "Message": 2}), false},
			{"and goes on to the next lesson", 3, plain(w, lessons[1].Task(), nil), false},
			{"someone without a lesson has no game to move in", 4, plain(w, "refusal.no-game", map[string]any{"Title": "Ouri", "Kind": "ouri"}), false},
			{"a game takes precedence over the lesson", 6, plain(w, lessons[1].Task(), nil), true},
		} {
			if strings.Contains(out[c.line], c.want) == c.not {
				t.Errorf("%s: line %d %s %q:\n%s", c.name, c.line+1, map[bool]string{false: "does not say", true: "says"}[c.not], c.want, out[c.line])
			}
		}
	})
}
