package ouriai

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tabuleiro/games/ouri"
)

// raceEnabled (set in race_test.go) makes the brute-force checks smaller.
var raceEnabled bool

var ruleSets = []ouri.Rules{ouri.RulesOuri, ouri.RulesAbapa}

func TestRankingIsABijectionInOrder(t *testing.T) {
	for n := 0; n <= 6; n++ {
		h := unrankIn(0, n)
		for idx := 0; idx < levelSize(n); idx++ {
			if got := rankIn(&h, n); got != idx {
				t.Fatalf("%d seeds: board %v ranks %d, want %d", n, h, got, idx)
			}
			if u := unrankIn(idx, n); u != h {
				t.Fatalf("%d seeds: unrank(%d) = %v, want %v", n, idx, u, h)
			}
			if boardSeeds(&h) != n {
				t.Fatalf("%d seeds: board %v holds %d", n, h, boardSeeds(&h))
			}
			if idx+1 < levelSize(n) {
				nextIn(&h)
			}
		}
	}
	for _, c := range []struct{ seeds, want int }{{15, 17_383_860}, {FullSeeds, 51_895_935}, {MaxSeeds, 86_493_225}} {
		if got := Positions(c.seeds); got != c.want {
			t.Errorf("positions with at most %d seeds = %d, want %d", c.seeds, got, c.want)
		}
	}
}

// bruteBounds solves every board of at most seeds seeds by plain fixed-point iteration over a map:
// an algorithm independent of the retrograde one, with the same definition (endless play the
// worst, or the best, for the mover; a bound only endless play reaches is −n, or n).
func bruteBounds(rules ouri.Rules, seeds int) (los, his map[[12]uint8]int) {
	los, his = map[[12]uint8]int{}, map[[12]uint8]int{}
	for n := 0; n <= seeds; n++ {
		var boards [][12]uint8
		var lay func(h [12]uint8, i, left int)
		lay = func(h [12]uint8, i, left int) {
			if i == 11 {
				h[11] = uint8(left)
				boards = append(boards, h)
				return
			}
			for v := 0; v <= left; v++ {
				h[i] = uint8(v)
				lay(h, i+1, left-v)
			}
		}
		lay([12]uint8{}, 0, n)
		const inf = 100
		lo, hi := map[[12]uint8]int{}, map[[12]uint8]int{}
		for _, b := range boards {
			lo[b], hi[b] = -inf, inf
		}
		for changed := true; changed; {
			changed = false
			for _, b := range boards {
				p := ouri.Position{Houses: b, Rules: rules}
				mask := p.LegalMask()
				l, u := -inf, -inf
				if mask == 0 {
					l = p.SideSeeds(0) - p.SideSeeds(1)
					u = l
				}
				for m := 0; m < 6; m++ {
					if mask&(1<<m) == 0 {
						continue
					}
					c, got := p.Sow(m)
					switch {
					case got > 0 && c.ToMove == 0:
						l, u = max(l, got+los[c.Houses]), max(u, got+his[c.Houses])
					case got > 0:
						q := turned(c.Houses)
						l, u = max(l, got-his[q]), max(u, got-los[q])
					default:
						q := turned(c.Houses)
						l, u = max(l, -hi[q]), max(u, -lo[q])
					}
				}
				if l != lo[b] || u != hi[b] {
					lo[b], hi[b], changed = l, u, true
				}
			}
		}
		for _, b := range boards {
			los[b], his[b] = max(lo[b], -n), min(hi[b], n)
		}
	}
	return los, his
}

