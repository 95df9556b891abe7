package ouri

import (
	"fmt"
	"strings"

	"tabuleiro/games"
)

// Game is a game of Ouri in progress: the position, the sowings so far and the outcome.
type Game struct {
	pos     Position
	misere  bool
	log     []games.Move
	by      []games.Seat // who sowed each move of log
	outcome games.Outcome
	// since holds every position since the last capture, the current one last. Seeds leave the
	// board only by capture, so no earlier position can come back: this is all repetition needs.
	since []Position
	last  Sowing
}

// Sowing describes the last move played, for display.
type Sowing struct {
	Seat      games.Seat // who sowed; NoSeat before the first move
	House     int        // 0–5 = a–f, relative to the sower
	Captured  int        // seeds captured
	GrandSlam bool       // the sowing took (Ouri) or would have taken (Abapa) every opposing seed
}

// New starts a game of Ouri. Options: rules=ouri|abapa (default ouri), misere=true|false (default
// false).
func New(opts games.Options) (*Game, error) {
	rules, misere := RulesOuri, false
	for k, v := range opts {
		key := strings.ToLower(strings.TrimSpace(k))
		val := strings.ToLower(strings.TrimSpace(v))
		switch key {
		case "rules":
			switch val {
			case "ouri", "":
				rules = RulesOuri
			case "abapa":
				rules = RulesAbapa
			default:
				return nil, games.Problemf("ouri.bad-rules", "Value", v)
			}
		case "misere":
			switch val {
			case "false", "":
				misere = false
			case "true":
				misere = true
			default:
				return nil, games.Problemf("ouri.bad-misere", "Value", v)
			}
		default:
			return nil, games.Problemf("ouri.bad-option", "Option", k)
		}
	}
	return start(Start(rules), misere), nil
}

// FromPosition starts a game from any valid position (for tests, puzzles and analysis): 48 seeds
// in houses and stores, North or South to move, a known rule set. The position is the first
// occurrence for repetition; one the rules already decide is ended as they say.
func FromPosition(p Position, misere bool) (*Game, error) {
	total := int(p.Stores[0]) + int(p.Stores[1])
	for _, s := range p.Houses {
		total += int(s)
	}
	switch {
	case total != Seeds:
		return nil, fmt.Errorf("ouri: the position holds %d seeds, want %d", total, Seeds)
	case p.ToMove > 1:
		return nil, fmt.Errorf("ouri: side to move %d, want 0 (South) or 1 (North)", p.ToMove)
	case p.Rules > RulesAbapa:
		return nil, fmt.Errorf("ouri: unknown rule set %d", p.Rules)
	}
	return start(p, misere), nil
}

func start(p Position, misere bool) *Game {
	g := &Game{pos: p, misere: misere, outcome: games.Ongoing, since: []Position{p},
		last: Sowing{Seat: games.NoSeat}}
	g.settle()
	return g
}

func (g *Game) Kind() string { return "ouri" }

func (g *Game) Options() games.Options {
	return games.Options{"rules": g.pos.Rules.String(), "misere": fmt.Sprint(g.misere)}
}

// ToMove is the seat that sows next.
func (g *Game) ToMove() games.Seat { return games.Seat(g.pos.ToMove) }

// Legal lists the mover's legal houses, a–f order.
func (g *Game) Legal() []games.Move {
	if g.outcome.Over() {
		return nil
	}
	var out []games.Move
	for i, m := 0, g.pos.LegalMask(); m != 0; i, m = i+1, m>>1 {
		if m&1 != 0 {
			out = append(out, games.Move(i))
		}
	}
	return out
}

func (g *Game) legal(m games.Move) bool {
	return !g.outcome.Over() && m < 6 && g.pos.LegalMask()&(1<<m) != 0
}

