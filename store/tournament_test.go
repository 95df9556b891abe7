package store_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/store"
	"tabuleiro/tournament"
)

// The tournaments' cases join the conformance suite, so they run on the file, in memory and on
// etcd like every other concern.
func init() {
	conformance = append(conformance, []struct {
		name string
		run  func(t *testing.T, f fixture)
	}{
		{"a tournament takes players, pairs a round once and records its games' results", tournamentLife},
		{"joining and leaving are refused where they would break the tournament", tournamentRefusals},
		{"a withdrawal forfeits the pairings whose games have not started", tournamentWithdrawal},
		{"a tournament is due when a round is over, a game waits to start or the round's time ends", tournamentDue},
		{"racing to pair a round or start its games: one wins, across handles", racingPairings},
		{"an ended tournament stays listed in its channel and thread, the most recently ended first", endedTournaments},
		{"a round unshown is claimed by one process at a time, once its pairer's minute has passed", claimingRounds},
	}...)
}

func newTournament(t *testing.T, s store.Store, format tournament.Format, players ...string) store.Tournament {
	t.Helper()
	tr, err := s.CreateTournament(store.Tournament{Guild: "g", Channel: "c", Kind: "ordo", Format: format,
		RoundTime: 24 * time.Hour, Rated: true, Creator: players[0]})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range players {
		if tr, err = s.JoinTournament(tr.ID, p, float64(1500+10*i)); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

// round is a round of the given pairings ("a-b", or "c" for a bye) starting now.
func round(now time.Time, pairs ...[2]string) store.TournamentRound {
	r := store.TournamentRound{Started: now, Deadline: now.Add(24 * time.Hour)}
	for _, p := range pairs {
		r.Pairings = append(r.Pairings, tournament.Pairing{First: p[0], Second: p[1]})
	}
	return r
}

func pairingGame(t testing.TB, s store.Store, tr store.Tournament, board int) (store.Game, error) {
	p := tr.Current().Pairings[board]
	return s.StartPairingGame(tr.ID, len(tr.Played), board, store.Game{Guild: tr.Guild, Channel: tr.Channel,
		Kind: tr.Kind, Seats: [2]store.Player{person(p.First), person(p.Second)}, Encoded: fresh(t, "ordo", 0), Rated: tr.Rated})
}

func tournamentLife(t *testing.T, f fixture) {
	tr := newTournament(t, f, tournament.SwissFormat, "ana", "bia", "caio", "davi", "eva")
	tr.Rounds = 3
	tr, err := f.PairRound(tr, round(f.clock.Now(), [2]string{"ana", "caio"}, [2]string{"davi", "bia"}, [2]string{"eva", ""}))
	if err != nil {
		t.Fatal(err)
	}
	want(t, "state", tr.State, store.TournamentRunning)
	want(t, "rounds", tr.Rounds, 3)
	g0 := must(pairingGame(t, f, tr, 0))
	g1 := must(pairingGame(t, f, tr, 1))
	if _, err := pairingGame(t, f, tr, 0); !errors.Is(err, store.ErrGameStarted) {
		t.Fatalf("starting a pairing's game twice: %v, want ErrGameStarted", err)
	}
	want(t, "tournament of a game", must(f.GameTournament(g1.ID)).ID, tr.ID)
	if _, err := f.GameTournament(g1.ID + 100); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the tournament of no game: %v", err)
	}
	// The second seat resigns the first game; the second ends in a draw by agreement.
	must3(f.Update(g0.ID, -1, resign(1)))
	tr = must(f.Tournament(tr.ID))
	want(t, "result of board 1", tr.Current().Pairings[0].Result, tournament.FirstWins)
	if tr.Current().Over() {
		t.Fatal("the round is over with a game still on")
	}
	must3(f.Update(g1.ID, -1, func(_ *store.Game, g games.Game) error { return g.End(games.Agreement, 0) }))
	tr = must(f.Tournament(tr.ID))
	want(t, "result of board 2", tr.Current().Pairings[1].Result, tournament.Drawn)
	if !tr.Current().Over() {
		t.Fatal("every game is over but the round is not")
	}
	// A game already over records nothing again.
	if _, _, err := f.Update(g0.ID, -1, resign(0)); err == nil {
		t.Fatal("a finished game was resigned")
	}
	want(t, "result of board 1 after", must(f.Tournament(tr.ID)).Current().Pairings[0].Result, tournament.FirstWins)

	read := tr
	tr = must(f.PairRound(read, round(f.clock.Now(), [2]string{"caio", "eva"}, [2]string{"bia", "ana"}, [2]string{"davi", ""})))
	want(t, "rounds played", len(tr.Played), 2)
	if _, err := f.PairRound(read, round(f.clock.Now(), [2]string{"ana", "eva"})); !errors.Is(err, store.ErrPaired) {
		t.Fatalf("pairing round 2 again: %v, want ErrPaired", err)
	}
	if _, err := f.FinishTournament(tr); err == nil {
		t.Fatal("a tournament finished with its round under way")
	}
	want(t, "listed in its channel", tids(f.ChannelTournaments("c")), []uint64{tr.ID})
	tr = must(f.SetTournamentThread(tr.ID, "th"))
	want(t, "its games' place once it has a thread", tr.Where(), "th")
	want(t, "listed in its thread", tids(f.ChannelTournaments("th")), []uint64{tr.ID})
	want(t, "still listed in its channel", tids(f.ChannelTournaments("c")), []uint64{tr.ID})
	if err := f.Check(); err != nil {
		t.Fatalf("the indexes after a thread was set: %v", err)
	}
	if _, err := f.CancelTournament(tr.ID); err != nil {
		t.Fatal(err)
	}
	want(t, "listed once cancelled", len(must(f.ChannelTournaments("c"))), 0)
	want(t, "listed in its thread once cancelled", len(must(f.ChannelTournaments("th"))), 0)
	if _, err := f.SetTournamentThread(tr.ID, "th2"); !errors.Is(err, store.ErrTournamentClosed) {
		t.Fatalf("a thread set on a cancelled tournament: %v", err)
	}
	if _, err := f.JoinTournament(tr.ID, "zoe", 1500); !errors.Is(err, store.ErrTournamentClosed) {
		t.Fatalf("joining a cancelled tournament: %v", err)
	}
	// Everything survives the trip through the encoding.
	got := must(f.other().Tournament(tr.ID))
	want(t, "players", fmt.Sprint(got.Players), fmt.Sprint(tr.Players))
	want(t, "options", got.Options.String(), tr.Options.String())
	want(t, "round time", got.RoundTime, 24*time.Hour)
	want(t, "game of board 1", got.Played[0].Pairings[0].Game, g0.ID)
	if err := f.SetRoundMessage(tr.ID, 3, "r3"); err == nil {
		t.Fatal("a message was set on a round not paired")
	}
}

func tids(list []store.Tournament, err error) []uint64 {
	if err != nil {
		panic(err)
	}
	out := []uint64{}
	for _, t := range list {
		out = append(out, t.ID)
	}
	return out
}

func must3[A, B any](a A, b B, err error) A {
	if err != nil {
		panic(err)
	}
	return a
}

func tournamentRefusals(t *testing.T, f fixture) {
	tr := newTournament(t, f, tournament.RoundRobinFormat, "ana", "bia")
	for _, c := range []struct {
		name string
		err  error
		do   func() error
	}{
		{"a second join", store.ErrEntered, func() error { _, err := f.JoinTournament(tr.ID, "ana", 1500); return err }},
		{"leaving a tournament one is not in", store.ErrNotEntered, func() error { _, err := f.LeaveTournament(tr.ID, "zoe"); return err }},
		{"joining no tournament", store.ErrNotFound, func() error { _, err := f.JoinTournament(tr.ID+9, "zoe", 1500); return err }},
	} {
		if err := c.do(); !errors.Is(err, c.err) {
			t.Errorf("%s: %v, want %v", c.name, err, c.err)
		}
	}
	for i := 2; i < tournament.MaxRoundRobinPlayers; i++ {
		must(f.JoinTournament(tr.ID, fmt.Sprintf("p%d", i), 1500))
	}
	if _, err := f.JoinTournament(tr.ID, "one-too-many", 1500); !errors.Is(err, store.ErrTournamentFull) {
		t.Fatalf("the 17th player of a round-robin: %v, want ErrTournamentFull", err)
	}
	// Leaving before the start takes the player out: someone else may take the place.
	tr = must(f.LeaveTournament(tr.ID, "bia"))
	if tr.Entrant("bia") != nil {
		t.Fatal("bia left before the start but is still listed")
	}
	tr = must(f.JoinTournament(tr.ID, "one-too-many", 1500))
	stale := tr
	if _, err := f.JoinTournament(tr.ID, "late", 1500); !errors.Is(err, store.ErrTournamentFull) {
		t.Fatalf("joining a full tournament: %v", err)
	}
	tr = must(f.LeaveTournament(tr.ID, "p2"))
	if _, err := f.PairRound(stale, round(f.clock.Now(), [2]string{"ana", "p3"})); !errors.Is(err, store.ErrTournamentMoved) {
		t.Fatalf("pairing from a tournament read before a player left: %v, want ErrTournamentMoved", err)
	}
	tr = must(f.PairRound(tr, round(f.clock.Now(), [2]string{"ana", "p3"})))
	if _, err := f.JoinTournament(tr.ID, "late", 1500); !errors.Is(err, store.ErrTournamentStarted) {
		t.Fatalf("joining a running tournament: %v, want ErrTournamentStarted", err)
	}
}

func tournamentWithdrawal(t *testing.T, f fixture) {
	tr := newTournament(t, f, tournament.SwissFormat, "ana", "bia", "caio", "davi")
	tr = must(f.PairRound(tr, round(f.clock.Now(), [2]string{"ana", "caio"}, [2]string{"davi", "bia"})))
	g := must(pairingGame(t, f, tr, 0))
	tr = must(f.LeaveTournament(tr.ID, "bia"))
	tr = must(f.LeaveTournament(tr.ID, "ana"))
	if !tr.Withdrew("bia") || !tr.Withdrew("ana") || tr.Withdrew("caio") {
		t.Fatalf("withdrawn: %+v", tr.Players)
	}
	p := tr.Current().Pairings
	want(t, "bia's unstarted game", p[1].Result, tournament.FirstWins)
	want(t, "a forfeit", p[1].Forfeit, true)
	want(t, "ana's game under way", p[0].Result, tournament.Pending)
	if _, err := pairingGame(t, f, tr, 1); !errors.Is(err, store.ErrGameStarted) {
		t.Fatalf("starting a forfeited pairing's game: %v", err)
	}
	// ana's game still on: the tournament is due for the table to end it.
	want(t, "due at once", tids(f.TournamentsDue(f.clock.Now())), []uint64{tr.ID})
	must3(f.Update(g.ID, -1, resign(0)))
	tr = must(f.Tournament(tr.ID))
	want(t, "ana resigned", tr.Current().Pairings[0].Result, tournament.SecondWins)
	if _, err := f.LeaveTournament(tr.ID, "ana"); !errors.Is(err, store.ErrNotEntered) {
		t.Fatalf("withdrawing twice: %v", err)
	}
}

func tournamentDue(t *testing.T, f fixture) {
	tr := newTournament(t, f, tournament.SwissFormat, "ana", "bia", "caio")
	want(t, "an open tournament is not due", len(must(f.TournamentsDue(f.clock.Now().Add(1000*time.Hour)))), 0)
	start := f.clock.Now()
	tr = must(f.PairRound(tr, round(start, [2]string{"ana", "bia"}, [2]string{"caio", ""})))
	want(t, "a game waits to start", tids(f.TournamentsDue(start)), []uint64{tr.ID})
	g := must(pairingGame(t, f, tr, 0))
	want(t, "all started, unannounced", tids(f.TournamentsDue(start.Add(store.AnnounceWait))), []uint64{tr.ID})
	if err := f.SetRoundMessage(tr.ID, 1, "r1"); err != nil {
		t.Fatal(err)
	}
	want(t, "announced, its boards not posted", tids(f.TournamentsDue(start.Add(store.AnnounceWait))), []uint64{tr.ID})
	if err := f.SetRoundBoards(tr.ID, 1); err != nil {
		t.Fatal(err)
	}
	want(t, "all started, announced and shown, before the deadline", len(must(f.TournamentsDue(start.Add(23*time.Hour)))), 0)
	want(t, "at the deadline", tids(f.TournamentsDue(start.Add(24*time.Hour))), []uint64{tr.ID})
	must3(f.Update(g.ID, -1, resign(1)))
	want(t, "the round is over", tids(f.TournamentsDue(start)), []uint64{tr.ID})
	tr = must(f.Tournament(tr.ID))
	tr = must(f.FinishTournament(tr))
	want(t, "state", tr.State, store.TournamentFinished)
	want(t, "a finished tournament is not due", len(must(f.TournamentsDue(start.Add(1000*time.Hour)))), 0)
	if _, err := f.FinishTournament(tr); !errors.Is(err, store.ErrPaired) {
		t.Fatalf("finishing twice: %v, want ErrPaired", err)
	}
	// The board's message is noted on the record.
	f.NoteTournamentMessage(tr.ID, "m1")
	want(t, "message", must(f.other().Tournament(tr.ID)).MessageID, "m1")
}

// racingPairings has handles (processes on etcd) pair the same round, each from its own read, and
// then start the same games: exactly one pairing is stored and each game starts once.
func racingPairings(t *testing.T, f fixture) {
	const racers = 4
	tr := newTournament(t, f, tournament.SwissFormat, "ana", "bia", "caio", "davi")
	handles := make([]store.Store, racers)
	for i := range handles {
		handles[i] = f.other()
	}
	var won, lost int
	var mu sync.Mutex
	var wg sync.WaitGroup
	// Every racer reads before any pairs, as processes that all saw the round to pair.
	reads := make([]store.Tournament, racers)
	for i, h := range handles {
		reads[i] = must(h.Tournament(tr.ID))
	}
	for i, h := range handles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			read := reads[i]
			// Each racer pairs differently, so the stored round tells who won.
			r := round(f.clock.Now(), [2]string{"ana", "bia"}, [2]string{"caio", "davi"})
			r.Pairings[0].First, r.Pairings[0].Second = []string{"ana", "bia"}[i%2], []string{"bia", "ana"}[i%2]
			_, err := h.PairRound(read, r)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case errors.Is(err, store.ErrPaired):
				lost++
			default:
				t.Errorf("racer %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	want(t, "pairings stored", won, 1)
	want(t, "racers told it was paired", lost, racers-1)
	tr = must(f.Tournament(tr.ID))
	want(t, "rounds", len(tr.Played), 1)

	var started sync.Map
	for i, h := range handles {
		for board := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				g, err := pairingGame(t, h, tr, board)
				switch {
				case err == nil:
					if _, dup := started.LoadOrStore(board, g.ID); dup {
						t.Errorf("racer %d started board %d a second time", i, board)
					}
				case !errors.Is(err, store.ErrGameStarted):
					t.Errorf("racer %d, board %d: %v", i, board, err)
				}
			}()
		}
	}
	wg.Wait()
	tr = must(f.Tournament(tr.ID))
	for board, p := range tr.Current().Pairings {
		g, ok := started.Load(board)
		if !ok || p.Game != g.(uint64) {
			t.Errorf("board %d: linked to game %d, started %v", board, p.Game, g)
		}
	}
	want(t, "active games", len(must(f.ChannelGames("c"))), 2)
}

