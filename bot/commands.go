package bot

import (
	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// descriptors are the games the bot offers, in the order of their commands.
func descriptors() []*games.Descriptor { return catalog.All() }

// OptionType is the kind of value an option takes.
type OptionType uint8

const (
	StringOption OptionType = iota
	UserOption
	BoolOption
)

// CommandSpec is one top-level command as people see it; adapters register it in their own form.
type CommandSpec struct {
	Name, Description string
	Subs              []SubSpec
	// User marks a context-menu command on a member (no description, no options).
	User bool
}

// SubSpec is a subcommand.
type SubSpec struct {
	Name, Description string
	Options           []OptionSpec
}

// OptionSpec is one option of a subcommand.
type OptionSpec struct {
	Type              OptionType
	Name, Description string
	Required          bool
	Autocomplete      bool
	MaxLength         int
	Choices           []string // fixed values, in order
}

// Commands are the commands to register: one per game, each with its subcommands, all generated
// from the games' descriptors.
func Commands() []CommandSpec {
	var out []CommandSpec
	for _, d := range descriptors() {
		out = append(out, CommandSpec{Name: d.Kind, Description: d.Blurb, Subs: subcommands(d)})
	}
	out = append(out, appCommands()...)
	return append(out, CommandSpec{Name: ChallengeMenu, User: true})
}

func subcommands(d *games.Descriptor) []SubSpec {
	title := d.Title
	challenge := append([]OptionSpec{
		{Type: UserOption, Name: "opponent", Description: "Who you challenge", Required: true},
		choice("first", "Who takes the first seat (default: random)", "me", "them", "random"),
	}, optionSpecs(d)...)
	challenge = append(challenge, OptionSpec{Type: BoolOption, Name: "rated", Description: "Whether the game changes both ratings (default: the server's setting)"})
	vsBot := append([]OptionSpec{
		choice("level", "How strongly the bot plays (default: hard)", "easy", "medium", "hard"),
		choice("first", "Who moves first (default: random)", "me", "bot", "random"),
	}, optionSpecs(d)...)
	player := []OptionSpec{
		{Type: UserOption, Name: "player", Description: "Whose game, when several are running here"},
	}
	return []SubSpec{
		{Name: "challenge", Description: "Challenge someone in this channel to a game of " + title, Options: challenge},
		{Name: "vs-bot", Description: "Play " + title + " against the bot", Options: vsBot},
		{Name: "move", Description: "Play a move in your " + title + " game here", Options: []OptionSpec{
			{Type: StringOption, Name: "play", Description: d.MoveHelp, Required: true, Autocomplete: true, MaxLength: 100},
		}},
		{Name: "board", Description: "Show the board of a " + title + " game in this channel", Options: player},
		{Name: "history", Description: "List the moves of the current or last " + title + " game here", Options: player},
		{Name: "replay", Description: "Step through the last finished " + title + " game here (only you see it)", Options: player},
		{Name: "resign", Description: "Resign your " + title + " game here"},
		{Name: d.Offer, Description: d.OfferHelp},
		{Name: "leaderboard", Description: "This server's " + title + " ratings, with your rank (only you see it)"},
		{Name: "profile", Description: "A player's " + title + " rating, record and last games here (only you see it)", Options: []OptionSpec{
			{Type: UserOption, Name: "player", Description: "Whose profile (default: yours)"},
		}},
		{Name: "rules", Description: "A short summary of the rules of " + title + " (only you see it)"},
	}
}

func choice(name, desc string, values ...string) OptionSpec {
	return OptionSpec{Type: StringOption, Name: name, Description: desc, Choices: values}
}

// optionSpecs are the options a game starts with, from its descriptor.
func optionSpecs(d *games.Descriptor) []OptionSpec {
	var out []OptionSpec
	for _, o := range d.Options {
		if o.Bool {
			out = append(out, OptionSpec{Type: BoolOption, Name: o.Name, Description: o.Description})
			continue
		}
		out = append(out, choice(o.Name, o.Description, o.Choices...))
	}
	return out
}
