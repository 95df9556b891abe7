package puzzle

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"tabuleiro/ai/ouriai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/games/ouri"
)

// gap is the fewest plies between two puzzles taken from one game, so that no two are neighbours.
const gap = 4

// GenerateOware plays games of Ouri under rules against itself, from openings of random moves, and
// takes from them up to n puzzles named name-0001…: positions with at most Seeds seeds on the board
// where the side to move has a proven win that most of its moves throw away, each judged to the
// end by the database (no repetition hangs over any of its moves).
func (o *Oware) GenerateOware(name string, rules ouri.Rules, n int, seed uint64) ([]Puzzle, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(rules)))
	db := o.DB[rules&1]
	seen := map[uint64]bool{}
	var out []Puzzle
	for game := 0; len(out) < n; game++ {
		if game > 50*n {
			return out, fmt.Errorf("only %d puzzles after %d games", len(out), game)
		}
		g, err := ouri.New(games.Options{"rules": rules.String()})
		if err != nil {
			return nil, err
		}
		// Self-play at a small depth with the database, from a random opening: varied games whose
		// endgames the database then judges.
		sr := &ouriai.Search{DB: db, Eval: &ouriai.DefaultWeights[rules&1], MaxDepth: 1 + rng.IntN(5)}
		last := -gap
		for ply := 0; !g.Outcome().Over() && ply < 400; ply++ {
			pos := g.Position()
			if ply-last >= gap && boardSeeds(pos) <= Seeds && !seen[g.Hash()] {
				if p, ok := o.candidate(g, name, len(out)+1); ok {
					out = append(out, p)
					seen[g.Hash()] = true
					last = ply
					if len(out) == n {
						break
					}
				}
			}
			var m games.Move
			if ply < 8 || rng.IntN(10) == 0 {
				legal := g.Legal()
				m = legal[rng.IntN(len(legal))]
			} else {
				r := sr.Best(context.Background(), pos, g.History(), time.Second, rng)
				m = games.Move(r.Move)
			}
			if err := g.Play(m); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func boardSeeds(p ouri.Position) int {
	n := 0
	for _, s := range p.Houses {
		n += int(s)
	}
	return n
}

// candidate is g's position as a puzzle when it is one: a proven win, more moves that lose it than
// keep it, every move decided.
func (o *Oware) candidate(g *ouri.Game, name string, number int) (Puzzle, bool) {
	keep, lose, err := o.Keeping(g, 0)
	if err != nil || len(keep) == 0 || len(lose) <= len(keep) {
		return Puzzle{}, false
	}
	log, err := notated(g)
	if err != nil {
		return Puzzle{}, false
	}
	p := Puzzle{
		ID:      fmt.Sprintf("%s-%04d", name, number),
		Kind:    g.Kind(),
		Options: g.Options(),
		Log:     log,
	}
	if Check(p) != nil {
		return Puzzle{}, false
	}
	p.Rating = o.difficulty(g, keep)
	return p, true
}

// difficulty is a puzzle's starting rating: 1200, and 150 more for each depth (1, 2, 4, 6) at which
// a search without the database picks a move that throws the win away.
func (o *Oware) difficulty(g *ouri.Game, keep []games.Move) float64 {
	rating := 1200.0
	for _, depth := range []int{1, 2, 4, 6} {
		sr := &ouriai.Search{Eval: &ouriai.DefaultWeights[g.Rules()&1], MaxDepth: depth}
		r := sr.Best(context.Background(), g.Position(), g.History(), time.Second, rand.New(rand.NewPCG(1, 2)))
		right := false
		for _, k := range keep {
			right = right || int(k) == r.Move
		}
		if !right {
			rating += 150
		}
	}
	return rating
}

// notated is g's decisions in its notation. A decision's notation belongs to the position it was
// played in: each is written on a replay.
func notated(g games.Game) ([]string, error) {
	r, err := catalog.New(g.Kind(), g.Options())
	if err != nil {
		return nil, err
	}
	log := make([]string, 0, g.Ply())
	for _, m := range g.Log() {
		log = append(log, r.Format(m))
		if err := r.Play(m); err != nil {
			return nil, err
		}
	}
	return log, nil
}
