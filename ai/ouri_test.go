package ai

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tabuleiro/ai/ouriai"
	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

func ouriGame(t *testing.T, south, north [6]uint8, stores [2]uint8, toMove uint8, rules ouri.Rules) *ouri.Game {
	t.Helper()
	var p ouri.Position
	copy(p.Houses[:6], south[:])
	copy(p.Houses[6:], north[:])
	p.Stores, p.ToMove, p.Rules = stores, toMove, rules
	g, err := ouri.FromPosition(p, false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

var ouriRuleSets = []ouri.Rules{ouri.RulesOuri, ouri.RulesAbapa}

func TestMediumOuriTakesTheFirstCaptureElseTheFirstMove(t *testing.T) {
	cases := []struct {
		name         string
		south, north [6]uint8
		want         games.Move
	}{
		{"the first capture in a..f order", [6]uint8{0, 3, 0, 0, 2, 3}, [6]uint8{1, 2, 1, 1, 2, 0}, 4},
		{"the first legal move when nothing captures", [6]uint8{0, 4, 4, 0, 0, 0}, [6]uint8{4, 4, 4, 4, 4, 4}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			seeds := 0
			for i := range 6 {
				seeds += int(tc.south[i]) + int(tc.north[i])
			}
			g := ouriGame(t, tc.south, tc.north, [2]uint8{15, uint8(33 - seeds)}, 0, ouri.RulesOuri)
			for seed := range uint64(5) {
				m, err := New(Config{EndgameSeeds: testSeeds}).Choose(context.Background(), g, Settings{Level: Medium, Seed: seed})
				if err != nil || m != tc.want {
					t.Fatalf("seed %d: medium chose %s (%v), want %s", seed, g.Format(m), err, g.Format(tc.want))
				}
			}
		})
	}
}

// wonAfter reports whether the mover wins at once by m.
func wonAfter(g *ouri.Game, m games.Move) bool {
	c := g.Clone()
	seat := c.ToMove()
	_ = c.Play(m)
	return c.Outcome().Over() && c.Outcome().Winner == seat
}

// loseInOne reports whether the opponent can win at once after m.
func loseInOne(g *ouri.Game, m games.Move) bool {
	c := g.Clone().(*ouri.Game)
	_ = c.Play(m)
	if c.Outcome().Over() {
		return false
	}
	for _, r := range c.Legal() {
		if wonAfter(c, r) {
			return true
		}
	}
	return false
}

func TestHardOuriTactics(t *testing.T) {
	cases := []struct {
		name         string
		south, north [6]uint8
		stores       [2]uint8
		check        func(*ouri.Game, games.Move) bool
	}{
		{"takes a win in one", [6]uint8{5, 3, 0, 0, 0, 2}, [6]uint8{1, 1, 3, 4, 2, 1}, [2]uint8{21, 5},
			func(g *ouri.Game, m games.Move) bool { return wonAfter(g, m) }},
		{"stops a loss in one", [6]uint8{2, 1, 0, 0, 3, 0}, [6]uint8{4, 0, 0, 0, 0, 2}, [2]uint8{16, 20},
			func(g *ouri.Game, m games.Move) bool { return !loseInOne(g, m) }},
	}
	p := New(Config{EndgameSeeds: testSeeds})
	for _, rules := range ouriRuleSets {
		for _, tc := range cases {
			t.Run(rules.String()+" "+tc.name, func(t *testing.T) {
				g := ouriGame(t, tc.south, tc.north, tc.stores, 0, rules)
				good, bad := 0, 0
				for _, m := range g.Legal() {
					if tc.check(g, m) {
						good++
					} else {
						bad++
					}
				}
				if good == 0 || bad == 0 {
					t.Fatalf("the position does not test anything: %d good moves, %d bad", good, bad)
				}
				m, err := p.Choose(context.Background(), g, Settings{Level: Hard, MoveTime: 200 * time.Millisecond, Seed: 1})
				if err != nil || !tc.check(g, m) {
					t.Errorf("hard chose %s (%v)", g.Format(m), err)
				}
			})
		}
	}
}

// TestHardOuriPlaysValueOptimalMovesFromTheDatabase checks hard against the database's own values
// one ply deep, on random positions the (test-sized) database covers and whose moves lead to
// values that do not depend on repetition (TestSearchPlaysForTheRealRepetitionRule, in ouriai,
// checks the others). Stores are set so that no capture reaches 25, where the game would stop
// before the remaining seeds are shared.
func TestHardOuriPlaysValueOptimalMovesFromTheDatabase(t *testing.T) {
	p := New(Config{EndgameSeeds: testSeeds})
	seeds := testSeeds
	for _, rules := range ouriRuleSets {
		t.Run(rules.String(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			db := ouriOf(p).dbs.waitDatabase(ctx, rules, "", testSeeds)
			if db == nil {
				t.Fatal("the database was not ready within a minute")
			}
			rng := rand.New(rand.NewPCG(3, uint64(rules)))
			checked := 0
			for checked < 40 {
				n := 2 + rng.IntN(seeds-1)
				var pos ouri.Position
				for range n {
					pos.Houses[rng.IntN(12)]++
				}
				pos.ToMove, pos.Rules = uint8(rng.IntN(2)), rules
				pos.Stores[pos.ToMove], pos.Stores[1-pos.ToMove] = uint8(24-n), 24
				g, err := ouri.FromPosition(pos, false)
				if err != nil {
					t.Fatal(err)
				}
				if len(g.Legal()) < 2 {
					continue
				}
				exact := true
				for _, m := range g.Legal() {
					c, _ := pos.Sow(int(m))
					_, ok := db.Probe(&c)
					exact = exact && ok
				}
				if !exact {
					continue
				}
				checked++
				backup := func(m games.Move) int {
					c, got := pos.Sow(int(m))
					v, _ := db.Probe(&c)
					if c.ToMove == pos.ToMove {
						return got + v
					}
					return got - v
				}
				best := -100
				for _, m := range g.Legal() {
					best = max(best, backup(m))
				}
				m, err := p.Choose(ctx, g, Settings{Level: Hard, MoveTime: 50 * time.Millisecond, Seed: uint64(checked)})
				if err != nil {
					t.Fatal(err)
				}
				if got := backup(m); got != best {
					t.Errorf("%v: hard chose %s worth %d, the best is worth %d", pos, g.Format(m), got, best)
				}
			}
		})
	}
}

func TestHardOuriHonoursBudgetAndCancellation(t *testing.T) {
	g, _ := ouri.New(games.Options{})
	for _, m := range []games.Move{3, 2, 4, 1, 0} { // past the opening book, which answers at once
		g.Play(m)
	}
	p := New(Config{EndgameSeeds: testSeeds})
	t.Run("answers within the budget", func(t *testing.T) {
		start := time.Now()
		if _, err := p.Choose(context.Background(), g, Settings{Level: Hard, MoveTime: 200 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		if took := time.Since(start); took > 700*time.Millisecond {
			t.Errorf("took %v with a 200ms budget", took)
		}
	})
	t.Run("returns the context's error soon after cancellation", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		start := time.Now()
		if _, err := p.Choose(ctx, g, Settings{Level: Hard, MoveTime: time.Minute}); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("got %v, want context.DeadlineExceeded", err)
		}
		if took := time.Since(start); took > 550*time.Millisecond {
			t.Errorf("took %v after a 50ms cancellation", took)
		}
	})
}

func TestOuriLevelsAreDeterministicForASeed(t *testing.T) {
	g, _ := ouri.New(games.Options{"rules": "abapa"})
	_ = g.Play(2)
	for _, level := range []Level{Easy, Medium} {
		t.Run(string(level), func(t *testing.T) {
			s := Settings{Level: level, Seed: 42}
			first, _ := testPlayer.Choose(context.Background(), g, s)
			for range 5 {
				if m, _ := testPlayer.Choose(context.Background(), g, s); m != first {
					t.Fatalf("chose %d then %d", first, m)
				}
			}
		})
	}
}

func TestOuriDatabaseIsCachedOnDisk(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	built := ouriOf(New(Config{CacheDir: dir, EndgameSeeds: testSeeds})).dbs.waitDatabase(ctx, ouri.RulesAbapa, dir, testSeeds)
	if built == nil {
		t.Fatal("the database was not built within a minute")
	}
	path := filepath.Join(dir, ouriai.FileName(ouri.RulesAbapa, testSeeds))
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no database file: %v", err)
	}
	loaded := ouriOf(New(Config{CacheDir: dir, EndgameSeeds: testSeeds})).dbs.waitDatabase(ctx, ouri.RulesAbapa, dir, testSeeds)
	pos := ouri.Position{Houses: [12]uint8{0, 2, 0, 1, 0, 0, 1, 0, 0, 0, 2, 0}, Rules: ouri.RulesAbapa}
	a, okA := built.Probe(&pos)
	b, okB := loaded.Probe(&pos)
	if !okA || !okB || a != b {
		t.Errorf("built %d (%v), loaded %d (%v)", a, okA, b, okB)
	}
}

