package table

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv/etcdtest"
	"tabuleiro/tournament"
	"tabuleiro/tournament/tournamenttest"
)

// tourneyHeard is the notifier of the tournament tests: what the table said, tournaments included.
type tourneyHeard struct {
	*heard
	mu       sync.Mutex
	advances []Advance
	// shown is how many games the notifier had heard of when each advance came.
	shown []int
}

func (h *tourneyHeard) TournamentAdvanced(ctx context.Context, a Advance) {
	h.heard.mu.Lock()
	shown := len(h.heard.games)
	h.heard.mu.Unlock()
	h.mu.Lock()
	defer h.mu.Unlock()
	h.advances = append(h.advances, a)
	h.shown = append(h.shown, shown)
}

// outcome is how the script ends a game.
type outcome int

const (
	firstWins  outcome = iota // the second seat resigns after a few moves
	secondWins                // the first seat resigns
	drawn                     // offered and accepted
	onTime                    // left on: lost on time by the player to decide when the round's time ends
)

// event is one scripted happening in a round besides the games' outcomes.
type event struct {
	round    int
	withdraw string // this player leaves during the round, their game under way
	restart  string // "between": after the round is paired; "mid": after half its games ended
}

// cup plays a tournament through the table on a real file, to its end, and keeps account of all
// the table reported: rounds paired, games started and ended.
type cup struct {
	t       *testing.T
	f       *fixture
	notify  *tourneyHeard
	id      uint64
	kind    string
	players []string

	paired  map[int]int    // round number -> how many times reported paired
	started map[uint64]int // game id -> how many times reported started
	want    map[uint64]tournament.Result
	ended   int
}

