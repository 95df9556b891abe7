package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"testing"
	"time"

	"tabuleiro/ai/puzzle"
	"tabuleiro/rating"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv/etcdtest"
)

// servedPuzzle is the shipped puzzle an answer shows, as a fresh attempt, with its truth.
func servedPuzzle(t *testing.T, content string) (*puzzle.Attempt, puzzle.Truth) {
	t.Helper()
	id := regexp.MustCompile("`(([a-z]+)-[0-9]+)`").FindStringSubmatch(content)
	if id == nil {
		t.Fatalf("no puzzle served: %q", content)
	}
	ps, err := puzzle.Load(id[2])
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ps, func(p puzzle.Puzzle) bool { return p.ID == id[1] })
	if i < 0 {
		t.Fatalf("no puzzle %s in its set", id[1])
	}
	a, err := puzzle.Start(ps[i])
	if err != nil {
		t.Fatal(err)
	}
	truth, _ := puzzle.TruthOf(a.Game.Descriptor())
	return a, truth
}

// glicko2 is what Glicko-2 makes of one attempt, computed here from the rating package alone: the
// solver and the puzzle (its shipped rating, a newcomer's deviation and volatility) play one game.
func glicko2(solver rating.Rating, shipped float64, solved bool) (rating.Rating, rating.Rating) {
	p := rating.Rating{Rating: shipped, Deviation: rating.Start.Deviation, Volatility: rating.Start.Volatility}
	score := rating.Loss
	if solved {
		score = rating.Win
	}
	return rating.Game(solver, p, score)
}

// sameRating reports whether the store kept a rating as computed (its float bits may round).
func sameRating(a, b rating.Rating) bool {
	return math.Abs(a.Rating-b.Rating) < 1e-6 && math.Abs(a.Deviation-b.Deviation) < 1e-6 &&
		math.Abs(a.Volatility-b.Volatility) < 1e-9
}

// checkRatings compares the solver's and the puzzle's stored ratings with Glicko-2's.
func (tb *table) checkRatings(t *testing.T, user, kind, id string, solver, puzzle rating.Rating) {
	t.Helper()
	sv, err := tb.st.Solver(user, kind)
	if err != nil {
		t.Fatal(err)
	}
	if !sameRating(sv.Rating, solver) {
		t.Errorf("the solver's rating is %+v, Glicko-2 says %+v", sv.Rating, solver)
	}
	live, err := tb.st.PuzzleRatings(id)
	if err != nil {
		t.Fatal(err)
	}
	if !sameRating(live[id], puzzle) {
		t.Errorf("puzzle %s's rating is %+v, Glicko-2 says %+v", id, live[id], puzzle)
	}
}

// A puzzle failed over the signed endpoint: a losing move is refuted by the truth's answer, the
// puzzle ends failed, and both ratings move as Glicko-2 says; the next puzzle is another, and
// solving it moves them on from there.
func TestAPuzzleFailedOverTheEndpointIsRatedAsGlicko2Says(t *testing.T) {
	tb := newTable(t)
	const ch, erin = "c-fail", "311"
	r, _ := tb.send(command(erin, ch, "ordo", "puzzle"))
	a, truth := servedPuzzle(t, r.Data.Content)
	keep, lose, err := truth.Keeping(a.Game, a.Puzzle.Plies)
	if err != nil || len(lose) == 0 {
		t.Fatalf("%s: %d losing moves (%v)", a.Puzzle.ID, len(lose), err)
	}
	wrong := a.Game.Format(lose[0])
	var kept []string
	for _, k := range keep {
		kept = append(kept, a.Game.Format(k))
	}
	step, err := a.Play(lose[0])
	if err != nil || step.Right || !step.HasAnswer {
		t.Fatalf("%s: %s judged %+v (%v)", a.Puzzle.ID, wrong, step, err)
	}
	refutation := a.Game.Format(step.Answer)

	r, _ = tb.send(command(erin, ch, "ordo", "move", opt{"play", 3, wrong}))
	if !r.private() {
		t.Fatalf("the answer is not private: %q", r.Data.Content)
	}
	solver, p := glicko2(rating.Start, a.Puzzle.Rating, false)
	if !says(r.Data.Content, "puzzle.refuted", "Move", wrong, "Answer", refutation) {
		t.Errorf("the failed puzzle does not say %s is refuted by %s:\n%s", wrong, refutation, r.Data.Content)
	}
	mustSay(t, "the failed puzzle", r.Data.Content, "`"+kept[0], "**Failed.**",
		fmt.Sprintf("Your puzzle rating: %s → %s (-%d)", rating.Start, solver, rating.Start.Shown()-solver.Shown()))
	if solver.Rating >= rating.Start.Rating || p.Rating <= a.Puzzle.Rating {
		t.Fatalf("Glicko-2 here: solver %v, puzzle %v from %v", solver, p, a.Puzzle.Rating)
	}
	tb.checkRatings(t, erin, "ordo", a.Puzzle.ID, solver, p)
	again, _ := tb.send(command(erin, ch, "ordo", "move", opt{"play", 3, kept[0]}))
	mustSay(t, "a move after the failure", again.Data.Content, "You have no Ordo game in this channel")
	tb.checkRatings(t, erin, "ordo", a.Puzzle.ID, solver, p)

	// The next puzzle is another one; solving it rates from the ratings the failure left.
	r, _ = tb.send(command(erin, ch, "ordo", "puzzle"))
	b, truth := servedPuzzle(t, r.Data.Content)
	if b.Puzzle.ID == a.Puzzle.ID {
		t.Fatalf("the failed puzzle %s is served again", a.Puzzle.ID)
	}
	for !b.Over {
		keep, _, err := truth.Keeping(b.Game, b.Puzzle.Plies-len(b.Played))
		if err != nil {
			t.Fatal(err)
		}
		played := b.Game.Format(keep[0])
		if _, err := b.Play(keep[0]); err != nil {
			t.Fatal(err)
		}
		r, _ = tb.send(command(erin, ch, "ordo", "move", opt{"play", 3, played}))
	}
	solver2, p2 := glicko2(solver, b.Puzzle.Rating, true)
	mustSay(t, "the next puzzle solved", r.Data.Content, "**Solved!**",
		fmt.Sprintf("Your puzzle rating: %s → %s (+%d)", solver, solver2, solver2.Shown()-solver.Shown()))
	tb.checkRatings(t, erin, "ordo", b.Puzzle.ID, solver2, p2)
}