// testSeeds keeps the endgame databases of the tests small enough to build in moments.
const testSeeds = 8

var testPlayer = New(Config{EndgameSeeds: testSeeds})

// ouriOf is p's Ouri engine.
func ouriOf(p *Player) *ouriEngine {
	g, _ := ouri.New(nil)
	e, _ := p.engine(g)
	return e.(*ouriEngine)
}

func TestOuriHardPlaysTheBookInTheOpening(t *testing.T) {
	for _, rules := range []string{"ouri", "abapa"} {
		t.Run("in "+rules+" hard sows as the book says in the first two plies, on a millisecond", func(t *testing.T) {
			// A millisecond's search reaches a few plies and often sows otherwise than the book's
			// deep one: only the book answers as it does in every position.
			g, _ := ouri.New(games.Options{"rules": rules})
			for i := -1; i < len(g.Legal()); i++ {
				g, _ := ouri.New(games.Options{"rules": rules})
				first := "the start"
				if i >= 0 {
					first = g.Format(g.Legal()[i])
					g.Play(g.Legal()[i])
				}
				want, ok := ouriai.Opening(g.Rules())[g.Position()]
				if !ok {
					t.Fatalf("after %s: the book has no sowing", first)
				}
				m, err := testPlayer.Choose(context.Background(), g, Settings{Level: Hard, MoveTime: time.Millisecond, Seed: 1})
				if err != nil || int(m) != want {
					t.Errorf("after %s: chose %s (%v), the book says %c", first, g.Format(m), err, 'a'+want)
				}
			}
		})
	}
}

