// Package catalog builds any of the three games by name and turns stored encodings back into games.
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

// Names lists the games in the order menus show them.
var Names = []string{"oolong", "ouri", "ordo"}

// New starts a game by name with the given options; unknown games and options are errors that say
// what is accepted. Oolong without a layout gets the default layout (see NewDealt for a random one).
func New(kind string, opts games.Options) (games.Game, error) {
	// Each branch checks err itself: a nil *T inside a games.Game would not compare equal to nil.
	switch strings.ToLower(strings.TrimSpace(kind)) {
	case "oolong":
		g, err := oolong.New(opts)
		if err != nil {
			return nil, err
		}
		return g, nil
	case "ouri":
		g, err := ouri.New(opts)
		if err != nil {
			return nil, err
		}
		return g, nil
	case "ordo":
		g, err := ordo.New(opts)
		if err != nil {
			return nil, err
		}
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q: choose oolong, ouri or ordo", kind)
}

// NewDealt is New, except that Oolong without a layout gets a random layout dealt from rng, as the
// bot does for every new game.
func NewDealt(kind string, opts games.Options, rng *rand.Rand) (games.Game, error) {
	if strings.EqualFold(strings.TrimSpace(kind), "oolong") && opts["layout"] == "" {
		o := games.Options{}
		for k, v := range opts {
			o[k] = v
		}
		o["layout"] = oolong.RandomLayout(rng).String()
		opts = o
	}
	return New(kind, opts)
}

// Decode rebuilds a game from its encoding by replaying the decision log; every decision is checked
// against the rules, so a corrupt or tampered record is an error, never a wrong position.
func Decode(b []byte) (games.Game, error) {
	r, err := games.DecodeRecord(b)
	if err != nil {
		return nil, err
	}
	return Replay(r)
}

// Replay rebuilds a game from a record.
func Replay(r games.Record) (games.Game, error) {
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
