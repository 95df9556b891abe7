package describe

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"tabuleiro/ai/puzzle"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
	"tabuleiro/learn"
	"tabuleiro/say"
)

// A listener hears only the description: these tests rebuild the position from its words alone and
// compare it with the game's, so that nothing a player needs is left out or said ambiguously.

var languages = []string{say.English, say.Portuguese}

// lexicon is the few words of each language the parser looks for; the colours come from the
// catalogue.
var lexicon = map[string]map[string]string{
	say.English: {
		"ouri.side": `^(\pL+): store (\d+); houses (.*)\.$`,
		"ouri.turn": `^(\pL+) (?:to move|moves again)`,
		"abapa":     "Abapa", "misere": "isere",
		"ordo.side":   `^(\pL+), (\d+) pieces?, (connected|disconnected): (.*)\.$`,
		"ordo.none":   `^(\pL+): no pieces left\.$`,
		"ordo.rank":   `^rank (\d): (.*)$`,
		"ordo.turn":   `^(\pL+) to move \(move (\d+)\)`,
		"waiter":      `^The waiter stands on table (\w+), seat (\w+)\.$`,
		"table":       `^Table (\w+)(?:, marker (\w\w)( \(fires at \d teas\)| used))?(?:, claimed by (\pL+))?: (.*)\.$`,
		"teas":        `^(\pL+) on (.*)$`,
		"no-tea":      "no tea",
		"supply":      `^Teas left: \pL+ (\d+), \pL+ (\d+)\. Tables claimed: \pL+ (\d+), \pL+ (\d+)\.$`,
		"unused":      " (fires at",
		"oolong.turn": `^(\pL+) (?:to move|decides)`,
		"special":     `(\pL+) decides the [\pL ]+ marker \((\w\w)\) of table (\w+)\.`,
	},
	say.Portuguese: {
		"ouri.side": `^(\pL+): celeiro (\d+); casas (.*)\.$`,
		"ouri.turn": `^(\pL+) joga[ .]`,
		"abapa":     "Abapa", "misere": "isère",
		"ordo.side":   `^(\pL+), (\d+) peças?, (conectadas?|desconectadas?): (.*)\.$`,
		"ordo.none":   `^As (\pL+) não têm mais peças\.$`,
		"ordo.rank":   `^fileira (\d): (.*)$`,
		"ordo.turn":   `^As (\pL+) jogam \(jogada (\d+)\)`,
		"waiter":      `^O garçom está na mesa (\w+), assento (\w+)\.$`,
		"table":       `^Mesa (\w+)(?:, marcador (\w\w)( \(dispara com \d chás\)| já usado))?(?:, conquistada pelo (\pL+))?: (.*)\.$`,
		"teas":        `^(\pL+) em (.*)$`,
		"no-tea":      "sem chá",
		"supply":      `^Chás na mão: \pL+ (\d+), \pL+ (\d+)\. Mesas conquistadas: \pL+ (\d+), \pL+ (\d+)\.$`,
		"unused":      " (dispara com",
		"oolong.turn": `^(\pL+) (?:joga|decide)[ :]`,
		"special":     `(\pL+) decide o marcador [\pL ]+ \((\w\w)\) da mesa (\w+)\.`,
	},
}

// listener parses descriptions in one language.
type listener struct {
	lang string
	w    *say.Words
	re   map[string]*regexp.Regexp
}

func newListener(lang string) *listener {
	l := &listener{lang: lang, w: say.For(lang), re: map[string]*regexp.Regexp{}}
	for k, v := range lexicon[lang] {
		if strings.HasPrefix(v, "^") || strings.Contains(v, `\pL`) {
			l.re[k] = regexp.MustCompile(v)
		}
	}
	return l
}

func (l *listener) word(k string) string { return lexicon[l.lang][k] }

// seat reads a colour of the game d describes.
func (l *listener) seat(d *games.Descriptor, name string) (games.Seat, error) {
	for _, s := range []games.Seat{0, 1} {
		if l.w.T(d.SeatID(s), nil) == name {
			return s, nil
		}
	}
	return games.NoSeat, fmt.Errorf("%q is no colour of %s", name, d.Kind)
}

// heard is a position rebuilt from a description; toMove is NoSeat when the description says the
// game is over.
type ouriHeard struct {
	houses [12]int
	stores [2]int
	toMove games.Seat
	abapa  bool
	misere bool
}