func newCup(t *testing.T, format tournament.Format, rounds, n int) *cup {
	f := newFixture(t)
	c := &cup{t: t, f: f, notify: &tourneyHeard{heard: f.heard}, kind: "ordo",
		paired: map[int]int{}, started: map[uint64]int{}, want: map[uint64]tournament.Result{}}
	f.tab = c.table(f.st)
	tr, err := f.tab.CreateTournament(f.actor("p1", c.kind), NewTournament{Format: format, Rounds: rounds})
	if err != nil {
		t.Fatal(err)
	}
	c.id = tr.ID
	for i := 1; i <= n; i++ {
		c.players = append(c.players, fmt.Sprintf("p%d", i))
		if _, err := f.tab.JoinTournament(f.actor(c.players[i-1], c.kind), c.id); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

func (c *cup) table(st store.Store) *Table {
	return New(st, c.notify, Config{Now: c.f.clock, Seed: 5, Log: slog.New(slog.DiscardHandler), AI: testAI})
}

// restart closes the store and opens it again under a new table: a process killed and started.
func (c *cup) restart() {
	c.f.tab.Wait()
	if err := c.f.st.Close(); err != nil {
		c.t.Fatal(err)
	}
	st, err := store.Open(c.f.path, store.Options{Decode: catalog.Decode, Now: c.f.clock})
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(func() { st.Close() })
	c.f.st, c.f.tab = st, c.table(st)
}

// took counts what an advance reported, and notes each round's announcement and each board as
// the bot does once it posted them.
func (c *cup) took(a Advance) {
	for _, n := range a.Rounds {
		c.paired[n]++
		if err := c.f.tab.NoteRound(c.id, n, fmt.Sprintf("round%d", n)); err != nil {
			c.t.Error(err)
		}
	}
	for _, v := range a.Started {
		c.started[v.Game.ID]++
		c.f.tab.NoteBoard(v.Game.ID, fmt.Sprintf("board%d", v.Game.ID))
	}
	for _, n := range a.Boards {
		if err := c.f.tab.NoteRoundBoards(c.id, n); err != nil {
			c.t.Error(err)
		}
	}
	c.ended += len(a.Ended)
}

// sweep runs the table's sweep and counts what it told the notifier.
func (c *cup) sweep() {
	c.notify.mu.Lock()
	before := len(c.notify.advances)
	c.notify.mu.Unlock()
	c.f.tab.Sweep(context.Background())
	c.notify.mu.Lock()
	news := slices.Clone(c.notify.advances[before:])
	c.notify.mu.Unlock()
	for _, a := range news {
		c.took(a)
	}
}

func (c *cup) tournament() store.Tournament {
	tr, err := c.f.st.Tournament(c.id)
	if err != nil {
		c.t.Fatal(err)
	}
	return tr
}

func (c *cup) actor(user string) Actor {
	a := c.f.actor(user, c.kind)
	return a
}

// play starts the tournament and runs it to its end: script says how each game ends.
func (c *cup) play(script func(round, board int) outcome, events []event) store.Tournament {
	adv, err := c.f.tab.StartTournament(context.Background(), c.actor("p1"), c.id, false)
	if err != nil {
		c.t.Fatal(err)
	}
	c.took(adv)
	return c.playOn(script, events)
}

// playOn runs a started tournament to its end, round by round, as its players and the bot would.
func (c *cup) playOn(script func(round, board int) outcome, events []event) store.Tournament {
	t := c.t
	ctx := context.Background()
	for step := 0; ; step++ {
		if step > 100 {
			t.Fatal("the tournament does not end")
		}
		tr := c.tournament()
		if tr.State == store.TournamentFinished {
			return tr
		}
		number := len(tr.Played)
		c.check(tr)
		var ev event
		for _, e := range events {
			if e.round == number {
				ev = e
			}
		}
		if ev.restart == "between" {
			c.restart()
		}
		r := tr.Current()
		var late []tournament.Pairing
		decided := 0
		for board, p := range r.Pairings {
			if p.Decided() || p.Game == 0 {
				continue
			}
			if p.First == ev.withdraw || p.Second == ev.withdraw {
				left, err := c.f.tab.LeaveTournament(ctx, c.actor(ev.withdraw), c.id)
				if err != nil || left.Forfeited == nil {
					t.Fatalf("round %d: %s withdrew: %+v, %v", number, ev.withdraw, left, err)
				}
				c.took(left.Advance)
				c.want[p.Game] = map[bool]tournament.Result{true: tournament.SecondWins, false: tournament.FirstWins}[p.First == ev.withdraw]
				a, err := c.f.tab.Advance(c.id)
				if err != nil {
					t.Fatal(err)
				}
				c.took(a)
				continue
			}
			o := script(number, board)
			v := c.end(p, o)
			if o == onTime {
				late = append(late, p)
				continue
			}
			if decided++; ev.restart == "mid" && decided == 1 {
				c.restart()
			}
			// The game's ending advanced its tournament; what it did rides on the view.
			if v.Advanced != nil {
				c.took(*v.Advanced)
			}
		}
		if len(late) > 0 {
			// Who is to decide when the round's time ends loses on time.
			for _, p := range late {
				rec, g, err := c.f.st.Game(p.Game)
				if err != nil {
					t.Fatal(err)
				}
				c.want[rec.ID] = map[games.Seat]tournament.Result{0: tournament.SecondWins, 1: tournament.FirstWins}[g.ToMove()]
			}
			c.f.advance(tr.RoundTime)
		}
		c.sweep()
	}
}

// end plays a pairing's game towards its outcome through the table, as its players would, and
// returns the game as it ended (as it stands, for onTime).
func (c *cup) end(p tournament.Pairing, o outcome) View {
	t := c.t
	first, second := c.actor(p.First), c.actor(p.Second)
	var v View
	move := func(a Actor) {
		legal := c.f.tab.Suggest(a)
		if len(legal) == 0 {
			t.Fatalf("%s has no move in game %d", a.User, p.Game)
		}
		var err error
		if v, _, err = c.f.tab.Move(a, legal[0]); err != nil {
			t.Fatalf("%s plays %s: %v", a.User, legal[0], err)
		}
	}
	var err error
	move(first)
	switch o {
	case firstWins:
		move(second)
		move(first)
		v, _, err = c.f.tab.Resign(second)
		c.want[p.Game] = tournament.FirstWins
	case secondWins:
		v, _, err = c.f.tab.Resign(first)
		c.want[p.Game] = tournament.SecondWins
	case drawn:
		if _, err := c.f.tab.Offer(second); err != nil {
			t.Fatal(err)
		}
		var agreed Offered
		if agreed, err = c.f.tab.Offer(first); err == nil && !agreed.Accepted {
			t.Fatalf("the draw was not agreed: %+v", agreed)
		}
		v = agreed.View
		c.want[p.Game] = tournament.Drawn
	case onTime:
		move(second)
	}
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// check holds the round just paired to the rules, recounting from the rounds before it.
func (c *cup) check(tr store.Tournament) {
	t := c.t
	number := len(tr.Played)
	r := tr.Current()
	name := fmt.Sprintf("round %d", number)
	score := map[string]int{} // half points before this round
	met := map[[2]string]bool{}
	var seats = map[string][]int{} // 1 first, 2 second, in order (byes skipped)
	byes := map[string]bool{}
	for _, pr := range tr.Played[:number-1] {
		for _, p := range pr.Pairings {
			a, b := halfPoints(p)
			score[p.First] += a
			if p.Bye() {
				byes[p.First] = true
				continue
			}
			score[p.Second] += b
			met[[2]string{p.First, p.Second}], met[[2]string{p.Second, p.First}] = true, true
			seats[p.First] = append(seats[p.First], 1)
			seats[p.Second] = append(seats[p.Second], 2)
		}
	}
	seen := map[string]int{}
	var bye string
	for _, p := range r.Pairings {
		seen[p.First]++
		if p.Bye() {
			bye = p.First
			continue
		}
		seen[p.Second]++
		if met[[2]string{p.First, p.Second}] {
			t.Fatalf("%s: %s and %s meet a second time", name, p.First, p.Second)
		}
		if !p.Forfeit && p.Game == 0 {
			t.Fatalf("%s: %s-%s has no game", name, p.First, p.Second)
		}
		if p.Game != 0 && c.started[p.Game] != 1 {
			t.Fatalf("%s: game %d reported started %d times", name, p.Game, c.started[p.Game])
		}
	}
	if c.paired[number] != 1 {
		t.Fatalf("%s reported paired %d times", name, c.paired[number])
	}
	var active []store.Entrant
	for _, e := range tr.Players {
		switch {
		case e.Withdrawn && tr.Format == tournament.SwissFormat:
			if seen[e.User] != 0 {
				t.Fatalf("%s: withdrawn %s is paired", name, e.User)
			}
		case seen[e.User] != 1 && (tr.Format == tournament.SwissFormat || !e.Withdrawn):
			t.Fatalf("%s: %s appears %d times", name, e.User, seen[e.User])
		default:
			active = append(active, e)
		}
	}
	if tr.Format != tournament.SwissFormat {
		return
	}
	if (bye != "") != (len(active)%2 == 1) {
		t.Fatalf("%s: bye %q with %d players", name, bye, len(active))
	}
	if number == 1 {
		// Top half against bottom half, by rating then id.
		order := slices.Clone(active)
		slices.SortFunc(order, func(a, b store.Entrant) int {
			if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
				return c
			}
			return cmp.Compare(a.User, b.User)
		})
		order = slices.DeleteFunc(order, func(e store.Entrant) bool { return e.User == bye })
		half := len(order) / 2
		for i, e := range order[:half] {
			if !slices.ContainsFunc(r.Pairings, func(p tournament.Pairing) bool {
				return p.First == e.User && p.Second == order[i+half].User || p.Second == e.User && p.First == order[i+half].User
			}) {
				t.Fatalf("round 1 does not pair %s with %s: %+v", e.User, order[i+half].User, r.Pairings)
			}
		}
	}
	if bye != "" {
		// The lowest-ranked (score, then rating, then id) who has not had one.
		ranked := slices.Clone(active)
		slices.SortFunc(ranked, func(a, b store.Entrant) int {
			if c := cmp.Compare(score[b.User], score[a.User]); c != 0 {
				return c
			}
			if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
				return c
			}
			return cmp.Compare(a.User, b.User)
		})
		for i := len(ranked) - 1; i >= 0; i-- {
			if !byes[ranked[i].User] {
				if ranked[i].User != bye {
					t.Fatalf("%s: the bye went to %s, not %s", name, bye, ranked[i].User)
				}
				break
			}
		}
	}
	prior := map[string][]int{}
	for user, s := range seats {
		prior[user] = slices.Clone(s)
	}
	for _, p := range r.Pairings {
		if p.Bye() {
			continue
		}
		seats[p.First] = append(seats[p.First], 1)
		seats[p.Second] = append(seats[p.Second], 2)
	}
	// Floating down only where needed: no pairing of the same players (the same bye) that keeps
	// the rules crosses fewer score groups.
	var paired []string
	floats := 0
	for _, p := range r.Pairings {
		if p.Bye() || p.Forfeit {
			continue
		}
		paired = append(paired, p.First, p.Second)
		if score[p.First] != score[p.Second] {
			floats++
		}
	}
	if best := tournamenttest.FewestFloats(paired, score, met, prior, !r.Relaxed); floats > best {
		t.Fatalf("%s floats %d players where %d would do: %+v", name, floats, best, r.Pairings)
	}
	for user, s := range seats {
		firsts := 0
		for _, x := range s {
			if x == 1 {
				firsts++
			}
		}
		n := len(s)
		three := n >= 3 && s[n-1] == s[n-2] && s[n-2] == s[n-3]
		if (three || firsts-(n-firsts) > 2 || (n-firsts)-firsts > 2) && !r.Relaxed {
			t.Fatalf("%s: %s's seats %v break the seat rules", name, user, s)
		}
	}
}

func halfPoints(p tournament.Pairing) (int, int) {
	switch {
	case p.Bye() || p.Result == tournament.FirstWins:
		return 2, 0
	case p.Result == tournament.Drawn:
		return 1, 1
	case p.Result == tournament.SecondWins:
		return 0, 2
	}
	return 0, 0
}

// final checks the finished tournament: every game's recorded result is the one its game ended
// with and the script meant, and the standings are those recounted game by game.
func (c *cup) final(tr store.Tournament, rounds int) {
	t := c.t
	if tr.State != store.TournamentFinished || len(tr.Played) != rounds {
		t.Fatalf("the tournament is %s after %d rounds, want finished after %d", tr.State, len(tr.Played), rounds)
	}
	for n := 1; n <= rounds; n++ {
		if c.paired[n] != 1 {
			t.Errorf("round %d reported paired %d times", n, c.paired[n])
		}
	}
	points := map[string]float64{}
	type game struct {
		first, second string
		won           [2]float64 // what each scored
		bye           bool
	}
	var all []game
	for n, r := range tr.Played {
		for _, p := range r.Pairings {
			g := game{first: p.First, second: p.Second, bye: p.Bye()}
			switch {
			case p.Bye():
				g.won = [2]float64{1, 0}
			case p.Game != 0:
				rec, _, err := c.f.st.Game(p.Game)
				if err != nil {
					t.Fatal(err)
				}
				if rec.State != store.Finished || c.want[p.Game] == tournament.Pending {
					t.Fatalf("round %d: game %d is %s, meant %v", n+1, p.Game, rec.State, c.want[p.Game])
				}
				if rec.Rated != tr.Rated {
					t.Fatalf("game %d rated %v in a tournament rated %v", p.Game, rec.Rated, tr.Rated)
				}
				switch rec.Outcome.Winner {
				case 0:
					g.won = [2]float64{1, 0}
				case 1:
					g.won = [2]float64{0, 1}
				default:
					g.won = [2]float64{0.5, 0.5}
				}
				if got := map[[2]float64]tournament.Result{{1, 0}: tournament.FirstWins, {0, 1}: tournament.SecondWins, {0.5, 0.5}: tournament.Drawn}[g.won]; got != c.want[p.Game] || p.Result != got {
					t.Fatalf("round %d: game %d ended %v, recorded %v, meant %v", n+1, p.Game, got, p.Result, c.want[p.Game])
				}
				if c.started[p.Game] != 1 {
					t.Fatalf("game %d reported started %d times", p.Game, c.started[p.Game])
				}
			default: // a forfeit
				a, b := halfPoints(p)
				g.won = [2]float64{float64(a) / 2, float64(b) / 2}
			}
			points[g.first] += g.won[0]
			points[g.second] += g.won[1]
			all = append(all, g)
		}
	}
	buchholz, sb := map[string]float64{}, map[string]float64{}
	for _, g := range all {
		if g.bye {
			buchholz[g.first] += points[g.first]
			continue
		}
		buchholz[g.first] += points[g.second]
		buchholz[g.second] += points[g.first]
		sb[g.first] += g.won[0] * points[g.second]
		sb[g.second] += g.won[1] * points[g.first]
	}
	st, err := c.f.tab.TournamentStandings(c.id)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Rows) != len(c.players) {
		t.Fatalf("%d rows of standings for %d players", len(st.Rows), len(c.players))
	}
	for i, s := range st.Rows {
		if s.Points != points[s.ID] || s.SonnebornBerger != sb[s.ID] || (tr.Format == tournament.SwissFormat && s.Buchholz != buchholz[s.ID]) {
			t.Fatalf("%s: %+v, recounted %v points, Buchholz %v, Sonneborn-Berger %v", s.ID, s, points[s.ID], buchholz[s.ID], sb[s.ID])
		}
		if i == 0 {
			continue
		}
		p := st.Rows[i-1]
		keys := func(s tournament.Standing) []float64 {
			if tr.Format == tournament.SwissFormat {
				return []float64{s.Points, s.Buchholz, s.SonnebornBerger}
			}
			return []float64{s.Points, s.SonnebornBerger, s.Mutual}
		}
		if c := slices.Compare(keys(p), keys(s)); c < 0 || (c == 0) != (p.Rank == s.Rank) {
			t.Fatalf("%+v is ranked before %+v", p, s)
		}
	}
}