func endedTournaments(t *testing.T, f fixture) {
	first := newTournament(t, f, tournament.SwissFormat, "ana", "bia")
	if _, err := f.CreateTournament(store.Tournament{Guild: "g", Channel: "c", Kind: "ordo", Creator: "caio"}); !errors.Is(err, store.ErrTournamentHere) {
		t.Fatalf("a second tournament open in the channel: %v, want ErrTournamentHere", err)
	}
	second := must(f.CreateTournament(store.Tournament{Guild: "g", Channel: "c2", Kind: "ordo", Format: tournament.SwissFormat,
		RoundTime: 24 * time.Hour, Creator: "caio"}))
	second = must(f.JoinTournament(second.ID, "caio", 1500))
	second = must(f.JoinTournament(second.ID, "davi", 1500))
	want(t, "none ended yet", len(must(f.EndedTournaments("c", 5))), 0)
	second = must(f.SetTournamentThread(second.ID, "th"))
	if _, err := f.CreateTournament(store.Tournament{Guild: "g", Channel: "th", Kind: "ordo", Creator: "eva"}); !errors.Is(err, store.ErrTournamentHere) {
		t.Fatalf("a tournament in the thread of one running: %v, want ErrTournamentHere", err)
	}
	// The second, created later, ends first; the first ends after it played its round.
	first = must(f.PairRound(first, round(f.clock.Now(), [2]string{"ana", "bia"})))
	second = must(f.PairRound(second, round(f.clock.Now(), [2]string{"caio", "davi"})))
	g2 := must(pairingGame(t, f, second, 0))
	must3(f.Update(g2.ID, -1, resign(1)))
	f.clock.Add(time.Hour)
	second = must(f.FinishTournament(must(f.Tournament(second.ID))))
	want(t, "when the second ended", second.Ended, f.clock.Now())
	g1 := must(pairingGame(t, f, first, 0))
	must3(f.Update(g1.ID, -1, resign(0)))
	f.clock.Add(time.Hour)
	first = must(f.FinishTournament(must(f.Tournament(first.ID))))
	// Once the first is over, the channel takes the next.
	third := newTournament(t, f, tournament.SwissFormat, "eva", "fabi")
	want(t, "ended in the channel", tids(f.EndedTournaments("c", 5)), []uint64{first.ID})
	want(t, "ended in the second's channel and thread", tids(f.EndedTournaments("c2", 5)), []uint64{second.ID})
	want(t, "ended in the second's thread", tids(f.EndedTournaments("th", 5)), []uint64{second.ID})
	want(t, "still open in the channel", tids(f.ChannelTournaments("c")), []uint64{third.ID})
	want(t, "nothing open in the thread", len(must(f.ChannelTournaments("th"))), 0)
	want(t, "nothing ended in another channel", len(must(f.EndedTournaments("c3", 5))), 0)
	f.clock.Add(time.Hour)
	third = must(f.CancelTournament(third.ID))
	want(t, "a cancelled one is listed too, latest first", tids(f.EndedTournaments("c", 5)), []uint64{third.ID, first.ID})
	want(t, "the latest only", tids(f.EndedTournaments("c", 1)), []uint64{third.ID})
	want(t, "seen by another handle", tids(f.other().EndedTournaments("c", 2)), []uint64{third.ID, first.ID})
	want(t, "when it ended, read back", must(f.other().Tournament(third.ID)).Ended.UTC(), f.clock.Now())
	if err := f.Check(); err != nil {
		t.Fatalf("the indexes of ended tournaments: %v", err)
	}
}

