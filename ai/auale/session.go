// Package auale speaks the adapted UCI that Aualé (an Oware interface) speaks with its engine
// Aalina: Session is tabuleiro as such an engine (what `tabuleiro engine` does when its first line
// is "uci"), Client asks such an engine for its moves (what `tabuleiro bench --protocol auale`
// does). It plays Oware Abapa, our Ouri with rules=abapa (docs/engine-protocol-auale.md).
//
//	s := auale.NewSession(player, os.Stdout)
//	for sc.Scan() {
//		if !s.Handle(ctx, sc.Text()) {
//			break
//		}
//	}
//	s.Wait()
package auale

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

// The adapted UCI that Aualé (an Oware interface) speaks with its engine Aalina, so that an Aualé
// player can load tabuleiro as their engine (docs/engine-protocol-auale.md). It plays Oware Abapa,
// our Ouri with rules=abapa. A house is a letter: A–F South's houses from South's left, a–f
// North's from North's left (our mover-relative letters, the case telling whose). A board is
// the 12 houses (South's then North's), the two stores (South's, North's) and S or N to move,
// joined by '-': 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S is the start.

// IsUCI reports whether an engine's first line asks for this dialect.
func IsUCI(line []byte) bool { return strings.TrimSpace(string(line)) == "uci" }

// Session is one conversation with an Aualé-like interface. Searches run in the background so
// that stop and isready are answered while thinking; replies are whole lines, never interleaved.
type Session struct {
	player *ai.Player
	mu     sync.Mutex // guards out
	out    io.Writer
	game   *ouri.Game
	level  ai.Level
	seed   uint64
	cancel context.CancelFunc
	done   chan struct{}
}

func NewSession(player *ai.Player, out io.Writer) *Session {
	return &Session{player: player, out: out, game: abapaStart(), level: ai.Hard}
}

func abapaStart() *ouri.Game {
	g, _ := ouri.New(games.Options{"rules": "abapa"})
	return g
}

func (u *Session) say(format string, a ...any) {
	u.mu.Lock()
	defer u.mu.Unlock()
	fmt.Fprintf(u.out, format+"\n", a...)
}

// refuse answers a command it cannot follow; it changes nothing.
func (u *Session) refuse(format string, a ...any) {
	u.say("info string error: "+format, a...)
}

// Handle follows one command line; it reports false on quit.
func (u *Session) Handle(ctx context.Context, line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch cmd, args := f[0], f[1:]; cmd {
	case "uci":
		u.say("id name tabuleiro")
		u.say("id author the tabuleiro authors")
		u.say("option name Level type combo default %s var easy var medium var hard", u.level)
		u.say("uciok")
	case "isready":
		u.say("readyok")
	case "debug":
	case "ucinewgame":
		u.stop()
		u.game = abapaStart()
	case "setoption":
		u.setOption(args)
	case "position":
		u.stop()
		if g, err := abapaPosition(args); err != nil {
			u.refuse("%v", err)
		} else {
			u.game = g
		}
	case "go":
		u.think(ctx, args)
	case "stop", "ponderhit":
		u.stop()
	case "quit":
		u.stop()
		return false
	default:
		u.refuse("unknown command %q: use uci, isready, ucinewgame, setoption, position, go, stop or quit", cmd)
	}
	return true
}

func (u *Session) setOption(args []string) {
	// setoption name <name> value <value>
	var name, value []string
	var into *[]string
	for _, a := range args {
		switch a {
		case "name":
			into = &name
		case "value":
			into = &value
		default:
			if into != nil {
				*into = append(*into, a)
			}
		}
	}
	n, v := strings.Join(name, " "), strings.Join(value, " ")
	if !strings.EqualFold(n, "Level") {
		u.refuse("unknown option %q: the only option is Level (easy, medium or hard)", n)
		return
	}
	l, err := ai.ParseLevel(v)
	if err != nil {
		u.refuse("%v", err)
		return
	}
	u.level = l
}