// Endgame answers only where the database decides: an Ouri position of few seeds, once the
// database is built; never for misère, a full board or another game.
func TestEndgameAnswersWhereTheDatabaseDecides(t *testing.T) {
	p := New(Config{EndgameSeeds: testSeeds})
	few := ouri.Position{Houses: [12]uint8{0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1}, Stores: [2]uint8{22, 23}}
	g, err := ouri.FromPosition(few, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Endgame(g); ok {
		t.Error("an answer before the database was built")
	}
	p.Prepare(context.Background(), g)
	final, ok := p.Endgame(g)
	gain, decided := ouriai.Build(ouri.RulesOuri, testSeeds, 1).Probe(&few)
	if ok != decided || ok && (final[0]-final[1] != int(few.Stores[0])-int(few.Stores[1])+gain || final[0]+final[1] != 48) {
		t.Errorf("Endgame gives %v, %v; the database %d, %v", final, ok, gain, decided)
	}
	if !ok {
		t.Error("the database does not decide a position of three seeds")
	}
	misere, _ := ouri.FromPosition(few, true)
	full, _ := ouri.New(nil)
	for name, g := range map[string]games.Game{"misère": misere, "the start": full} {
		if _, ok := p.Endgame(g); ok {
			t.Errorf("%s: an exact value", name)
		}
	}
}
