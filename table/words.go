package table

import (
	"unicode"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/render"
	"tabuleiro/store"
)

// How a game's people and results are named, in the reader's language (w, the catalogue's).

// PlayerName is how a seat is named to people: a mention, or "the bot" with its level. The bot has
// the name its server gave it, so no text names it by the project's.
func PlayerName(p store.Player, w games.Words) string {
	if p.Bot {
		return w.T("player.bot", map[string]any{"Level": botLevel(p, w)})
	}
	return Mention(p.UserID)
}

// Seated names a seat's player with their colour: "<@1> (Black)", "the bot (easy, Black)".
func Seated(p store.Player, colour any, w games.Words) string {
	if p.Bot {
		return w.T("status.bot", map[string]any{"Level": botLevel(p, w), "Colour": colour})
	}
	return w.T("status.player", map[string]any{"Player": Mention(p.UserID), "Colour": colour})
}

func botLevel(p store.Player, w games.Words) string {
	level := p.Level
	if level == "" {
		level = "hard"
	}
	return w.T("choice.level."+level, nil)
}

// Sentence is line with its first letter in upper case: a line may start with "the bot".
func Sentence(line string) string {
	r, n := utf8.DecodeRuneInString(line)
	if r == utf8.RuneError || unicode.IsUpper(r) {
		return line
	}
	return string(unicode.ToUpper(r)) + line[n:]
}

// Player is a seat's player as a placeholder's value, worded in the reader's language.
type Player store.Player

// Word names the player.
func (p Player) Word(w games.Words) string { return PlayerName(store.Player(p), w) }

// Result is a finished game's result line as a placeholder's value.
type Result View

// Word is the result line.
func (r Result) Word(w games.Words) string { return ResultLine(View(r), w) }

// Mention names a person so that chat clients show their name.
func Mention(userID string) string { return "<@" + userID + ">" }

// Colour is a seat's colour in a view's game as a placeholder's value.
func (v View) Colour(s games.Seat) games.Colour { return games.Colour{D: v.Desc(), Seat: s} }

// Named is a status line with the player put before their colour ("Black to move: serve at table
// ne" → "<@1> (Black) to move: serve at table ne"); "" when there is no status line.
func Named(v View, st render.Status, w games.Words) string {
	if st.Seat != 0 && st.Seat != 1 {
		return st.Line(w)
	}
	return Sentence(st.As(w, Seated(v.Game.Seats[st.Seat], v.Colour(st.Seat), w)))
}

// ResultLine says who won (a mention) and how, or that it is a draw and why.
func ResultLine(v View, w games.Words) string {
	if s := Named(v, render.BlockOf(v.Live, w).Status, w); s != "" {
		return s
	}
	o := v.Live.Outcome()
	switch {
	case o.Draw():
		return w.T("result.draw", map[string]any{"How": o.Method})
	case o.Winner != 0 && o.Winner != 1:
		return w.T("status.over", map[string]any{"How": o.Method})
	case o.Method == games.Time:
		return Sentence(w.T("result.wins-time", map[string]any{"Player": PlayerName(v.Game.Seats[o.Winner], w)}))
	}
	return Sentence(w.T("result.wins", map[string]any{"Player": PlayerName(v.Game.Seats[o.Winner], w), "How": o.Method}))
}
