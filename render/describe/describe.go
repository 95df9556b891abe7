package describe

import (
	"strings"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/render"
)

// MaxPage is the most characters one message of a description holds: Discord takes 2,000, and the
// rest is room for a line around it.
const MaxPage = 1900

// MaxShort is the most characters the short form holds: Discord's limit for an attachment's
// description (its alt text).
const MaxShort = 1024

// Description is a position told in words, in the order a listener wants it: the last decision,
// the position in the game's own terms, whose turn it is and how many legal moves there are.
type Description struct {
	Last     string   // the last decision; "" before the first
	Position []string // the position, a sentence or a few each
	Turn     string   // whose turn it is and the legal moves, or the result
}

// Paragraphs are the description's parts in order, without the empty ones.
func (d Description) Paragraphs() []string {
	var out []string
	if d.Last != "" {
		out = append(out, d.Last)
	}
	out = append(out, d.Position...)
	if d.Turn != "" {
		out = append(out, d.Turn)
	}
	return out
}

// Text is the whole description, a paragraph a line.
func (d Description) Text() string { return strings.Join(d.Paragraphs(), "\n") }

// Pages are the description cut into messages of at most MaxPage characters, between paragraphs
// where it can (a paragraph longer than a page is cut between sentences).
func (d Description) Pages() []string { return paginate(d.Paragraphs(), MaxPage) }

// Group is a set of legal moves a listener hears together: the moves of one Ordo piece, the seats
// of one Oolong table. Moves are in canonical notation, each as a player types it.
type Group struct {
	Label string // what the moves have in common: "from a3", "table ne"; "" for a game's only group
	Moves []string
	// Said is how the list says the group where naming every move would run to pages: how a
	// move is made, then what it is made of, a line each (an Oolong Move Tea's teas and empty
	// seats). Nil to name the moves.
	Said []string
}

// describer is what a game registers: its full description, its short one, and its legal moves
// grouped.
type describer struct {
	full  func(g games.Game, w games.Words) Description
	short func(g games.Game, w games.Words) Description
	moves func(g games.Game, w games.Words) []Group
}

// describers holds each game's describer, registered by its file (ouri.go, ordo.go, oolong.go).
var describers = map[*games.Descriptor]describer{}

func register[G games.Game](d *games.Descriptor, full, short func(G, games.Words) Description,
	moves func(G, games.Words) []Group) {
	if _, twice := describers[d]; twice {
		panic("describe: " + d.Kind + " is described twice")
	}
	describers[d] = describer{
		full:  func(g games.Game, w games.Words) Description { return full(g.(G), w) },
		short: func(g games.Game, w games.Words) Description { return short(g.(G), w) },
		moves: func(g games.Game, w games.Words) []Group { return moves(g.(G), w) },
	}
}

// Describes reports whether the game d describes has a describer.
func Describes(d *games.Descriptor) bool {
	_, ok := describers[d]
	return ok
}

// Game describes g's position in w's language.
func Game(g games.Game, w games.Words) Description {
	if d, ok := describers[g.Descriptor()]; ok {
		return d.full(g, w)
	}
	return Description{Turn: render.BlockOf(g, w).Status.Line(w)}
}

// Short is g's position in at most MaxShort characters, for a picture's alt text: the same words as
// Game, without the list of moves, with a game's compact form of the position where the whole one is
// too long.
func Short(g games.Game, w games.Words) string {
	d, ok := describers[g.Descriptor()]
	if !ok {
		return clip(render.BlockOf(g, w).Status.Line(w), MaxShort)
	}
	return clip(strings.Join(d.short(g, w).Paragraphs(), " "), MaxShort)
}

// Fit is g's description in at most room characters, for a message that says more around it: the
// whole description when it fits, else the short form and whose turn it is with the legal moves.
func Fit(g games.Game, w games.Words, room int) string {
	d, ok := describers[g.Descriptor()]
	if !ok {
		return clip(Game(g, w).Text(), room)
	}
	full := d.full(g, w)
	if text := full.Text(); utf8.RuneCountInString(text) <= room {
		return text
	}
	short := d.short(g, w)
	short.Turn = full.Turn
	return clip(short.Text(), room)
}

