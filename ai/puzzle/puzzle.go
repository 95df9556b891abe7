// Package puzzle holds the puzzles: positions where the side to move can force a win, and the
// truth they are judged by — never one stored line, so every move that keeps the win is right.
//
// A puzzle is the decisions of a real game from its start, so the position comes with its history
// (Ouri's repetitions count it). The sets ship in sets/<name>.txt, one puzzle a line:
//
//	ouri-0001 1450 misere=false;rules=ouri c f a d … b
//
// its id, its starting rating, the game's options (- for none) and the decisions in the game's
// notation, a space within one written _ (Oolong's `move_c.e_nw.c`). A
// Truth answers for one game: which moves keep the proven win, the defence that resists longest,
// and the answer that refutes a wrong move. For Ouri and Abapa the truth is the exact endgame
// database (Oware); for Ordo and Oolong the exact prover of forced wins within the puzzle's plies
// (Forced).
package puzzle

import (
	"bufio"
	"bytes"
	"embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// Puzzle is a position to win from, as the decisions that reach it from a game's start.
type Puzzle struct {
	ID      string // "abapa-0042": its set and number
	Kind    string // the game
	Options games.Options
	Log     []string // the decisions from the start, in the game's notation
	Rating  float64  // its rating before anyone solved it
	// Plies is how many plies, the solver's and the other side's, the win must come within (a
	// forced win within 5 plies); 0 when any proven win will do (Oware's, sealed by the database).
	Plies int
}

// replays are the games puzzles replayed to, by kind, options and decisions: a puzzle served
// again, or an attempt resumed, copies its game instead of checking every decision once more.
var replays struct {
	sync.Mutex
	games map[string]games.Game
}

// replaysMost bounds the replays kept (a few megabytes); when full they start over.
const replaysMost = 4096

// Game replays the puzzle's decisions from the start: the position to solve, its history included.
func (p Puzzle) Game() (games.Game, error) {
	key := p.Kind + " " + p.Options.String() + " " + strings.Join(p.Log, ",")
	replays.Lock()
	g, ok := replays.games[key]
	replays.Unlock()
	if ok {
		return g.Clone(), nil
	}
	g, err := p.replay()
	if err != nil {
		return nil, err
	}
	replays.Lock()
	defer replays.Unlock()
	if len(replays.games) >= replaysMost || replays.games == nil {
		replays.games = make(map[string]games.Game)
	}
	replays.games[key] = g.Clone()
	return g, nil
}

func (p Puzzle) replay() (games.Game, error) {
	g, err := catalog.New(p.Kind, p.Options)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	for i, s := range p.Log {
		m, err := g.Parse(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("puzzle %s: decision %d (%q) does not replay: %w", p.ID, i+1, s, err)
		}
	}
	if g.Outcome().Over() {
		return nil, fmt.Errorf("puzzle %s: the game is over", p.ID)
	}
	return g, nil
}

// Line is the puzzle as a line of its set.
func (p Puzzle) Line() string {
	opts := p.Options.String()
	if opts == "" {
		opts = noOptions
	}
	log := make([]string, len(p.Log))
	for i, d := range p.Log {
		log[i] = strings.ReplaceAll(d, " ", "_")
	}
	return fmt.Sprintf("%s %d %s %s", p.ID, int(p.Rating), opts, strings.Join(log, " "))
}

// noOptions stands in a set's line for the options of a game that has none (Ordo).
const noOptions = "-"

// Parse reads a set's line into a puzzle of the game kind.
func Parse(kind, line string) (Puzzle, error) {
	f := strings.Fields(line)
	if len(f) < 3 {
		return Puzzle{}, fmt.Errorf("a puzzle line is `id rating options decisions…`, not %q", line)
	}
	rating, err := strconv.Atoi(f[1])
	if err != nil {
		return Puzzle{}, fmt.Errorf("puzzle %s: the rating %q is not a whole number", f[0], f[1])
	}
	opts := games.Options{}
	for _, kv := range strings.Split(f[2], ";") {
		if f[2] == noOptions {
			break
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return Puzzle{}, fmt.Errorf("puzzle %s: the option %q is not key=value (or - for none)", f[0], kv)
		}
		opts[k] = v
	}
	log := f[3:]
	for i, d := range log {
		log[i] = strings.ReplaceAll(d, "_", " ")
	}
	return Puzzle{ID: f[0], Kind: kind, Options: opts, Log: log, Rating: float64(rating)}, nil
}

//go:embed sets/*.txt
var files embed.FS

// Load reads a shipped set by its name (see Sets).
func Load(name string) ([]Puzzle, error) {
	s, ok := setNamed(name)
	if !ok {
		return nil, fmt.Errorf("there is no puzzle set %q: the sets are %s", name, strings.Join(Sets(), ", "))
	}
	b, err := files.ReadFile("sets/" + name + ".txt")
	if err != nil {
		return nil, fmt.Errorf("puzzle set %q: %w", name, err)
	}
	ps, err := read(b, s.desc.Kind)
	for i := range ps {
		ps[i].Plies = s.plies
	}
	return ps, err
}

func read(b []byte, kind string) ([]Puzzle, error) {
	var out []Puzzle
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := Parse(kind, line)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// Verdict is what the truth says of a position for the side to move.
type Verdict int8

const (
	Unknown Verdict = iota // the truth cannot tell (a repetition may decide it)
	Win                    // the side to move can force a win
	NoWin                  // the other side can hold at least a draw
)

// ErrUnknown is the answer where the truth cannot tell.
var ErrUnknown = errors.New("the truth cannot tell this position")

// Truth is what one game's puzzles are judged by. plies is how many plies are left for the win,
// the one about to be played included (0: no limit); a truth that proves wins without a horizon
// (Oware's database) ignores it.
type Truth interface {
	// Keeping sorts the legal moves of g into those after which the side to move still has a proven
	// win and those that throw it away; ErrUnknown when any move cannot be told.
	Keeping(g games.Game, plies int) (keep, lose []games.Move, err error)
	// Defence is the answer of the side to move, which has lost to a proven win, that puts off the
	// win longest.
	Defence(g games.Game, plies int) (games.Move, error)
	// Refutation is the answer of the side to move after a wrong move: the move that keeps its
	// draw or its win (the best it has).
	Refutation(g games.Game, plies int) (games.Move, error)
	// Sealed reports whether the side who solved has won beyond doubt already (the game is over
	// in their favour, or they hold enough to win whatever follows).
	Sealed(g games.Game, solver games.Seat) bool
}

// truths are the games' truths, made on first need (the databases take a second or two).
var truths = map[*games.Descriptor]func() Truth{
	ouri.Descriptor:   func() Truth { return oware() },
	ordo.Descriptor:   func() Truth { return forced() },
	oolong.Descriptor: func() Truth { return forced() },
}

// TruthOf is the truth that judges the puzzles of the game d describes.
func TruthOf(d *games.Descriptor) (Truth, bool) {
	t, ok := truths[d]
	if !ok {
		return nil, false
	}
	return t(), true
}
