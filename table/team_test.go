package table

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

func TestATeamsVotesAreTalliedMostFirstAndTiesGoToTheFirstVoted(t *testing.T) {
	vote := func(user, move string) store.Vote { return store.Vote{User: user, Move: move} }
	for _, c := range []struct {
		name  string
		cast  []store.Vote // in the order cast; a member's later vote replaces their earlier one
		votes []store.Vote // as kept
		want  []Count
	}{
		{"one vote is the team's decision", []store.Vote{vote("a", "d")}, []store.Vote{vote("a", "d")},
			[]Count{{"d", 1}}},
		{"the decision with most votes comes first", []store.Vote{vote("a", "d"), vote("b", "e"), vote("c", "e")},
			[]store.Vote{vote("a", "d"), vote("b", "e"), vote("c", "e")}, []Count{{"e", 2}, {"d", 1}}},
		{"a tie goes to the decision voted for first", []store.Vote{vote("a", "e"), vote("b", "d"), vote("c", "d"), vote("e", "e")},
			[]store.Vote{vote("a", "e"), vote("b", "d"), vote("c", "d"), vote("e", "e")}, []Count{{"e", 2}, {"d", 2}}},
		{"a changed vote replaces the member's earlier one", []store.Vote{vote("a", "d"), vote("b", "e"), vote("a", "e")},
			[]store.Vote{vote("b", "e"), vote("a", "e")}, []Count{{"e", 2}}},
		{"a changed vote counts from when it was changed", []store.Vote{vote("a", "d"), vote("b", "e"), vote("a", "f"), vote("c", "d")},
			[]store.Vote{vote("b", "e"), vote("a", "f"), vote("c", "d")}, []Count{{"e", 1}, {"f", 1}, {"d", 1}}},
		{"the same vote again keeps its place", []store.Vote{vote("a", "d"), vote("b", "e"), vote("a", "d")},
			[]store.Vote{vote("a", "d"), vote("b", "e")}, []Count{{"d", 1}, {"e", 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var votes []store.Vote
			for _, v := range c.cast {
				votes = cast(votes, v)
			}
			if !slices.Equal(votes, c.votes) {
				t.Fatalf("votes kept %v, want %v", votes, c.votes)
			}
			if got := Tally(votes); !slices.Equal(got, c.want) {
				t.Fatalf("Tally = %v, want %v", got, c.want)
			}
		})
	}
}

// teamGame starts an Ouri game of the channel (South, to move) against the easy bot, by alice.
func (f *fixture) teamGame() View {
	f.t.Helper()
	v, err := f.tab.TeamVsBot(f.actor("alice", "ouri"), ai.Easy, "me", games.Options{})
	if err != nil {
		f.t.Fatal(err)
	}
	if v.TeamSeat() != 0 || v.Live.ToMove() != 0 || v.Game.Team.Starter != "alice" {
		f.t.Fatalf("the team game started as %+v", v.Game)
	}
	return v
}

// vote has user vote for play by typing it, and fails the test on a refusal.
func (f *fixture) vote(user, play string) View {
	f.t.Helper()
	v, err := f.tab.Vote(f.actor(user, "ouri"), play)
	if err != nil {
		f.t.Fatalf("%s's vote for %s: %v", user, play, err)
	}
	return v
}

// played is the team's decision and the bot's answer, as the notifier heard them.
func (f *fixture) played(id uint64) []string {
	f.t.Helper()
	f.heard.mu.Lock()
	defer f.heard.mu.Unlock()
	var out []string
	for _, v := range f.heard.games {
		if v.Game.ID == id {
			log := v.Live.Log()
			out = append(out, v.Live.Format(log[len(log)-1]))
		}
	}
	return out
}

func TestATeamTurnPlaysTheMostVotedDecisionWhenVotingCloses(t *testing.T) {
	f := newFixture(t)
	v := f.teamGame()
	f.vote("alice", "d")
	f.vote("bob", "e")
	f.vote("carol", "d")
	f.advance(10 * time.Second)
	// bob changes his mind: his vote for e is replaced.
	got := f.vote("bob", "d")
	if got.Voted != "d" || len(got.Game.Team.Votes) != 3 || !got.Game.Team.Closes.Equal(v.Game.Created.Add(30*time.Second)) {
		t.Fatalf("after bob's change: voted %q, %+v", got.Voted, got.Game.Team)
	}
	if got := Tally(got.Game.Team.Votes); !slices.Equal(got, []Count{{"d", 3}}) {
		t.Fatalf("the votes count %v, want d 3", got)
	}
	f.advance(19 * time.Second)
	f.tab.Sweep(context.Background())
	if p := f.played(v.Game.ID); len(p) != 0 {
		t.Fatalf("a second before closing the sweep played %v", p)
	}
	f.advance(time.Second)
	f.tab.Sweep(context.Background())
	p := f.played(v.Game.ID)
	if len(p) != 2 || p[0] != "d" {
		t.Fatalf("after voting closed the notifier heard %v, want the team's d and the bot's answer", p)
	}
	rec, g, err := f.st.Game(v.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Ply != 2 || g.ToMove() != 0 || len(rec.Team.Votes) != 0 || !rec.Team.Closes.IsZero() {
		t.Fatalf("after the turn the game is at ply %d, votes %+v", rec.Ply, rec.Team)
	}
	// The next turn's voting starts with its own first vote.
	f.advance(time.Hour)
	if next := f.vote("dave", g.Format(g.Legal()[0])); !next.Game.Team.Closes.Equal(f.clock().Add(30 * time.Second)) {
		t.Fatalf("the next turn's voting closes %v", next.Game.Team.Closes)
	}
}

func TestATieIsWonByTheDecisionVotedForFirst(t *testing.T) {
	f := newFixture(t)
	v := f.teamGame()
	f.vote("alice", "e")
	f.vote("bob", "d")
	f.vote("carol", "d")
	f.vote("alice", "f") // alice's vote for e is gone
	f.vote("dave", "e")
	f.vote("erin", "e") // d 2, e 2: d's first standing vote (bob's) came before e's (dave's)
	f.advance(30 * time.Second)
	f.tab.Sweep(context.Background())
	if p := f.played(v.Game.ID); len(p) == 0 || p[0] != "d" {
		t.Fatalf("the tie played %v, want d", p)
	}
}

func TestAVoteTheTeamCannotCastIsRefusedAndChangesNothing(t *testing.T) {
	f := newFixture(t)
	v := f.teamGame()
	f.vote("alice", "d")
	for _, c := range []struct {
		name string
		cast func() error
		code Code
		id   string
	}{
		{"a vote for an illegal decision", func() error { _, err := f.tab.Vote(f.actor("bob", "ouri"), "z"); return err }, Invalid, ""},
		{"a vote on a stale board", func() error {
			_, err := f.tab.Choose(f.actor("bob", "ouri"), v.Game.ID, v.Game.Ply+1, "e", "m1")
			return err
		}, Stale, StaleBoard},
		{"a vote after voting closed", func() error {
			f.advance(30 * time.Second)
			_, err := f.tab.Vote(f.actor("bob", "ouri"), "e")
			return err
		}, Refused, "refusal.vote-closed"},
		{"a button vote after voting closed", func() error {
			_, err := f.tab.Choose(f.actor("carol", "ouri"), v.Game.ID, v.Game.Ply, "e", "m1")
			return err
		}, Refused, "refusal.vote-closed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.cast()
			refusal(t, err, c.code)
			if r := err.(*Refusal); c.id != "" && r.ID != c.id {
				t.Fatalf("refused with %s, want %s", r.ID, c.id)
			}
			rec, _, _ := f.st.Game(v.Game.ID)
			if !slices.Equal(rec.Team.Votes, []store.Vote{{User: "alice", Move: "d"}}) {
				t.Fatalf("the votes are now %v", rec.Team.Votes)
			}
		})
	}
}

func TestTheBotsTurnTakesNoVote(t *testing.T) {
	f := newFixture(t)
	if _, err := f.tab.TeamVsBot(f.actor("alice", "ordo"), ai.Easy, "bot", games.Options{}); err != nil {
		t.Fatal(err)
	}
	_, err := f.tab.Vote(f.actor("bob", "ordo"), "a3-a4")
	refusal(t, err, Refused)
	if r := err.(*Refusal); r.ID != "refusal.bot-turn" {
		t.Fatalf("refused with %s, want refusal.bot-turn", r.ID)
	}
}

func TestAChannelPlaysOneTeamGameOfAKind(t *testing.T) {
	f := newFixture(t)
	f.teamGame()
	_, err := f.tab.TeamVsBot(f.actor("bob", "ouri"), ai.Hard, "bot", games.Options{})
	refusal(t, err, Refused)
	if r := err.(*Refusal); r.ID != "refusal.team-busy" {
		t.Fatalf("a second team game refused with %s", r.ID)
	}
	// Its members still play their own games, and another game's team.
	if _, err := f.tab.VsBot(f.actor("alice", "ouri"), ai.Easy, "me", games.Options{}); err != nil {
		t.Fatalf("alice's own game: %v", err)
	}
	if _, err := f.tab.TeamVsBot(f.actor("bob", "ordo"), ai.Easy, "me", games.Options{}); err != nil {
		t.Fatalf("an Ordo team game: %v", err)
	}
	// alice's typed move goes to her own game; bob, who has none, votes.
	mine, _, err := f.tab.Move(f.actor("alice", "ouri"), "d")
	if err != nil || mine.Voted != "" || mine.TeamSeat() != games.NoSeat {
		t.Fatalf("alice's move: %+v, %v", mine.Game, err)
	}
	if v := f.vote("bob", "d"); v.Voted != "d" {
		t.Fatalf("bob's vote: %q", v.Voted)
	}
	if got := f.tab.SuggestVotes(f.actor("bob", "ouri")); len(got) != 6 {
		t.Fatalf("bob is offered %v to vote for, want the team's six houses", got)
	}
	if got := f.tab.Suggest(f.actor("bob", "ouri")); len(got) != 0 {
		t.Fatalf("bob, in no game of his own, is offered %v to play", got)
	}
}

func TestOnlyWhoStartedATeamGameMayResignIt(t *testing.T) {
	f := newFixture(t)
	v := f.teamGame()
	for _, c := range []struct {
		name   string
		resign func() error
	}{
		{"a member's Resign button names the starter", func() error {
			_, err := f.tab.ResignGame(f.actor("bob", "ouri"), v.Game.ID)
			return err
		}},
		{"a member's typed resign names the starter, not that they have no game", func() error {
			_, _, err := f.tab.Resign(f.actor("bob", "ouri"))
			return err
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.resign()
			refusal(t, err, Refused)
			if r := err.(*Refusal); r.ID != "refusal.team-starter" {
				t.Fatalf("bob's resignation refused with %s", r.ID)
			}
			if rec, _, _ := f.st.Game(v.Game.ID); rec.Ply != v.Game.Ply {
				t.Fatalf("the game moved on to ply %d", rec.Ply)
			}
		})
	}
	over, _, err := f.tab.Resign(f.actor("alice", "ouri"))
	if err != nil || over.Live.Outcome().Method != games.Resignation || over.Live.Outcome().Winner != 1 {
		t.Fatalf("alice's resignation: %+v, %v", over.Live.Outcome(), err)
	}
}

func TestAMemberWithNoGameOfTheirOwnIsShownTheTeamsAmongSeveral(t *testing.T) {
	f := newFixture(t)
	team := f.teamGame()
	own, err := f.tab.VsBot(f.actor("carol", "ouri"), ai.Easy, "me", games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, who string
		want      uint64
	}{
		{"bob, on the team only, is shown the team's game", "bob", team.Game.ID},
		{"carol is shown her own game first", "carol", own.Game.ID},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, finished := range []bool{false, true} {
				v, err := f.tab.Find(f.actor(c.who, "ouri"), "", finished)
				if err != nil || v.Game.ID != c.want {
					t.Fatalf("finished %v: found game %d (%v), want %d", finished, v.Game.ID, err, c.want)
				}
			}
		})
	}
}

