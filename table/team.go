package table

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/metrics"
	"tabuleiro/store"
)

// Team games: the channel plays one seat against the bot. On the team's turn a member's decision is
// a vote (one a member, changeable); voting closes TeamVoteTime after the first vote, and the
// decision with most votes is played, a tie going to the one voted for first. The votes and the
// closing time are in the game's record, so that a restart loses neither: whichever process
// closes the vote first plays the decision, in the transaction that clears the votes, and any
// other finds nothing left to close.

// TeamVsBot starts a game between the channel's members and the bot: first is "me" (the team
// moves first), "bot" or "random". At most one team game of a kind is played in a channel.
func (t *Table) TeamVsBot(a Actor, level ai.Level, first string, opts games.Options) (View, error) {
	return t.vsBot(a, level, first, opts, true)
}

// TeamGame is the team game of the actor's kind at the actor's place.
func (t *Table) TeamGame(a Actor) (View, error) {
	rec, g, err := t.st.ActiveLive(a.Place.Channel, a.Kind, store.TeamKey)
	if errors.Is(err, store.ErrNotFound) {
		return View{}, refuse(Refused, "refusal.no-game", "Title", Describe(a.Kind).Title, "Kind", a.Kind)
	}
	if err != nil {
		return View{}, err
	}
	return View{Game: rec, Live: g}, nil
}

// teamPlaying is the team game being played at the actor's place, if any: what a member without a
// game of their own asks about.
func (t *Table) teamPlaying(a Actor) (View, bool) {
	v, err := t.TeamGame(a)
	return v, err == nil && !v.Over()
}

// SuggestVotes lists the decisions the actor may vote for in the team game at the actor's place,
// in canonical notation; nothing when there is none or it is not the team's turn.
func (t *Table) SuggestVotes(a Actor) []string {
	if Describe(a.Kind) == nil || a.Place.Channel == "" || a.User == "" {
		return nil
	}
	v, err := t.TeamGame(a)
	if err != nil || v.Over() || v.Live.ToMove() != v.TeamSeat() {
		return nil
	}
	return games.Names(v.Live, v.Live.Legal())
}

// Vote casts the actor's vote for a decision typed in notation in the team game at the actor's
// place. The view's Voted is the decision, in canonical notation.
func (t *Table) Vote(a Actor, play string) (View, error) {
	v, err := t.TeamGame(a)
	if err != nil {
		return View{}, err
	}
	a.Log = t.logOf(&a).With("game", v.Game.ID)
	if _, err := mayDecide(&a, v); err != nil {
		return View{}, err
	}
	return t.vote(&a, v, play)
}

// vote records the actor's vote for play on the team's current decision in v: a changed vote
// replaces the member's earlier one; the first vote of a decision starts the clock.
func (t *Table) vote(a *Actor, v View, play string) (View, error) {
	now := t.cfg.Now()
	if closes := v.Game.Team.Closes; !closes.IsZero() && !now.Before(closes) {
		t.votes.expect(closes)
		return View{}, refuse(Refused, "refusal.vote-closed")
	}
	m, err := v.Live.Parse(play)
	if err != nil {
		return View{}, Problem(Invalid, err)
	}
	move := v.Live.Format(m)
	first := false
	rec, g, err := t.st.UpdateLive(v.Game, v.Live, func(r *store.Game, g games.Game) error {
		if closes := r.Team.Closes; !closes.IsZero() && !now.Before(closes) {
			return refuse(Refused, "refusal.vote-closed")
		}
		r.Team.Votes = cast(r.Team.Votes, store.Vote{User: a.User, Move: move})
		if first = r.Team.Closes.IsZero(); first {
			r.Team.Closes = now.Add(t.window(*r))
		}
		return nil
	})
	if errors.Is(err, store.ErrMovedOn) {
		// On the team's turn only the closing of its vote (or an ending) moves the game on.
		return View{}, refuse(Refused, "refusal.vote-closed")
	}
	if err != nil {
		return View{}, err
	}
	if first {
		t.votes.expect(rec.Team.Closes)
	}
	a.Log.Debug("vote", "ply", rec.Ply, "decision", move, "votes", len(rec.Team.Votes))
	return View{Game: rec, Live: g, Voted: move}, nil
}

// window is how long a team game's vote stays open after its first vote: the window it was
// started with, else (a record without one) the table's.
func (t *Table) window(rec store.Game) time.Duration {
	if rec.Team.Window > 0 {
		return rec.Team.Window
	}
	return t.cfg.TeamVoteTime
}

// cast puts a member's vote among the votes: a new vote, or a changed one, goes to the end (it was
// cast now); the same vote again changes nothing.
func cast(votes []store.Vote, v store.Vote) []store.Vote {
	i := slices.IndexFunc(votes, func(x store.Vote) bool { return x.User == v.User })
	if i >= 0 && votes[i].Move == v.Move {
		return votes
	}
	out := make([]store.Vote, 0, len(votes)+1)
	for _, x := range votes {
		if x.User != v.User {
			out = append(out, x)
		}
	}
	return append(out, v)
}