// swissScript mixes every ending: wins either way, draws and losses on time.
func swissScript(round, board int) outcome {
	return outcome((round*3 + board*5) % 4)
}

var swissEvents = []event{{round: 3, withdraw: "p6"}}

func TestAnEightPlayerSwissIsPlayedToTheEnd(t *testing.T) {
	c := newCup(t, tournament.SwissFormat, 5, 8)
	tr := c.play(swissScript, swissEvents)
	c.final(tr, 5)
	if !tr.Withdrew("p6") {
		t.Fatal("p6 withdrew but is not marked so")
	}
	endings := map[games.Method]int{}
	for _, r := range tr.Played {
		for _, p := range r.Pairings {
			if p.Game != 0 {
				rec, _, err := c.f.st.Game(p.Game)
				if err != nil {
					t.Fatal(err)
				}
				endings[rec.Outcome.Method]++
			}
		}
	}
	for _, m := range []games.Method{games.Resignation, games.Agreement, games.Time} {
		if endings[m] == 0 {
			t.Errorf("no game ended by %v: %v", m, endings)
		}
	}
	byes := 0
	for _, r := range tr.Played[3:] {
		for _, p := range r.Pairings {
			if p.Bye() {
				byes++
			}
		}
	}
	if byes != 2 {
		t.Fatalf("seven players left for rounds 4 and 5 should give two byes, not %d", byes)
	}
}

