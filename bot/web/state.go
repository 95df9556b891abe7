package web

import (
	"regexp"
	"strings"

	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
	"tabuleiro/say"
)

// State is a game as one viewer's page shows it. It holds nothing the viewer may not know.
type State struct {
	Game    uint64    `json:"game"`
	Kind    string    `json:"kind"`
	Title   string    `json:"title"`
	Ply     int       `json:"ply"`
	Over    bool      `json:"over"`
	ToMove  int       `json:"toMove"` // the seat to decide; -1 once over
	You     int       `json:"you"`    // the viewer's seat; -1 for a watcher
	Players [2]Player `json:"players"`
	Status  []string  `json:"status"`
	Board   any       `json:"board"`
	// Choices are the viewer's legal decisions, only when the viewer is the seated player to
	// decide; each with the marks on the board clicked in turn to make it.
	Choices []Choice `json:"choices,omitempty"`
	Last    *Last    `json:"last,omitempty"`
	Offer   *Offer   `json:"offer,omitempty"`
	// May says which buttons the viewer has: resign, and make or accept an offer.
	May   May      `json:"may"`
	Plies []string `json:"plies,omitempty"` // once over: every decision
	// At is the decision a finished game's board is shown after, when stepped back (?ply=N);
	// Shown says so in words.
	At    *int   `json:"at,omitempty"`
	Shown string `json:"shown,omitempty"`
	Words Words  `json:"words"`
}

// Player is a seat as the page names it.
type Player struct {
	Name   string `json:"name"`   // with the colour: "alice (South)"
	Colour string `json:"colour"` // the colour alone: "South"
	Bot    bool   `json:"bot"`
}

// Choice is a legal decision: its canonical notation, and the marks clicked to make it: a house
// "h0"…"h11", a square "c2", an Oolong seat "c.e" or table "t:c", or a button "!rotate 1".
type Choice struct {
	Play string   `json:"play"`
	Path []string `json:"path"`
}

// Last is the last decision, for the page to mark and to announce.
type Last struct {
	Play  string   `json:"play"`
	Seat  int      `json:"seat"`
	Said  string   `json:"said"`  // "alice (South) played c" in the viewer's language
	Marks []string `json:"marks"` // the marks it touched
}

// Offer is an offer to end the game waiting for an answer.
type Offer struct {
	Kind string `json:"kind"` // "draw" or "end"
	By   int    `json:"by"`
}

// May is what the viewer may do beside deciding.
type May struct {
	Resign bool `json:"resign"`
	Offer  bool `json:"offer"`  // make an offer
	Accept bool `json:"accept"` // accept the opponent's
}

// Words are the page's own texts in the viewer's language.
type Words map[string]string

// pageWords are the catalogue keys of the page's texts (say: web.*).
var pageWords = []string{"resign", "resign-confirm", "offer-draw", "offer-end", "accept-draw", "accept-end",
	"watching", "your-turn", "their-turn", "reconnecting", "connected", "board", "moves", "cancel",
	"choose", "played", "offline", "house", "square", "seat", "table", "empty", "store", "waiter", "you-play",
	"can-choose", "chosen", "last", "marker", "claimed"}

func words(w *say.Words) Words {
	out := Words{}
	for _, k := range pageWords {
		out[k] = w.T("web."+k, nil)
	}
	// Stepping through a finished game, as its page does.
	for _, k := range []string{"first", "back", "next", "last"} {
		out["step-"+k] = w.T("page."+k, nil)
	}
	return out
}

