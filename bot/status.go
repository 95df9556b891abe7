package bot

import (
	"tabuleiro/games"
	"tabuleiro/render"
	"tabuleiro/say"
	"tabuleiro/table"
)

// How a game's turn and result are said, with its players named: the status line comes from the
// game's drawing (render), which the table leaves to the bot.

// statusLine is a status line with the player put before their colour ("Black to move: serve at table
// ne" → "@1 (Black) to move: serve at table ne", "The bot (easy, Black) to move"); nothing when
// there is no status line.
func statusLine(v View, st render.Status, w *say.Words) say.Rich {
	if st.Text.ID == "" {
		return nil
	}
	if st.Seat != 0 && st.Seat != 1 {
		return say.Plain(st.Line(w))
	}
	if o := v.Live.Outcome(); o.Method == games.Resignation && v.Game.Seats[st.Seat.Other()].Team {
		// The game's drawing names the loser by colour; a team that resigned is named as the team.
		st.Text = games.Text{ID: "status.wins-team-resigned"}
	}
	t := st.With(table.Seated(v.Game.Seats[st.Seat], v.Colour(st.Seat), w))
	return w.Rich(t.ID, t.Args).Sentence()
}

// resultLine says who won (a mention) and how, or that it is a draw and why.
func resultLine(v View, w *say.Words) say.Rich {
	if s := statusLine(v, render.BlockOf(v.Live, w).Status, w); len(s) > 0 {
		return s
	}
	o := v.Live.Outcome()
	switch {
	case o.Draw():
		return w.Rich("result.draw", map[string]any{"How": o.Method})
	case o.Winner != 0 && o.Winner != 1:
		return w.Rich("status.over", map[string]any{"How": o.Method})
	case o.Method == games.Time:
		return w.Rich("result.wins-time", map[string]any{"Player": table.PlayerName(v.Game.Seats[o.Winner], w)}).Sentence()
	}
	return w.Rich("result.wins", map[string]any{"Player": table.PlayerName(v.Game.Seats[o.Winner], w), "How": o.Method}).Sentence()
}

// result is a finished game's result line as a placeholder's value.
type result View

func (r result) Rich(w *say.Words) say.Rich { return resultLine(View(r), w) }

// refusalText is a refusal in w's language, a sentence with its stop (the games' own refusals have
// none: "`a1` is empty — your pieces are on ranks 4–7"); a result it names (table.Result) is drawn
// here.
func refusalText(r *table.Refusal, w *say.Words) say.Rich {
	args := r.Args
	for k, x := range r.Args {
		if res, ok := x.(table.Result); ok {
			args = make(map[string]any, len(r.Args))
			for k, x := range r.Args {
				args[k] = x
			}
			args[k] = result(res)
			break
		}
	}
	return w.Rich(r.ID, args).Ended()
}
