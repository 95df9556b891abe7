package store_test

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/rating"
	"tabuleiro/store"
)

// The learning's cases join the conformance suite: the file, etcd and the smallest KV.
func init() {
	conformance = append(conformance, []struct {
		name string
		run  func(t *testing.T, f fixture)
	}{
		{"lesson progress is kept per person and game and changed atomically", lessonProgress},
		{"a puzzle attempt settles both ratings once, across handles", puzzleSettlesOnce},
		{"the attempt under way is one, survives and refuses stale decisions", attemptUnderWay},
		{"the daily puzzle is claimed once by racing handles and counts each person's first attempt once", dailyClaim},
		{"a daily puzzle claimed and never tried is claimed again, as it was, after its lease", dailyTakeover},
		{"blunders queue once, wait for proof and leave when solved", blunderQueue},
	}...)
}

// glicko rates an attempt as the table does: the solver plays the puzzle.
func glicko(solver, puzzle rating.Rating, solved bool) (rating.Rating, rating.Rating) {
	score := rating.Loss
	if solved {
		score = rating.Win
	}
	return rating.Game(solver, puzzle, score)
}

func lessonProgress(t *testing.T, f fixture) {
	if got, err := f.LessonProgress("a", "ouri"); err != nil || got != nil {
		t.Fatalf("no progress yet: got %q, %v", got, err)
	}
	add := func(c byte) func([]byte) ([]byte, error) {
		return func(old []byte) ([]byte, error) { return append(old, c), nil }
	}
	if _, err := f.ChangeLessonProgress("a", "ouri", add('x')); err != nil {
		t.Fatal(err)
	}
	refuse := errors.New("not this answer")
	if _, err := f.ChangeLessonProgress("a", "ouri", func([]byte) ([]byte, error) { return []byte("lost"), refuse }); !errors.Is(err, refuse) {
		t.Fatalf("a refusal from the caller: got %v", err)
	}
	// Racing changes from two handles each build on the other's: none is lost.
	var wg sync.WaitGroup
	for _, h := range []store.Store{f.Store, f.other()} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				if _, err := h.ChangeLessonProgress("a", "ouri", add('y')); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	got, _ := f.other().LessonProgress("a", "ouri")
	want(t, "the progress after 21 changes", string(got), "x"+string(slices.Repeat([]byte("y"), 20)))
	if other, _ := f.LessonProgress("a", "ordo"); other != nil {
		t.Fatalf("another game's progress: %q", other)
	}
	if other, _ := f.LessonProgress("b", "ouri"); other != nil {
		t.Fatalf("another person's progress: %q", other)
	}
}

func puzzleSettlesOnce(t *testing.T, f fixture) {
	const id = "ouri-0007"
	if _, err := f.SettlePuzzle("a", "ouri", store.PuzzleOutcome{Puzzle: id, Start: 1700, Solved: true}, glicko); !errors.Is(err, store.ErrNoAttempt) {
		t.Fatalf("settling a puzzle never started: got %v, want ErrNoAttempt", err)
	}
	if _, ok, err := f.StartAttempt("a", "ouri", store.PuzzleAttempt{Puzzle: id}); err != nil || !ok {
		t.Fatalf("starting: %v, %v", ok, err)
	}
	puzzle := rating.Rating{Rating: 1700, Deviation: rating.Start.Deviation, Volatility: rating.Start.Volatility}
	wantSolver, wantPuzzle := rating.Game(rating.Start, puzzle, rating.Win)
	// Two handles settle the same attempt at once (a double click on two replicas): one rates it.
	var wg sync.WaitGroup
	results := make([]store.PuzzleResult, 2)
	for i, h := range []store.Store{f.Store, f.other()} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := h.SettlePuzzle("a", "ouri", store.PuzzleOutcome{Puzzle: id, Start: 1700, Solved: true}, glicko)
			if err != nil {
				t.Error(err)
			}
			results[i] = r
		}()
	}
	wg.Wait()
	if results[0].Already == results[1].Already {
		t.Fatalf("two settles: Already %v and %v, want exactly one first", results[0].Already, results[1].Already)
	}
	for _, r := range results {
		if !r.Rated || !r.Solved || r.After != wantSolver || r.PuzzleAfter != wantPuzzle || r.Before != rating.Start || r.PuzzleBefore != puzzle {
			t.Fatalf("result %+v: want the solver %v and the puzzle %v", r, wantSolver, wantPuzzle)
		}
	}
	// A failed replay afterwards changes nothing.
	r, err := f.SettlePuzzle("a", "ouri", store.PuzzleOutcome{Puzzle: id, Start: 1700, Solved: false}, glicko)
	if err != nil || !r.Already || !r.Solved {
		t.Fatalf("settling again: %+v, %v", r, err)
	}
	sv, _ := f.other().Solver("a", "ouri")
	want(t, "the solver", sv, store.Solver{User: "a", Kind: "ouri", Rating: wantSolver, Solved: 1})
	ratings, _ := f.other().PuzzleRatings("ouri-")
	want(t, "the puzzles' ratings", ratings, map[string]rating.Rating{id: wantPuzzle})
	if other, _ := f.Solver("a", "ordo"); other.Rating != rating.Start {
		t.Fatalf("another game's rating moved: %v", other.Rating)
	}
	// The next solver fails it: the puzzle's rating goes on from where the first left it.
	f.StartAttempt("b", "ouri", store.PuzzleAttempt{Puzzle: id})
	r, err = f.SettlePuzzle("b", "ouri", store.PuzzleOutcome{Puzzle: id, Start: 1700}, glicko)
	wb, wp := rating.Game(rating.Start, wantPuzzle, rating.Loss)
	if err != nil || r.Already || r.After != wb || r.PuzzleAfter != wp {
		t.Fatalf("the second solver: %+v, %v; want %v and %v", r, err, wb, wp)
	}
	seen, _ := f.SeenPuzzles("b", "ouri")
	want(t, "b's seen puzzles", seen, map[string]store.PuzzleState{id: store.Failed})
}