func (l *listener) ouri(text string) (ouriHeard, error) {
	h := ouriHeard{toMove: games.NoSeat}
	sides := 0
	house := regexp.MustCompile(`^([a-f]) (\d+)$`)
	for _, line := range strings.Split(text, "\n") {
		if m := l.re["ouri.side"].FindStringSubmatch(line); m != nil {
			s, err := l.seat(ouri.Descriptor, m[1])
			if err != nil {
				return h, err
			}
			h.stores[s], _ = strconv.Atoi(m[2])
			items := strings.Split(m[3], ", ")
			if len(items) != 6 {
				return h, fmt.Errorf("%q names %d houses, want 6", line, len(items))
			}
			for i, item := range items {
				hm := house.FindStringSubmatch(item)
				if hm == nil || hm[1] != string(rune('a'+i)) {
					return h, fmt.Errorf("house %d of %q reads %q", i, line, item)
				}
				h.houses[int(s)*6+i], _ = strconv.Atoi(hm[2])
			}
			sides++
			continue
		}
		if m := l.re["ouri.turn"].FindStringSubmatch(line); m != nil {
			s, err := l.seat(ouri.Descriptor, m[1])
			if err != nil {
				return h, err
			}
			h.toMove = s
		}
		if strings.Contains(line, l.word("abapa")) {
			h.abapa = true
		}
		if strings.Contains(line, l.word("misere")) {
			h.misere = true
		}
	}
	if sides != 2 {
		return h, fmt.Errorf("%d sides heard, want 2", sides)
	}
	return h, nil
}

func ouriSeen(g *ouri.Game) ouriHeard {
	h := ouriHeard{houses: g.Houses(), stores: g.Stores(), toMove: games.NoSeat, abapa: g.Rules() == ouri.RulesAbapa,
		misere: g.Misere()}
	if !g.Outcome().Over() {
		h.toMove = g.ToMove()
	}
	return h
}

type ordoHeard struct {
	pieces       [2][]string
	disconnected [2]bool
	toMove       games.Seat
	move         int
}

func (l *listener) ordo(text string) (ordoHeard, error) {
	h := ordoHeard{toMove: games.NoSeat}
	sides := 0
	square := regexp.MustCompile(`^[a-j][1-8]$`)
	for _, line := range strings.Split(text, "\n") {
		if m := l.re["ordo.none"].FindStringSubmatch(line); m != nil {
			if _, err := l.seat(ordo.Descriptor, m[1]); err != nil {
				return h, err
			}
			sides++
			continue
		}
		if m := l.re["ordo.side"].FindStringSubmatch(line); m != nil {
			s, err := l.seat(ordo.Descriptor, m[1])
			if err != nil {
				return h, err
			}
			h.disconnected[s] = strings.HasPrefix(m[3], "dis") || strings.HasPrefix(m[3], "des")
			for _, rank := range strings.Split(m[4], "; ") {
				rm := l.re["ordo.rank"].FindStringSubmatch(rank)
				if rm == nil {
					return h, fmt.Errorf("%q is no rank", rank)
				}
				for _, sq := range strings.Split(rm[2], ", ") {
					if !square.MatchString(sq) || sq[1:] != rm[1] {
						return h, fmt.Errorf("%q is no square of rank %s", sq, rm[1])
					}
					h.pieces[s] = append(h.pieces[s], sq)
				}
			}
			if n, _ := strconv.Atoi(m[2]); n != len(h.pieces[s]) {
				return h, fmt.Errorf("%q counts %d pieces and names %d", line, n, len(h.pieces[s]))
			}
			sides++
			continue
		}
		if m := l.re["ordo.turn"].FindStringSubmatch(line); m != nil {
			s, err := l.seat(ordo.Descriptor, m[1])
			if err != nil {
				return h, err
			}
			h.toMove = s
			h.move, _ = strconv.Atoi(m[2])
		}
	}
	if sides != 2 {
		return h, fmt.Errorf("%d sides heard, want 2", sides)
	}
	for s := range h.pieces {
		slices.Sort(h.pieces[s])
	}
	return h, nil
}