// state lays out l for the viewer in seat you (NoSeat: a watcher).
func state(l bot.LiveView, you games.Seat) State {
	v, w := l.View, l.Words
	g := v.Live
	st := State{Game: v.Game.ID, Kind: v.Game.Kind, Title: v.Desc().Title, Ply: g.Ply(), Over: v.Over(),
		ToMove: -1, You: int(you), Words: words(w)}
	if you == games.NoSeat {
		st.You = -1
	}
	for s := range st.Players {
		st.Players[s] = Player{Name: plain(l.Players[s], l), Colour: v.Colour(games.Seat(s)).Word(w), Bot: v.Game.Seats[s].Bot}
	}
	for _, r := range l.Status {
		st.Status = append(st.Status, strings.ReplaceAll(plain(r, l), "`", ""))
	}
	if !st.Over {
		st.ToMove = int(g.ToMove())
	}
	st.Last = last(g, st.Players, w)
	if o := v.Game.Offer; o.Kind != "" && !st.Over {
		st.Offer = &Offer{Kind: o.Kind, By: int(o.By)}
	}
	if you != games.NoSeat && !st.Over {
		st.May.Resign = true
		if !v.Game.Seats[you.Other()].Bot {
			mine := st.Offer != nil && st.Offer.By == int(you)
			st.May.Accept = st.Offer != nil && !mine
			st.May.Offer = st.Offer == nil
		}
		if g.ToMove() == you {
			for _, play := range games.Names(g, g.Legal()) {
				st.Choices = append(st.Choices, Choice{Play: play, Path: path(g, play)})
			}
		}
	}
	if st.Over {
		st.Plies = l.Moves
	}
	st.Board = board(g)
	return st
}

// last is the last decision of g, or nil before the first.
func last(g games.Game, players [2]Player, w *say.Words) *Last {
	log := g.Log()
	if len(log) == 0 {
		return nil
	}
	by := g.Deciders()[len(log)-1]
	play := g.Format(log[len(log)-1])
	return &Last{Play: play, Seat: int(by), Marks: marks(g.Kind(), play),
		Said: w.T("web.played", map[string]any{"Who": players[by].Name, "Play": play})}
}

// stepped is a finished game's state shown after its first ply decisions.
func stepped(st State, l bot.LiveView, ply int) (State, error) {
	at, err := l.At(ply)
	if err != nil {
		return st, err
	}
	st.At, st.Board, st.Last = &ply, board(at), last(at, st.Players, l.Words)
	if ply == 0 {
		st.Shown = l.Words.T("page.start", nil)
	} else {
		st.Shown = l.Words.T("page.at", map[string]any{"Ply": ply, "Total": st.Ply})
	}
	return st, nil
}

