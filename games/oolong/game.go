package oolong

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"tabuleiro/games"
)

// Game is an Oolong game in progress: a Position plus its options, decision log and any ending
// outside play (agreement, resignation, time).
type Game struct {
	pos    Position
	layout Layout
	log    []games.Move
	by     []games.Seat  // who made each decision of log
	ended  games.Outcome // set by End; Ongoing otherwise
}

// New starts a game. Options: layout (a layout string, default DefaultLayout) and trigger
// (any, the default, or owner).
func New(opts games.Options) (*Game, error) {
	layout, trigger := DefaultLayout, TriggerAny
	for k, v := range opts {
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "layout":
			if strings.TrimSpace(v) == "" {
				continue
			}
			l, err := ParseLayout(v)
			if err != nil {
				return nil, err
			}
			layout = l
		case "trigger":
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "any", "":
				trigger = TriggerAny
			case "owner":
				trigger = TriggerOwner
			default:
				return nil, fmt.Errorf("trigger %q is not an option — choose any or owner", v)
			}
		default:
			return nil, fmt.Errorf("oolong has no option %q — options are layout and trigger", k)
		}
	}
	return &Game{pos: NewPosition(layout, trigger), layout: layout, ended: games.Ongoing}, nil
}

// Kind is "oolong".
func (g *Game) Kind() string { return "oolong" }

// Options are layout and trigger, in canonical form.
func (g *Game) Options() games.Options {
	return games.Options{"layout": g.layout.String(), "trigger": g.pos.trigger.String()}
}

// ToMove is the seat that decides next: the acting player of a pending special, if any.
func (g *Game) ToMove() games.Seat { return g.pos.toMove }

// Legal lists every legal decision sorted by canonical notation.
func (g *Game) Legal() []games.Move {
	if g.ended.Over() {
		return nil
	}
	ms := g.pos.AppendDecisions(nil)
	names := make(map[games.Move]string, len(ms))
	for _, m := range ms {
		names[m] = FormatMove(m)
	}
	sort.Slice(ms, func(i, j int) bool { return names[ms[i]] < names[ms[j]] })
	return ms
}

// Play applies a legal decision; anything else is refused and changes nothing.
func (g *Game) Play(m games.Move) error {
	if g.Outcome().Over() {
		return errors.New("the game is over")
	}
	var buf [MaxDecisions]games.Move
	if !slices.Contains(g.pos.AppendDecisions(buf[:0]), m) {
		return fmt.Errorf("%s is not a legal decision here", FormatMove(m))
	}
	g.by = append(g.by, g.pos.toMove)
	g.pos.Apply(m)
	g.log = append(g.log, m)
	return nil
}

// Format writes a decision in canonical notation.
func (g *Game) Format(m games.Move) string { return FormatMove(m) }

// Log is every decision played, in order.
func (g *Game) Log() []games.Move { return slices.Clone(g.log) }

// Deciders is who made each decision of Log: the acting player for a special.
func (g *Game) Deciders() []games.Seat { return slices.Clone(g.by) }

// Ply is the number of decisions played.
func (g *Game) Ply() int { return len(g.log) }

// Outcome is the result so far.
func (g *Game) Outcome() games.Outcome {
	if g.ended.Over() {
		return g.ended
	}
	return g.pos.Outcome()
}

// End finishes the game outside play: Agreement is a draw; Resignation and Time lose for loser.
func (g *Game) End(method games.Method, loser games.Seat) error {
	o, err := games.EndOutside(g.Outcome(), method, loser, games.AgreedDraw)
	if err != nil {
		return err
	}
	g.ended = o
	return nil
}

// Perft counts the leaves of the decision tree depth plies deep.
func (g *Game) Perft(depth int) uint64 {
	if g.ended.Over() {
		if depth == 0 {
			return 1
		}
		return 0
	}
	return g.pos.Perft(depth)
}

// Hash identifies the position.
func (g *Game) Hash() uint64 { return g.pos.Hash() }

// Clone returns an independent copy.
func (g *Game) Clone() games.Game { return g.CloneGame() }

// CloneGame is Clone with the concrete type.
func (g *Game) CloneGame() *Game {
	c := *g
	c.log = slices.Clone(g.log)
	c.by = slices.Clone(g.by)
	return &c
}

// Position is the current position (a copy), for engines.
func (g *Game) Position() Position { return g.pos }

// Layout is the game's marker layout.
func (g *Game) Layout() Layout { return g.layout }

// Trigger is the game's trigger option.
func (g *Game) Trigger() Trigger { return g.pos.trigger }

// At is the tea on a seat of a table.
func (g *Game) At(table, seat Dir) Tea { return g.pos.At(table, seat) }

// Waiter is the waiter's table and seat.
func (g *Game) Waiter() (table, seat Dir) { return g.pos.Waiter() }

// Marker is a table's marker; ok is false for c.
func (g *Game) Marker(table Dir) (Marker, bool) { return g.pos.Marker(table) }

// Used reports whether a table's marker has fired.
func (g *Game) Used(table Dir) bool { return g.pos.Used(table) }

// Claim is the colour that claimed a table, or NoSeat.
func (g *Game) Claim(table Dir) games.Seat { return g.pos.Claim(table) }

// Supply is how many teas a colour has left.
func (g *Game) Supply(s games.Seat) int { return g.pos.Supply(s) }

// Pending lists the queued specials, the one to decide now first.
func (g *Game) Pending() []Special { return g.pos.Pending() }

// Count is how many of a colour's teas are on a table.
func (g *Game) Count(s games.Seat, table Dir) int { return g.pos.Count(s, table) }

// Claimed is the number of tables a colour has claimed.
func (g *Game) Claimed(s games.Seat) int { return g.pos.Claimed(s) }

// Last is the last decision and who made it; ok is false before the first decision.
func (g *Game) Last() (m games.Move, by games.Seat, ok bool) {
	if len(g.log) == 0 {
		return 0, games.NoSeat, false
	}
	return g.log[len(g.log)-1], g.by[len(g.by)-1], true
}

// Free reports whether the next placement is free: the directed table has no open seat.
func (g *Game) Free() bool { return g.pos.open(g.pos.waiterT) == 0 }