func TestATeamGameGivesNoHint(t *testing.T) {
	f := newFixture(t)
	f.teamGame()
	for _, who := range []string{"alice", "bob"} {
		t.Run(who+" is told the team decides by its vote", func(t *testing.T) {
			if _, err := f.tab.CanHint(f.actor(who, "ouri")); !errors.Is(err, ErrHintTeam) {
				t.Fatalf("%s's hint: %v, want %v", who, err, ErrHintTeam)
			}
		})
	}
}

func TestATeamGameOffersNoDrawTheBotPlaysOn(t *testing.T) {
	f := newFixture(t)
	f.teamGame()
	for _, who := range []string{"alice", "bob"} {
		t.Run(who+" is told the bot plays on", func(t *testing.T) {
			_, err := f.tab.Offer(f.actor(who, "ouri"))
			refusal(t, err, Refused)
			if r := err.(*Refusal); r.ID != "refusal.bot-plays-on" {
				t.Fatalf("%s's offer refused with %s", who, r.ID)
			}
		})
	}
}

func TestATeamsVoteSurvivesARestartAndIsPlayedOnce(t *testing.T) {
	f := newFixture(t)
	v := f.teamGame()
	f.vote("alice", "d")
	f.vote("bob", "e")
	f.vote("carol", "e")
	f.tab.Wait()
	f.st.Close()
	f.advance(time.Minute)
	// Two processes in turn (a restart, then another replica's late sweep): one plays the turn.
	for range 2 {
		st, err := store.Open(f.path, store.Options{Decode: catalog.Decode, Now: f.clock})
		if err != nil {
			t.Fatal(err)
		}
		tab := New(st, f.heard, Config{Now: f.clock, Seed: 3, AIMoveTime: 20 * time.Millisecond,
			Log: slog.New(slog.DiscardHandler), AI: testAI})
		tab.Sweep(context.Background())
		tab.Wait()
		if err := st.Check(); err != nil {
			t.Fatal(err)
		}
		st.Close()
	}
	if p := f.played(v.Game.ID); len(p) != 2 || p[0] != "e" {
		t.Fatalf("after two restarts the notifier heard %v, want e and the bot's answer once", p)
	}
}

