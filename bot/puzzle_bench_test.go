package bot

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tabuleiro/ai/puzzle"
)

// BenchmarkServePuzzle is `/<game> puzzle` as the bot answers a newcomer (the pick among the
// unseen, the attempt started in the store with one commit, the position replayed and drawn), and
// the answer to its first decision, a right one (the truth judges it, the defence answers, the
// attempt is stored), on a real file, with the truths' databases loaded before the clock starts.
//
//	go test -run '^$' -bench ServePuzzle ./bot/
func BenchmarkServePuzzle(b *testing.B) {
	e := &env{path: filepath.Join(b.TempDir(), "tabuleiro.db"), rec: &recorder{original: map[string]string{}},
		clock: newClock(), log: slog.New(slog.DiscardHandler)}
	e.open()
	defer e.st.Close()
	for _, d := range descriptors() {
		n := 0
		serve := func(b *testing.B) (string, *puzzle.Attempt) {
			n++
			user := fmt.Sprint("u", n)
			r := e.handle(e.slash(user, d.Kind, "puzzle"))
			b.StopTimer()
			defer b.StartTimer()
			if !strings.Contains(said(r.Message), "puzzle") || !r.Message.Private {
				b.Fatalf("no puzzle served: %+v", r)
			}
			under, err := e.st.Attempt(user, d.Kind)
			if err != nil {
				b.Fatal(err)
			}
			a, err := puzzleByID(under.Puzzle)
			if err != nil {
				b.Fatal(err)
			}
			return user, a
		}
		// Loaded: the sets read, the databases built, the first position proven.
		_, a := serve(b)
		truth, _ := puzzle.TruthOf(d)
		if _, _, err := truth.Keeping(a.Game, a.Puzzle.Plies); err != nil {
			b.Fatal(err)
		}
		b.Run(d.Kind+"/serve", func(b *testing.B) {
			for b.Loop() {
				serve(b)
			}
		})
		b.Run(d.Kind+"/answer", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				user, a := serve(b)
				b.StopTimer()
				keep, _, err := truth.Keeping(a.Game, a.Puzzle.Plies)
				if err != nil || len(keep) == 0 {
					b.Fatal(keep, err)
				}
				right := a.Game.Format(keep[0])
				b.StartTimer()
				r := e.handle(e.slash(user, d.Kind, "move", "play", right))
				if !slices.ContainsFunc(strings.Split(said(r.Message), "\n"), func(l string) bool { return strings.Contains(l, right) }) {
					b.Fatalf("%s not answered: %+v", right, r)
				}
			}
		})
	}
}

// puzzleByID is a shipped puzzle's attempt, from its start.
func puzzleByID(id string) (*puzzle.Attempt, error) {
	for _, d := range descriptors() {
		for _, set := range puzzle.SetsOf(d) {
			ps, err := puzzle.Load(set)
			if err != nil {
				return nil, err
			}
			for _, p := range ps {
				if p.ID == id {
					return puzzle.Start(p)
				}
			}
		}
	}
	return nil, fmt.Errorf("no shipped puzzle %s", id)
}