func TestDatabaseMatchesFixedPointIteration(t *testing.T) {
	seeds := 7
	if testing.Short() || raceEnabled {
		seeds = 5
	}
	for _, rules := range ruleSets {
		t.Run(rules.String(), func(t *testing.T) {
			db := Build(rules, seeds, 2)
			wantLo, wantHi := bruteBounds(rules, seeds)
			bad, exact := 0, 0
			for b := range wantLo {
				p := ouri.Position{Houses: b, Rules: rules}
				lo, hi, ok := db.Bounds(&p)
				if !ok || lo != wantLo[b] || hi != wantHi[b] {
					bad++
					if bad < 5 {
						t.Errorf("board %v: database %d..%d (%v), brute force %d..%d", b, lo, hi, ok, wantLo[b], wantHi[b])
					}
				}
				if lo == hi {
					exact++
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d boards differ", bad, len(wantLo))
			}
			if exact == 0 || exact == len(wantLo) {
				t.Errorf("%d of %d boards exact: the test needs both kinds", exact, len(wantLo))
			}
		})
	}
}

// realRule is plain minimax over lines of play under the real repetition rule: the third
// occurrence of a position ends the game, each side collecting its own seeds. Captures start a
// new line, whose value is memoised since it depends on no history.
type realRule struct {
	rules ouri.Rules
	memo  map[[12]uint8]int
	nodes int // the search gives up (nodes < 0) past a budget: lines of play grow exponentially
}

// occurrence is a position on a line: the board from its mover's side and the mover's parity.
type occurrence struct {
	board [12]uint8
	odd   bool
}

// fresh is the value of board b for its mover as the first position of a line.
func (r *realRule) fresh(b [12]uint8) int {
	if v, ok := r.memo[b]; ok {
		return v
	}
	v := r.line(b, false, map[occurrence]int{{b, false}: 1})
	r.memo[b] = v
	return v
}

func (r *realRule) line(b [12]uint8, odd bool, seen map[occurrence]int) int {
	if r.nodes--; r.nodes < 0 {
		return 0
	}
	p := ouri.Position{Houses: b, Rules: r.rules}
	mask := p.LegalMask()
	if mask == 0 {
		return p.SideSeeds(0) - p.SideSeeds(1)
	}
	best := -100
	for m := 0; m < 6; m++ {
		if mask&(1<<m) == 0 {
			continue
		}
		c, got := p.Sow(m)
		var v int
		switch {
		case got > 0 && c.ToMove == 0:
			v = got + r.fresh(c.Houses)
		case got > 0:
			v = got - r.fresh(turned(c.Houses))
		default:
			q := occurrence{turned(c.Houses), !odd}
			seen[q]++
			if seen[q] == 3 {
				v = c.SideSeeds(0) - c.SideSeeds(1) // the mover's side is still South's here
			} else {
				v = -r.line(q.board, q.odd, seen)
			}
			seen[q]--
		}
		best = max(best, v)
	}
	return best
}

func TestDatabaseBoundsTheRealRule(t *testing.T) {
	seeds, samples, budget := 5, 150, 200_000
	if testing.Short() || raceEnabled {
		seeds, samples, budget = 4, 60, 50_000
	}
	for _, rules := range ruleSets {
		t.Run(rules.String(), func(t *testing.T) {
			db := Build(rules, seeds, 1)
			rng := rand.New(rand.NewPCG(1, uint64(rules)))
			checked, inside := 0, 0
			for range samples {
				n := 1 + rng.IntN(seeds)
				b := unrankIn(rng.IntN(levelSize(n)), n)
				r := &realRule{rules: rules, memo: map[[12]uint8]int{}, nodes: budget}
				want := r.fresh(b)
				if r.nodes < 0 {
					continue
				}
				checked++
				p := ouri.Position{Houses: b, Rules: rules}
				lo, hi, _ := db.Bounds(&p)
				if want < lo || want > hi {
					t.Errorf("board %v: database %d..%d, the real rule %d", b, lo, hi, want)
				}
				if lo < hi {
					inside++
				}
			}
			if checked < samples/4 {
				t.Errorf("only %d of %d sampled boards were searched within the node budget", checked, samples)
			}
			t.Logf("%d sampled boards checked against the real rule, %d of them depend on repetition", checked, inside)
		})
	}
}

func TestSaveAndLoad(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "not", "made", "yet") // Save makes the cache directory
	db := Build(ouri.RulesAbapa, 5, 2)
	path := filepath.Join(dir, FileName(db.Rules, db.Seeds))
	if err := db.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path, ouri.RulesAbapa, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range db.values {
		if w := got.values[i]; w != v {
			t.Fatalf("value %d: loaded %d..%d, saved %d..%d", i, w.lo, w.hi, v.lo, v.hi)
		}
	}
	t.Run("another rule set is stale", func(t *testing.T) {
		if _, err := Load(path, ouri.RulesOuri, 5); err == nil {
			t.Error("loaded an Abapa database as Ouri")
		}
	})
	t.Run("a damaged file is stale", func(t *testing.T) {
		raw, _ := os.ReadFile(path)
		raw[len(raw)-1] ^= 1
		bad := filepath.Join(dir, "bad.db")
		os.WriteFile(bad, raw, 0o644)
		if _, err := Load(bad, ouri.RulesAbapa, 5); err == nil {
			t.Error("loaded a file that fails its checksum")
		}
	})
	t.Run("a missing file is stale", func(t *testing.T) {
		if _, err := Load(filepath.Join(dir, "none.db"), ouri.RulesAbapa, 5); err == nil {
			t.Error("loaded a missing file")
		}
	})
}

// BenchmarkBuildDB builds the full database (15 seeds) for both rule sets and reports the time
// and size. It runs only when -bench selects it: go test -run '^$' -bench BuildDB ./ai/ouriai
func BenchmarkBuildDB(b *testing.B) {
	for _, rules := range ruleSets {
		b.Run(rules.String(), func(b *testing.B) {
			for range b.N {
				start := time.Now()
				db := Build(rules, FullSeeds, 0)
				took := time.Since(start)
				path := filepath.Join(b.TempDir(), FileName(rules, FullSeeds))
				if err := db.Save(path); err != nil {
					b.Fatal(err)
				}
				st, _ := os.Stat(path)
				b.ReportMetric(took.Seconds(), "build-s")
				b.ReportMetric(float64(st.Size())/1e6, "file-MB")
			}
		})
	}
}

// boardSeeds counts the seeds of a board.
func boardSeeds(h *[12]uint8) int {
	n := 0
	for _, s := range h {
		n += int(s)
	}
	return n
}
