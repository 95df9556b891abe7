package discord

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"tabuleiro/say"
)

// Whole games through the signed endpoint in Portuguese: callers with Discord locale pt-BR on a
// server whose locale is pt-BR. Every text anyone sees — replies, refusals, boards, buttons, menus,
// what the bot posts and edits by itself — is checked for English from the catalogue.

// englishOnly are the phrases of the English catalogue that the Portuguese one never uses: the
// words between placeholders, three words or more, with markup, commands and notation left out.
var englishOnly = func() func(t *testing.T) []string {
	var phrases []string
	return func(t *testing.T) []string {
		t.Helper()
		if phrases != nil {
			return phrases
		}
		read := func(lang string) []string {
			var out []string
			for _, v := range catalogueFile(t, lang) {
				out = append(out, v)
			}
			return out
		}
		pt := strings.Join(read(say.Portuguese), "\n")
		cut := regexp.MustCompile("\\{\\{[^}]*\\}\\}|`[^`]*`|\\*\\*|[()•:;,.!?—…\n]")
		seen := map[string]bool{}
		for _, s := range read(say.English) {
			for _, part := range cut.Split(s, -1) {
				part = strings.TrimSpace(part)
				if len(strings.Fields(part)) < 3 || strings.Contains(pt, part) || seen[part] {
					continue
				}
				seen[part] = true
				phrases = append(phrases, part)
			}
		}
		if len(phrases) < 100 {
			t.Fatalf("only %d English phrases to look for", len(phrases))
		}
		return phrases
	}
}()

// catalogueFile is a language's message file as id (with the plural form) → text.
func catalogueFile(t *testing.T, lang string) map[string]string {
	t.Helper()
	var tree map[string]any
	if _, err := toml.DecodeFile("../../say/"+lang+".toml", &tree); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var walk func(id string, v any)
	walk = func(id string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(id+"."+k, x)
			}
		case string:
			out[id] = v
		}
	}
	walk("", tree)
	return out
}

// englishWords are the English catalogue's whole texts without placeholders that Portuguese says
// otherwise: button labels, menu prompts ("Resign", "Which game?").
func englishWords(t *testing.T) map[string]bool {
	en, pt := catalogueFile(t, say.English), catalogueFile(t, say.Portuguese)
	out := map[string]bool{}
	for id, s := range en {
		if !strings.Contains(s, "{{") && pt[id] != s && !slices.Contains(slices.Collect(maps.Values(pt)), s) {
			out[s] = true
		}
	}
	return out
}

// seen collects every text a person could read in a test: answers and what went to Discord.
type seen struct {
	t     *testing.T
	tb    *table
	texts []string
}

func (s *seen) answer(r httpReply) httpReply {
	s.texts = append(s.texts, r.Data.Content)
	r.eachComponent(func(c map[string]any) {
		for _, k := range []string{"label", "placeholder", "description"} {
			if v, ok := c[k].(string); ok {
				s.texts = append(s.texts, v)
			}
		}
		if opts, ok := c["options"].([]any); ok {
			for _, o := range opts {
				if o, ok := o.(map[string]any); ok {
					for _, k := range []string{"label", "description"} {
						if v, ok := o[k].(string); ok {
							s.texts = append(s.texts, v)
						}
					}
				}
			}
		}
	})
	return r
}

// sent adds what the bot sent to Discord by itself (posts, edits, follow-ups, thread names).
func (s *seen) sent() {
	s.tb.settle()
	for _, c := range s.tb.f.recorded() {
		if c.Body == "" || c.Method == "GET" || c.Method == "DELETE" {
			continue
		}
		var body map[string]any
		if json.Unmarshal([]byte(c.Body), &body) != nil {
			continue
		}
		var r httpReply
		raw, _ := json.Marshal(map[string]any{"data": body})
		json.Unmarshal(raw, &r)
		s.answer(r)
		if name, ok := body["name"].(string); ok {
			s.texts = append(s.texts, name)
		}
	}
}

// noEnglish fails for any English phrase of the catalogue in what was seen.
func (s *seen) noEnglish() {
	s.t.Helper()
	all := strings.Join(s.texts, "\n")
	if len(all) < 500 {
		s.t.Fatalf("too little was seen to judge: %q", all)
	}
	for _, text := range s.texts {
		lintPhone(s.t, "a Portuguese message", text) // code blocks still fit a phone's 28 columns
	}
	words := englishWords(s.t)
	for _, text := range s.texts {
		if words[text] {
			s.t.Errorf("the English %q where a Portuguese player saw it", text)
		}
	}
	for _, p := range englishOnly(s.t) {
		if strings.Contains(all, p) {
			s.t.Errorf("English %q in what a Portuguese player saw:\n%s", p, excerpt(all, p))
		}
	}
}

func excerpt(all, p string) string {
	i := strings.Index(all, p)
	return all[max(0, i-200):min(len(all), i+len(p)+200)]
}

// says fails unless what was seen holds every phrase.
func (s *seen) says(phrases ...string) {
	s.t.Helper()
	all := strings.Join(s.texts, "\n")
	for _, p := range phrases {
		if !strings.Contains(all, p) {
			s.t.Errorf("nobody saw %q", p)
		}
	}
}