func ordoSeen(g *ordo.Game) ordoHeard {
	h := ordoHeard{toMove: games.NoSeat}
	for _, s := range []games.Seat{0, 1} {
		for _, sq := range g.Pieces(s) {
			h.pieces[s] = append(h.pieces[s], sq.String())
		}
		slices.Sort(h.pieces[s])
		h.disconnected[s] = g.Count(s) > 0 && g.Disconnected(s)
	}
	if !g.Outcome().Over() {
		h.toMove, h.move = g.ToMove(), g.MoveNumber()
	}
	return h
}

type oolongHeard struct {
	seats           [9][9]oolong.Tea
	waiter          [2]string
	markers         [9]string // "RO", "RO*" once used, "" for none
	claims          [9]games.Seat
	supply, claims2 [2]int
	toMove          games.Seat
	pending         []string // "Black RO ne"
}

func (l *listener) oolong(text string) (oolongHeard, error) {
	h := oolongHeard{toMove: games.NoSeat}
	tables := 0
	dir := func(s string) (oolong.Dir, error) {
		for d := oolong.Dir(0); d < 9; d++ {
			if d.String() == s {
				return d, nil
			}
		}
		return 0, fmt.Errorf("%q is no direction", s)
	}
	for _, line := range strings.Split(text, "\n") {
		if m := l.re["waiter"].FindStringSubmatch(line); m != nil {
			h.waiter = [2]string{m[1], m[2]}
			continue
		}
		if m := l.re["supply"].FindStringSubmatch(line); m != nil {
			h.supply[0], _ = strconv.Atoi(m[1])
			h.supply[1], _ = strconv.Atoi(m[2])
			h.claims2[0], _ = strconv.Atoi(m[3])
			h.claims2[1], _ = strconv.Atoi(m[4])
			continue
		}
		if m := l.re["table"].FindStringSubmatch(line); m != nil {
			t, err := dir(m[1])
			if err != nil {
				return h, err
			}
			h.markers[t] = m[2]
			if m[2] != "" && !strings.HasPrefix(m[3], l.word("unused")) {
				h.markers[t] += "*"
			}
			h.claims[t] = games.NoSeat
			if m[4] != "" {
				if h.claims[t], err = l.seat(oolong.Descriptor, m[4]); err != nil {
					return h, err
				}
			}
			if m[5] != l.word("no-tea") {
				for _, part := range strings.Split(m[5], "; ") {
					tm := l.re["teas"].FindStringSubmatch(part)
					if tm == nil {
						return h, fmt.Errorf("%q says no teas", part)
					}
					c, err := l.seat(oolong.Descriptor, tm[1])
					if err != nil {
						return h, err
					}
					for _, name := range strings.Split(tm[2], ", ") {
						s, err := dir(name)
						if err != nil {
							return h, err
						}
						h.seats[t][s] = oolong.Black + oolong.Tea(c)
					}
				}
			}
			tables++
			continue
		}
		if m := l.re["oolong.turn"].FindStringSubmatch(line); m != nil {
			s, err := l.seat(oolong.Descriptor, m[1])
			if err != nil {
				return h, err
			}
			h.toMove = s
			for _, sm := range l.re["special"].FindAllStringSubmatch(line, -1) {
				actor, err := l.seat(oolong.Descriptor, sm[1])
				if err != nil {
					return h, err
				}
				h.pending = append(h.pending, fmt.Sprintf("%d %s %s", actor, sm[2], sm[3]))
			}
		}
	}
	if tables != 9 {
		return h, fmt.Errorf("%d tables heard, want 9", tables)
	}
	return h, nil
}

func oolongSeen(g *oolong.Game) oolongHeard {
	h := oolongHeard{toMove: games.NoSeat}
	for t := oolong.Dir(0); t < 9; t++ {
		for s := oolong.Dir(0); s < 9; s++ {
			h.seats[t][s] = g.At(t, s)
		}
		if m, ok := g.Marker(t); ok {
			h.markers[t] = m.String()
			if g.Used(t) {
				h.markers[t] += "*"
			}
		}
		h.claims[t] = g.Claim(t)
	}
	wt, ws := g.Waiter()
	h.waiter = [2]string{wt.String(), ws.String()}
	for _, s := range []games.Seat{0, 1} {
		h.supply[s], h.claims2[s] = g.Supply(s), g.Claimed(s)
	}
	if !g.Outcome().Over() {
		h.toMove = g.ToMove()
		for _, sp := range g.Pending() {
			h.pending = append(h.pending, fmt.Sprintf("%d %s %s", sp.Actor, sp.Marker, sp.Table))
		}
	}
	return h
}