// A puzzle solved over the signed endpoint by a right move that is not the one the truth lists
// first (the sets keep no line: any move that keeps the win is right), in Ordo and in Ouri, by a
// typed move and by a button; the rating rises as Glicko-2 says.
func TestAPuzzleSolvedByAnotherRightMoveOverTheEndpoint(t *testing.T) {
	for _, c := range []struct {
		kind, user string
		button     bool
	}{
		{"ordo", "321", false},
		{"ouri", "322", true},
	} {
		t.Run(c.kind, func(t *testing.T) {
			tb := newTable(t)
			ch := "c-other-" + c.kind
			// A newcomer is served the unseen puzzle nearest 1500. Until it has several right
			// first moves, the newcomer fails it, which moves its rating away, and the next
			// newcomer asks.
			var user, token string
			var a *puzzle.Attempt
			var truth puzzle.Truth
			var r httpReply
			for i := 0; user == ""; i++ {
				if i == 40 {
					t.Fatal("no puzzle with several right first moves among the first 40 served")
				}
				r, token = tb.send(command(fmt.Sprint(c.user, i), ch, c.kind, "puzzle"))
				a, truth = servedPuzzle(t, r.Data.Content)
				keep, lose, err := truth.Keeping(a.Game, a.Puzzle.Plies)
				if err != nil {
					t.Fatal(err)
				}
				if len(keep) >= 2 {
					user = fmt.Sprint(c.user, i)
					break
				}
				failed, _ := tb.send(command(fmt.Sprint(c.user, i), ch, c.kind, "move", opt{"play", 3, a.Game.Format(lose[0])}))
				mustSay(t, "a newcomer's failure", failed.Data.Content, "**Failed.**")
			}
			shipped := a.Puzzle
			for first := true; !a.Over; first = false {
				keep, _, err := truth.Keeping(a.Game, max(a.Puzzle.Plies-len(a.Played), 0))
				if err != nil {
					t.Fatal(err)
				}
				m := keep[len(keep)-1]
				if first {
					m = keep[1] // not the first the truth lists
				}
				played := a.Game.Format(m)
				if _, err := a.Play(m); err != nil {
					t.Fatal(err)
				}
				if c.button {
					id := ""
					for _, cid := range r.customIDs() {
						if regexp.MustCompile("/puzzle/" + regexp.QuoteMeta(played) + "$").MatchString(cid) {
							id = cid
						}
					}
					if id == "" {
						t.Fatalf("no button for %s: %v", played, r.customIDs())
					}
					r, _ = tb.send(click(user, ch, id, "orig-"+token))
				} else {
					r, _ = tb.send(command(user, ch, c.kind, "move", opt{"play", 3, played}))
				}
				mustSay(t, "a right move", r.Data.Content, "Right: `"+played+"`")
			}
			solver, p := glicko2(rating.Start, shipped.Rating, true)
			mustSay(t, "the solved puzzle", r.Data.Content, "**Solved!**",
				fmt.Sprintf("Your puzzle rating: %s → %s (+%d)", rating.Start, solver, solver.Shown()-rating.Start.Shown()))
			tb.checkRatings(t, user, c.kind, shipped.ID, solver, p)
		})
	}
}

