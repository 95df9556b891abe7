package bot

import (
	"fmt"
	"strconv"
	"strings"

	"tabuleiro/games"
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

// ratedText is how a challenge says whether its game is rated.
func ratedText(c store.Challenge) string {
	if c.Rated {
		return "a rated game of"
	}
	return "an unrated game of"
}

// shownRating is a rounded rating, with "?" when provisional.
func shownRating(r int, provisional bool) string {
	if provisional {
		return strconv.Itoa(r) + "?"
	}
	return strconv.Itoa(r)
}

// changeLine is the second result line of a rated game: each player's rating before and after,
// "<@a> 1500? → 1662? (+162) · <@b> 1500? → 1338? (-162)"; "" for a game that changed no rating.
func changeLine(rec store.Game) string {
	if !rec.Rated || rec.State != store.Finished || rec.Change == ([2]store.RatingChange{}) {
		return ""
	}
	var parts []string
	for i, c := range rec.Change {
		parts = append(parts, fmt.Sprintf("%s %s → %s (%s)", table.PlayerName(rec.Seats[i]),
			shownRating(c.Before, c.BeforeProvisional), shownRating(c.After, c.AfterProvisional), signed(c.After-c.Before)))
	}
	return strings.Join(parts, " · ")
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
func record(won, drawn, lost int) string {
	return fmt.Sprintf("%d W · %d D · %d L", won, drawn, lost)
}

// leaderboard answers /<game> leaderboard: the first page, privately.
func (b *Bot) leaderboard(req *request) (Reply, error) {
	m, err := b.leaderboardMessage(req, 1)
	if err != nil {
		return Reply{}, err
	}
	m.Private = true
	return Reply{Type: Post, Message: m}, nil
}

// leaderboardPage answers ◀ or ▶: the page the button names, in place.
func (b *Bot) leaderboardPage(req *request, arg string) (Reply, error) {
	page, err := strconv.Atoi(arg)
	if err != nil {
		return Reply{}, refuse(table.Invalid, "That button is not one of tabuleiro's.")
	}
	m, err := b.leaderboardMessage(req, page)
	if err != nil {
		return Reply{}, err
	}
	return update(m), nil
}

func (b *Bot) leaderboardMessage(req *request, page int) (Message, error) {
	kind := req.actor.Kind
	lb, err := b.t.Leaderboard(req.actor, page)
	if err != nil {
		return Message{}, err
	}
	title := table.Describe(kind).Title
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s ratings** on this server · page %d of %d\n", title, lb.Page, lb.Pages)
	if lb.Total == 0 {
		fmt.Fprintf(&sb, "Nobody has played a rated %s game here yet — `/%s challenge` someone to be the first.", title, kind)
		return Message{Content: sb.String()}, nil
	}
	for _, e := range lb.Entries {
		fmt.Fprintf(&sb, "`#%d` %s **%s** · %s\n", e.Rank, table.Mention(e.User), e.Rating, record(e.Won, e.Drawn, e.Lost))
	}
	if me := lb.Mine; me.Rank > 0 {
		fmt.Fprintf(&sb, "You are `#%d` of %d with **%s**.", me.Rank, lb.Total, me.Rating)
	} else {
		fmt.Fprintf(&sb, "You have no rated %s game here yet — `/%s challenge` someone to get on the board.", title, kind)
	}
	act := func(p int) Action { return Action{Kind: kind, Verb: "leaderboard", Arg: strconv.Itoa(p)} }
	rows := []Row{{
		{Type: Button, Label: "◀", Style: Secondary, Action: act(lb.Page - 1), Disabled: lb.Page <= 1},
		{Type: Button, Label: "▶", Style: Secondary, Action: act(lb.Page + 1), Disabled: lb.Page >= lb.Pages},
	}}
	if lb.Pages == 1 {
		rows = []Row{}
	}
	return Message{Content: clip(sb.String()), Rows: rows}, nil
}

// profile answers /<game> profile: a person's rating, records and last games, privately.
func (b *Bot) profile(req *request) (Reply, error) {
	data := req.in.Command
	user := data.Str("player")
	if user != "" && data.Bots[user] {
		return Reply{}, refuse(table.Refused, "Bots have no profile — try `/%s profile player:@someone`.", req.actor.Kind)
	}
	p, err := b.t.Profile(req.actor, user)
	if err != nil {
		return Reply{}, err
	}
	title := table.Describe(req.actor.Kind).Title
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s** · %s\n", title, table.Mention(p.User))
	if p.Rated() > 0 {
		fmt.Fprintf(&sb, "Rating **%s** (deviation %.0f)", p.Rating, p.Rating.Deviation)
		if p.Rank > 0 {
			fmt.Fprintf(&sb, " · `#%d` of %d here", p.Rank, p.Ranked)
		}
		fmt.Fprintf(&sb, "\nRated games: %s\n", record(p.Won, p.Drawn, p.Lost))
	} else {
		fmt.Fprintf(&sb, "Rating **%s** (deviation %.0f) · no rated game yet\n", p.Rating, p.Rating.Deviation)
	}
	if len(p.Bot) > 0 {
		var levels []string
		for _, r := range p.Bot {
			levels = append(levels, fmt.Sprintf("%s %s", r.Level, record(r.Won, r.Drawn, r.Lost)))
		}
		fmt.Fprintf(&sb, "Against the bot: %s\n", strings.Join(levels, "; "))
	} else {
		sb.WriteString("Against the bot: no game yet\n")
	}
	if len(p.Recent) == 0 {
		sb.WriteString("No finished game here yet.")
	} else {
		fmt.Fprintf(&sb, "Last %s:\n", plural(len(p.Recent), "game", "games"))
		for _, g := range p.Recent {
			fmt.Fprintf(&sb, "• %s\n", recentLine(g, p.User))
		}
	}
	return private(strings.TrimRight(sb.String(), "\n")), nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return strconv.Itoa(n) + " " + many
}

// recentLine is one finished game from a player's side: result, opponent, how, rating change, when.
func recentLine(g store.Game, user string) string {
	seat := table.SeatOf(g, user)
	if seat == games.NoSeat {
		seat = 0
	}
	opp := table.PlayerName(g.Seats[seat.Other()])
	o := g.Outcome
	var what string
	switch {
	case !o.Over():
		what = "closed without a result against " + opp
	case o.Winner == games.NoSeat:
		what = fmt.Sprintf("drew with %s by %s", opp, o.Method)
	case o.Winner == seat:
		what = fmt.Sprintf("won against %s by %s", opp, o.Method)
	case o.Winner == seat.Other():
		what = fmt.Sprintf("lost to %s by %s", opp, o.Method)
	default:
		what = fmt.Sprintf("ended against %s by %s", opp, o.Method)
	}
	if o.Method == games.Time && o.Winner != games.NoSeat {
		what = strings.Replace(what, "by time", "on time", 1)
	}
	if c := g.Change[seat]; g.Rated && c != (store.RatingChange{}) {
		what += fmt.Sprintf(", rated %s → %s (%s)", shownRating(c.Before, c.BeforeProvisional),
			shownRating(c.After, c.AfterProvisional), signed(c.After-c.Before))
	} else if !g.Seats[0].Bot && !g.Seats[1].Bot {
		what += ", unrated"
	}
	return fmt.Sprintf("%s <t:%d:R>", what, g.LastMove.Unix())
}