func TestASixPlayerRoundRobinIsPlayedToTheEnd(t *testing.T) {
	c := newCup(t, tournament.RoundRobinFormat, 0, 6)
	tr := c.play(func(round, board int) outcome { return outcome((round + board) % 4) }, []event{{round: 4, withdraw: "p2"}})
	c.final(tr, 5)
	met := map[[2]string]int{}
	for _, r := range tr.Played {
		for _, p := range r.Pairings {
			met[[2]string{min(p.First, p.Second), max(p.First, p.Second)}]++
		}
	}
	for i, a := range c.players {
		for _, b := range c.players[i+1:] {
			if met[[2]string{min(a, b), max(a, b)}] != 1 {
				t.Fatalf("%s and %s are paired %d times", a, b, met[[2]string{min(a, b), max(a, b)}])
			}
		}
	}
	// p2 withdrew in round 4: their round-5 game is a forfeit, never started.
	for _, p := range tr.Played[4].Pairings {
		if (p.First == "p2" || p.Second == "p2") && (!p.Forfeit || p.Game != 0) {
			t.Fatalf("p2's round-5 pairing after the withdrawal: %+v", p)
		}
	}
}

func TestTheSwissSurvivesRestartsBetweenAndWithinRounds(t *testing.T) {
	c := newCup(t, tournament.SwissFormat, 5, 8)
	events := []event{{round: 1, restart: "between"}, {round: 2, restart: "mid"}, {round: 3, withdraw: "p6"},
		{round: 4, restart: "mid"}, {round: 5, restart: "between"}}
	tr := c.play(swissScript, events)
	c.final(tr, 5)
}

