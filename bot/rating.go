package bot

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// Ratings as people see them: the change line of a rated game's final board, the leaderboard and
// the profile. Both of the latter are private: the leaderboard ends with the caller's own rank and
// its ◀ ▶ page only the caller's copy, and a profile is looked up, not announced.

// ratedOption reads the challenge's rated option: nil when not given (the server's default).
func ratedOption(data CommandData) *bool {
	v, ok := data.Options["rated"]
	if !ok || !v.IsBool {
		return nil
	}
	rated := v.Bool
	return &rated
}

// shownRating is a rounded rating, with "?" when provisional.
func shownRating(r int, provisional bool) string {
	if provisional {
		return strconv.Itoa(r) + "?"
	}
	return strconv.Itoa(r)
}

// changeLine is the second result line of a rated game: each player's rating before and after,
// "@a 1500? → 1662? (+162) · @b 1500? → 1338? (-162)"; nothing for a game that changed no rating.
func changeLine(rec store.Game, w *say.Words) say.Rich {
	if !rec.Rated || rec.State != store.Finished || rec.Change == ([2]store.RatingChange{}) {
		return nil
	}
	var parts []say.Rich
	for i, c := range rec.Change {
		parts = append(parts, table.PlayerName(rec.Seats[i], w).Add(say.Plain(" "+shownRating(c.Before, c.BeforeProvisional)+" → "+
			shownRating(c.After, c.AfterProvisional)+" ("+signed(c.After-c.Before)+")")))
	}
	return say.Join(" · ", parts...)
}

func signed(d int) string {
	switch {
	case d > 0:
		return fmt.Sprintf("+%d", d)
	case d < 0:
		return fmt.Sprintf("-%d", -d)
	}
	return "±0"
}

// record is a win–draw–loss record.
func record(won, drawn, lost int, w *say.Words) string {
	return w.T("rating.record", map[string]any{"Won": won, "Drawn": drawn, "Lost": lost})
}

// leaderboard answers /<game> leaderboard: the first page, privately.
func (b *Bot) leaderboard(req *Request) (Reply, error) {
	m, err := b.leaderboardMessage(req, 1)
	if err != nil {
		return Reply{}, err
	}
	m.Private = true
	return Reply{Type: Post, Message: m}, nil
}

// leaderboardPage answers ◀ or ▶: the page the button names, in place.
func (b *Bot) leaderboardPage(req *Request) (Reply, error) {
	m, err := b.leaderboardMessage(req, req.Action().Page)
	if err != nil {
		return Reply{}, err
	}
	return update(m), nil
}

func (b *Bot) leaderboardMessage(req *Request, page int) (Message, error) {
	kind := req.actor.Kind
	lb, err := b.t.Leaderboard(req.actor, page)
	if err != nil {
		return Message{}, err
	}
	title := table.Describe(kind).Title
	w := req.w
	text := w.Rich("leaderboard.head", map[string]any{"Title": title, "Page": lb.Page, "Pages": lb.Pages}).Add(say.Plain("\n"))
	if lb.Total == 0 {
		return Message{Content: text.Add(w.Rich("leaderboard.empty", map[string]any{"Title": title, "Kind": kind}))}, nil
	}
	for _, e := range lb.Entries {
		text = text.Add(say.Plain(fmt.Sprintf("`#%d` ", e.Rank)), say.Mention(e.User), say.Plain(" "),
			say.Strong(e.Rating.String()), say.Plain(" · "+record(e.Won, e.Drawn, e.Lost, w)+"\n"))
	}
	if me := lb.Mine; me.Rank > 0 {
		text = text.Add(w.Rich("leaderboard.mine", map[string]any{"Rank": me.Rank, "Total": lb.Total, "Rating": me.Rating.String()}))
	} else {
		text = text.Add(w.Rich("leaderboard.not-mine", map[string]any{"Title": title, "Kind": kind}))
	}
	act := func(p int) Action { return Action{Route: routeLeaderboard, Kind: kind, Page: p} }
	rows := []Row{{
		{Type: Button, Label: "◀", Style: Secondary, Action: act(lb.Page - 1), Disabled: lb.Page <= 1},
		{Type: Button, Label: "▶", Style: Secondary, Action: act(lb.Page + 1), Disabled: lb.Page >= lb.Pages},
	}}
	if lb.Pages == 1 {
		rows = []Row{}
	}
	return Message{Content: clip(text), Rows: rows}, nil
}