// Alt is s as a picture's alt text: at most MaxShort characters, cut at the end of a sentence.
func Alt(s string) string { return clip(s, MaxShort) }

// Moves are g's legal moves grouped as its description groups them, in canonical notation; none
// once the game is over.
func Moves(g games.Game, w games.Words) []Group {
	if g.Outcome().Over() {
		return nil
	}
	if d, ok := describers[g.Descriptor()]; ok {
		return d.moves(g, w)
	}
	return []Group{{Moves: games.Names(g, g.Legal())}}
}

// MovePages are g's legal moves as messages of at most MaxPage characters: a line that counts them,
// then a line a group ("from a3: a3-a4, a3-a5"), or the lines that say it.
func MovePages(g games.Game, w games.Words) []string {
	groups := Moves(g, w)
	n := 0
	for _, gr := range groups {
		n += len(gr.Moves)
	}
	lines := []string{w.T("words.moves.count", map[string]any{"Total": n,
		"Colour": games.Colour{D: g.Descriptor(), Seat: g.ToMove()}})}
	if g.Outcome().Over() {
		lines = []string{render.BlockOf(g, w).Status.Line(w)}
	}
	for _, gr := range groups {
		if gr.Said != nil {
			lines = append(lines, gr.Said...)
			continue
		}
		list := strings.Join(gr.Moves, ", ")
		if gr.Label != "" {
			list = gr.Label + ": " + list
		}
		lines = append(lines, list)
	}
	return paginate(lines, MaxPage)
}

// legalLine is the sentence that counts the legal moves: it names them when they are few, and
// otherwise says how to hear them all.
func legalLine(g games.Game, w games.Words) string {
	var names []string
	for _, gr := range Moves(g, w) {
		names = append(names, gr.Moves...)
	}
	args := map[string]any{"Count": len(names), "Kind": g.Kind()}
	if len(names) <= fewMoves {
		args["Moves"] = strings.Join(names, ", ")
		return w.T("words.moves.named", args)
	}
	return w.T("words.moves.listed", args)
}

// fewMoves is the most legal moves a description names itself.
const fewMoves = 8

// paginate puts paragraphs into pages of at most limit characters, one paragraph a line.
func paginate(paragraphs []string, limit int) []string {
	var pages []string
	var page strings.Builder
	flush := func() {
		if page.Len() > 0 {
			pages = append(pages, page.String())
			page.Reset()
		}
	}
	for _, p := range paragraphs {
		for _, piece := range cut(p, limit) {
			if page.Len() > 0 && utf8.RuneCountInString(page.String())+1+utf8.RuneCountInString(piece) > limit {
				flush()
			}
			if page.Len() > 0 {
				page.WriteByte('\n')
			}
			page.WriteString(piece)
		}
	}
	flush()
	return pages
}

// cut splits a paragraph longer than limit characters between sentences (after ". " or "; "), or
// between words when a sentence is longer still.
func cut(p string, limit int) []string {
	var out []string
	for utf8.RuneCountInString(p) > limit {
		head := string([]rune(p)[:limit])
		at := max(strings.LastIndex(head, ". "), strings.LastIndex(head, "; "))
		if at > 0 {
			at++ // keep the full stop with its sentence
		} else if at = strings.LastIndexByte(head, ' '); at <= 0 {
			at = len(head)
		}
		out = append(out, strings.TrimSpace(p[:at]))
		p = strings.TrimSpace(p[at:])
	}
	if p != "" {
		out = append(out, p)
	}
	return out
}

// clip shortens s to at most limit characters, at the end of a sentence where it can, ending in "…".
func clip(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	head := string([]rune(s)[:limit-1])
	if at := strings.LastIndex(head, ". "); at > limit/2 {
		head = head[:at+1]
	}
	return strings.TrimSpace(head) + "…"
}

// colour is a seat's colour in the game's words as a placeholder's value.
func colour(d *games.Descriptor, s games.Seat) games.Phrase { return games.Colour{D: d, Seat: s} }
