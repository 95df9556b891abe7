package web

import (
	"context"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/table"
	"tabuleiro/tournament"
)

// A watcher's page hears of decisions no person made on a surface of theirs: a player losing on
// time at the sweep, a team's vote closing on its own clock (then the bot's answer), and a
// tournament's round running out of time, each within a second.
func TestALossOnTimeAVotesAndARoundsClockReachTheBoard(t *testing.T) {
	s := newSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	t.Run("a loss on time", func(t *testing.T) {
		alice := table.Actor{User: "111", Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}
		if _, _, err := s.b.Table().Move(alice, "a3-a4"); err != nil {
			t.Fatal(err)
		}
		watcher := s.client(t, "en-US").stream(ctx, s.people)
		if st := next(t, watcher); st.Ply != 1 || st.Over {
			t.Fatalf("the watcher first sees ply %d, over %v", st.Ply, st.Over)
		}
		// Bob lets the server's idle timeout (72 hours) pass.
		s.clock.Add(72*time.Hour + time.Second)
		s.b.Sweep(ctx)
		if st := next(t, watcher); !st.Over || st.Ply != 1 {
			t.Fatalf("after bob's time ran out the watcher sees ply %d, over %v", st.Ply, st.Over)
		}
	})
	t.Run("a team's vote", func(t *testing.T) {
		carol := table.Actor{User: "333", Place: table.Place{Guild: "g1", Channel: "c5"}, Kind: "ouri"}
		v, err := s.b.Table().TeamVsBot(carol, ai.Easy, "me", nil)
		if err != nil {
			t.Fatal(err)
		}
		watcher := s.client(t, "pt-BR").stream(ctx, v.Game)
		if st := next(t, watcher); st.Ply != 0 {
			t.Fatalf("the watcher first sees ply %d", st.Ply)
		}
		if _, err := s.b.Table().Vote(carol, "d"); err != nil {
			t.Fatal(err)
		}
		// The vote stays open its 30 seconds; the sweep after them plays it, and the bot answers.
		s.clock.Add(31 * time.Second)
		s.b.Sweep(ctx)
		plies := []int{}
		for len(plies) == 0 || plies[len(plies)-1] < 2 {
			plies = append(plies, next(t, watcher).Ply)
		}
		if plies[0] < 1 {
			t.Fatalf("the watcher saw plies %v after the vote closed", plies)
		}
	})
	t.Run("a tournament round's clock", func(t *testing.T) {
		tb := s.b.Table()
		at := func(user string) table.Actor {
			return table.Actor{User: user, Place: table.Place{Guild: "g1", Channel: "c6"}, Kind: "ordo"}
		}
		tr, err := tb.CreateTournament(at("111"), table.NewTournament{Format: tournament.SwissFormat, Rounds: 1, RoundTime: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		for _, user := range []string{"111", "222"} {
			if _, err := tb.JoinTournament(at(user), tr.ID); err != nil {
				t.Fatal(err)
			}
		}
		adv, err := tb.StartTournament(ctx, at("111"), tr.ID, true)
		if err != nil || len(adv.Started) != 1 {
			t.Fatalf("the tournament started %d games: %v", len(adv.Started), err)
		}
		watcher := s.client(t, "en-US").stream(ctx, adv.Started[0].Game)
		if st := next(t, watcher); st.Over {
			t.Fatal("the round's game is over before its time")
		}
		// Nobody moves; the round's hour runs out.
		s.clock.Add(time.Hour + time.Second)
		s.b.Sweep(ctx)
		if st := next(t, watcher); !st.Over {
			t.Fatal("the watcher does not see the game ended by the round's time")
		}
	})
}