// A process that dies right after storing a round, before starting its games: the next process's
// sweep starts each game once.
func TestARoundPairedBeforeACrashHasItsGamesStartedOnce(t *testing.T) {
	c := newCup(t, tournament.SwissFormat, 3, 4)
	ctx := context.Background()
	tr := c.tournament()
	first, rounds, err := c.f.tab.firstRound(tr)
	if err != nil {
		t.Fatal(err)
	}
	tr.Rounds = rounds
	if _, err := c.f.st.PairRound(tr, first); err != nil {
		t.Fatal(err)
	}
	c.restart()
	if _, err := c.f.tab.StartTournament(ctx, c.actor("p1"), c.id, false); err == nil {
		t.Fatal("a started tournament started again")
	}
	c.sweep()
	c.sweep()
	if len(c.started) != 2 {
		t.Fatalf("%d games started after the restart, want 2", len(c.started))
	}
	games, err := c.f.st.ChannelGames("c1")
	if err != nil || len(games) != 2 {
		t.Fatalf("%d active games (%v), want 2", len(games), err)
	}
	// Its announcement, never posted, is given by the sweep once AnnounceWait has passed, once.
	if c.paired[1] != 0 {
		t.Fatalf("round 1 announced %d times before AnnounceWait", c.paired[1])
	}
	c.f.advance(store.AnnounceWait)
	c.sweep()
	c.sweep()
	c.final(c.playOn(swissScript, nil), 3)
}