// abapaPosition reads "startpos [moves …]" or "fen <board> [moves …]"; the moves may be written
// together (AdBe) or apart (A d B e).
func abapaPosition(args []string) (*ouri.Game, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf(`position needs "startpos" or "fen <board>", then "moves" and the moves`)
	}
	var g *ouri.Game
	rest := args[1:]
	switch args[0] {
	case "startpos":
		g = abapaStart()
	case "fen":
		if len(rest) == 0 {
			return nil, fmt.Errorf("fen needs a board: 12 houses, 2 stores and S or N, joined by '-'")
		}
		p, err := parseAbapaBoard(rest[0])
		if err != nil {
			return nil, err
		}
		if g, err = ouri.FromPosition(p, false); err != nil {
			return nil, err
		}
		rest = rest[1:]
	default:
		return nil, fmt.Errorf(`position %q: use "startpos" or "fen <board>"`, args[0])
	}
	if len(rest) == 0 {
		return g, nil
	}
	if rest[0] != "moves" {
		return nil, fmt.Errorf(`%q after the board: expected "moves"`, rest[0])
	}
	for i, c := range strings.Join(rest[1:], "") {
		if err := Play(g, c); err != nil {
			return nil, fmt.Errorf("move %d (%c): %v", i+1, c, err)
		}
	}
	return g, nil
}

// Play plays house c (A–F South's, a–f North's) in g, refusing a letter of the side not to move.
func Play(g *ouri.Game, c rune) error {
	if g.Outcome().Over() {
		return fmt.Errorf("the game is already over")
	}
	south := g.ToMove() == 0
	switch {
	case c >= 'A' && c <= 'F' && south, c >= 'a' && c <= 'f' && !south:
	case c >= 'A' && c <= 'F', c >= 'a' && c <= 'f':
		return fmt.Errorf("it is %s's turn, whose houses are %s", seatName(g.ToMove()), houseRange(g.ToMove()))
	default:
		return fmt.Errorf("not a house: use A–F for South, a–f for North")
	}
	m, err := g.Parse(strings.ToLower(string(c)))
	if err != nil {
		return err
	}
	return g.Play(m)
}

func seatName(s games.Seat) string {
	if s == 0 {
		return "South"
	}
	return "North"
}

func houseRange(s games.Seat) string {
	if s == 0 {
		return "A–F"
	}
	return "a–f"
}

// abapaLetter is m (a house of seat) in the dialect: upper case for South.
func abapaLetter(m games.Move, seat games.Seat) string {
	if seat == 0 {
		return string(rune('A' + int(m)))
	}
	return string(rune('a' + int(m)))
}

// parseAbapaBoard reads a board such as 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S.
func parseAbapaBoard(s string) (ouri.Position, error) {
	p := ouri.Position{Rules: ouri.RulesAbapa}
	f := strings.Split(s, "-")
	if len(f) != 15 {
		return p, fmt.Errorf("board %q has %d parts: want 12 houses, 2 stores and S or N, joined by '-'", s, len(f))
	}
	for i, x := range f[:14] {
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 || n > ouri.Seeds {
			return p, fmt.Errorf("board %q: part %d (%q) is not a seed count from 0 to %d", s, i+1, x, ouri.Seeds)
		}
		if i < 12 {
			p.Houses[i] = uint8(n)
		} else {
			p.Stores[i-12] = uint8(n)
		}
	}
	switch f[14] {
	case "S":
	case "N":
		p.ToMove = 1
	default:
		return p, fmt.Errorf("board %q: the side to move is S or N, not %q", s, f[14])
	}
	return p, nil
}

// abapaBoard writes p as parseAbapaBoard reads it.
func abapaBoard(p ouri.Position) string {
	var b strings.Builder
	for _, h := range p.Houses {
		fmt.Fprintf(&b, "%d-", h)
	}
	side := "S"
	if p.ToMove == 1 {
		side = "N"
	}
	fmt.Fprintf(&b, "%d-%d-%s", p.Stores[0], p.Stores[1], side)
	return b.String()
}

