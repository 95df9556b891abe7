package table

import (
	"fmt"

	"tabuleiro/games"
	"tabuleiro/render"
	"tabuleiro/store"
)

// PlayerName is how a seat is named to people: a mention, or the bot with its level.
func PlayerName(p store.Player) string {
	if p.Bot {
		level := p.Level
		if level == "" {
			level = "hard"
		}
		return "tabuleiro (" + level + ")"
	}
	return Mention(p.UserID)
}

// Mention names a person so that chat clients show their name.
func Mention(userID string) string { return "<@" + userID + ">" }

// Named is a status line with the player put before their colour ("Black to move: serve at table
// ne" → "<@1> (Black) to move: serve at table ne"); "" when there is no status line.
func Named(v View, st render.Status) string {
	if st.Seat != 0 && st.Seat != 1 {
		return st.Text
	}
	return fmt.Sprintf("%s (%s)%s", PlayerName(v.Game.Seats[st.Seat]), v.Desc().SeatName(st.Seat), st.Text)
}

// ResultLine says who won (a mention) and how, or that it is a draw and why.
func ResultLine(v View) string {
	if s := Named(v, render.BlockOf(v.Live).Status); s != "" {
		return s
	}
	o := v.Live.Outcome()
	how := o.Method.String()
	if o.Draw() {
		return "Draw by " + how
	}
	if o.Winner != 0 && o.Winner != 1 {
		return "Game over: " + how
	}
	if o.Method == games.Time {
		return PlayerName(v.Game.Seats[o.Winner]) + " wins on time"
	}
	return PlayerName(v.Game.Seats[o.Winner]) + " wins by " + how
}