// profile answers /<game> profile: a person's rating, records and last games, privately.
func (b *Bot) profile(req *Request) (Reply, error) {
	data := req.in.Command
	user := data.Str("player")
	if user != "" && data.Bots[user] {
		return Reply{}, refuse(table.Refused, "refusal.bot-profile", "Kind", req.actor.Kind)
	}
	p, err := b.t.Profile(req.actor, user)
	if err != nil {
		return Reply{}, err
	}
	title := table.Describe(req.actor.Kind).Title
	w := req.w
	lines := []say.Rich{say.Strong(title).Add(say.Plain(" · "), say.Mention(p.User))}
	rating := map[string]any{"Rating": p.Rating.String(), "Deviation": int(math.Round(p.Rating.Deviation))}
	if p.Rated() > 0 {
		line := w.Rich("profile.rating", rating)
		if p.Rank > 0 {
			line = line.Add(w.Rich("profile.rank", map[string]any{"Rank": p.Rank, "Total": p.Ranked}))
		}
		lines = append(lines, line, w.Rich("profile.rated", map[string]any{"Record": record(p.Won, p.Drawn, p.Lost, w)}))
	} else {
		lines = append(lines, w.Rich("profile.unrated", rating))
	}
	if len(p.Bot) > 0 {
		var levels []string
		for _, r := range p.Bot {
			levels = append(levels, w.T("choice.level."+r.Level, nil)+" "+record(r.Won, r.Drawn, r.Lost, w))
		}
		lines = append(lines, w.Rich("profile.bot", map[string]any{"Levels": strings.Join(levels, "; ")}))
	} else {
		lines = append(lines, w.Rich("profile.no-bot", nil))
	}
	if len(p.Recent) == 0 {
		lines = append(lines, w.Rich("profile.no-games", nil))
	} else {
		lines = append(lines, w.Rich("profile.last", map[string]any{"Count": len(p.Recent)}))
		for _, g := range p.Recent {
			lines = append(lines, say.Plain("• ").Add(recentLine(g, p.User, w)))
		}
	}
	return private(say.Join("\n", lines...)), nil
}

// recentLine is one finished game from a player's side: result, opponent, how, rating change, when.
func recentLine(g store.Game, user string, w *say.Words) say.Rich {
	seat := table.SeatOf(g, user)
	if seat == games.NoSeat {
		seat = 0
	}
	o := g.Outcome
	id := "recent.ended"
	switch {
	case !o.Over():
		id = "recent.closed"
	case o.Winner == games.NoSeat:
		id = "recent.drew"
	case o.Winner == seat && o.Method == games.Time:
		id = "recent.won-time"
	case o.Winner == seat:
		id = "recent.won"
	case o.Winner == seat.Other() && o.Method == games.Time:
		id = "recent.lost-time"
	case o.Winner == seat.Other():
		id = "recent.lost"
	}
	what := w.Rich(id, map[string]any{"Opponent": table.PlayerName(g.Seats[seat.Other()], w), "How": o.Method})
	if c := g.Change[seat]; g.Rated && c != (store.RatingChange{}) {
		what = what.Add(w.Rich("recent.rated", map[string]any{"Before": shownRating(c.Before, c.BeforeProvisional),
			"After": shownRating(c.After, c.AfterProvisional), "Change": signed(c.After - c.Before)}))
	} else if !g.Seats[0].Bot && !g.Seats[1].Bot {
		what = what.Add(w.Rich("recent.unrated", nil))
	}
	return what.Add(say.Plain(" "), say.Time(g.LastMove))
}