// Count is one decision a team voted for and its votes.
type Count struct {
	Move  string
	Votes int
}

// Tally counts a team's votes: each decision voted for, most votes first; among equals, the
// decision voted for first (whose earliest standing vote came first) goes first. The first is
// the one the team plays.
func Tally(votes []store.Vote) []Count {
	var out []Count
	for _, v := range votes {
		i := slices.IndexFunc(out, func(c Count) bool { return c.Move == v.Move })
		if i < 0 {
			out = append(out, Count{Move: v.Move})
			i = len(out) - 1
		}
		out[i].Votes++
	}
	// Stable: equal counts keep the order of their first votes.
	slices.SortStableFunc(out, func(a, b Count) int { return b.Votes - a.Votes })
	return out
}

// errNoVote aborts closing a vote that is not due, or already closed by another process.
var errNoVote = errors.New("no vote to close")

// closeVotes plays the team decisions whose voting closed by now, then lets the bot answer each.
func (t *Table) closeVotes(ctx context.Context, st store.Store, now time.Time) {
	due, err := st.VotesDue(now)
	if err != nil {
		t.log.Error("could not list the team votes due", "err", err)
	}
	for _, rec := range due {
		t.closeVote(ctx, st, rec.ID, now)
	}
}

// closeVote plays the team's decision in game id if its voting closed by now: the one with most
// votes, in the transaction that clears them.
func (t *Table) closeVote(ctx context.Context, st store.Store, id uint64, now time.Time) {
	played := ""
	stale := ""
	v, err := t.change(st, id, -1, func(r *store.Game, g games.Game) error {
		played = ""
		if r.Team.Closes.IsZero() || r.Team.Closes.After(now) || g.Outcome().Over() {
			return errNoVote
		}
		seat := g.ToMove()
		if !r.Seats[seat].Team {
			r.Team.Votes, r.Team.Closes = nil, time.Time{}
			return nil
		}
		for _, c := range Tally(r.Team.Votes) {
			// Votes were legal when cast and are cleared by every decision; a vote that is not
			// legal now (damage, a build that reads notation otherwise) gives way to the next.
			if m, err := g.Parse(c.Move); err == nil && g.Play(m) == nil {
				played = c.Move
				break
			}
		}
		if played == "" {
			r.Team.Votes, r.Team.Closes = nil, time.Time{}
			return nil
		}
		r.Deadline = t.deadline(*r, g, now)
		stale = t.turnStarts(r, g, now)
		return nil
	})
	log := t.log.With("game", id)
	if err != nil {
		if !errors.Is(err, errNoVote) && !errors.Is(err, store.ErrMovedOn) {
			log.Error("could not close a team's vote", "err", err)
		}
		return
	}
	if played == "" {
		log.Warn("a team's vote closed without a legal decision")
		return
	}
	metrics.Decision(v.Game.Kind, metrics.ByTeam)
	log.Info("team decided", "ply", v.Game.Ply, "decision", played)
	v.StalePing = stale
	t.announce(ctx, v)
	// The notifier keeps v: the bot plays on a copy, at once, as after a person's move.
	next := View{Game: v.Game, Live: v.Live.Clone()}
	if next.HasBot() && !next.Over() {
		t.botMoves(ctx, id, &next)
	}
}

// voteClock wakes Run when a team's voting closes that this process heard of, so that the
// decision is played on time rather than at the next sweep (which still closes any vote, also
// after a restart).
type voteClock struct {
	mu    sync.Mutex
	at    []time.Time // closing times, on the table's clock
	wakes chan struct{}
}

func newVoteClock() *voteClock { return &voteClock{wakes: make(chan struct{}, 1)} }

// expect notes a closing time and wakes Run to set its timer.
func (c *voteClock) expect(at time.Time) {
	c.mu.Lock()
	c.at = append(c.at, at)
	c.mu.Unlock()
	select {
	case c.wakes <- struct{}{}:
	default:
	}
}

// next is the earliest closing time noted, if any.
func (c *voteClock) next() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.at) == 0 {
		return time.Time{}, false
	}
	return slices.MinFunc(c.at, time.Time.Compare), true
}

// passed forgets the closing times up to now.
func (c *voteClock) passed(now time.Time) {
	c.mu.Lock()
	c.at = slices.DeleteFunc(c.at, func(at time.Time) bool { return !at.After(now) })
	c.mu.Unlock()
}

// timer is a timer for the earliest closing noted (nil channel: none), on the wall clock.
func (c *voteClock) timer(now time.Time) (*time.Timer, <-chan time.Time) {
	at, ok := c.next()
	if !ok {
		return nil, nil
	}
	tm := time.NewTimer(max(at.Sub(now), 0))
	return tm, tm.C
}