func attemptUnderWay(t *testing.T, f fixture) {
	if a, err := f.Attempt("a", "ordo"); err != nil || a.Puzzle != "" {
		t.Fatalf("no attempt yet: %+v, %v", a, err)
	}
	a, ok, err := f.StartAttempt("a", "ordo", store.PuzzleAttempt{Puzzle: "ordo-0001", Played: []string{"ignored"}})
	if err != nil || !ok || a.Played != nil {
		t.Fatalf("starting: %+v, %v, %v", a, ok, err)
	}
	// A second start (a double click, another puzzle) keeps the first.
	if b, ok, _ := f.other().StartAttempt("a", "ordo", store.PuzzleAttempt{Puzzle: "ordo-0002"}); ok || b.Puzzle != "ordo-0001" {
		t.Fatalf("a second start: %+v, %v; want the first kept", b, ok)
	}
	a.Played = []string{"a1-a2", "h8-h7"}
	if _, err := f.SaveAttempt("a", "ordo", a, 0); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		a     store.PuzzleAttempt
		saw   int
		error error
	}{
		{"a decision on what was seen before the last", store.PuzzleAttempt{Puzzle: "ordo-0001", Played: []string{"b1-b2"}}, 0, store.ErrMovedOn},
		{"decisions that rewrite the past", store.PuzzleAttempt{Puzzle: "ordo-0001", Played: []string{"x", "y", "z"}}, 2, store.ErrMovedOn},
		{"another puzzle", store.PuzzleAttempt{Puzzle: "ordo-0002", Played: []string{"a1-a2", "h8-h7", "z"}}, 2, store.ErrNoAttempt},
	} {
		t.Run(c.name+" is refused", func(t *testing.T) {
			if _, err := f.other().SaveAttempt("a", "ordo", c.a, c.saw); !errors.Is(err, c.error) {
				t.Fatalf("got %v, want %v", err, c.error)
			}
		})
	}
	got, _ := f.other().Attempt("a", "ordo")
	want(t, "the attempt another handle reads", got.Played, []string{"a1-a2", "h8-h7"})
	f.SettlePuzzle("a", "ordo", store.PuzzleOutcome{Puzzle: "ordo-0001", Start: 1500}, glicko)
	if got, _ := f.Attempt("a", "ordo"); got.Puzzle != "" {
		t.Fatalf("the attempt stays after settling: %+v", got)
	}
	// The same puzzle again (a daily puzzle seen before) is a replay, unrated: it says how this go
	// went, not the first.
	a, ok, _ = f.StartAttempt("a", "ordo", store.PuzzleAttempt{Puzzle: "ordo-0001"})
	r, _ := f.SettlePuzzle("a", "ordo", store.PuzzleOutcome{Puzzle: "ordo-0001", Start: 1500, Solved: true}, glicko)
	if !ok || !a.Replay || !r.Already || !r.Solved || r.Rated || r.After != r.Before {
		t.Fatalf("a replay: %+v, %v; settled %+v", a, ok, r)
	}
}

