package bot

import (
	"github.com/bwmarrin/discordgo"
)

// Titles are the games' names as people write them.
var titles = map[string]string{"oolong": "Oolong", "ouri": "Ouri", "ordo": "Ordo"}

// kinds lists the games in the order of their commands.
var kinds = []string{"oolong", "ouri", "ordo"}

var gameBlurbs = map[string]string{
	"oolong": "Oolong: serve tea at nine tables, claim five to win",
	"ouri":   "Ouri: the Cape Verdean mancala, capture 25 seeds to win",
	"ordo":   "Ordo: keep your pieces connected and reach the far row",
}

// offerName is the subcommand that offers to stop a game by agreement.
func offerName(kind string) string {
	if kind == "ouri" {
		return "end"
	}
	return "draw"
}

// Commands are the application commands to register: one per game, each with its subcommands.
func (b *Bot) Commands() []*discordgo.ApplicationCommand {
	dm := false
	var out []*discordgo.ApplicationCommand
	for _, kind := range kinds {
		out = append(out, &discordgo.ApplicationCommand{
			Type:         discordgo.ChatApplicationCommand,
			Name:         kind,
			Description:  gameBlurbs[kind],
			DMPermission: &dm,
			Contexts:     &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
			Options:      subcommands(kind),
		})
	}
	return out
}

func subcommands(kind string) []*discordgo.ApplicationCommandOption {
	title := titles[kind]
	challenge := append([]*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who you challenge", Required: true},
		choiceOption("first", "Who takes the first seat (default: random)", "me", "them", "random"),
	}, gameOptions(kind)...)
	vsBot := append([]*discordgo.ApplicationCommandOption{
		choiceOption("level", "How strongly the bot plays (default: hard)", "easy", "medium", "hard"),
		choiceOption("first", "Who moves first (default: random)", "me", "bot", "random"),
	}, gameOptions(kind)...)
	player := []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: "Whose game, when several are running here"},
	}
	offer := "Offer a draw, or accept the draw your opponent offered"
	if kind == "ouri" {
		offer = "Offer to end the game with each player taking the seeds on their side, or accept it"
	}
	return []*discordgo.ApplicationCommandOption{
		sub("challenge", "Challenge someone in this channel to a game of "+title, challenge...),
		sub("vs-bot", "Play "+title+" against the bot", vsBot...),
		sub("move", "Play a move in your "+title+" game here", &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: "play", Description: moveHelp[kind],
			Required: true, Autocomplete: true, MaxLength: 100,
		}),
		sub("board", "Show the board of a "+title+" game in this channel", player...),
		sub("history", "List the moves of the current or last "+title+" game here", player...),
		sub("resign", "Resign your "+title+" game here"),
		sub(offerName(kind), offer),
		sub("rules", "A short summary of the rules of "+title+" (only you see it)"),
	}
}

var moveHelp = map[string]string{
	"oolong": "Your decision, e.g. ne (a seat of the directed table), c.ne, rotate 3, skip",
	"ouri":   "The house to sow, a to f from your left",
	"ordo":   "Your move, e.g. a3-a4, e5xe6 or c2:d2-c4",
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
		Name: name, Description: desc, Options: opts}
}

func choiceOption(name, desc string, values ...string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc}
	for _, v := range values {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v})
	}
	return o
}

// gameOptions are the options a game starts with; their names are the engine's option keys.
func gameOptions(kind string) []*discordgo.ApplicationCommandOption {
	switch kind {
	case "oolong":
		return []*discordgo.ApplicationCommandOption{
			choiceOption("trigger", "Who fires a colour's marker: any colour (default) or only its owner", "any", "owner"),
		}
	case "ouri":
		return []*discordgo.ApplicationCommandOption{
			choiceOption("rules", "ouri (Cape Verde, default) or abapa (international Oware)", "ouri", "abapa"),
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "misere", Description: "Misère: the smaller store wins"},
		}
	}
	return nil
}

// gameOptionNames are the option names gameOptions declares for a kind.
func gameOptionNames(kind string) []string {
	var names []string
	for _, o := range gameOptions(kind) {
		names = append(names, o.Name)
	}
	return names
}