// hears checks that the description of g in l's language rebuilds g's exact position, and that it
// holds no grid art.
func (l *listener) hears(t *testing.T, name string, g games.Game) {
	t.Helper()
	d := Game(g, l.w)
	text := d.Text()
	var heard, seen any
	var err error
	switch g := g.(type) {
	case *ouri.Game:
		heard, err = l.ouri(text)
		seen = ouriSeen(g)
	case *ordo.Game:
		heard, err = l.ordo(text)
		seen = ordoSeen(g)
	case *oolong.Game:
		heard, err = l.oolong(text)
		seen = oolongSeen(g)
	default:
		t.Fatalf("%s: no parser for %s", name, g.Kind())
	}
	if err != nil {
		t.Fatalf("%s (%s): %v in\n%s", name, l.lang, err, text)
	}
	if fmt.Sprint(heard) != fmt.Sprint(seen) {
		t.Fatalf("%s (%s): the description gives\n%+v\nthe game is\n%+v\n%s", name, l.lang, heard, seen, text)
	}
	for _, p := range d.Pages() {
		if n := utf8.RuneCountInString(p); n > MaxPage {
			t.Errorf("%s (%s): a page of %d characters, over %d", name, l.lang, n, MaxPage)
		}
	}
	if n := utf8.RuneCountInString(Short(g, l.w)); n > MaxShort || n == 0 {
		t.Errorf("%s (%s): the short form has %d characters, want 1 to %d", name, l.lang, n, MaxShort)
	}
	for _, line := range append(strings.Split(text, "\n"), Short(g, l.w)) {
		if why := gridArt(line); why != "" {
			t.Errorf("%s (%s): %s in %q", name, l.lang, why, line)
		}
	}
}

// gridArt says why a line reads as grid art or a line of symbols, or "".
func gridArt(line string) string {
	if singles.MatchString(line) {
		return "a row of single characters"
	}
	words, symbols, all := 0, 0, 0
	for _, f := range strings.Fields(line) {
		if utf8.RuneCountInString(strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) })) >= 3 {
			words++
		}
	}
	for _, r := range line {
		all++
		switch {
		case r >= 0x2500 && r <= 0x259F:
			return "a box-drawing character"
		case !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsSpace(r):
			symbols++
		}
	}
	switch {
	case words == 0:
		return "no word"
	case symbols*4 > all:
		return "more symbols than a sentence has"
	}
	return ""
}

// singles are three characters in a row standing alone, as a board's row is drawn ("o o o", ". . X").
var singles = regexp.MustCompile(`(^|\s)\S( \S){2,}(\s|$)`)

func TestTheLineTestFindsGridArt(t *testing.T) {
	for _, line := range []string{"o o o", " 8  . . X X . .  8", "N    4   4   4", "┌──┐", "S 4  N 0", "·-·-·-·"} {
		if gridArt(line) == "" {
			t.Errorf("%q passes for words", line)
		}
	}
}

