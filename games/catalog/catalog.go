// Package catalog is the one list of games: it builds any of them by name and turns stored encodings
// back into games. Everything else takes the games from All and what it needs of each from its
// descriptor (commands, help, options, the rating policy) or from a registry keyed by the descriptor
// (ai's engines, render's drawings, learn's lessons).
//
// Adding a game takes its package under games/ (rules and Descriptor), one line in All, its engine
// (ai/<kind>.go), its drawing (render/<kind>.go), its lessons (learn/<kind>.go) and its texts in
// both catalogues of say; the tests of package house walk All and name any of these a game lacks.
package catalog

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// All lists every game, in the order menus and commands show them.
func All() []*games.Descriptor {
	return []*games.Descriptor{oolong.Descriptor, ouri.Descriptor, ordo.Descriptor}
}

// Names lists the games' kinds in the order of All.
var Names = kinds()

func kinds() []string {
	var names []string
	for _, d := range All() {
		names = append(names, d.Kind)
	}
	return names
}

// Lookup finds a game by kind, tolerant of case and surrounding spaces.
func Lookup(kind string) (*games.Descriptor, bool) {
	kind = strings.ToLower(strings.TrimSpace(kind))
	for _, d := range All() {
		if d.Kind == kind {
			return d, true
		}
	}
	return nil, false
}

// byCode finds a game by its encoding code.
func byCode(code byte) (*games.Descriptor, bool) {
	for _, d := range All() {
		if d.Code == code {
			return d, true
		}
	}
	return nil, false
}

// New starts a game by name with the given options; unknown games and options are errors that say
// what is accepted. Oolong without a layout gets the default layout (see NewDealt for a random one).
func New(kind string, opts games.Options) (games.Game, error) {
	return start(kind, opts, nil)
}

// NewDealt is New, except that Oolong without a layout gets a random layout dealt from rng, as the
// bot does for every new game.
func NewDealt(kind string, opts games.Options, rng *rand.Rand) (games.Game, error) {
	return start(kind, opts, rng)
}

func start(kind string, opts games.Options, rng *rand.Rand) (games.Game, error) {
	d, ok := Lookup(kind)
	if !ok {
		return nil, fmt.Errorf("unknown game %q: choose %s", kind, choices())
	}
	return d.New(opts, rng)
}

// choices names the games for an error: "oolong, ouri or ordo".
func choices() string {
	n := Names
	if len(n) == 1 {
		return n[0]
	}
	return strings.Join(n[:len(n)-1], ", ") + " or " + n[len(n)-1]
}

// DecodeRecord is games.DecodeRecord with the record's Kind found from its game code.
func DecodeRecord(b []byte) (games.Record, error) {
	r, err := games.DecodeRecord(b)
	if err != nil {
		return r, err
	}
	d, ok := byCode(r.Code)
	if !ok {
		return r, fmt.Errorf("%w: unknown game code %d", games.ErrCorrupt, r.Code)
	}
	r.Kind = d.Kind
	return r, nil
}

// Decode rebuilds a game from its encoding by replaying the decision log; every decision is checked
// against the rules, so a corrupt or tampered record is an error, never a wrong position.
func Decode(b []byte) (games.Game, error) {
	r, err := DecodeRecord(b)
	if err != nil {
		return nil, err
	}
	return Replay(r)
}

// Replay rebuilds a game from a record; a record without a Kind is found by its Code.
func Replay(r games.Record) (games.Game, error) {
	if r.Kind == "" {
		if d, ok := byCode(r.Code); ok {
			r.Kind = d.Kind
		}
	}
	g, err := New(r.Kind, r.Options)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", games.ErrCorrupt, err)
	}
	for i, m := range r.Log {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("%w: decision %d does not replay: %v", games.ErrCorrupt, i+1, err)
		}
	}
	if r.Ending != games.NotOver {
		if err := g.End(r.Ending, r.Loser); err != nil {
			return nil, fmt.Errorf("%w: %v", games.ErrCorrupt, err)
		}
	}
	return g, nil
}
