package puzzle

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/ouri"
)

// Miner takes puzzles from played games (the store's finished games) into the sets of a folder,
// by the rules the self-play follows: each proven by the same truth with at least one right and
// one losing first move, no position twice, and no two on neighbouring plies of one game, the
// sets' own puzzles included. A set only grows: its puzzles keep their ids (their ratings are
// stored under them), the mined ones are numbered on.
type Miner struct {
	dir   string
	sets  []*mining
	Games int // the games looked at
}

// mining is one set as the miner grows it.
type mining struct {
	set
	head      []string // the file's comment lines, the mined count's excepted
	puzzles   []Puzzle
	positions map[uint64]bool
	next      int // the number of the next puzzle
	mined     int // mined before, by earlier runs
	added     int // mined by this run
	games     int // the stored games of the set's kind looked at
	take      func(g games.Game, name string, number int) (Puzzle, bool)
}

// minedNote begins the comment line a set's file gives its mined puzzles.
const minedNote = "# mined from stored games:"

// NewMiner reads the named sets (every set when names is empty) from dir, the package's sets/
// folder, to grow them.
func NewMiner(dir string, names []string) (*Miner, error) {
	chosen, err := choose(names)
	if err != nil {
		return nil, err
	}
	m := &Miner{dir: dir}
	for _, s := range chosen {
		ms, err := readMining(dir, s)
		if err != nil {
			return nil, err
		}
		m.sets = append(m.sets, ms)
	}
	return m, nil
}

func readMining(dir string, s set) (*mining, error) {
	path := filepath.Join(dir, s.name+".txt")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("puzzle set %s: %w (make it first: tabuleiro puzzles --set %s)", s.name, err, s.name)
	}
	ms := &mining{set: s, positions: map[uint64]bool{}, next: 1, take: s.mine()}
	for _, line := range strings.Split(string(b), "\n") {
		if n, ok := strings.CutPrefix(line, minedNote); ok {
			ms.mined, _ = strconv.Atoi(strings.Fields(n + " 0")[0])
		} else if strings.HasPrefix(line, "#") {
			ms.head = append(ms.head, line)
		}
	}
	if ms.puzzles, err = read(b, s.desc.Kind); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for i := range ms.puzzles {
		p := &ms.puzzles[i]
		p.Plies = s.plies
		g, err := p.Game()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		ms.positions[g.Hash()] = true
		if n, err := strconv.Atoi(strings.TrimPrefix(p.ID, s.name+"-")); err == nil && n >= ms.next {
			ms.next = n + 1
		}
	}
	return ms, nil
}

// mine is how the set takes a played position as a puzzle, when it is one: the self-play's own
// test of a candidate.
func (s set) mine() func(g games.Game, name string, number int) (Puzzle, bool) {
	if s.desc == ouri.Descriptor {
		return func(g games.Game, name string, number int) (Puzzle, bool) {
			og, ok := g.(*ouri.Game)
			if !ok || og.Misere() || og.Rules() != s.rules || boardSeeds(og.Position()) > Seeds {
				return Puzzle{}, false
			}
			return oware().candidate(og, name, number)
		}
	}
	search, err := searcherOf(s.desc)
	return func(g games.Game, name string, number int) (Puzzle, bool) {
		if err != nil || g.Descriptor() != s.desc {
			return Puzzle{}, false
		}
		return candidate(g, search, name, s.plies, number)
	}
}

// Game looks for puzzles in a played game, from its start to its last decision, and adds those
// that prove to be to its sets; it returns how many it added.
func (m *Miner) Game(played games.Game) (int, error) {
	m.Games++
	added := 0
	for _, ms := range m.sets {
		if ms.desc != played.Descriptor() {
			continue
		}
		ms.games++
		n, err := ms.game(played)
		if err != nil {
			return added, err
		}
		added += n
	}
	return added, nil
}

func (ms *mining) game(played games.Game) (int, error) {
	g, err := catalog.New(played.Kind(), played.Options())
	if err != nil {
		return 0, fmt.Errorf("a stored %s game: %w", played.Kind(), err)
	}
	log := played.Log()
	added := 0
	for ply, d := range log {
		if ply > 0 && !ms.positions[g.Hash()] && !ms.neighbours(g, ply) {
			p, ok := ms.take(g, ms.name, ms.next)
			p.Plies = ms.plies
			if ok && Check(p) == nil {
				ms.puzzles = append(ms.puzzles, p)
				ms.positions[g.Hash()] = true
				ms.next++
				ms.added++
				added++
			}
		}
		if err := g.Play(d); err != nil {
			return added, fmt.Errorf("a stored %s game does not replay at decision %d: %w", played.Kind(), ply+1, err)
		}
	}
	return added, nil
}

// neighbours reports whether a puzzle of the set stands within gap plies of g's position in the
// same game: one of their decisions is the start of the other's.
func (ms *mining) neighbours(g games.Game, ply int) bool {
	var log []string
	for _, p := range ms.puzzles {
		if d := len(p.Log) - ply; d <= -gap || d >= gap {
			continue
		}
		if log == nil {
			var err error
			if log, err = notated(g); err != nil {
				return true
			}
		}
		short, long := log, p.Log
		if len(short) > len(long) {
			short, long = long, short
		}
		if slices.Equal(short, long[:len(short)]) {
			return true
		}
	}
	return false
}

// Write writes the sets that grew back into the folder, saying on progress how many each took.
func (m *Miner) Write(progress io.Writer) error {
	for _, ms := range m.sets {
		fmt.Fprintf(progress, "%s: %d puzzles mined (%s games stored: %d of %d), %d in the set\n", ms.name, ms.added, ms.desc.Title, ms.games, m.Games, len(ms.puzzles))
		if ms.added == 0 {
			continue
		}
		var b strings.Builder
		for _, h := range ms.head {
			b.WriteString(h + "\n")
		}
		fmt.Fprintf(&b, "%s %d, by `tabuleiro puzzles --mine`\n", minedNote, ms.mined+ms.added)
		for _, p := range ms.puzzles {
			b.WriteString(p.Line() + "\n")
		}
		if err := os.WriteFile(filepath.Join(m.dir, ms.name+".txt"), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Added is how many puzzles the named set took in this run.
func (m *Miner) Added(name string) int {
	for _, ms := range m.sets {
		if ms.name == name {
			return ms.added
		}
	}
	return 0
}
