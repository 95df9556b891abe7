package discord

import (
	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/say"
)

// Commands are the bot's commands as Discord registers them: usable where the app is installed to a
// server or by a user, in servers, in DMs with the bot and in group DMs.
func Commands() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range bot.Commands() {
		installs := &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall,
			discordgo.ApplicationIntegrationUserInstall}
		everywhere := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild,
			discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
		if c.User {
			out = append(out, &discordgo.ApplicationCommand{Type: discordgo.UserApplicationCommand, Name: c.Name,
				IntegrationTypes: installs, Contexts: everywhere})
			continue
		}
		described := localizations(c.Localized)
		cmd := &discordgo.ApplicationCommand{Type: discordgo.ChatApplicationCommand, Name: c.Name,
			Description: c.Description, DescriptionLocalizations: &described,
			IntegrationTypes: installs, Contexts: everywhere}
		for _, s := range c.Subs {
			cmd.Options = append(cmd.Options, subcommand(s))
		}
		out = append(out, cmd)
	}
	return out
}

// subcommand is a subcommand, or a group of them (/tabuleiro tournament …).
func subcommand(s bot.SubSpec) *discordgo.ApplicationCommandOption {
	out := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
		Name: s.Name, Description: s.Description, DescriptionLocalizations: localizations(s.Localized)}
	if len(s.Subs) > 0 {
		out.Type = discordgo.ApplicationCommandOptionSubCommandGroup
		for _, sub := range s.Subs {
			out.Options = append(out.Options, subcommand(sub))
		}
		return out
	}
	for _, o := range s.Options {
		out.Options = append(out.Options, option(o))
	}
	return out
}

func option(o bot.OptionSpec) *discordgo.ApplicationCommandOption {
	t := map[bot.OptionType]discordgo.ApplicationCommandOptionType{bot.StringOption: discordgo.ApplicationCommandOptionString,
		bot.UserOption: discordgo.ApplicationCommandOptionUser, bot.BoolOption: discordgo.ApplicationCommandOptionBoolean,
		bot.ChannelOption: discordgo.ApplicationCommandOptionChannel, bot.IntegerOption: discordgo.ApplicationCommandOptionInteger}[o.Type]
	out := &discordgo.ApplicationCommandOption{Type: t, Name: o.Name, Description: o.Description,
		DescriptionLocalizations: localizations(o.Localized), Required: o.Required,
		Autocomplete: o.Autocomplete, MaxLength: o.MaxLength}
	if o.Type == bot.IntegerOption {
		low := float64(o.Min)
		out.MinValue, out.MaxValue = &low, float64(o.Max)
	}
	if o.Type == bot.ChannelOption {
		// Where the bot can post a message: text and announcement channels.
		out.ChannelTypes = []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews}
	}
	for _, v := range o.Choices {
		out.Choices = append(out.Choices, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v,
			NameLocalizations: localizations(o.ChoiceNames[v])})
	}
	return out
}

// localizations are a text in the languages other than English (the text Discord shows by default),
// keyed by Discord locale.
func localizations(texts map[string]string) map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for lang, s := range texts {
		if lang != say.English {
			out[discordgo.Locale(lang)] = s
		}
	}
	return out
}
