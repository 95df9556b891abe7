package table

import (
	"cmp"
	"slices"
	"time"

	"tabuleiro/games"
	"tabuleiro/store"
)

// A member's games everywhere: every active game they play, in every server and DM, from the
// store's index of games by member (no scan), for /tabuleiro games and the daily digest.

// GamesPerPage is how many games one page of /tabuleiro games lists.
const GamesPerPage = 10

// Listed is one of a member's games as their list shows it.
type Listed struct {
	Game     store.Game
	Opponent store.Player
	YourMove bool      // the member decides next
	Deadline time.Time // when the player to decide loses on time; zero when nobody does (the bot)
	// Away is when the player to decide comes back from their vacation, while it stops their clock
	// (Deadline is zero then).
	Away time.Time
}

// Link is the jump link to the game's board message (its channel's, before one is posted).
func (l Listed) Link() string {
	return JumpLink(l.Game.Guild, View{Game: l.Game}.Where(), l.Game.MessageID)
}

// JumpLink is Discord's link to a message: "@me" stands for the guild of a DM.
func JumpLink(guild, channel, message string) string {
	if guild == "" {
		guild = "@me"
	}
	link := "https://discord.com/channels/" + guild + "/" + channel
	if message != "" {
		link += "/" + message
	}
	return link
}

// GamesOf lists every active game of a member, everywhere: those where it is their move first,
// soonest deadline first, then the others, the same way.
func (t *Table) GamesOf(user string) ([]Listed, error) {
	recs, err := t.st.MemberGames(user)
	if err != nil {
		return nil, err
	}
	out := make([]Listed, 0, len(recs))
	away := map[string]time.Time{} // the vacations read, by member
	for _, rec := range recs {
		seat := SeatOf(rec, user)
		if seat == games.NoSeat || rec.State != store.Active {
			continue
		}
		l := Listed{Game: rec, Opponent: rec.Seats[seat.Other()], YourMove: rec.ToMove == seat, Deadline: rec.Deadline}
		if mover := rec.Seats[rec.ToMove]; rec.Left > 0 && rec.Deadline.IsZero() && !mover.Bot {
			until, ok := away[mover.UserID]
			if !ok {
				if m, err := t.st.MemberSettings(mover.UserID); err == nil {
					until = m.Vacation.Until
				}
				away[mover.UserID] = until
			}
			l.Away = until
		}
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b Listed) int {
		if a.YourMove != b.YourMove {
			if a.YourMove {
				return -1
			}
			return 1
		}
		return cmp.Or(compareDeadlines(a.Deadline, b.Deadline), cmp.Compare(a.Game.ID, b.Game.ID))
	})
	return out, nil
}

// compareDeadlines orders deadlines soonest first, none (zero) last.
func compareDeadlines(a, b time.Time) int {
	switch {
	case a.IsZero() && b.IsZero():
		return 0
	case a.IsZero():
		return 1
	case b.IsZero():
		return -1
	}
	return a.Compare(b)
}

// GamesPage is one page (from 0) of a member's games everywhere, GamesPerPage a page, and how many
// pages there are (at least one). A page past the last gives the last.
func (t *Table) GamesPage(user string, page int) ([]Listed, int, error) {
	all, err := t.GamesOf(user)
	if err != nil {
		return nil, 0, err
	}
	pages := max(1, (len(all)+GamesPerPage-1)/GamesPerPage)
	page = min(max(page, 0), pages-1)
	from := page * GamesPerPage
	return all[from:min(from+GamesPerPage, len(all))], pages, nil
}
