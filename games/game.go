package games

import (
	"fmt"
	"sort"
	"strings"
)

// Seat is one of the two players: 0 moves first (Black in Oolong, South in Ouri, White in Ordo).
type Seat int8

// NoSeat marks "nobody", e.g. the winner of a draw.
const NoSeat Seat = -1

// Other returns the opponent's seat.
func (s Seat) Other() Seat { return 1 - s }

func (s Seat) String() string {
	switch s {
	case 0, 1:
		return fmt.Sprintf("seat %d", s)
	}
	return "no seat"
}

// Move is one decision in a game's own packed form; only the game that made it can read it.
// Format and Parse translate it to and from the canonical notation of the rules files.
type Move uint32

// Method says how a game ended.
type Method uint8

const (
	NotOver     Method = iota
	Claim              // Oolong: five tables claimed
	HomeRow            // Ordo: a piece reached the opponent's home row
	Capture            // Ordo: the opponent has no pieces; Ouri: a store reached 25
	NoMoves            // the player to move had no legal move
	Exhaustion         // Oolong: the player to move has no tea left
	Repetition         // third occurrence of a position
	Agreement          // both players agreed (a draw, or Ouri's end with seeds collected)
	Resignation        // a player resigned
	Time               // a player let the idle limit pass
)

var methodNames = [...]string{"not over", "claim", "home row", "capture", "no moves", "exhaustion",
	"repetition", "agreement", "resignation", "time"}

func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("method(%d)", m)
}

// Outcome is who won (NoSeat for a draw) and how the game ended. The zero value is not usable:
// use Ongoing for a game still being played.
type Outcome struct {
	Winner Seat
	Method Method
}

// Ongoing is the outcome of a game that is not over.
var Ongoing = Outcome{Winner: NoSeat, Method: NotOver}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Method != NotOver }

// Draw reports whether the game ended without a winner.
func (o Outcome) Draw() bool { return o.Over() && o.Winner == NoSeat }

// Result is the engine protocol's result: "0", "1", "draw", or "" while the game goes on.
func (o Outcome) Result() string {
	switch {
	case !o.Over():
		return ""
	case o.Winner == NoSeat:
		return "draw"
	}
	return fmt.Sprintf("%d", o.Winner)
}

func (o Outcome) String() string {
	switch {
	case !o.Over():
		return "ongoing"
	case o.Winner == NoSeat:
		return "draw by " + o.Method.String()
	}
	return fmt.Sprintf("seat %d wins by %s", o.Winner, o.Method)
}

// Game is a game in progress: its position, the decisions made so far and their outcome.
// Implementations are not safe for concurrent use; Clone gives an independent copy.
type Game interface {
	// Kind is the game's name: "oolong", "ouri" or "ordo" (Descriptor().Kind).
	Kind() string
	// Descriptor describes the game to commands, help and the encoding.
	Descriptor() *Descriptor
	// Options are the game's options in canonical form, every option present (Oolong's layout
	// included), so New(Kind(), Options()) starts the same game again.
	Options() Options
	// ToMove is the seat that decides next (for Oolong, the acting player of a pending special).
	// It is meaningless once the game is over.
	ToMove() Seat
	// Legal lists every legal decision, in the order of their canonical notation (byte order).
	// It is empty once the game is over.
	Legal() []Move
	// Play applies a decision; one that is not in Legal is refused with an error and changes nothing.
	Play(m Move) error
	// Parse reads a decision in the game's notation, tolerant of case and spacing and of what phones
	// type instead of ASCII (Normalize). It accepts only legal decisions and otherwise says what was
	// wrong and what the player may do instead, naming a character it cannot read whole (Foreign) and
	// quoting at most the start of the input (Quote).
	Parse(s string) (Move, error)
	// Format writes a decision in canonical notation. A Move carries everything its notation needs
	// (an Ordo capture included), so any decision from Legal or Log formats in any position.
	Format(m Move) string
	// Log is every decision played since the start, in order.
	Log() []Move
	// Deciders is the seat that made each decision of Log, in order (the acting player for an
	// Oolong special; the same seat twice when an Ouri grand slam lets its player move again).
	Deciders() []Seat
	// Ply is the number of decisions played (len(Log())).
	Ply() int
	// Outcome is the result so far: Ongoing until the game ends.
	Outcome() Outcome
	// End finishes the game for a reason outside the rules of play: Resignation or Time (loser is
	// the seat that resigned or ran out of time) or Agreement (loser is ignored; Ouri collects the
	// seeds on each side and compares stores, the others draw). Ending a finished game is an error.
	End(method Method, loser Seat) error
	// Perft counts the leaves of the legal decision tree depth plies deep from this position.
	Perft(depth int) uint64
	// Hash identifies the position (board, side to decide, pending specials) for repetition and
	// transposition tables. Equal positions have equal hashes.
	Hash() uint64
	// Clone returns an independent copy.
	Clone() Game
}

// Options are a game's options as key=value pairs, e.g. {"rules": "abapa", "misere": "true"}.
type Options map[string]string

// String writes the options as "k=v;k=v" sorted by key: the canonical form stored with a game.
func (o Options) String() string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(o[k])
	}
	return b.String()
}

// ParseOptions reads options written as "k=v" items separated by ';' (the form String writes).
// Oolong layouts contain commas, so items are separated by semicolons.
func ParseOptions(s string) (Options, error) {
	o := Options{}
	if strings.TrimSpace(s) == "" {
		return o, nil
	}
	for _, item := range strings.Split(s, ";") {
		k, v, ok := strings.Cut(item, "=")
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("option %q is not key=value", item)
		}
		if _, dup := o[k]; dup {
			return nil, fmt.Errorf("option %q is given twice", k)
		}
		o[k] = v
	}
	return o, nil
}

// Divide counts perft below each legal decision: the lines of `perft --divide`, sorted by notation.
func Divide(g Game, depth int) []DivideLine {
	var lines []DivideLine
	if depth < 1 {
		return lines
	}
	for _, m := range g.Legal() {
		c := g.Clone()
		name := g.Format(m)
		if err := c.Play(m); err != nil {
			panic(fmt.Sprintf("games: legal move %s refused: %v", name, err))
		}
		lines = append(lines, DivideLine{Move: name, Nodes: c.Perft(depth - 1)})
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].Move < lines[j].Move })
	return lines
}

// DivideLine is one line of a perft divide.
type DivideLine struct {
	Move  string
	Nodes uint64
}

// Names formats a list of decisions in canonical notation.
func Names(g Game, moves []Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = g.Format(m)
	}
	return out
}

// EndOutside is the shared part of Game.End: the outcome of ending a game outside play. Resignation
// and Time lose for loser; Agreement is whatever agreed returns (called only then: a draw, or Ouri's
// verdict on the collected seeds). A finished game, a missing loser or another method is refused.
func EndOutside(now Outcome, method Method, loser Seat, agreed func() Outcome) (Outcome, error) {
	if now.Over() {
		return now, fmt.Errorf("the game is already over (%s)", now)
	}
	switch method {
	case Agreement:
		return agreed(), nil
	case Resignation, Time:
		if loser != 0 && loser != 1 {
			return now, fmt.Errorf("%s needs the losing seat, 0 or 1, not %d", method, loser)
		}
		return Outcome{Winner: loser.Other(), Method: method}, nil
	}
	return now, fmt.Errorf("a game cannot be ended by %s — use agreement, resignation or time", method)
}

// AgreedDraw is the outcome of an agreement in games where it is a draw.
func AgreedDraw() Outcome { return Outcome{Winner: NoSeat, Method: Agreement} }
