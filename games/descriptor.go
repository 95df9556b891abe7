package games

import (
	"math/rand/v2"
	"strings"
	"sync"
)

// Descriptor describes one game to everything around the rules: commands, help, encoding, options.
// Each game package declares one; games/catalog lists them.
type Descriptor struct {
	Kind  string // "ouri": the command name and the engine name
	Code  byte   // encoding code, unique and never reused (oolong 1, ouri 2, ordo 3)
	Title string // "Ouri"
	// The texts people read are ids of the catalogue (say), worded in the reader's language:
	// the games themselves speak no language.
	Blurb     string    // the command's description: "game.ouri.blurb"
	Seats     [2]string // colours, seat 0 first: Black/Green, South/North, White/Black (keys of SeatID)
	Options   []OptionSpec
	Offer     string // the subcommand offering to stop by agreement: "draw" or "end"
	OfferHelp string // its description: "game.ouri.offer"
	MoveHelp  string // the description of move's `play` option: "game.ouri.move"
	Example   string // a typical first decision, for help texts: "ne", "d", "a3-a4"
	Rules     string // the short rules summary `/… rules` shows: "game.ouri.rules"
	// New starts a game. With rng nil it is the reproducible start (Oolong's default layout);
	// otherwise whatever the game deals at random (Oolong's layout, when opts has none) comes from rng.
	New func(opts Options, rng *rand.Rand) (Game, error)
	// Rated reports whether a game with these options can be rated (a server's leaderboard compares
	// like with like, so variants may stay out). opts are canonical (Game.Options) or as a person gave
	// them: absent options take their defaults.
	Rated func(opts Options) bool

	ids struct {
		sync.Once
		seats [2]string
	}
}

// OptionSpec is one game option as commands offer it; Name is the engine's option key.
type OptionSpec struct {
	Name        string
	Description string   // the catalogue id of its description: "game.ouri.option.rules"
	Choices     []string // fixed values, in order; empty for a boolean
	Bool        bool
}

// SeatID is the catalogue id of s's colour, "game.<kind>.seat.<English colour, lower case>"
// (game.ouri.seat.south); "seat.nobody" for NoSeat.
func (d *Descriptor) SeatID(s Seat) string {
	if s != 0 && s != 1 {
		return "seat.nobody"
	}
	return d.seatIDs()[s]
}

func (d *Descriptor) seatIDs() *[2]string {
	d.ids.Do(func() {
		for s, name := range d.Seats {
			d.ids.seats[s] = "game." + d.Kind + ".seat." + strings.ToLower(name)
		}
	})
	return &d.ids.seats
}

// Started turns a game package's constructor result into a Game: a start that failed stays a nil
// Game (a nil *T in an interface would not be).
func Started[T Game](g T, err error) (Game, error) {
	if err != nil {
		return nil, err
	}
	return g, nil
}
