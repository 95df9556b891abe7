package table

import (
	"hash/fnv"
	"sync"
	"time"

	"tabuleiro/ai/puzzle"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// shelf is a game's shipped puzzles: by id, and as candidates to pick from.
type shelf struct {
	byID       map[string]puzzle.Puzzle
	candidates []PuzzleCandidate
	plies      int // the win's horizon of the game's puzzles (a blunder of one's own gets it too)
}

// shelves are the shipped puzzles of every game, read once.
var shelves = sync.OnceValues(func() (map[string]*shelf, error) {
	out := map[string]*shelf{}
	for _, d := range catalog.All() {
		s := &shelf{byID: map[string]puzzle.Puzzle{}}
		for _, name := range puzzle.SetsOf(d) {
			ps, err := puzzle.Load(name)
			if err != nil {
				return nil, err
			}
			for _, p := range ps {
				s.byID[p.ID] = p
				s.candidates = append(s.candidates, PuzzleCandidate{ID: p.ID, Rating: p.Rating})
				s.plies = p.Plies
			}
		}
		out[d.Kind] = s
	}
	return out, nil
})

// shelfOf is the game's shelf; an empty one for a game without puzzles.
func shelfOf(kind string) (*shelf, error) {
	all, err := shelves()
	if err != nil {
		return nil, err
	}
	if s, ok := all[kind]; ok {
		return s, nil
	}
	return &shelf{byID: map[string]puzzle.Puzzle{}}, nil
}

// Puzzles are the shipped puzzles of the game as candidates, in the sets' order.
func Puzzles(kind string) ([]PuzzleCandidate, error) {
	s, err := shelfOf(kind)
	if err != nil {
		return nil, err
	}
	return s.candidates, nil
}

// attemptOf is the attempt a pick is: the shipped puzzle, or the person's own blunder, with its
// decisions so far replayed.
func attemptOf(kind string, pick PuzzlePick) (*puzzle.Attempt, error) {
	p, err := pickedPuzzle(kind, pick)
	if err != nil {
		return nil, err
	}
	return puzzle.Resume(p, pick.Attempt.Played)
}

// pickedPuzzle is the puzzle a pick names: a shipped one, or the person's own blunder.
func pickedPuzzle(kind string, pick PuzzlePick) (puzzle.Puzzle, error) {
	s, err := shelfOf(kind)
	if err != nil {
		return puzzle.Puzzle{}, err
	}
	p, ok := s.byID[pick.Attempt.Puzzle]
	if pick.Attempt.Blunder != 0 {
		p, ok = blunderPuzzle(s, pick.Blunder, pick.Rating.Rating), pick.Blunder.Seq != 0
	}
	if !ok {
		return puzzle.Puzzle{}, ErrNoPuzzle
	}
	return p, nil
}

// blunderPuzzle is a person's own blunder as a puzzle of the game's shelf: the position before it,
// with the horizon of the game's puzzles.
func blunderPuzzle(s *shelf, b store.Blunder, rating float64) puzzle.Puzzle {
	return puzzle.Puzzle{ID: b.PuzzleID(), Kind: b.Kind, Options: b.Options, Log: b.Log, Rating: rating, Plies: s.plies}
}

// ProvesPuzzle reports whether a blunder's position is a puzzle by the rule the shipped ones
// follow: the truth proves a win for the side to move, at least one move throws it away, and every
// line through it is judged. A position the truth cannot judge (an Ouri board beyond the endgame
// database, a win beyond the horizon) is no puzzle.
func ProvesPuzzle(b store.Blunder) (bool, error) {
	all, err := shelves()
	if err != nil {
		return false, err
	}
	s, ok := all[b.Kind]
	if !ok {
		return false, nil
	}
	p := blunderPuzzle(s, b, 0)
	a, err := puzzle.Start(p)
	if err != nil {
		return false, nil
	}
	truth, _ := puzzle.TruthOf(a.Game.Descriptor())
	keep, lose, err := truth.Keeping(a.Game, p.Plies)
	if err != nil || len(keep) == 0 || len(lose) == 0 {
		return false, nil
	}
	return puzzle.Check(p) == nil, nil
}

// ChooseDaily is the day's puzzle, the same on every server: the games take turns by day, and the
// day picks one of the game's puzzles.
func ChooseDaily(_ store.DailyServer, day string) (kind, id string, ok bool) {
	all, err := shelves()
	if err != nil {
		return "", "", false
	}
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return "", "", false
	}
	ds := catalog.All()
	kind = ds[int(t.Unix()/86400)%len(ds)].Kind
	cs := all[kind].candidates
	if len(cs) == 0 {
		return "", "", false
	}
	h := fnv.New32a()
	h.Write([]byte(day))
	return kind, cs[int(h.Sum32()%uint32(len(cs)))].ID, true
}

// DailyPosition is a daily puzzle's position, as its post shows it: nobody's attempt.
func DailyPosition(d store.DailyPuzzle) (*puzzle.Attempt, error) {
	return attemptOf(d.Kind, PuzzlePick{Attempt: store.PuzzleAttempt{Puzzle: d.Puzzle}})
}
