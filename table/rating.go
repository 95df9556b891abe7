package table

import (
	"cmp"
	"slices"
	"strings"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/store"
)

// rates decides whether a new challenge is rated: as asked, else as the server's setting says
// (rated unless the server turned it off). Games in DMs and the variants the game's descriptor leaves
// unrated (Descriptor.Rated) are never rated; asking for a rated one is refused. The store settles
// what this decides: the game inherits the challenge's Rated.
func (t *Table) rates(a *Actor, g games.Game, asked *bool) (bool, error) {
	want := asked != nil && *asked
	switch {
	case a.Place.Guild == "":
		if want {
			return false, refuse(Refused, "refusal.rated-dm")
		}
		return false, nil
	case !g.Descriptor().Rated(g.Options()):
		if want {
			return false, refuse(Refused, "refusal.rated-variant", "Title", Describe(a.Kind).Title)
		}
		return false, nil
	case asked != nil:
		return *asked, nil
	}
	s, err := t.st.ServerSettings(a.Place.Guild)
	if err != nil {
		// A damaged settings record must not stop people from playing: the default holds.
		t.logOf(a).Warn("could not read the server's settings; the challenge takes the default", "err", err)
		return true, nil
	}
	return !s.Unrated, nil
}

// LeaderboardSize is how many ratings a leaderboard page lists.
const LeaderboardSize = 10

// LeaderboardPage is one page of a server's ratings in the actor's game.
type LeaderboardPage struct {
	store.Leaderboard
	Page, Pages int // from 1; Pages is at least 1
}

// Leaderboard is page (from 1; out of range: the nearest page) of the ratings of the actor's game on
// the actor's server, with the actor's own place.
func (t *Table) Leaderboard(a Actor, page int) (LeaderboardPage, error) {
	if a.Place.Guild == "" {
		return LeaderboardPage{}, refuse(Refused, "refusal.leaderboard-dm", "Kind", a.Kind)
	}
	page = max(page, 1)
	lb, err := t.st.Leaderboard(a.Place.Guild, a.Kind, a.User, (page-1)*LeaderboardSize, LeaderboardSize)
	if err != nil {
		return LeaderboardPage{}, err
	}
	pages := max(1, (lb.Total+LeaderboardSize-1)/LeaderboardSize)
	if page > pages {
		// A page past the end (the board shrank, or a hand-made button): the last one.
		page = pages
		if lb, err = t.st.Leaderboard(a.Place.Guild, a.Kind, a.User, (page-1)*LeaderboardSize, LeaderboardSize); err != nil {
			return LeaderboardPage{}, err
		}
	}
	return LeaderboardPage{Leaderboard: lb, Page: page, Pages: pages}, nil
}

// RecentShown is how many finished games a profile lists.
const RecentShown = 5

// Profile is a person's record in one game on one server.
type Profile struct {
	store.Standing
	Rank, Ranked int          // their place on the leaderboard (0: none) among Ranked people
	Recent       []store.Game // their last finished games of this kind here, most recent first
}

// Profile is user's profile (the actor's when user is "") in the actor's game on the actor's server.
func (t *Table) Profile(a Actor, user string) (Profile, error) {
	if user == "" {
		user = a.User
	}
	lb, err := t.st.Leaderboard(a.Place.Guild, a.Kind, user, 0, 0)
	if err != nil {
		return Profile{}, err
	}
	recent, err := t.st.RecentGames(a.Place.Guild, a.Kind, user, RecentShown)
	if err != nil {
		return Profile{}, err
	}
	p := Profile{Standing: lb.Mine.Standing, Rank: lb.Mine.Rank, Ranked: lb.Total, Recent: recent}
	p.Bot = byStrength(p.Bot)
	return p, nil
}

// byStrength orders records against the bot from the weakest level (ai.Levels); levels it does not
// know come last, by name. The store keeps them in the order first played.
func byStrength(records []store.BotRecord) []store.BotRecord {
	rank := func(level string) int {
		if i := slices.Index(ai.Levels, ai.Level(level)); i >= 0 {
			return i
		}
		return len(ai.Levels)
	}
	out := slices.Clone(records)
	slices.SortFunc(out, func(x, y store.BotRecord) int {
		return cmp.Or(rank(x.Level)-rank(y.Level), strings.Compare(x.Level, y.Level))
	})
	return out
}