// A process that paired a round and started its games but died before it posted them (or some
// of them): after AnnounceWait the sweep posts the round's message if it never was, and the boards
// of its games that have none, each once; a second table sweeping meanwhile finds the round
// claimed.
func TestARoundUnshownBeforeACrashIsShownOnceAfterIt(t *testing.T) {
	for _, c := range []struct {
		name        string
		posted      func(c *cup, adv Advance) // what the dead process had posted and noted
		wantMessage bool
		wantBoards  int
	}{
		{"nothing was posted", func(*cup, Advance) {}, true, 2},
		{"the round's message was posted, then one board", func(c *cup, adv Advance) {
			if err := c.f.tab.NoteRound(c.id, 1, "round1"); err != nil {
				c.t.Fatal(err)
			}
			c.f.tab.NoteBoard(adv.Started[0].Game.ID, "board")
		}, false, 1},
		{"the message and every board were posted, not yet recorded as such", func(c *cup, adv Advance) {
			if err := c.f.tab.NoteRound(c.id, 1, "round1"); err != nil {
				c.t.Fatal(err)
			}
			for _, v := range adv.Started {
				c.f.tab.NoteBoard(v.Game.ID, "board")
			}
		}, false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			cp := newCup(t, tournament.SwissFormat, 3, 4)
			adv, err := cp.f.tab.StartTournament(context.Background(), cp.actor("p1"), cp.id, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(adv.Started) != 2 || !slices.Equal(adv.Boards, []int{1}) {
				t.Fatalf("round 1 started %d games, boards of rounds %v: want 2 and round 1", len(adv.Started), adv.Boards)
			}
			c.posted(cp, adv)
			cp.restart()
			cp.sweep()
			if len(cp.paired)+len(cp.started) != 0 {
				t.Fatalf("shown before AnnounceWait: rounds %v, boards %v", cp.paired, cp.started)
			}
			cp.f.advance(store.AnnounceWait)
			// Another process's sweep claims the round first and dies before posting anything.
			other := cp.table(cp.f.st)
			other.Sweep(context.Background())
			cp.notify.mu.Lock()
			cp.notify.advances = nil
			cp.notify.mu.Unlock()
			cp.sweep()
			if len(cp.paired)+len(cp.started) != 0 {
				t.Fatalf("shown while another process held the round: rounds %v, boards %v", cp.paired, cp.started)
			}
			cp.f.advance(store.AnnounceWait)
			cp.sweep()
			cp.sweep()
			if got := cp.paired[1]; got != map[bool]int{true: 1}[c.wantMessage] {
				t.Errorf("round 1 announced %d times after the crash", got)
			}
			if len(cp.started) != c.wantBoards {
				t.Errorf("%d boards posted after the crash, want %d", len(cp.started), c.wantBoards)
			}
			for id, n := range cp.started {
				rec, _, err := cp.f.st.Game(id)
				if n != 1 || err != nil || rec.MessageID == "" {
					t.Errorf("game %d: board posted %d times, message %q (%v)", id, n, rec.MessageID, err)
				}
			}
			if !cp.tournament().Current().Shown() {
				t.Error("the round is not recorded as shown")
			}
			cp.f.advance(10 * store.AnnounceWait)
			cp.sweep()
			if got := cp.paired[1] + len(cp.started); got != map[bool]int{true: 1}[c.wantMessage]+c.wantBoards {
				t.Errorf("shown again once shown: rounds %v, boards %v", cp.paired, cp.started)
			}
		})
	}
}

// Two tables on one store (two replicas) looking at the tournament at once pair each round once.
func TestTwoTablesAdvancingAtOncePairEachRoundOnce(t *testing.T) {
	c := newCup(t, tournament.SwissFormat, 4, 6)
	c.race(c.table(c.f.st), nil)
	c.final(c.tournament(), 4)
}

// The same on etcd: two processes, each with its own client, and a member of the three stopped
// after round 2.
func TestTwoReplicasOnEtcdPairEachRoundOnceWithAMemberStopped(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an etcd cluster")
	}
	cluster := etcdtest.Start(t, 3)
	f := &fixture{t: t, heard: &heard{}, now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	prefix := etcdtest.Prefix()
	opt := store.Options{Decode: catalog.Decode, Now: f.clock}
	f.st, _ = cluster.Store(t, prefix, opt)
	other, _ := cluster.Store(t, prefix, opt)
	c := &cup{t: t, f: f, notify: &tourneyHeard{heard: f.heard}, kind: "ordo",
		paired: map[int]int{}, started: map[uint64]int{}, want: map[uint64]tournament.Result{}}
	f.tab = c.table(f.st)
	tr, err := f.tab.CreateTournament(f.actor("p1", c.kind), NewTournament{Format: tournament.SwissFormat, Rounds: 4})
	if err != nil {
		t.Fatal(err)
	}
	c.id = tr.ID
	for i := 1; i <= 6; i++ {
		c.players = append(c.players, fmt.Sprintf("p%d", i))
		if _, err := c.table(other).JoinTournament(f.actor(c.players[i-1], c.kind), c.id); err != nil {
			t.Fatal(err)
		}
	}
	c.race(c.table(other), func(round int) {
		if round == 2 {
			cluster.StopMember(0)
		}
	})
	c.final(c.tournament(), 4)
}