func claimingRounds(t *testing.T, f fixture) {
	tr := newTournament(t, f, tournament.SwissFormat, "ana", "bia", "caio", "davi")
	start := f.clock.Now()
	tr = must(f.PairRound(tr, round(start, [2]string{"ana", "bia"}, [2]string{"caio", "davi"})))
	must(pairingGame(t, f, tr, 0))
	must(pairingGame(t, f, tr, 1))
	if _, err := f.ClaimRound(tr.ID, 1); !errors.Is(err, store.ErrClaimed) {
		t.Fatalf("claiming a round its pairer is showing: %v, want ErrClaimed", err)
	}
	want(t, "not due while its pairer shows it", len(must(f.TournamentsDue(start.Add(store.AnnounceWait-time.Second)))), 0)
	f.clock.Add(store.AnnounceWait)
	want(t, "due once the pairer's minute passed", tids(f.TournamentsDue(f.clock.Now())), []uint64{tr.ID})
	// Handles racing to claim it: one wins.
	var won int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 4 {
		h := f.other()
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := h.ClaimRound(tr.ID, 1)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case !errors.Is(err, store.ErrClaimed):
				t.Errorf("claiming a round: %v", err)
			}
		}()
	}
	wg.Wait()
	want(t, "claims won", won, 1)
	claimed := f.clock.Now()
	want(t, "claimed when", must(f.Tournament(tr.ID)).Current().Claimed.UTC(), claimed)
	want(t, "not due while claimed", len(must(f.TournamentsDue(claimed.Add(store.AnnounceWait-time.Second)))), 0)
	// The claimant died before posting: a minute later the round is due and claimed again.
	f.clock.Add(store.AnnounceWait)
	want(t, "due once the claim lapsed", tids(f.TournamentsDue(f.clock.Now())), []uint64{tr.ID})
	must(f.ClaimRound(tr.ID, 1))
	if err := f.SetRoundMessage(tr.ID, 1, "r1"); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(store.AnnounceWait)
	if _, err := f.ClaimRound(tr.ID, 1); err != nil {
		t.Fatalf("claiming a round announced without its boards: %v", err)
	}
	if err := f.SetRoundBoards(tr.ID, 1); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(store.AnnounceWait)
	if _, err := f.ClaimRound(tr.ID, 1); !errors.Is(err, store.ErrClaimed) {
		t.Fatalf("claiming a round shown: %v, want ErrClaimed", err)
	}
	// The waiting players are reminded once, whichever handle asks first.
	won = 0
	for range 4 {
		h := f.other()
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := h.RemindRound(tr.ID, 1)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case !errors.Is(err, store.ErrClaimed):
				t.Errorf("reminding a round's players: %v", err)
			}
		}()
	}
	wg.Wait()
	want(t, "reminders sent", won, 1)
	want(t, "reminded, read back", must(f.other().Tournament(tr.ID)).Current().Reminded, true)
	if _, err := f.RemindRound(tr.ID, 2); !errors.Is(err, store.ErrPaired) {
		t.Fatalf("reminding a round not current: %v, want ErrPaired", err)
	}
	got := must(f.other().Tournament(tr.ID)).Current()
	want(t, "shown, read back", got.Shown(), true)
	if _, err := f.ClaimRound(tr.ID, 2); !errors.Is(err, store.ErrPaired) {
		t.Fatalf("claiming a round not paired: %v, want ErrPaired", err)
	}
	if err := f.Check(); err != nil {
		t.Fatalf("the indexes after claims: %v", err)
	}
}