// heardPositions are every position the tests describe: the rules files' vectors, every lesson's
// start, every shipped puzzle, and the positions of a few random games of each game and variant.
func heardPositions(t *testing.T) map[string]games.Game {
	t.Helper()
	out := map[string]games.Game{}
	add := func(name string, g games.Game, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = g
	}
	play := func(name string, g games.Game, moves ...string) {
		for i, s := range moves {
			m, err := g.Parse(s)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				t.Fatalf("%s: %s: %v", name, s, err)
			}
			add(fmt.Sprintf("%s after %s", name, strings.Join(moves[:i+1], " ")), g.Clone(), nil)
		}
	}
	for _, v := range ouriVectors {
		for _, rules := range []ouri.Rules{ouri.RulesOuri, ouri.RulesAbapa} {
			p := ouri.Position{Houses: v.houses, Stores: v.stores, Rules: rules}
			g, err := ouri.FromPosition(p, false)
			name := fmt.Sprintf("ouri vector %s (rules %d)", v.name, rules)
			add(name, g, err)
			if err == nil {
				play(name, g.Clone(), v.moves...)
			}
		}
	}
	for _, opts := range []games.Options{nil, {"rules": "abapa"}, {"misere": "true"}} {
		g, err := catalog.New("ouri", opts)
		add("ouri start "+opts.String(), g, err)
		play("ouri start "+opts.String(), g.Clone(), "d")
	}
	g, err := catalog.New("ordo", nil)
	add("ordo start", g, err)
	for _, m := range g.Legal() {
		play("ordo start", g.Clone(), g.Format(m), "a6-a5")
	}
	g, err = catalog.New("oolong", nil)
	add("oolong start", g, err)
	play("oolong worked example", g.Clone(), strings.Fields("c.ne ne.s s.nw nw.nw nw.c c.e e.n n.nw nw.w w.c")...)
	for _, d := range catalog.All() {
		for _, l := range learn.Of(d) {
			g, err := l.Start()
			add("lesson "+l.ID, g, err)
		}
		for _, set := range puzzle.SetsOf(d) {
			ps, err := puzzle.Load(set)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range ps {
				g, err := p.Game()
				add("puzzle "+p.ID, g, err)
			}
		}
	}
	rng := rand.New(rand.NewPCG(42, 7))
	for _, v := range []struct {
		kind string
		opts games.Options
	}{{"ouri", nil}, {"ouri", games.Options{"rules": "abapa"}}, {"ordo", nil}, {"oolong", nil},
		{"oolong", games.Options{"trigger": "owner"}}} {
		for i := 0; i < 4; i++ {
			d, _ := catalog.Lookup(v.kind)
			g, err := d.New(v.opts, rng)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; !g.Outcome().Over() && ply < 300; ply++ {
				legal := g.Legal()
				if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				out[fmt.Sprintf("random %s %s game %d ply %d", v.kind, v.opts, i, ply+1)] = g.Clone()
			}
		}
	}
	return out
}

// ouriVectors are the positions of section 6 of the rules (Boards written South a-f, North a-f),
// with the stores holding the rest of the 48 seeds.
var ouriVectors = []struct {
	name   string
	houses [12]uint8
	stores [2]uint8
	moves  []string
}{
	{"laps of 11", [12]uint8{0, 0, 0, 0, 0, 11}, [2]uint8{18, 19}, []string{"f"}},
	{"laps of 12", [12]uint8{0, 0, 0, 0, 0, 12}, [2]uint8{18, 18}, []string{"f"}},
	{"laps of 13", [12]uint8{0, 0, 0, 0, 0, 13}, [2]uint8{18, 17}, []string{"f"}},
	{"grand slam", [12]uint8{3, 0, 4, 0, 0, 2, 1, 2, 0, 0, 0, 0}, [2]uint8{18, 18}, []string{"f"}},
	{"singleton rule", [12]uint8{1, 3, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0}, [2]uint8{20, 21}, []string{"b"}},
	{"feeding", [12]uint8{2, 0, 0, 0, 0, 1}, [2]uint8{22, 23}, []string{"f"}},
}

func TestTheDescriptionRebuildsThePosition(t *testing.T) {
	positions := heardPositions(t)
	if len(positions) < 500 {
		t.Fatalf("only %d positions to hear", len(positions))
	}
	// The positions must show what is hardest to say: a special to decide, a disconnected side, a
	// player moving again, finished games.
	seen := map[string]int{}
	for _, g := range positions {
		switch g := g.(type) {
		case *oolong.Game:
			if len(g.Pending()) > 0 {
				seen["oolong special pending"]++
			}
			if g.Free() && !g.Outcome().Over() {
				seen["oolong free placement"]++
			}
		case *ordo.Game:
			if g.Disconnected(g.ToMove()) {
				seen["ordo disconnected"]++
			}
		case *ouri.Game:
			if g.LastSowing().Seat == g.ToMove() && !g.Outcome().Over() {
				seen["ouri moves again"]++
			}
		}
		if g.Outcome().Over() {
			seen[g.Kind()+" over"]++
		}
	}
	for _, want := range []string{"oolong special pending", "oolong free placement", "ordo disconnected", "ouri moves again",
		"ouri over", "ordo over", "oolong over"} {
		if seen[want] == 0 {
			t.Errorf("no position shows %s", want)
		}
	}
	for _, lang := range languages {
		l := newListener(lang)
		for name, g := range positions {
			l.hears(t, name, g)
		}
	}
}
