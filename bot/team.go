package bot

import (
	"tabuleiro/say"
	"tabuleiro/table"
)

// Team games (table/team.go): a member's move on the team's turn is a vote. A vote typed with
// /… move is said in the channel, and the board is edited to count it; a vote by a control
// updates the board itself. When voting closes the session core plays the decision and tells the
// notifier, which shows the board as after any move.

// voted answers a vote typed with /… move (err: its refusal).
func (b *Bot) voted(req *Request, v View, err error, play string) (Reply, error) {
	if err != nil {
		return Reply{}, b.moveRefused(req, play, err)
	}
	msg := req.pub.Rich("team.voted", map[string]any{"Player": say.Mention(req.in.User), "Move": v.Voted,
		"Votes": tally(v, req.pub), "Closes": say.Time(v.Game.Team.Closes)})
	return public(Message{Content: msg}).with(b.afterEdit(v, req.pub)), nil
}

// tally is a team's votes counted, most first: "`d` 2, `e` 1".
func tally(v View, w *say.Words) say.Rich {
	counts := table.Tally(v.Game.Team.Votes)
	parts := make([]say.Rich, len(counts))
	for i, c := range counts {
		parts[i] = w.Rich("team.count", map[string]any{"Move": c.Move, "Votes": c.Votes})
	}
	return say.Join(", ", parts...)
}

// teamTurn is the line of a team game's board on the team's turn: how to vote, or the votes so
// far and when voting closes.
func teamTurn(v View, w *say.Words) say.Rich {
	if len(v.Game.Team.Votes) == 0 {
		return w.Rich("team.how", map[string]any{"Kind": v.Game.Kind, "Seconds": int(v.Game.Team.Window.Seconds())})
	}
	return w.Rich("team.votes", map[string]any{"Votes": tally(v, w), "Closes": say.Time(v.Game.Team.Closes)})
}
