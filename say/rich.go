package say

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Rich is a text as a person reads it, in parts: plain words, and the parts each chat shows its
// own way — a person named, a moment, emphasis, a block of fixed-width lines. The catalogue and the
// core build it; each adapter renders it (bot/discord as Discord's markup, bot/console as plain
// console text), so nothing parses text another package rendered.
//
//	r := w.Rich("notify.turn", map[string]any{"Player": say.Mention("42"), "Title": "Ouri"})
//	r = say.Join("\n", r, say.Block("", lines))
//
// In the catalogue, **…** marks emphasis, and a placeholder whose value is Rich (a mention, a
// moment) keeps its parts.
type Rich []Part

// Kind is what a Part is.
type Kind uint8

const (
	PlainPart   Kind = iota // words as they are
	StrongPart              // words to stand out (a game's title, a move)
	MentionPart             // a person, by id: chats show their name
	TimePart                // a moment, shown relative to now ("in 24 hours")
	BlockPart               // lines of fixed-width text (a board, a move list) on lines of their own
	ChannelPart             // a channel, by id: chats show its name
)

// Part is one piece of a Rich text.
type Part struct {
	Kind Kind
	// Text is the words (PlainPart, StrongPart), the person's id (MentionPart), the channel's id
	// (ChannelPart), or the lines joined by "\n" (BlockPart).
	Text string
	At   time.Time // TimePart: the moment, to the second
	// Lang is what a block holds, for a chat that colours code: "text" for a move list, "" for a
	// board.
	Lang string
}

// Plain is words as they are.
func Plain(s string) Rich {
	if s == "" {
		return nil
	}
	return Rich{{Kind: PlainPart, Text: s}}
}

// Strong is words that stand out.
func Strong(s string) Rich { return Rich{{Kind: StrongPart, Text: s}} }

// Mention names a person so that chats show their name.
func Mention(userID string) Rich { return Rich{{Kind: MentionPart, Text: userID}} }

// Channel names a channel so that chats show its name.
func Channel(id string) Rich { return Rich{{Kind: ChannelPart, Text: id}} }

// Time is a moment, shown relative to when it is read.
func Time(t time.Time) Rich { return Rich{{Kind: TimePart, At: t.Truncate(time.Second)}} }

// Block is lines of fixed-width text; lang says what they are ("" for a board, "text" for a move
// list). The text around a block ends a line before it and starts one after it ("\n"): a chat may
// add lines of its own around the block (Discord's fences), never inside the words.
func Block(lang string, lines []string) Rich {
	return Rich{{Kind: BlockPart, Text: strings.Join(lines, "\n"), Lang: lang}}
}

// Join puts texts one after another with sep between them; empty texts are skipped.
func Join(sep string, texts ...Rich) Rich {
	var out Rich
	for _, t := range texts {
		if len(t) == 0 {
			continue
		}
		if len(out) > 0 {
			out = out.push(Part{Kind: PlainPart, Text: sep})
		}
		out = out.pushAll(t, false)
	}
	return out
}

// Add is r followed by the texts of more, in a new slice (r is left as it was): adjacent words of
// one kind (plain, or strong) merge into one part.
func (r Rich) Add(more ...Rich) Rich {
	size := len(r)
	for _, m := range more {
		size += len(m)
	}
	out := make(Rich, len(r), size)
	copy(out, r)
	for _, m := range more {
		out = out.pushAll(m, false)
	}
	return out
}

// push appends p to r in place, as append does, merging it into adjacent words of its kind.
func (r Rich) push(p Part) Rich {
	if p.Kind == PlainPart && p.Text == "" {
		return r
	}
	if n := len(r); n > 0 && (p.Kind == PlainPart || p.Kind == StrongPart) && r[n-1].Kind == p.Kind {
		r[n-1].Text += p.Text
		return r
	}
	return append(r, p)
}

// pushAll pushes the parts of more, its plain words made strong when strong is set (a field's
// value inside **…**).
func (r Rich) pushAll(more Rich, strong bool) Rich {
	for _, p := range more {
		if strong && p.Kind == PlainPart {
			p.Kind = StrongPart
		}
		r = r.push(p)
	}
	return r
}

// String is r as plain words, for logs and test failures: a mention is @id, a moment its UTC
// time, a block its lines. Adapters render r themselves.
func (r Rich) String() string {
	var b strings.Builder
	for _, p := range r {
		switch p.Kind {
		case MentionPart:
			b.WriteString("@" + p.Text)
		case ChannelPart:
			b.WriteString("#" + p.Text)
		case TimePart:
			b.WriteString(p.At.UTC().Format(time.DateTime))
		default:
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// RichPhrase is a placeholder's value that words itself in parts, in the reader's language: a
// player (a mention, or the bot and its level), games named by their players.
type RichPhrase interface {
	Rich(w *Words) Rich
}

// Ended is r closed as a sentence, for words that go on after it: a full stop is added when it
// ends in words or a mention without one (a refusal has none of its own).
func (r Rich) Ended() Rich {
	if len(r) == 0 || r[len(r)-1].Kind == BlockPart {
		return r
	}
	if last := r[len(r)-1]; last.Kind == PlainPart || last.Kind == StrongPart {
		for _, stop := range []string{".", "!", "?", "…"} {
			if strings.HasSuffix(last.Text, stop) {
				return r
			}
		}
	}
	return r.Add(Plain("."))
}

// Sentence is r with its first letter in upper case, when r starts with words: a line may start
// with "the bot".
func (r Rich) Sentence() Rich {
	if len(r) == 0 || (r[0].Kind != PlainPart && r[0].Kind != StrongPart) {
		return r
	}
	first, n := utf8.DecodeRuneInString(r[0].Text)
	if first == utf8.RuneError || unicode.IsUpper(first) {
		return r
	}
	out := append(Rich(nil), r...)
	out[0].Text = string(unicode.ToUpper(first)) + r[0].Text[n:]
	return out
}
