package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tabuleiro/ai/puzzle"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/ordo"
	"tabuleiro/store"
)

// playedOut plays g on to its end, a random legal decision at a time, or resigns it for the side
// to move after 200 plies: a finished game as a store keeps it.
func playedOut(t *testing.T, g games.Game, rng *rand.Rand) games.Game {
	t.Helper()
	for !g.Outcome().Over() {
		if g.Ply() >= 200 {
			if err := g.End(games.Resignation, g.ToMove()); err != nil {
				t.Fatal(err)
			}
			break
		}
		legal := g.Legal()
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// replayed is the game a puzzle's decisions reach.
func replayed(t *testing.T, p puzzle.Puzzle) games.Game {
	t.Helper()
	g, err := p.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// setFile reads a set's file in dir into its puzzles, in order.
func setFile(t *testing.T, dir, name, kind string, plies int) []puzzle.Puzzle {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []puzzle.Puzzle
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := puzzle.Parse(kind, line)
		if err != nil {
			t.Fatal(err)
		}
		p.Plies = plies
		out = append(out, p)
	}
	return out
}

// TestPuzzlesAreMinedFromAStore grows copies of the shipped Ordo and Ouri sets from the finished
// games of a real bbolt file: self-play games of another seed (whose puzzles it must find), a
// game through a shipped puzzle, random games, and games it must leave alone.
func TestPuzzlesAreMinedFromAStore(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"ordo", "ouri"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "ai", "puzzle", "sets", name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".txt"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	shippedOrdo, shippedOuri := setFile(t, dir, "ordo", "ordo", 5), setFile(t, dir, "ouri", "ouri", 0)

	// The games: self-play of another seed through positions it proved, played on to their end;
	// a game through the shipped ordo-0001; random Ouri games; a misère one and an unfinished one.
	rng := rand.New(rand.NewPCG(3, 4))
	fresh, err := puzzle.GenerateForced("fresh", ordo.Descriptor, 5, 2, 11)
	if err != nil {
		t.Fatal(err)
	}
	var finished []games.Game
	for _, p := range append(fresh, shippedOrdo[0]) {
		finished = append(finished, playedOut(t, replayed(t, p), rng))
	}
	for range 24 {
		g, err := catalog.New("ouri", games.Options{"rules": "ouri"})
		if err != nil {
			t.Fatal(err)
		}
		finished = append(finished, playedOut(t, g, rng))
	}
	misere, err := catalog.New("ouri", games.Options{"rules": "ouri", "misere": "true"})
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "tabuleiro.db")
	st, err := store.Open(db, store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	keep := func(g games.Game, who string) {
		if _, err := st.CreateGame(store.Game{Guild: "g", Channel: "c-" + who, Encoded: games.Encode(g),
			Seats: [2]store.Player{{UserID: who}, {Bot: true, Level: "hard"}}}); err != nil {
			t.Fatal(err)
		}
	}
	for i, g := range finished {
		keep(g, fmt.Sprint("p", i))
	}
	keep(playedOut(t, misere, rng), "misere")
	active := replayed(t, fresh[1])
	keep(active, "active")
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	mine := func(t *testing.T) string {
		t.Helper()
		var out, errs bytes.Buffer
		if code := puzzles([]string{"--mine", "--db", db, "--dir", dir, "--set", "ordo,ouri"}, &out, &errs); code != 0 {
			t.Fatalf("exit %d: %s", code, errs.String())
		}
		return out.String()
	}
	said := mine(t)
	ordoSet, ouriSet := setFile(t, dir, "ordo", "ordo", 5), setFile(t, dir, "ouri", "ouri", 0)
	t.Run("each set counts the finished games of its own kind", func(t *testing.T) {
		for _, want := range []string{fmt.Sprintf("(Ordo games stored: %d of %d)", len(fresh)+1, len(finished)+1),
			fmt.Sprintf("(Ouri games stored: %d of %d)", len(finished)-len(fresh), len(finished)+1)} {
			if !strings.Contains(said, want) {
				t.Errorf("the run does not say %q: %q", want, said)
			}
		}
	})

	t.Run("the shipped puzzles stay, in order, under their ids, and the mined ones are numbered on", func(t *testing.T) {
		for _, c := range []struct {
			before, after []puzzle.Puzzle
			name          string
		}{{shippedOrdo, ordoSet, "ordo"}, {shippedOuri, ouriSet, "ouri"}} {
			for i, p := range c.before {
				if c.after[i].Line() != p.Line() {
					t.Fatalf("%s's puzzle %d was %q, is %q", c.name, i, p.Line(), c.after[i].Line())
				}
			}
			for i, p := range c.after[len(c.before):] {
				if p.ID != fmt.Sprintf("%s-%04d", c.name, len(c.before)+i+1) {
					t.Errorf("mined puzzle %d of %s is %s", i, c.name, p.ID)
				}
			}
		}
		if len(ordoSet) <= len(shippedOrdo) || len(ouriSet) <= len(shippedOuri) {
			t.Fatalf("mined %d Ordo and %d Ouri puzzles, want some of each (%q)",
				len(ordoSet)-len(shippedOrdo), len(ouriSet)-len(shippedOuri), said)
		}
	})
	t.Run("every position the other seed's self-play proved is found in its stored game", func(t *testing.T) {
		for _, f := range fresh {
			h := replayed(t, f).Hash()
			if !slices.ContainsFunc(ordoSet[len(shippedOrdo):], func(p puzzle.Puzzle) bool { return replayed(t, p).Hash() == h }) {
				t.Errorf("the position of %s is not mined", f.Line())
			}
		}
	})
	t.Run("every mined puzzle is proven, from a finished game of its kind, neither misère nor unfinished", func(t *testing.T) {
		for _, set := range [][]puzzle.Puzzle{ordoSet[len(shippedOrdo):], ouriSet[len(shippedOuri):]} {
			for _, p := range set {
				g := replayed(t, p)
				truth, _ := puzzle.TruthOf(g.Descriptor())
				right, wrong, err := truth.Keeping(g, p.Plies)
				if err != nil || len(right) == 0 || len(wrong) == 0 {
					t.Fatalf("%s: %d right and %d losing first moves (%v)", p.ID, len(right), len(wrong), err)
				}
				if err := puzzle.Check(p); err != nil {
					t.Fatal(err)
				}
				from := slices.ContainsFunc(finished, func(f games.Game) bool {
					return f.Kind() == p.Kind && f.Options().String() == p.Options.String() && prefix(t, p.Log, f)
				})
				if !from || p.Options["misere"] == "true" {
					t.Errorf("%s comes from no finished game of its kind", p.ID)
				}
			}
		}
	})
	t.Run("no position twice and no two mined ones, or a mined and a shipped one, on neighbouring plies", func(t *testing.T) {
		for _, c := range []struct {
			set     []puzzle.Puzzle
			shipped int
		}{{ordoSet, len(shippedOrdo)}, {ouriSet, len(shippedOuri)}} {
			seen := map[uint64]string{}
			for _, p := range c.set {
				h := replayed(t, p).Hash()
				if seen[h] != "" {
					t.Fatalf("%s repeats %s", p.ID, seen[h])
				}
				seen[h] = p.ID
			}
			for i, a := range c.set[c.shipped:] {
				for j, b := range c.set {
					if j == c.shipped+i {
						continue
					}
					short, long := a.Log, b.Log
					if len(short) > len(long) {
						short, long = long, short
					}
					if slices.Equal(short, long[:len(short)]) && len(long)-len(short) < 4 {
						t.Fatalf("%s and %s stand on neighbouring plies of one game", a.ID, b.ID)
					}
				}
			}
		}
	})
	t.Run("mining the same store again adds nothing and leaves the files as they are", func(t *testing.T) {
		before := map[string][]byte{}
		for _, name := range []string{"ordo", "ouri"} {
			before[name], _ = os.ReadFile(filepath.Join(dir, name+".txt"))
		}
		if said := mine(t); !strings.Contains(said, "ordo: 0 puzzles mined") || !strings.Contains(said, "ouri: 0 puzzles mined") {
			t.Fatalf("the second run says %q", said)
		}
		for name, b := range before {
			if now, _ := os.ReadFile(filepath.Join(dir, name+".txt")); !bytes.Equal(now, b) {
				t.Errorf("%s changed", name)
			}
		}
	})
	t.Run("what cannot be mined is refused, saying what to do, and writes nothing", func(t *testing.T) {
		held, err := store.Open(db, store.Options{Decode: catalog.Decode})
		if err != nil {
			t.Fatal(err)
		}
		defer held.Close()
		for _, c := range []struct {
			name string
			args []string
			want string
		}{
			{"a database that is not there", []string{"--db", filepath.Join(dir, "none.db")}, "no database to mine"},
			{"a database a running bot holds", []string{"--db", db, "--set", "ordo"}, "tabuleiro backup copy.db"},
			{"a set the folder lacks", []string{"--db", db, "--set", "abapa"}, "tabuleiro puzzles --set abapa"},
			{"a set that does not exist", []string{"--db", db, "--set", "chess"}, `no puzzle set "chess"`},
		} {
			t.Run(c.name, func(t *testing.T) {
				var out, errs bytes.Buffer
				args := append([]string{"--mine", "--dir", dir}, c.args...)
				if code := puzzles(args, &out, &errs); code != 1 || !strings.Contains(errs.String(), c.want) {
					t.Fatalf("exit %d, stderr %q, want 1 and %q", code, errs.String(), c.want)
				}
			})
		}
		if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
			t.Error("mining a database that is not there made one")
		}
	})
}

// prefix reports whether log is the start of g's decisions, in notation.
func prefix(t *testing.T, log []string, g games.Game) bool {
	t.Helper()
	r, err := catalog.New(g.Kind(), g.Options())
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range g.Log() {
		if i == len(log) {
			return true
		}
		if r.Format(m) != log[i] {
			return false
		}
		if err := r.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return false
}