// think starts a search on the current position; its bestmove comes when it ends, or at stop.
// go movetime T thinks T milliseconds; with wtime/btime alone, a thirtieth of the clock of the
// side to move; depth alone, or nothing, the default second. go infinite and go ponder think
// until stop.
func (u *Session) think(ctx context.Context, args []string) {
	u.stop()
	budget, untilStop := time.Duration(0), false
	var clock [2]time.Duration
	for i := 0; i < len(args); i++ {
		ms := func() time.Duration {
			if i+1 < len(args) {
				if n, err := strconv.Atoi(args[i+1]); err == nil && n >= 0 && n <= 1e9 {
					i++
					return time.Duration(n) * time.Millisecond
				}
			}
			return -1
		}
		var d time.Duration
		key := args[i]
		switch key {
		case "movetime", "wtime", "btime", "depth", "nodes", "mate", "movestogo", "winc", "binc":
			if d = ms(); d < 0 {
				u.refuse("go %s needs a whole number (milliseconds, plies or moves)", key)
				return
			}
		}
		switch key {
		case "movetime":
			budget = d
		case "wtime":
			clock[0] = d
		case "btime":
			clock[1] = d
		case "depth", "nodes", "mate", "movestogo", "winc", "binc":
		case "infinite", "ponder":
			untilStop = true
		default:
			u.refuse("go %q: use movetime, wtime, btime, depth, infinite or ponder", key)
			return
		}
	}
	g := u.game.Clone()
	if g.Outcome().Over() {
		u.say("bestmove 0000")
		return
	}
	if budget == 0 {
		budget = ai.DefaultMoveTime
		if c := clock[g.ToMove()]; c > 0 {
			budget = max(c/30, 10*time.Millisecond)
		}
	}
	sctx, cancel := context.WithCancel(ctx)
	u.cancel, u.done = cancel, make(chan struct{})
	u.seed++
	seat, level, seed := g.ToMove(), u.level, u.seed
	go func(done chan struct{}) {
		defer close(done)
		defer cancel()
		if untilStop {
			<-sctx.Done()
		}
		m, err := u.player.Choose(sctx, g, ai.Settings{Level: level, MoveTime: budget, Seed: seed})
		if err != nil {
			// Stopped before the search ended: the quick heuristic's move, never none.
			m, err = u.player.Choose(context.Background(), g, ai.Settings{Level: ai.Medium, Seed: seed})
		}
		if err != nil {
			u.say("bestmove 0000")
			return
		}
		u.say("bestmove %s", abapaLetter(m, seat))
	}(u.done)
}

// stop ends the running search, if any, and waits for its bestmove.
func (u *Session) stop() {
	if u.cancel == nil {
		return
	}
	u.cancel()
	<-u.done
	u.cancel, u.done = nil, nil
}

// Wait lets the running search, if any, finish and say its bestmove.
func (u *Session) Wait() {
	if u.done != nil {
		<-u.done
		u.cancel, u.done = nil, nil
	}
}

// PositionCommand is how Aualé sends g: the board after the last capture ("startpos" while
// it is the start), then the moves since.
func PositionCommand(g *ouri.Game) string {
	hist := g.History()
	cmd := "position startpos"
	if hist[0] != ouri.Start(ouri.RulesAbapa) {
		cmd = "position fen " + abapaBoard(hist[0])
	}
	log, by := g.Log(), g.Deciders()
	var moves strings.Builder
	for i := len(log) - (len(hist) - 1); i < len(log); i++ {
		moves.WriteString(abapaLetter(log[i], by[i]))
	}
	if moves.Len() > 0 {
		cmd += " moves " + moves.String()
	}
	return cmd
}