// race starts the tournament and plays it with every game of a round ended, then both tables
// looking at it twice at once; after is called after each round.
func (c *cup) race(other *Table, after func(round int)) {
	t := c.t
	ctx := context.Background()
	adv, err := c.f.tab.StartTournament(ctx, c.actor("p1"), c.id, false)
	if err != nil {
		t.Fatal(err)
	}
	c.took(adv)
	for round := 1; round <= 64; round++ {
		tr := c.tournament()
		if tr.State == store.TournamentFinished {
			return
		}
		// Every game but the last ends; the last one's ending advances the tournament while both
		// tables look at it, three times at once.
		var last func() View
		for board, p := range tr.Current().Pairings {
			if p.Game != 0 && !p.Decided() {
				if last != nil {
					if v := last(); v.Advanced != nil {
						c.took(*v.Advanced)
					}
				}
				last = func() View { return c.end(p, outcome((round+board)%3)) } // the round's time never ends
			}
		}
		var mu sync.Mutex
		var wg sync.WaitGroup
		if last != nil {
			wg.Add(1)
			go func() {
				defer wg.Done()
				v := last()
				mu.Lock()
				defer mu.Unlock()
				if v.Advanced != nil {
					c.took(*v.Advanced)
				}
			}()
		}
		for _, tab := range []*Table{other, c.f.tab, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a, err := tab.Advance(c.id)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				c.took(a)
				mu.Unlock()
			}()
		}
		wg.Wait()
		if after != nil {
			after(round)
		}
	}
	t.Fatal("the tournament does not end")
}

// TestEveryEndingAdvancesItsTournamentWhereTheGameEnds ends round 1's two games, the first by a
// resignation, the second each way a game ends: the second ending pairs round 2 there and then,
// and says so to whoever shows the game (the request's view, or the notifier after the game).
func TestEveryEndingAdvancesItsTournamentWhereTheGameEnds(t *testing.T) {
	for _, tc := range []struct {
		name string
		end  func(c *cup, p tournament.Pairing) *Advance // nil: the notifier heard it
	}{
		{"a resignation", func(c *cup, p tournament.Pairing) *Advance { return c.end(p, secondWins).Advanced }},
		{"an agreement", func(c *cup, p tournament.Pairing) *Advance { return c.end(p, drawn).Advanced }},
		{"a loss on time", func(c *cup, p tournament.Pairing) *Advance {
			c.end(p, onTime)
			c.f.advance(c.tournament().RoundTime)
			c.sweep()
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCup(t, tournament.SwissFormat, 2, 4)
			adv, err := c.f.tab.StartTournament(context.Background(), c.actor("p1"), c.id, false)
			if err != nil {
				t.Fatal(err)
			}
			c.took(adv)
			r := c.tournament().Current()
			if v := c.end(r.Pairings[0], firstWins); v.Advanced != nil {
				t.Fatalf("a round not over has nothing to show: %+v", v.Advanced)
			}
			got := tc.end(c, r.Pairings[1])
			if got == nil {
				if len(c.notify.advances) != 1 {
					t.Fatalf("the notifier heard %d advances, want 1", len(c.notify.advances))
				}
				if games := len(c.f.heard.games); c.notify.shown[0] != games {
					t.Fatalf("the advance came after %d of the %d games heard: it goes after the game's ending", c.notify.shown[0], games)
				}
				got = &c.notify.advances[0]
			} else {
				c.took(*got)
			}
			if len(got.Rounds) != 1 || got.Rounds[0] != 2 || len(got.Started) != 2 || len(got.Boards) != 1 {
				t.Fatalf("the ending should pair round 2 and start its games: rounds %v, %d started, boards %v",
					got.Rounds, len(got.Started), got.Boards)
			}
			c.sweep()
			if c.paired[2] != 1 || len(c.tournament().Played) != 2 {
				t.Fatalf("round 2 reported %d times, %d rounds stored", c.paired[2], len(c.tournament().Played))
			}
		})
	}
}