// in is an interaction from a caller with locale on a server with guildLocale.
func in(m map[string]any, locale, guildLocale string) map[string]any {
	m["locale"] = locale
	m["guild_locale"] = guildLocale
	return m
}

const pt = say.Portuguese

// playOut has the two players (or one against the bot) play random legal moves by /kind move until
// the game is over or plies run out; the refusals along the way are seen too.
func (s *seen) playOut(kind, channel string, players []string, plies int) {
	s.t.Helper()
	rng := rand.New(rand.NewPCG(7, uint64(len(kind))))
	for ply := 0; ply < plies; ply++ {
		s.tb.settle()
		var mover string
		var moves []string
		for _, p := range players {
			r := s.answer(s.tb.sendIn(in(typing(p, channel, kind, ""), pt, pt)))
			if len(r.Data.Choices) > 0 {
				mover = p
				for _, c := range r.Data.Choices {
					if c.Name == c.Value { // not the note on how many more there are
						moves = append(moves, c.Value)
					}
				}
				break
			}
		}
		if mover == "" {
			return // over, or the bot is to move and has not yet
		}
		r := s.answer(s.tb.sendIn(in(command(mover, channel, kind, "move", opt{"play", 3, moves[rng.IntN(len(moves))]}), pt, pt)))
		if r.private() {
			s.t.Fatalf("a legal move was refused: %s", r.Data.Content)
		}
	}
}

func (tb *table) sendIn(m map[string]any) httpReply {
	tb.t.Helper()
	r, _ := tb.send(m)
	return r
}

func TestAWholeGameOfEachKindInPortuguese(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			tb := newTable(t)
			s := &seen{t: t, tb: tb}
			const channel, alice, bob, carol = "pt-1", "501", "502", "503"
			s.answer(tb.sendIn(in(command(alice, channel, kind, "rules"), pt, pt)))
			s.answer(tb.sendIn(in(command(alice, channel, "tabuleiro", "help"), pt, pt)))
			s.answer(tb.sendIn(in(command(alice, channel, kind, "challenge", opt{"opponent", 6, alice}), pt, pt)))
			r, token := tb.send(in(command(alice, channel, kind, "challenge", opt{"opponent", 6, bob}, opt{"first", 3, "me"}), pt, pt))
			s.answer(r)
			var accept string
			for _, id := range r.customIDs() {
				if strings.HasSuffix(id, "/accept") {
					accept = id
				}
			}
			s.answer(tb.sendIn(in(click(carol, channel, accept, "orig-"+token), pt, pt)))
			s.answer(tb.sendIn(in(click(bob, channel, accept, "orig-"+token), pt, pt)))
			// Refusals: out of turn, nonsense, a spectator's move.
			s.answer(tb.sendIn(in(command(bob, channel, kind, "move", opt{"play", 3, "zz9"}), pt, pt)))
			s.answer(tb.sendIn(in(command(alice, channel, kind, "move", opt{"play", 3, "zz9"}), pt, pt)))
			s.answer(tb.sendIn(in(command(carol, channel, kind, "move", opt{"play", 3, "a"}), pt, pt)))
			s.playOut(kind, channel, []string{alice, bob}, 600)
			s.answer(tb.sendIn(in(command(carol, channel, kind, "history"), pt, pt)))
			s.answer(tb.sendIn(in(command(alice, channel, kind, "board"), pt, pt)))
			if _, err := tb.st.ActiveGame(channel, kind, alice); err == nil {
				t.Errorf("the %s game is not over after 600 plies", kind)
			}
			s.answer(tb.sendIn(in(command(alice, channel, kind, "replay"), pt, pt)))
			s.answer(tb.sendIn(in(command(alice, channel, kind, "profile"), pt, pt)))
			s.answer(tb.sendIn(in(command(alice, channel, kind, "leaderboard"), pt, pt)))
			// And one against the bot, played out too: the bot's moves edit the board by themselves.
			s.answer(tb.sendIn(in(command(carol, channel, kind, "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}), pt, pt)))
			s.playOut(kind, channel, []string{carol}, 40)
			s.answer(tb.sendIn(in(command(carol, channel, kind, "resign"), pt, pt)))
			s.sent()
			s.noEnglish()
			s.says(" joga", "Desistir", "desafia", "Revanche", "Aceitar", "Recusar", "Última jogada")
			if all := strings.Join(s.texts, "\n"); !strings.Contains(all, " vence") && !strings.Contains(all, "Empate") {
				t.Error("no result was shown")
			}
			t.Logf("%d texts, %d bytes seen", len(s.texts), len(strings.Join(s.texts, "")))
		})
	}
}

// The catalogue's phrases are what the tests above look for: make sure the reading works.
func TestEnglishPhrasesAreFound(t *testing.T) {
	phrases := englishOnly(t)
	if !slices.Contains(phrases, "is not a house") && !slices.Contains(phrases, "wins by") {
		t.Errorf("English phrases miss ones every game uses: %q", phrases[:10])
	}
	if _, err := os.Stat("../../say/pt-BR.toml"); err != nil {
		t.Fatal(err)
	}
}
