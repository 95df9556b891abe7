package store

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/rating"
)

// ratedGame stores a rated game between two people after each has decided once.
func ratedGame(t testing.TB, s *DB, channel, kind string, opts games.Options, a, b string) Game {
	t.Helper()
	g, err := catalog.New(kind, opts)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := g.Play(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := s.CreateGame(Game{Guild: "g1", Channel: channel, Kind: kind, Seats: [2]Player{person(a), person(b)},
		Encoded: games.Encode(g), Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func resign(seat games.Seat) func(*Game, games.Game) error {
	return func(r *Game, g games.Game) error { return g.End(games.Resignation, seat) }
}

func standing(t testing.TB, s *DB, kind, user string) Standing {
	t.Helper()
	st, err := s.Standing("g1", kind, user)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestARatedGameChangesBothRatingsWithItsResult(t *testing.T) {
	s, _, _ := openTest(t)
	rec := ratedGame(t, s, "c1", "ordo", nil, "a", "b")
	out, _, err := s.Update(rec.ID, -1, resign(1))
	if err != nil {
		t.Fatal(err)
	}
	wa, wb := rating.Game(rating.Start, rating.Start, rating.Win)
	a, b := standing(t, s, "ordo", "a"), standing(t, s, "ordo", "b")
	if a.Rating != wa || b.Rating != wb || a.Won != 1 || b.Lost != 1 {
		t.Fatalf("standings a %+v b %+v", a, b)
	}
	want := [2]RatingChange{{1500, 1662, true, true}, {1500, 1338, true, true}}
	if !out.Rated || out.Change != want {
		t.Fatalf("record says rated %v change %+v", out.Rated, out.Change)
	}
	if st := standing(t, s, "ouri", "a"); st.Rated() != 0 || st.Rating != rating.Start {
		t.Fatalf("another game's standing moved: %+v", st)
	}
	lb, err := s.Leaderboard("g1", "ordo", "b", 0, 10)
	if err != nil || lb.Total != 2 || len(lb.Entries) != 2 || lb.Entries[0].User != "a" || lb.Mine.Rank != 2 {
		t.Fatalf("leaderboard %+v, %v", lb, err)
	}
}

// Which variants may be rated is the table's decision (the game's descriptor): the store settles a
// game the table marked rated whatever its options.
func TestTheStoreSettlesWhatTheTableDecided(t *testing.T) {
	s, _, _ := openTest(t)
	rec := ratedGame(t, s, "c1", "ouri", games.Options{"rules": "abapa"}, "a", "b")
	out, _, err := s.Update(rec.ID, -1, resign(1))
	if err != nil {
		t.Fatal(err)
	}
	if out.Change == ([2]RatingChange{}) {
		t.Fatalf("a game the table rated was not settled: %+v", out)
	}
	if st := standing(t, s, "ouri", "a"); st.Won != 1 {
		t.Fatalf("standing %+v", st)
	}
}

func TestGamesThatAreNotRatedLeaveRatingsAlone(t *testing.T) {
	s, _, _ := openTest(t)
	cases := []struct {
		name string
		make func() Game
	}{
		{"a game where one player never decided", func() Game {
			rec, err := s.CreateGame(Game{Guild: "g1", Channel: "c3", Kind: "ouri", Seats: [2]Player{person("a"), person("b")},
				Encoded: fresh(t, "ouri", 1), Rated: true})
			if err != nil {
				t.Fatal(err)
			}
			return rec
		}},
		{"an unrated challenge", func() Game { return newGame(t, s, "c4", "ouri", person("a"), person("b")) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, _, err := s.Update(c.make().ID, -1, resign(0))
			if err != nil {
				t.Fatal(err)
			}
			if out.Change != ([2]RatingChange{}) {
				t.Fatalf("record rated %v change %+v", out.Rated, out.Change)
			}
			if st := standing(t, s, "ouri", "a"); st.Rated() != 0 || st.Rating != rating.Start {
				t.Fatalf("standing moved: %+v", st)
			}
		})
	}
	lb, err := s.Leaderboard("g1", "ouri", "a", 0, 10)
	if err != nil || lb.Total != 0 || lb.Mine.Rank != 0 {
		t.Fatalf("leaderboard %+v, %v", lb, err)
	}
}

func TestBotGamesCountPerLevelAndNeverRate(t *testing.T) {
	s, _, _ := openTest(t)
	for _, c := range []struct {
		level string
		loser games.Seat
	}{{"hard", 1}, {"easy", 1}, {"easy", 0}} {
		rec := newGame(t, s, "c1", "ordo", person("a"), bot(c.level))
		rec.Rated = true
		if _, _, err := s.Update(rec.ID, -1, func(r *Game, g games.Game) error {
			r.Rated = true // even a record that claims it is not rated
			return g.End(games.Resignation, c.loser)
		}); err != nil {
			t.Fatal(err)
		}
	}
	st := standing(t, s, "ordo", "a")
	// In the order first played: the table shows them by strength.
	want := []BotRecord{{"hard", 1, 0, 0}, {"easy", 1, 0, 1}}
	if st.Rated() != 0 || st.Rating != rating.Start || len(st.Bot) != 2 || st.Bot[0] != want[0] || st.Bot[1] != want[1] {
		t.Fatalf("standing %+v", st)
	}
}

// Two endings racing on one game (a resignation and a loss on time) rate it once, and a store
// reopened afterwards still holds exactly that.
func TestRacingEndingsRateOnce(t *testing.T) {
	s, _, path := openTest(t)
	for round := 0; round < 20; round++ {
		rec := ratedGame(t, s, "c1", "oolong", nil, "a", "b")
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, seat := range []games.Seat{0, 1} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				method := []games.Method{games.Resignation, games.Time}[i]
				_, _, errs[i] = s.Update(rec.ID, rec.Ply, func(r *Game, g games.Game) error { return g.End(method, seat) })
			}()
		}
		wg.Wait()
		landed := 0
		for _, err := range errs {
			// The loser is told the game moved on, or that it is already over.
			if err == nil {
				landed++
			}
		}
		if landed != 1 {
			t.Fatalf("round %d: %d endings landed (%v)", round, landed, errs)
		}
	}
	a, b := standing(t, s, "oolong", "a"), standing(t, s, "oolong", "b")
	if a.Rated() != 20 || b.Rated() != 20 || a.Won != b.Lost || a.Lost != b.Won {
		t.Fatalf("a %+v b %+v", a, b)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(path, Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got, err := s2.Standing("g1", "oolong", "a"); err != nil || got.Rating != a.Rating || got.Rated() != 20 {
		t.Fatalf("after reopening: %+v, %v", got, err)
	}
	if err := s2.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestLeaderboardPagesAndRecentGames(t *testing.T) {
	s, clock, _ := openTest(t)
	// p0 beats everyone, p1 everyone but p0, and so on: the board lists p0 first.
	const n = 13
	users := make([]string, n)
	for i := range users {
		users[i] = string(rune('A' + i))
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			rec := ratedGame(t, s, "c1", "ordo", nil, users[i], users[j])
			clock.Add(1)
			if _, _, err := s.Update(rec.ID, -1, resign(1)); err != nil {
				t.Fatal(err)
			}
		}
	}
	lb, err := s.Leaderboard("g1", "ordo", users[12], 10, 10)
	if err != nil {
		t.Fatal(err)
	}
	if lb.Total != n || len(lb.Entries) != 3 || lb.Entries[0].Rank != 11 || lb.Entries[2].User != users[12] || lb.Mine.Rank != 13 {
		t.Fatalf("second page %+v", lb)
	}
	first, _ := s.Leaderboard("g1", "ordo", users[12], 0, 10)
	for i, e := range first.Entries {
		if e.User != users[i] || e.Rank != i+1 || i > 0 && e.Rating.Rating > first.Entries[i-1].Rating.Rating {
			t.Fatalf("first page %d: %+v", i, e)
		}
	}
	recent, err := s.RecentGames("g1", "ordo", users[0], 5)
	if err != nil || len(recent) != 5 || recent[0].Seats[1].UserID != users[12] {
		t.Fatalf("recent %v, %v", gameIDs(recent), err)
	}
}

// Equal ratings share a band: pages and ranks still list everyone once, in key order.
func TestLeaderboardWithEqualRatings(t *testing.T) {
	s, _, _ := openTest(t)
	const pairs = 12
	for i := 0; i < pairs; i++ {
		rec := ratedGame(t, s, "c1", "oolong", nil, fmt.Sprintf("w%02d", i), fmt.Sprintf("l%02d", i))
		if _, _, err := s.Update(rec.ID, -1, resign(1)); err != nil {
			t.Fatal(err)
		}
	}
	var all []Ranked
	for offset := 0; offset < 2*pairs; offset += 5 {
		lb, err := s.Leaderboard("g1", "oolong", "", offset, 5)
		if err != nil || lb.Total != 2*pairs {
			t.Fatalf("offset %d: %+v, %v", offset, lb, err)
		}
		all = append(all, lb.Entries...)
	}
	if len(all) != 2*pairs {
		t.Fatalf("%d entries over the pages", len(all))
	}
	seen := map[string]bool{}
	for i, e := range all {
		if e.Rank != i+1 || seen[e.User] || (i < pairs) != strings.HasPrefix(e.User, "w") {
			t.Fatalf("entry %d: %+v", i, e)
		}
		seen[e.User] = true
		lb, _ := s.Leaderboard("g1", "oolong", e.User, 0, 0)
		if lb.Mine.Rank != e.Rank {
			t.Fatalf("%s is listed at %d, told %d", e.User, e.Rank, lb.Mine.Rank)
		}
	}
}

// Check finds a leaderboard that disagrees with the standings: a lost entry, a stray one, a wrong
// band count.
func TestCheckComparesTheLeaderboardWithTheStandings(t *testing.T) {
	for _, c := range []struct {
		name   string
		damage func(tx *bolt.Tx) error
		want   string
	}{
		{"a lost entry", func(tx *bolt.Tx) error {
			k, _ := tx.Bucket(bLeaderboard).Cursor().First()
			return tx.Bucket(bLeaderboard).Delete(k)
		}, "lacks its entry"},
		{"a stray entry", func(tx *bolt.Tx) error {
			st := Standing{Guild: "g1", Kind: "ordo", User: "ghost", Rating: rating.Start, Won: 1}
			return tx.Bucket(bLeaderboard).Put(leaderboardKey(st), nil)
		}, "names no standing"},
		{"a wrong count", func(tx *bolt.Tx) error {
			k, _ := tx.Bucket(bBands).Cursor().First()
			return tx.Bucket(bBands).Put(k, []byte{7})
		}, "counts 7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _, _ := openTest(t)
			rec := ratedGame(t, s, "c1", "ordo", nil, "a", "b")
			if _, _, err := s.Update(rec.ID, -1, resign(1)); err != nil {
				t.Fatal(err)
			}
			if err := s.File().db.Update(c.damage); err != nil {
				t.Fatal(err)
			}
			err := s.Check()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Check says %v, want %q", err, c.want)
			}
			// Repair for the cleanup's own check: put back what the standings imply.
			s.File().db.Update(func(tx *bolt.Tx) error {
				for _, b := range [][]byte{bLeaderboard, bBands} {
					tx.DeleteBucket(b)
					tx.CreateBucket(b)
				}
				for _, u := range []string{"a", "b"} {
					st, _ := getStanding(rawTx(tx), "g1", "ordo", u)
					if err := putStanding(rawTx(tx), &Standing{}, st); err != nil {
						return err
					}
				}
				return nil
			})
		})
	}
}

func FuzzDecodeStanding(f *testing.F) {
	f.Add(encodeStanding(Standing{Rating: rating.Start, Won: 3, Bot: []BotRecord{{"easy", 1, 2, 3}}}))
	f.Add([]byte{standingVersion})
	f.Fuzz(func(t *testing.T, b []byte) {
		var st Standing
		if err := decodeStanding(&st, b); err != nil {
			return
		}
		var back Standing
		if err := decodeStanding(&back, encodeStanding(st)); err != nil {
			t.Fatalf("re-encoded standing does not read: %v", err)
		}
		if !reflect.DeepEqual(nanFree(back), nanFree(st)) {
			t.Fatalf("round trip %+v → %+v", st, back)
		}
	})
}

// nanFree makes NaN ratings compare equal.
func nanFree(st Standing) Standing {
	for _, p := range []*float64{&st.Rating.Rating, &st.Rating.Deviation, &st.Rating.Volatility} {
		if math.IsNaN(*p) {
			*p = -1
		}
	}
	return st
}