func dailyClaim(t *testing.T, f fixture) {
	day := store.Day(f.clock.Now())
	for _, g := range []struct {
		guild, channel string
		hour           int
	}{{"g1", "c1", 9}, {"g2", "c2", 14}, {"g3", "", 9}} {
		if _, err := f.ChangeServerSettings(g.guild, func(s *store.ServerSettings) {
			s.PuzzleChannel, s.PuzzleHour = g.channel, g.hour
		}); err != nil {
			t.Fatal(err)
		}
	}
	// g2 moved its hour: only its new one counts.
	f.ChangeServerSettings("g2", func(s *store.ServerSettings) { s.PuzzleHour = 12 })
	if s, _ := f.other().ServerSettings("g2"); s.PuzzleChannel != "c2" || s.PuzzleHour != 12 {
		t.Fatalf("settings read back: %+v", s)
	}
	for _, c := range []struct {
		hour int
		want []store.DailyServer
	}{
		{8, nil},
		{9, []store.DailyServer{{Guild: "g1", Channel: "c1", Hour: 9}}},
		{23, []store.DailyServer{{Guild: "g1", Channel: "c1", Hour: 9}, {Guild: "g2", Channel: "c2", Hour: 12}}},
	} {
		got, err := f.DailyDue(day, c.hour)
		if err != nil {
			t.Fatal(err)
		}
		want(t, fmt.Sprintf("due at %d", c.hour), got, c.want)
	}
	// Two processes race at the hour: exactly one claims, the other sees the winner's claim.
	var wg sync.WaitGroup
	won := make([]bool, 2)
	claims := make([]store.DailyPuzzle, 2)
	for i, h := range []store.Store{f.Store, f.other()} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, ok, err := h.ClaimDaily(store.DailyPuzzle{Guild: "g1", Day: day, Channel: "c1", Kind: "ouri",
				Puzzle: fmt.Sprintf("ouri-%04d", i+1)}, time.Minute)
			if err != nil {
				t.Error(err)
			}
			claims[i], won[i] = d, ok
		}()
	}
	wg.Wait()
	if won[0] == won[1] || claims[0].Puzzle != claims[1].Puzzle {
		t.Fatalf("racing claims: won %v, claims %+v", won, claims)
	}
	// Claimed and not posted, g1 stays due (its process may die); posted, it is not.
	if due, _ := f.DailyDue(day, 23); len(due) != 2 {
		t.Fatalf("due after g1's claim: %+v", due)
	}
	if _, err := f.NoteDailyMessage("g1", day, "m9"); err != nil {
		t.Fatal(err)
	}
	if due, _ := f.DailyDue(day, 23); len(due) != 1 || due[0].Guild != "g2" {
		t.Fatalf("due after g1's post: %+v", due)
	}
	// Solvers are counted once each, whether they solve, replay or double-click.
	for _, user := range []string{"a", "b", "a"} {
		if _, _, err := f.StartAttempt(user, "ouri", store.PuzzleAttempt{Puzzle: claims[0].Puzzle, Guild: "g1", Day: day}); err != nil {
			t.Fatal(err)
		}
		if r, err := f.SettlePuzzle(user, "ouri", store.PuzzleOutcome{Puzzle: claims[0].Puzzle, Start: 1500, Solved: true}, glicko); err != nil || r.Daily.Guild != "g1" {
			t.Fatalf("%s solves the daily puzzle: %+v, %v", user, r, err)
		}
	}
	f.StartAttempt("c", "ouri", store.PuzzleAttempt{Puzzle: claims[0].Puzzle, Guild: "g1", Day: day})
	f.SettlePuzzle("c", "ouri", store.PuzzleOutcome{Puzzle: claims[0].Puzzle, Start: 1500}, glicko)
	d, err := f.other().Daily("g1", day)
	if err != nil || d.MessageID != "m9" || d.Solvers != 2 || d.Puzzle != claims[0].Puzzle || d.Kind != "ouri" {
		t.Fatalf("the day's puzzle: %+v, %v; want message m9 and 2 solvers", d, err)
	}
	dailyRetries(t, f, claims[0].Puzzle, day)
}