// dailyPosts are the daily puzzle's posts Discord received, in order: their contents and the
// custom id of their Solve button.
func dailyPosts(t *testing.T, f *fakeDiscord, channel string) (contents, solve []string) {
	t.Helper()
	for _, c := range f.recorded() {
		if c.Method != "POST" || c.Path != "/api/v10/channels/"+channel+"/messages" {
			continue
		}
		var body struct {
			Content    string
			Components []struct {
				Components []struct {
					CustomID string `json:"custom_id"`
				}
			}
		}
		if err := json.Unmarshal([]byte(c.Body), &body); err != nil {
			t.Fatal(err)
		}
		if len(body.Components) != 1 || len(body.Components[0].Components) != 1 {
			t.Fatalf("a daily post's controls: %+v", body.Components)
		}
		contents = append(contents, body.Content)
		solve = append(solve, body.Components[0].Components[0].CustomID)
	}
	return contents, solve
}

// dailySettings sets the server's daily puzzle by /tabuleiro settings.
func dailySettings(channel string, hour int) map[string]any {
	set := command("399", "c-settings", "tabuleiro", "settings", opt{"puzzle-channel", 7, channel},
		opt{"puzzle-hour", 3, fmt.Sprint(hour)})
	set["member"].(map[string]any)["permissions"] = "32"
	return set
}

// The daily puzzle is posted exactly once a day across restarts: each process is the bot on the
// same bbolt file, stopped (its store closed) and started again, sweeping at, before and after the
// hour, twice each time; a process that was down at the hour posts when it is back.
func TestTheDailyPuzzleIsPostedOnceAcrossRestarts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabuleiro.db")
	f := newFakeDiscord(t)
	clk := newClock()
	clk.Advance(-time.Hour) // 11:00 UTC
	// Each process lives on after the step that started it (its test is the whole test's), and
	// logs an error of its store as the test's failure.
	process, log := t, slog.New(&failOnError{t: t})
	tb := newTableOn(process, path, clk.Now, f, log, nil)
	r, _ := tb.send(dailySettings("c-daily", 12))
	mustSay(t, "the settings", r.Data.Content, "at 12:00 UTC")
	steps := []struct {
		name    string
		at      time.Duration // after 2025-03-01 00:00 UTC
		restart bool
		posts   int
	}{
		{"before the hour nothing is posted", 11*time.Hour + 59*time.Minute, false, 0},
		{"at the hour, just restarted, it is posted", 12 * time.Hour, true, 1},
		{"a minute later, restarted again, it is not posted again", 12*time.Hour + time.Minute, true, 1},
		{"later that day, without a restart, neither", 18 * time.Hour, false, 1},
		{"the next day before the hour nothing more", 35 * time.Hour, true, 1},
		{"the next day, down at the hour and back at 15:00, it is posted once", 39 * time.Hour, true, 2},
		{"and after one more restart that day, not again", 39*time.Hour + 5*time.Minute, true, 2},
	}
	day := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			clk.mu.Lock()
			clk.now = day.Add(s.at)
			clk.mu.Unlock()
			if s.restart {
				tb.stop()
				tb = newTableOn(process, path, clk.Now, f, log, nil)
			}
			for range 2 {
				tb.bot.Sweep(context.Background())
			}
			tb.settle()
			if posts, _ := dailyPosts(t, f, "c-daily"); len(posts) != s.posts {
				t.Fatalf("%d daily posts, want %d", len(posts), s.posts)
			}
		})
	}
	posts, solve := dailyPosts(t, f, "c-daily")
	mustSay(t, "the first day's post", posts[0], "2025-03-01", en("daily.unsolved"))
	mustSay(t, "the second day's post", posts[1], "2025-03-02")
	opened, _ := tb.send(click("398", "c-daily", solve[1], "1"))
	if !opened.private() {
		t.Fatalf("Solve after the restarts: want a private answer, got %q", opened.Data.Content)
	}
	mustSay(t, "the puzzle Solve opens", opened.Data.Content, "puzzle** `", "**Your task:**")
}