func TestRunClosesAVoteWhenItsTimeComesNotAtTheNextSweep(t *testing.T) {
	st, err := store.Open(t.TempDir()+"/table.db", store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := &heard{}
	tab := New(st, h, Config{Seed: 3, AIMoveTime: 20 * time.Millisecond, TeamVoteTime: 50 * time.Millisecond,
		Log: slog.New(slog.DiscardHandler), AI: testAI})
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- tab.Run(ctx) }()
	defer func() { cancel(); <-ran }()
	at := Place{Guild: "g1", Channel: "c1"}
	if _, err := tab.TeamVsBot(Actor{User: "alice", Kind: "ouri", Place: at, Salt: "a"}, ai.Easy, "me", games.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tab.Vote(Actor{User: "bob", Kind: "ouri", Place: at}, "c"); err != nil {
		t.Fatal(err)
	}
	// Well inside the sweep's period: only the vote's own timer can have played it.
	deadline := time.Now().Add(sweepEvery / 2)
	for time.Now().Before(deadline) {
		h.mu.Lock()
		n := len(h.games)
		h.mu.Unlock()
		if n > 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the vote was not played within %v of closing", sweepEvery/2)
}

func TestTwoProcessesClosingOneVoteAtOncePlayItOnce(t *testing.T) {
	f := newFixture(t)
	v := f.teamGame()
	f.vote("alice", "d")
	f.advance(30 * time.Second)
	// Another table on the same store: a second replica whose timer fires with this one's.
	other := New(f.st, f.heard, Config{Now: f.clock, Seed: 3, AIMoveTime: 20 * time.Millisecond,
		Log: slog.New(slog.DiscardHandler), AI: testAI})
	var wg sync.WaitGroup
	for _, tab := range []*Table{f.tab, other, f.tab, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tab.closeVotes(context.Background(), f.st, f.clock())
		}()
	}
	wg.Wait()
	other.Wait()
	if p := f.played(v.Game.ID); len(p) != 2 || p[0] != "d" {
		t.Fatalf("four closings at once told the notifier %v, want d and the bot's answer once", p)
	}
	if rec, _, _ := f.st.Game(v.Game.ID); rec.Ply != 2 {
		t.Fatalf("the game is at ply %d, want 2", rec.Ply)
	}
}