// dailyRetries: one counted attempt a person and day, claimed when it starts, on any handle; a
// retry says how the counted one went and counts nowhere.
func dailyRetries(t *testing.T, f fixture, puzzle, day string) {
	open := func(h store.Store, user string) store.PuzzleAttempt {
		t.Helper()
		a, _, err := h.StartAttempt(user, "ouri", store.PuzzleAttempt{Puzzle: puzzle, Guild: "g1", Day: day})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	settle := func(h store.Store, user string, solved bool) store.PuzzleResult {
		t.Helper()
		r, err := h.SettlePuzzle(user, "ouri", store.PuzzleOutcome{Puzzle: puzzle, Start: 1500, Solved: solved}, glicko)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	solvers := func(want int) {
		t.Helper()
		if d, err := f.other().Daily("g1", day); err != nil || d.Solvers != want {
			t.Fatalf("the day's puzzle: %+v, %v; want %d solvers", d, err, want)
		}
	}
	// c failed its counted attempt: a retry on another handle (a restart, a replica) knows it.
	if a := open(f.other(), "c"); !a.Retry() || a.Counted != store.Failed {
		t.Fatalf("c's retry: %+v; want a retry after a failed attempt", a)
	}
	if a, _ := f.Attempt("c", "ouri"); !a.Retry() || a.Counted != store.Failed {
		t.Fatalf("c's retry read back: %+v", a)
	}
	if r := settle(f.Store, "c", true); !r.Retry || r.Counted != store.Failed || !r.Solved || r.Rated {
		t.Fatalf("c solves the retry: %+v; want a retry, the counted attempt failed", r)
	}
	solvers(2)
	// a solved its counted attempt: a retry failed says so and leaves a counted.
	if a := open(f.Store, "a"); !a.Retry() || a.Counted != store.Solved {
		t.Fatalf("a's retry: %+v", a)
	}
	if r := settle(f.other(), "a", false); !r.Retry || r.Counted != store.Solved || r.Solved {
		t.Fatalf("a fails the retry: %+v", r)
	}
	solvers(2)
	// d's first attempt is the counted one while under way, however often it is opened, and
	// counts when solved.
	for _, h := range []store.Store{f.Store, f.other()} {
		if a := open(h, "d"); a.Retry() || a.Counted != store.Trying {
			t.Fatalf("d's first attempt: %+v; want the counted one", a)
		}
	}
	if r := settle(f.other(), "d", true); r.Retry || r.Counted != store.Solved || r.Daily.Solvers != 3 {
		t.Fatalf("d solves: %+v; want counted, 3 solvers", r)
	}
	solvers(3)
	// Two handles racing to open e's first attempt claim one.
	var wg sync.WaitGroup
	for _, h := range []store.Store{f.Store, f.other()} {
		wg.Add(1)
		go func() { defer wg.Done(); open(h, "e") }()
	}
	wg.Wait()
	if r := settle(f.Store, "e", true); r.Retry || r.Daily.Solvers != 4 {
		t.Fatalf("e solves: %+v; want counted, 4 solvers", r)
	}
	if _, err := f.Daily("g2", day); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an unclaimed day: %v", err)
	}
	// Turning it off takes the server off the list.
	f.ChangeServerSettings("g2", func(s *store.ServerSettings) { s.PuzzleChannel = "" })
	if due, _ := f.DailyDue(day, 23); len(due) != 0 {
		t.Fatalf("due after g2 turned it off: %+v", due)
	}
}

func dailyTakeover(t *testing.T, f fixture) {
	day := store.Day(f.clock.Now())
	claim := func(h store.Store, guild, puzzle string) (store.DailyPuzzle, bool) {
		t.Helper()
		d, won, err := h.ClaimDaily(store.DailyPuzzle{Guild: guild, Day: day, Channel: "c-" + guild, Kind: "ouri",
			Puzzle: puzzle}, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		return d, won
	}
	due := func(what string, guilds ...string) {
		t.Helper()
		var got []string
		for _, s := range must(f.other().DailyDue(day, 23)) {
			got = append(got, s.Guild)
		}
		want(t, what, got, guilds)
	}
	for _, g := range []string{"dead", "noted", "tried"} {
		must(f.ChangeServerSettings(g, func(s *store.ServerSettings) { s.PuzzleChannel, s.PuzzleHour = "c-"+g, 9 }))
		if _, won := claim(f.Store, g, "ouri-0001"); !won {
			t.Fatalf("%s's first claim lost", g)
		}
	}
	f.NoteDailyMessage("noted", day, "m1")
	f.DailyTried("tried", day)
	f.clock.Add(time.Minute - time.Second)
	for _, g := range []string{"dead", "noted", "tried"} {
		if _, won := claim(f.other(), g, "ouri-0002"); won {
			t.Fatalf("%s was claimed again within its lease", g)
		}
	}
	due("due within the lease", "dead")
	f.clock.Add(time.Second)
	// Past the lease the claim nobody tried is another's, with the puzzle the dead one may have
	// posted; noted or tried, never.
	var got []string
	for _, g := range []string{"dead", "noted", "tried"} {
		d, won := claim(f.other(), g, "ouri-0002")
		if won {
			want(t, "the claim taken over", []any{d.Puzzle, d.Channel, d.Claimed.Equal(f.clock.Now())},
				[]any{"ouri-0001", "c-dead", true})
		}
		got = append(got, fmt.Sprintf("%s %v", g, won))
	}
	want(t, "claims past the lease", got, []string{"dead true", "noted false", "tried false"})
	if _, won := claim(f.Store, "dead", "ouri-0003"); won {
		t.Fatal("a claim taken over was taken again at once")
	}
	if d, err := f.DailyTried("dead", day); err != nil || !d.Tried || d.MessageID != "" {
		t.Fatalf("marking it tried: %+v, %v", d, err)
	}
	due("due once tried")
	f.clock.Add(time.Hour)
	if _, won := claim(f.other(), "dead", "ouri-0004"); won {
		t.Fatal("a tried claim was claimed again")
	}
	if d := must(f.other().Daily("noted", day)); d.MessageID != "m1" || !d.Tried {
		t.Fatalf("the noted one: %+v", d)
	}
}

func blunderQueue(t *testing.T, f fixture) {
	opts := games.Options{"rules": "abapa"}
	first, added, err := f.AddBlunder("a", store.Blunder{Kind: "ouri", Options: opts, Log: []string{"a", "b"}})
	if err != nil || !added || first.Seq == 0 {
		t.Fatalf("adding: %+v, %v, %v", first, added, err)
	}
	if again, added, _ := f.other().AddBlunder("a", store.Blunder{Kind: "ouri", Options: opts, Log: []string{"a", "b"}}); added || again.Seq != first.Seq {
		t.Fatalf("the same position again: %+v, %v; want the first", again, added)
	}
	second, _, _ := f.AddBlunder("a", store.Blunder{Kind: "ouri", Options: opts, Log: []string{"c"}})
	f.AddBlunder("a", store.Blunder{Kind: "ordo", Log: []string{"a1-a2"}})
	f.AddBlunder("b", store.Blunder{Kind: "ouri", Log: []string{"d"}})
	if err := f.ProveBlunder("a", first.Seq, false); err != nil {
		t.Fatal(err)
	}
	f.ProveBlunder("a", second.Seq, true)
	got, _ := f.other().Blunders("a", "ouri")
	want(t, "a's Ouri queue", got, []store.Blunder{{Seq: second.Seq, Kind: "ouri", Options: opts, Log: []string{"c"}, Proven: true}})
	// Solving it takes it off the queue and rates nobody.
	f.StartAttempt("a", "ouri", store.PuzzleAttempt{Puzzle: second.PuzzleID(), Blunder: second.Seq})
	r, err := f.SettlePuzzle("a", "ouri", store.PuzzleOutcome{Puzzle: second.PuzzleID(), Start: 1500, Solved: true}, glicko)
	if err != nil || r.Rated || r.After != rating.Start {
		t.Fatalf("solving one's blunder: %+v, %v", r, err)
	}
	if got, _ := f.Blunders("a", "ouri"); len(got) != 0 {
		t.Fatalf("the queue after solving: %+v", got)
	}
	if got, _ := f.Blunders("a", "ordo"); len(got) != 1 {
		t.Fatalf("the Ordo queue: %+v", got)
	}
	// A full queue drops its oldest unproven blunder for the new one.
	for i := range store.MaxBlunders + 3 {
		f.AddBlunder("c", store.Blunder{Kind: "ordo", Log: []string{fmt.Sprint(i)}})
	}
	got, _ = f.Blunders("c", "ordo")
	if len(got) != store.MaxBlunders || got[0].Log[0] != "3" {
		t.Fatalf("a full queue holds %d, the oldest %v", len(got), got[0].Log)
	}
}
