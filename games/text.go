package games

import (
	"fmt"
	"sort"
	"strings"
)

// The rules and the session core speak no language: what they say to people is a Text, a message
// id of the catalogue (say) with the values its placeholders read, and whoever knows the
// reader's language words it.

// Words word a message of the catalogue in one language (say.s *Words).
type Words interface {
	T(id string, args map[string]any) string
}

// A Phrase is a placeholder's value that is itself worded in the reader's language: a seat's
// colour, a result, a player who may be the bot.
type Phrase interface {
	Word(w Words) string
}

// Text is a message of the catalogue and its values. Values are plain (numbers, notation),
// Phrases, or parts a chat shows its own way (say.Rich: a mention, a moment).
type Text struct {
	ID   string
	Args map[string]any
}

// Word is the text in w's language.
func (t Text) Word(w Words) string {
	if t.ID == "" {
		return ""
	}
	return w.T(t.ID, t.Args)
}

// String is the id and the values, for logs and test failures.
func (t Text) String() string {
	if len(t.Args) == 0 {
		return t.ID
	}
	keys := make([]string, 0, len(t.Args))
	for k := range t.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(t.ID)
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%v", k, t.Args[k])
	}
	return b.String()
}

// Problem is an error the rules give a person (an illegal or malformed decision, a bad option):
// the Text says what was wrong and what to do instead.
type Problem struct{ Text }

// Problemf is a Problem with id and its values as name, value pairs.
func Problemf(id string, kv ...any) *Problem {
	return &Problem{Text{ID: id, Args: Args(kv...)}}
}

func (p *Problem) Error() string { return p.String() }

// Args are name, value pairs as a Text's values; nil for none.
func Args(kv ...any) map[string]any {
	if len(kv) == 0 {
		return nil
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

// Colour is a seat's colour as a Phrase, in the game's words: Black, Preto; South, Sul.
type Colour struct {
	D    *Descriptor
	Seat Seat
}

// Word names the seat's colour in w's language.
func (c Colour) Word(w Words) string { return w.T(c.D.SeatID(c.Seat), nil) }

var methodIDs = [...]string{"method.not-over", "method.claim", "method.home-row", "method.capture", "method.no-moves",
	"method.exhaustion", "method.repetition", "method.agreement", "method.resignation", "method.time"}

// Word names how a game ended in w's language ("claim", "repetição").
func (m Method) Word(w Words) string {
	if int(m) < len(methodIDs) {
		return w.T(methodIDs[m], nil)
	}
	return m.String()
}
