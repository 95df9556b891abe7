package bot

import (
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// BenchmarkRatings measures /ordo leaderboard (first and a middle page, with the caller's rank) and
// /ordo profile as the bot answers them, on a store holding 100,000 rated games
// between 1,000 people in one server (RATING_BENCH_GAMES and RATING_BENCH_PLAYERS change that).
// The store is built through the store API: each game created with both players' first decision and
// ended by Update, which rates it. Reported: p50 and p99 of one answer.
//
//	go test -run '^$' -bench Ratings -benchtime 2000x ./bot/
func BenchmarkRatings(b *testing.B) {
	gamesN := envInt("RATING_BENCH_GAMES", 100_000)
	playersN := envInt("RATING_BENCH_PLAYERS", 1_000)
	path := filepath.Join(b.TempDir(), "tabuleiro.db")
	start := time.Now()
	fillRated(b, path, gamesN, playersN)
	b.Logf("built %d rated games between %d players in %s", gamesN, playersN, time.Since(start).Round(time.Millisecond))

	e := &env{path: path, rec: &recorder{original: map[string]string{}}, clock: newClock(), log: slog.New(slog.DiscardHandler)}
	e.open()
	defer e.st.Close()
	if lb, err := e.st.Leaderboard("g1", "ordo", "", 0, 0); err != nil || lb.Total != playersN {
		b.Fatalf("leaderboard of %d, %v", lb.Total, err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	user := func() string { return player(rng.IntN(playersN)) }
	middlePage := playersN / 20
	middle := strconv.Itoa(middlePage)
	for _, c := range []struct {
		name string
		in   func() *Interaction
		want string // in every answer
	}{
		{"leaderboard", func() *Interaction { return e.slash(user(), "ordo", "leaderboard") }, "You are `#"},
		{"leaderboard-page", func() *Interaction {
			return e.click(user(), "m1", Action{Route: "leaderboard", Kind: "ordo", Page: middlePage})
		}, "page " + middle + " of "},
		{"profile", func() *Interaction { return e.slash(user(), "ordo", "profile", "player", user()) }, "Last 5 games:"},
	} {
		b.Run(c.name, func(b *testing.B) {
			lat := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				in := c.in()
				t0 := time.Now()
				r := e.handle(in)
				lat = append(lat, time.Since(t0))
				if !strings.Contains(said(r.Message), c.want) {
					b.Fatalf("the answer does not say %q: %+v", c.want, r)
				}
			}
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
		})
	}
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func player(i int) string { return fmt.Sprintf("%018d", 100000000000000000+i) }

// fillRated stores n rated Ordo games between random pairs of people, each ended (won, lost or
// drawn) through Update, many at once so that the group commit shares the fsyncs.
func fillRated(b *testing.B, path string, n, people int) {
	st, err := store.Open(path, store.Options{Decode: catalog.Decode})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	g, err := catalog.New("ordo", nil)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := g.Play(g.Legal()[0]); err != nil {
			b.Fatal(err)
		}
	}
	encoded := games.Encode(g)
	const workers = 64
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 99))
			channel := fmt.Sprintf("c%d", w)
			for i := w; i < n; i += workers {
				x := rng.IntN(people)
				y := (x + 1 + rng.IntN(people-1)) % people
				rec, err := st.CreateGame(store.Game{Guild: "g1", Channel: channel, Kind: "ordo",
					Seats: [2]store.Player{{UserID: player(x)}, {UserID: player(y)}}, Encoded: encoded, Rated: true})
				if err != nil {
					errs <- err
					return
				}
				end := rng.IntN(10)
				_, _, err = st.Update(rec.ID, -1, func(r *store.Game, g games.Game) error {
					switch {
					case end == 0:
						return g.End(games.Agreement, 0)
					case end < 5:
						return g.End(games.Resignation, 0)
					}
					return g.End(games.Resignation, 1)
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	if err := st.Check(); err != nil {
		b.Fatal(err)
	}
}