func TestAPairingWaitsForAPlayerBusyInAnotherGame(t *testing.T) {
	c := newCup(t, tournament.SwissFormat, 1, 4)
	ctx := context.Background()
	// p1 and p4, who meet p3 and p2 in round 1, each play a casual game of the kind in the channel.
	casual := map[string]View{}
	for _, pair := range [][2]string{{"p1", "x1"}, {"p4", "x2"}} {
		ch, err := c.f.tab.Challenge(c.actor(pair[0]), pair[1], false, "me", nil)
		if err != nil {
			t.Fatal(err)
		}
		a, err := c.f.tab.Answer(c.actor(pair[1]), ch.ID, true, "m")
		if err != nil {
			t.Fatal(err)
		}
		casual[pair[0]] = *a.Game
	}
	adv, err := c.f.tab.StartTournament(ctx, c.actor("p1"), c.id, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(adv.Started) != 0 || len(adv.Rounds) != 1 || len(adv.Tournament.Played[0].Waiting()) != 2 {
		t.Fatalf("both pairings should wait: %+v", adv)
	}
	if got := adv.Tournament.Played[0].Playing(); len(got) != 4 {
		t.Fatalf("the round pings %v, want its four players", got)
	}
	// p1's game ends: the sweep starts p1's pairing; p4 is still busy when the round's time ends.
	if _, _, err := c.f.tab.Resign(c.actor("x1")); err != nil {
		t.Fatal(err)
	}
	c.sweep()
	tr := c.tournament()
	var started, waiting tournament.Pairing
	for _, p := range tr.Current().Pairings {
		if p.Game != 0 {
			started = p
		} else {
			waiting = p
		}
	}
	if started.Game == 0 || (started.First != "p1" && started.Second != "p1") || len(c.started) != 1 {
		t.Fatalf("p1's pairing should have started: %+v", tr.Current().Pairings)
	}
	c.f.advance(DefaultRoundTime)
	c.sweep()
	tr = c.tournament()
	for _, p := range tr.Current().Pairings {
		if p.First != waiting.First {
			continue
		}
		want := tournament.FirstWins
		if p.First == "p4" {
			want = tournament.SecondWins
		}
		if !p.Forfeit || p.Result != want {
			t.Fatalf("busy p4's pairing at the round's end: %+v, want a forfeit %v", p, want)
		}
	}
	if tr.State != store.TournamentFinished {
		t.Fatalf("a one-round tournament is %s after its round", tr.State)
	}
}

func TestTournamentRefusals(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tr, err := f.tab.CreateTournament(f.actor("ana", "ordo"), NewTournament{Format: tournament.RoundRobinFormat})
	if err != nil {
		t.Fatal(err)
	}
	dm := f.actor("ana", "ordo")
	dm.Place.Guild = ""
	for _, c := range []struct {
		name string
		code Code
		do   func() error
	}{
		{"a tournament in a DM is refused", Refused, func() error {
			_, err := f.tab.CreateTournament(dm, NewTournament{})
			return err
		}},
		{"a round time of a minute is refused", Invalid, func() error {
			_, err := f.tab.CreateTournament(f.actor("ana", "ordo"), NewTournament{RoundTime: time.Minute})
			return err
		}},
		{"starting with one player is refused", Refused, func() error {
			if _, err := f.tab.JoinTournament(f.actor("ana", "ordo"), tr.ID); err != nil {
				return err
			}
			_, err := f.tab.StartTournament(ctx, f.actor("ana", "ordo"), tr.ID, false)
			return err
		}},
		{"joining twice is refused", Refused, func() error {
			_, err := f.tab.JoinTournament(f.actor("ana", "ordo"), tr.ID)
			return err
		}},
		{"someone else's start is refused", Refused, func() error {
			_, err := f.tab.JoinTournament(f.actor("bia", "ordo"), tr.ID)
			if err == nil {
				_, err = f.tab.StartTournament(ctx, f.actor("bia", "ordo"), tr.ID, false)
			}
			return err
		}},
		{"a tournament that is not there is refused", NotFound, func() error {
			_, err := f.tab.JoinTournament(f.actor("bia", "ordo"), tr.ID+7)
			return err
		}},
		{"joining a started tournament is refused", Stale, func() error {
			if _, err := f.tab.StartTournament(ctx, f.actor("bia", "ordo"), tr.ID, true); err != nil {
				return err
			}
			_, err := f.tab.JoinTournament(f.actor("caio", "ordo"), tr.ID)
			return err
		}},
		{"leaving a tournament one is not in is refused", Refused, func() error {
			_, err := f.tab.LeaveTournament(ctx, f.actor("caio", "ordo"), tr.ID)
			return err
		}},
	} {
		t.Run(c.name, func(t *testing.T) { refusal(t, c.do(), c.code) })
	}
}