// Two replicas on one etcd store sweep together at the hour and after it: the daily puzzle is
// posted once, by whichever claimed the day.
func TestTheDailyPuzzleIsPostedOnceByTwoReplicas(t *testing.T) {
	cluster := etcdtest.Start(t, 1)
	rs := newReplicas(t, 2, onEtcd(t, cluster))
	if r, _, err := rs.post(dailySettings("c-daily", 12)); err != nil || !regexp.MustCompile("at 12:00 UTC").MatchString(r.Data.Content) {
		t.Fatalf("the settings: %q %v", r.Data.Content, err)
	}
	for round := range 3 {
		var wg sync.WaitGroup
		for _, r := range rs.all {
			wg.Go(func() { r.bot.Sweep(context.Background()) })
		}
		wg.Wait()
		for _, r := range rs.all {
			r.settle(t)
		}
		if posts, _ := dailyPosts(t, rs.f, "c-daily"); len(posts) != 1 {
			t.Fatalf("round %d: %d daily posts, want 1", round, len(posts))
		}
		rs.clock.Advance(20 * time.Minute)
	}
	if n := rs.logs.count("daily puzzle posted"); n != 1 {
		t.Errorf("the replicas say they posted %d times", n)
	}
}

// failOnError is a log that fails the test on every error the bot logs.
type failOnError struct{ t *testing.T }

func (f *failOnError) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelError }
func (f *failOnError) Handle(_ context.Context, r slog.Record) error {
	f.t.Errorf("the bot logged an error: %s", r.Message)
	return nil
}
func (f *failOnError) WithAttrs([]slog.Attr) slog.Handler { return f }
func (f *failOnError) WithGroup(string) slog.Handler      { return f }

// dailyNonces are the nonces of the daily puzzle's posts Discord received, in order; each must be
// enforced and at most Discord's 25 characters.
func dailyNonces(t *testing.T, f *fakeDiscord, channel string) []string {
	t.Helper()
	var out []string
	for _, c := range f.recorded() {
		if c.Method != "POST" || c.Path != "/api/v10/channels/"+channel+"/messages" {
			continue
		}
		var m struct {
			Nonce   string `json:"nonce"`
			Enforce bool   `json:"enforce_nonce"`
		}
		if err := json.Unmarshal([]byte(c.Body), &m); err != nil {
			t.Fatal(err)
		}
		if !m.Enforce || m.Nonce == "" || len(m.Nonce) > 25 {
			t.Errorf("a daily post's nonce is %q, enforced %v: Discord could post it twice", m.Nonce, m.Enforce)
		}
		out = append(out, m.Nonce)
	}
	return out
}

// A process that claimed the day's puzzle and died before noting its post (it may have landed)
// leaves it to the next sweep after the lease, which posts it under the name of the server's day:
// the one any process gives it (here another deployment's, on a file of its own), so Discord
// shows the day once. The next day's is named anew.
func TestADailyPuzzleClaimedByADeadProcessIsPostedAfterItsLeaseUnderTheDaysNonce(t *testing.T) {
	f := newFakeDiscord(t)
	clk := newClock() // 12:00 UTC
	log := slog.New(&failOnError{t: t})
	tb := newTableOn(t, filepath.Join(t.TempDir(), "tabuleiro.db"), clk.Now, f, log, nil)
	tb.send(dailySettings("c-daily", 12))
	shipped, err := puzzle.Load("ouri")
	if err != nil {
		t.Fatal(err)
	}
	day := store.Day(clk.Now())
	if _, won, err := tb.st.ClaimDaily(store.DailyPuzzle{Guild: guild, Day: day, Channel: "c-daily", Kind: "ouri",
		Puzzle: shipped[0].ID}, time.Minute); !won || err != nil {
		t.Fatalf("the dead process's claim: %v, %v", won, err)
	}
	sweep := func(tb *table, f *fakeDiscord, posts int) []string {
		t.Helper()
		tb.bot.Sweep(context.Background())
		tb.settle()
		n := dailyNonces(t, f, "c-daily")
		if len(n) != posts {
			t.Fatalf("%d daily posts, want %d", len(n), posts)
		}
		return n
	}
	sweep(tb, f, 0)
	clk.Advance(time.Minute) // the lease of a 24 h pace day
	nonces := sweep(tb, f, 1)
	clk.Advance(time.Hour)
	sweep(tb, f, 1)
	other := newFakeDiscord(t)
	elsewhere := newTableOn(t, filepath.Join(t.TempDir(), "tabuleiro.db"), clk.Now, other, log, nil)
	elsewhere.send(dailySettings("c-daily", 12))
	if got := sweep(elsewhere, other, 1); got[0] != nonces[0] {
		t.Errorf("another process names the day %q, this one %q", got[0], nonces[0])
	}
	clk.Advance(24 * time.Hour)
	if nonces = sweep(tb, f, 2); nonces[1] == nonces[0] {
		t.Errorf("the next day is named as the first: %q", nonces[1])
	}
}