// Play sows the mover's house m (0–5 = a–f).
func (g *Game) Play(m games.Move) error {
	if g.outcome.Over() {
		return games.Problemf("ouri.play-over")
	}
	if !g.legal(m) {
		return games.Problemf("ouri.illegal", "House", g.Format(m), "Houses", g.legalNames())
	}
	seat := games.Seat(g.pos.ToMove)
	next, captured, slam := g.pos.sow(int(m))
	g.pos = next
	g.log = append(g.log, m)
	g.by = append(g.by, seat)
	g.last = Sowing{Seat: seat, House: int(m), Captured: captured, GrandSlam: slam}
	if captured > 0 {
		g.since = append(g.since[:0:0], next)
	} else {
		g.since = append(g.since, next)
	}
	g.settle()
	return nil
}

// settle ends the game if the current position decides it, in the order of rules section 4.4.
func (g *Game) settle() {
	switch {
	case g.pos.Won():
		g.finish(games.Capture, false)
	case g.occurrences(g.pos) >= 3:
		g.finish(games.Repetition, true)
	case g.pos.LegalMask() == 0:
		g.finish(games.NoMoves, true)
	}
}

func (g *Game) occurrences(p Position) int {
	n := 0
	for _, q := range g.since {
		if q == p {
			n++
		}
	}
	return n
}

func (g *Game) finish(method games.Method, collect bool) {
	if collect {
		g.pos = g.pos.Collect()
	}
	g.outcome = games.Outcome{Winner: g.leader(), Method: method}
}

// leader is the seat with the larger store (the smaller under misère), NoSeat on a tie.
func (g *Game) leader() games.Seat {
	s, n := g.pos.Stores[0], g.pos.Stores[1]
	switch {
	case s == n:
		return games.NoSeat
	case (s > n) != g.misere:
		return 0
	}
	return 1
}

func (g *Game) Log() []games.Move { return append([]games.Move(nil), g.log...) }
func (g *Game) Ply() int          { return len(g.log) }

// Deciders is who sowed each move of Log: the same seat twice after an Ouri grand slam.
func (g *Game) Deciders() []games.Seat { return append([]games.Seat(nil), g.by...) }

func (g *Game) Outcome() games.Outcome { return g.outcome }

// End finishes the game outside play: Agreement collects the seeds and compares stores;
// Resignation and Time make the other seat the winner.
func (g *Game) End(method games.Method, loser games.Seat) error {
	o, err := games.EndOutside(g.outcome, method, loser, func() games.Outcome {
		g.finish(games.Agreement, true)
		return g.outcome
	})
	if err != nil {
		return fmt.Errorf("ouri: %w", err)
	}
	g.outcome = o
	return nil
}

func (g *Game) Clone() games.Game {
	c := *g
	c.log = append([]games.Move(nil), g.log...)
	c.by = append([]games.Seat(nil), g.by...)
	c.since = append([]Position(nil), g.since...)
	return &c
}

// Position is the current position (after any collection at the end).
func (g *Game) Position() Position { return g.pos }

// History is every position since the last capture, the current one last: what a search needs
// to see repetitions coming.
func (g *Game) History() []Position { return append([]Position(nil), g.since...) }

// Houses returns the seed counts, South a–f then North a–f.
func (g *Game) Houses() [12]int {
	var h [12]int
	for i, s := range g.pos.Houses {
		h[i] = int(s)
	}
	return h
}

// Stores returns the stores of South and North.
func (g *Game) Stores() [2]int { return [2]int{int(g.pos.Stores[0]), int(g.pos.Stores[1])} }

// Rules is the rule set in play.
func (g *Game) Rules() Rules { return g.pos.Rules }

// Misere reports whether the smaller store wins.
func (g *Game) Misere() bool { return g.misere }

// LastSowing describes the last move; its Seat is NoSeat before the first move.
func (g *Game) LastSowing() Sowing { return g.last }

// Hash identifies the position: houses, stores and side to move.
func (g *Game) Hash() uint64 { return g.pos.Hash() }
