package bot

import (
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
)

// descriptors are the games the bot offers, in the order of their commands.
func descriptors() []*games.Descriptor { return catalog.All() }

// OptionType is the kind of value an option takes.
type OptionType uint8

const (
	StringOption OptionType = iota
	UserOption
	BoolOption
	ChannelOption
	IntegerOption // a whole number from Min to Max
)

// CommandSpec is one top-level command as people see it; adapters register it in their own form.
// Every description comes from the message catalogue: Description in English, Localized in every
// language the bot speaks (language → text, English included).
type CommandSpec struct {
	Name, Description string
	Localized         map[string]string
	Subs              []SubSpec
	// User marks a context-menu command on a member (no description, no options). Like every
	// command's name, its name stays English in every language.
	User bool
}

// SubSpec is a subcommand, or a group of them (Subs set, no Options): /tabuleiro tournament create.
type SubSpec struct {
	Name, Description string
	Localized         map[string]string
	Options           []OptionSpec
	Subs              []SubSpec
}

// OptionSpec is one option of a subcommand.
type OptionSpec struct {
	Type              OptionType
	Name, Description string
	Localized         map[string]string
	Required          bool
	Autocomplete      bool
	MaxLength         int
	Min, Max          int      // an IntegerOption's bounds
	Choices           []string // fixed values, in order; each is also its English name
	// ChoiceNames name each of Choices in every language: value → language → name.
	ChoiceNames map[string]map[string]string
}

// challengeSpec, vsBotSpec, moveSpec and historySpec are the game subcommands with options of their
// own; gameSub makes the others.
func challengeSpec(d *games.Descriptor) SubSpec {
	challenge := append([]OptionSpec{
		described(UserOption, "opponent", "option.opponent"),
		choice("first", "option.first.challenge", named("choice.first."), "me", "them", "random"),
	}, optionSpecs(d)...)
	challenge = append(challenge, described(BoolOption, "rated", "option.rated"), paceOption())
	return sub("challenge", "sub.challenge", map[string]any{"Title": d.Title}, challenge...)
}

func vsBotSpec(d *games.Descriptor) SubSpec {
	vsBot := append([]OptionSpec{
		choice("level", "option.level", named("choice.level."), "easy", "medium", "hard"),
		choice("first", "option.first.vs-bot", named("choice.first."), "me", "bot", "random"),
	}, optionSpecs(d)...)
	vsBot = append(vsBot, described(BoolOption, "team", "option.team"))
	return sub("vs-bot", "sub.vs-bot", map[string]any{"Title": d.Title}, vsBot...)
}

func moveSpec(d *games.Descriptor) SubSpec {
	play := described(StringOption, "play", d.MoveHelp)
	// Left out, the legal moves are listed (for whoever cannot read a board); typed, they are
	// suggested as it is typed.
	play.Autocomplete, play.MaxLength = true, 100
	return sub("move", "sub.move", map[string]any{"Title": d.Title}, play)
}

func historySpec(d *games.Descriptor) SubSpec {
	return gameSub("history", "sub.history", playerOption,
		choice("format", "option.history.format", named("choice.format."), "text", "gif"))(d)
}

// playerOption picks among several games by one of their players.
var playerOption = described(UserOption, "player", "option.player")

// userOption is an option naming a member.
func userOption(name, id string) OptionSpec { return described(UserOption, name, id) }

// gameSub is a game's subcommand whose description names the game.
func gameSub(name, id string, opts ...OptionSpec) func(d *games.Descriptor) SubSpec {
	return func(d *games.Descriptor) SubSpec { return sub(name, id, map[string]any{"Title": d.Title}, opts...) }
}

// fixed is a subcommand of no game, described by catalogue message id ("" for none: a
// context-menu command).
func fixed(name, id string, opts ...OptionSpec) func(*games.Descriptor) SubSpec {
	return func(*games.Descriptor) SubSpec {
		if id == "" {
			return SubSpec{Name: name}
		}
		return sub(name, id, nil, opts...)
	}
}

// text is catalogue message id in English and in every language the bot speaks.
func text(id string, data map[string]any) (string, map[string]string) {
	all := map[string]string{}
	for _, lang := range say.Languages {
		all[lang] = say.For(lang).T(id, data)
	}
	return all[say.English], all
}

func sub(name, id string, data map[string]any, opts ...OptionSpec) SubSpec {
	s := SubSpec{Name: name, Options: opts}
	s.Description, s.Localized = text(id, data)
	return s
}

// described is an option described by catalogue message id.
func described(t OptionType, name, id string) OptionSpec {
	o := OptionSpec{Type: t, Name: name}
	o.Description, o.Localized = text(id, nil)
	return o
}

// choice is an option with fixed values; name gives the catalogue message naming each value.
func choice(name, id string, names func(value string) (string, map[string]any), values ...string) OptionSpec {
	o := described(StringOption, name, id)
	o.Choices = values
	o.ChoiceNames = map[string]map[string]string{}
	for _, v := range values {
		_, o.ChoiceNames[v] = text(names(v))
	}
	return o
}

// named names a choice by the catalogue message prefix+value.
func named(prefix string) func(string) (string, map[string]any) {
	return func(v string) (string, map[string]any) { return prefix + v, nil }
}

// optionSpecs are the options a game starts with, from its descriptor.
func optionSpecs(d *games.Descriptor) []OptionSpec {
	var out []OptionSpec
	game := "game." + d.Kind + "."
	for _, o := range d.Options {
		if o.Bool {
			out = append(out, described(BoolOption, o.Name, game+"option."+o.Name))
			continue
		}
		out = append(out, choice(o.Name, game+"option."+o.Name, named(game+"choice."+o.Name+"."), o.Choices...))
	}
	return out
}
