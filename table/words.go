package table

import (
	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
)

// How a game's people are named, in the reader's language (w, the catalogue's).

// PlayerName is how a seat is named to people: a mention, or "the bot" with its level. The bot has
// the name its server gave it, so no text names it by the project's.
func PlayerName(p store.Player, w *say.Words) say.Rich {
	switch {
	case p.Bot:
		return w.Rich("player.bot", map[string]any{"Level": botLevel(p, w)})
	case p.Team:
		return w.Rich("player.team", nil)
	}
	return say.Mention(p.UserID)
}

// Seated names a seat's player with their colour: "@1 (Black)", "the bot (easy, Black)", "the
// team (Black)".
func Seated(p store.Player, colour any, w *say.Words) say.Rich {
	switch {
	case p.Bot:
		return w.Rich("status.bot", map[string]any{"Level": botLevel(p, w), "Colour": colour})
	case p.Team:
		return w.Rich("status.team", map[string]any{"Colour": colour})
	}
	return w.Rich("status.player", map[string]any{"Player": say.Mention(p.UserID), "Colour": colour})
}

func botLevel(p store.Player, w *say.Words) string {
	level := p.Level
	if level == "" {
		level = "hard"
	}
	return w.T("choice.level."+level, nil)
}

// Player is a seat's player as a placeholder's value, worded in the reader's language.
type Player store.Player

// Rich names the player.
func (p Player) Rich(w *say.Words) say.Rich { return PlayerName(store.Player(p), w) }

// Result is a finished game's result as a placeholder's value (refusal.over). Saying who won and
// how takes the game's drawing (its status line), so the adapter words it, not the table.
type Result View

// Colour is a seat's colour in a view's game as a placeholder's value.
func (v View) Colour(s games.Seat) games.Colour { return games.Colour{D: v.Desc(), Seat: s} }
