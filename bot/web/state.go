package web

import (
	"strings"

	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/render/live"
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
	// Branch is a line tried from decision At of a finished game (not stored); Choices are then
	// the decisions that carry it on, for any viewer.
	Branch *Branch `json:"branch,omitempty"`
	Words  Words   `json:"words"`
}

// Branch is a line of play tried on a finished game's board, and what is known of where it leads.
type Branch struct {
	Plays []string `json:"plays"`
	// Win is hard's chance for the side to move, in percent; Final, where the endgame database
	// decides (Ouri, Abapa), each seat's store at the end under perfect play.
	Win   *float64 `json:"win,omitempty"`
	Final *[2]int  `json:"final,omitempty"`
	// Said is all of it in words, for the page to show and announce.
	Said []string `json:"said"`
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
	// Hint says whether the viewer may ask for a hint now (their decision in a game that allows
	// them), Hints how many they have left in this game.
	Hint     bool   `json:"hint"`
	Hints    int    `json:"hints"`
	HintSaid string `json:"hintSaid,omitempty"` // the button: "Hint (2 left)"
	// Review says whether the viewer may ask for the coach's review: the game is over.
	Review bool `json:"review"`
}

// Words are the page's own texts in the viewer's language.
type Words map[string]string

// pageWords are the catalogue keys of the page's texts (say: web.*).
var pageWords = []string{"resign", "resign-confirm", "offer-draw", "offer-end", "accept-draw", "accept-end",
	"watching", "your-turn", "their-turn", "reconnecting", "connected", "board", "moves", "cancel",
	"choose", "played", "offline", "house", "square", "seat", "table", "empty", "store", "waiter", "you-play",
	"can-choose", "chosen", "last", "marker", "claimed", "branch-hint", "branch-over", "branch-back",
	"hint-marked", "review", "review-ready", "review-better"}

func words(w *say.Words) Words {
	out := Words{}
	for _, k := range pageWords {
		out[k] = w.T("web."+k, nil)
	}
	// The coach at work, as `/… hint` and `/… review` say it.
	out["hint-thinking"] = w.T("coach.thinking", nil)
	out["review-working"] = w.T("coach.reviewing", nil)
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
			st.Choices = choices(g)
		}
		st.May.Hint, st.May.Hints = hintsOf(v.Game, g, you)
		st.May.HintSaid = w.T("web.hint", map[string]any{"Count": st.May.Hints})
	}
	st.May.Review = st.Over
	if st.Over {
		st.Plies = l.Moves
	}
	st.Board = live.Board(g)
	return st
}

// choices are the legal decisions in g, each with the marks clicked to make it.
func choices(g games.Game) []Choice {
	var out []Choice
	for _, play := range games.Names(g, g.Legal()) {
		out = append(out, Choice{Play: play, Path: live.Path(g, play)})
	}
	return out
}

// last is the last decision of g, or nil before the first.
func last(g games.Game, players [2]Player, w *say.Words) *Last {
	log := g.Log()
	if len(log) == 0 {
		return nil
	}
	by := g.Deciders()[len(log)-1]
	play := g.Format(log[len(log)-1])
	return &Last{Play: play, Seat: int(by), Marks: live.Marks(g.Kind(), play),
		Said: w.T("web.played", map[string]any{"Who": players[by].Name, "Play": play})}
}

// stepped is a finished game's state shown after its first ply decisions.
func stepped(st State, l bot.LiveView, ply int) (State, error) {
	at, err := l.At(ply)
	if err != nil {
		return st, err
	}
	st.At, st.Board, st.Last = &ply, live.Board(at), last(at, st.Players, l.Words)
	// From any decision a viewer may try another line (its choices lead to branches).
	if !at.Outcome().Over() {
		st.Choices = choices(at)
	}
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