// plain is a text as the page shows it: a mention is the person's display name, else "a player".
func plain(r say.Rich, l bot.LiveView) string {
	var b strings.Builder
	for _, p := range r {
		switch p.Kind {
		case say.MentionPart:
			name := l.Names[p.Text]
			if name == "" {
				name = l.Words.T("page.someone", nil)
			}
			b.WriteString(name)
		case say.ChannelPart:
			b.WriteString("#")
		case say.TimePart:
			b.WriteString(p.At.UTC().Format("2006-01-02 15:04 UTC"))
		default:
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

var squareRE = regexp.MustCompile(`[a-j][1-8]`)

// path is the marks clicked in turn to make decision play of g.
func path(g games.Game, play string) []string {
	switch g.Kind() {
	case "ouri":
		return []string{house(g.ToMove(), play)}
	case "ordo":
		// "c2-c3" and "c2xd3": piece, destination; "c2:d2-c3": the line's ends, destination.
		return squareRE.FindAllString(play, -1)
	case "oolong":
		f := strings.Fields(play)
		switch f[0] {
		case "move": // move a.s z.e
			return []string{f[1], f[2]}
		case "waiter":
			return []string{"t:" + f[1]}
		case "swap":
			return []string{"t:" + f[1], "t:" + f[2]}
		case "rotate", "skip":
			return []string{"!" + play}
		}
		return []string{play} // a seat: c.e
	}
	return []string{"!" + play}
}

// marks are the marks a decision touched, for the page to show the last one.
func marks(kind, play string) []string {
	switch kind {
	case "ordo":
		return squareRE.FindAllString(play, -1)
	case "oolong":
		var out []string
		for _, f := range strings.Fields(play) {
			if strings.Contains(f, ".") {
				out = append(out, f)
			}
		}
		return out
	}
	return nil
}

// house is the mark of an Ouri house by its letter on the side of seat.
func house(seat games.Seat, letter string) string {
	if len(letter) != 1 || letter[0] < 'a' || letter[0] > 'f' {
		return "!" + letter
	}
	return "h" + itoa(int(seat)*6+int(letter[0]-'a'))
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// The boards in structured form, drawn by the page with the pictures' coordinates and colours.
type (
	OuriBoard struct {
		Houses [12]int `json:"houses"` // South's a–f, then North's a–f
		Stores [2]int  `json:"stores"`
		Abapa  bool    `json:"abapa"`
		Misere bool    `json:"misere"`
		Sown   string  `json:"sown,omitempty"` // the house sown last
	}
	OrdoBoard struct {
		Files  int            `json:"files"`
		Ranks  int            `json:"ranks"`
		Pieces map[string]int `json:"pieces"` // square: seat (0 White, 1 Black)
		Counts [2]int         `json:"counts"`
		Moved  []string       `json:"moved,omitempty"` // the squares the last move left and reached
	}
	OolongBoard struct {
		Tables  [9]OolongTable `json:"tables"` // nw n ne w c e sw s se
		Waiter  string         `json:"waiter"` // "c.e"
		Pending []Special      `json:"pending,omitempty"`
		Owner   bool           `json:"owner"` // the markers fire only for their named colour
		Supply  [2]int         `json:"supply"`
		Served  string         `json:"served,omitempty"`
	}
	OolongTable struct {
		Name   string    `json:"name"`
		Marker string    `json:"marker,omitempty"`
		Used   bool      `json:"used,omitempty"`
		Claim  int       `json:"claim"` // -1 unclaimed, else the seat
		Seats  [9]string `json:"seats"` // "o", "b", "g"
	}
	Special struct {
		Marker string `json:"marker"`
		Table  string `json:"table"`
		Actor  int    `json:"actor"`
	}
)

func board(g games.Game) any {
	switch g := g.(type) {
	case *ouri.Game:
		b := OuriBoard{Houses: g.Houses(), Stores: g.Stores(), Abapa: g.Rules() != ouri.RulesOuri, Misere: g.Misere()}
		if g.Ply() > 0 {
			last := g.LastSowing()
			b.Sown = "h" + itoa(int(last.Seat)*6+last.House)
		}
		return b
	case *ordo.Game:
		b := OrdoBoard{Files: ordo.Files, Ranks: ordo.Ranks, Pieces: map[string]int{}, Counts: [2]int{g.Count(0), g.Count(1)}}
		for f := 0; f < ordo.Files; f++ {
			for r := 0; r < ordo.Ranks; r++ {
				if s := g.At(f, r); s != games.NoSeat {
					b.Pieces[ordo.SquareAt(f, r).String()] = int(s)
				}
			}
		}
		if m, ok := g.LastMove(); ok {
			b.Moved = movedSquares(m)
		}
		return b
	case *oolong.Game:
		b := OolongBoard{Owner: g.Trigger() == oolong.TriggerOwner, Supply: [2]int{g.Supply(0), g.Supply(1)}}
		for t := oolong.Dir(0); t < 9; t++ {
			tb := OolongTable{Name: t.String(), Claim: int(g.Claim(t)), Used: g.Used(t)}
			if tb.Claim > 1 {
				tb.Claim = -1
			}
			if m, ok := g.Marker(t); ok {
				tb.Marker = m.String()
			}
			for s := oolong.Dir(0); s < 9; s++ {
				tb.Seats[s] = g.At(t, s).String()
			}
			b.Tables[t] = tb
		}
		wt, ws := g.Waiter()
		b.Waiter = wt.String() + "." + ws.String()
		for _, p := range g.Pending() {
			b.Pending = append(b.Pending, Special{Marker: p.Marker.String(), Table: p.Table.String(), Actor: int(p.Actor)})
		}
		if m, _, ok := g.Last(); ok {
			if t, s, ok := oolong.Served(m); ok {
				b.Served = t.String() + "." + s.String()
			}
		}
		return b
	}
	return nil
}

// movedSquares are the squares an Ordo move left and reached: every square of a line's.
func movedSquares(m games.Move) []string {
	from, to := ordo.From(m), ordo.To(m)
	out := []string{from.String(), to.String()}
	if ordo.IsOrdo(m) {
		end := ordo.End2(m)
		df, dr := sign(end.File()-from.File()), sign(end.Rank()-from.Rank())
		shift := int(to) - int(from)
		for s := from; s != end; {
			s = ordo.SquareAt(s.File()+df, s.Rank()+dr)
			out = append(out, s.String(), ordo.Square(int(s)+shift).String())
		}
	}
	return out
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}
