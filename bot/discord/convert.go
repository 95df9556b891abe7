package discord

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/say"
)

// Webhooks are what an interaction's token allows while it lives: reading, editing and clearing the
// message its response created, and posting follow-up messages. The Sender does them over REST.
type Webhooks interface {
	Original(ctx context.Context, in *discordgo.Interaction) (string, error)
	EditOriginal(ctx context.Context, in *discordgo.Interaction, m bot.Message) error
	ClearOriginal(ctx context.Context, in *discordgo.Interaction) error
	FollowUp(ctx context.Context, in *discordgo.Interaction, m bot.Message) (string, error)
}

// followup is one interaction's webhook, as the bot uses it.
type followup struct {
	w  Webhooks
	in *discordgo.Interaction
}

func (f followup) Original(ctx context.Context) (string, error) { return f.w.Original(ctx, f.in) }
func (f followup) EditOriginal(ctx context.Context, m bot.Message) error {
	return f.w.EditOriginal(ctx, f.in, m)
}
func (f followup) ClearOriginal(ctx context.Context) error { return f.w.ClearOriginal(ctx, f.in) }
func (f followup) FollowUp(ctx context.Context, m bot.Message) (string, error) {
	return f.w.FollowUp(ctx, f.in, m)
}

// Interactions is the bot as Discord sees it: it turns interactions into the bot's and the bot's
// replies into interaction responses. It is the Handler the gateway and the endpoint serve.
type Interactions struct {
	bot   *bot.Bot
	hooks Webhooks
}

// NewInteractions serves b; hooks reach the interactions' webhooks for the follow-ups.
func NewInteractions(b *bot.Bot, hooks Webhooks) *Interactions {
	return &Interactions{bot: b, hooks: hooks}
}

// Handle answers one interaction.
func (x *Interactions) Handle(ctx context.Context, in *discordgo.Interaction) Reply {
	r := x.bot.Handle(ctx, interaction(in))
	out := Reply{Response: response(r)}
	if r.After != nil {
		after := r.After
		out.After = func(ctx context.Context) { after(ctx, followup{x.hooks, in}) }
	}
	return out
}

// interaction is the bot's view of a Discord interaction.
func interaction(in *discordgo.Interaction) *bot.Interaction {
	out := &bot.Interaction{ID: in.ID, Guild: in.GuildID, Channel: in.ChannelID, Perms: uint64(in.AppPermissions)}
	switch {
	case in.Member != nil && in.Member.User != nil:
		out.User = in.Member.User.ID
		out.UserName = displayName(in.Member.Nick, in.Member.User)
		out.MemberPerms = uint64(in.Member.Permissions)
	case in.User != nil:
		out.User = in.User.ID
		out.UserName = displayName("", in.User)
	}
	out.Locale = string(in.Locale)
	if in.GuildLocale != nil {
		out.GuildLocale = string(*in.GuildLocale)
	}
	switch in.Type {
	case discordgo.InteractionPing:
		out.Type = bot.Ping
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := in.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			out.Type = unknown
			break
		}
		out.Type = bot.Command
		if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
			out.Type = bot.Autocomplete
		}
		out.Command = commandData(data)
	case discordgo.InteractionMessageComponent:
		data, ok := in.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			out.Type = unknown
			break
		}
		out.Type = bot.Click
		a, _ := parseCustomID(data.CustomID)
		out.Click = bot.ClickData{Action: a, Values: data.Values}
		if in.Message != nil {
			out.Click.MessageID = in.Message.ID
		}
	default:
		out.Type = unknown
	}
	return out
}

// displayName is how Discord shows a person: their nickname here, their global name, or their
// username.
func displayName(nick string, u *discordgo.User) string {
	switch {
	case nick != "":
		return nick
	case u.GlobalName != "":
		return u.GlobalName
	}
	return u.Username
}

// unknown is an interaction the bot cannot read: it refuses it privately.
const unknown = bot.Type(255)

func commandData(data discordgo.ApplicationCommandInteractionData) bot.CommandData {
	c := bot.CommandData{Name: data.Name, Options: map[string]bot.Value{}, Bots: map[string]bool{}, Target: data.TargetID}
	if data.Resolved != nil {
		for id, u := range data.Resolved.Users {
			if u == nil {
				continue
			}
			if u.Bot {
				c.Bots[id] = true
			}
			if c.Names == nil {
				c.Names = map[string]string{}
			}
			c.Names[id] = displayName("", u)
		}
	}
	if len(data.Options) == 0 {
		return c
	}
	sub := data.Options[0]
	c.Sub = sub.Name
	for _, o := range sub.Options {
		switch v := o.Value.(type) {
		case bool:
			c.Options[o.Name] = bot.Value{Bool: v, IsBool: true}
		case string:
			c.Options[o.Name] = bot.Value{Str: v}
		case nil:
			c.Options[o.Name] = bot.Value{}
		default:
			c.Options[o.Name] = bot.Value{Str: fmt.Sprint(v)}
		}
		if o.Focused {
			c.Focused = o.Name
		}
	}
	return c
}

// response is a bot reply as an interaction response.
func response(r bot.Reply) *discordgo.InteractionResponse {
	switch r.Type {
	case bot.Pong:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}
	case bot.Choices:
		choices := []*discordgo.ApplicationCommandOptionChoice{}
		for _, n := range r.Choices {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: n, Value: n})
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices}}
	case bot.Deferred:
		// Discord shows "thinking…" until After edits the answer in.
		resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
		if r.Message.Private {
			resp.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		}
		return resp
	case bot.Update:
		comps := components(r.Message.Rows)
		if comps == nil {
			comps = []discordgo.MessageComponent{}
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: r.Message.Content, Components: comps, AllowedMentions: allowed(r.Message)}}
	}
	data := &discordgo.InteractionResponseData{Content: r.Message.Content, Components: components(r.Message.Rows),
		AllowedMentions: allowed(r.Message)}
	if r.Message.Private {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
}

// content is a message's text, with a link to the message it points to.
func content(m bot.Message) string {
	if m.Jump == nil {
		return m.Content
	}
	guild := m.Jump.Guild
	if guild == "" {
		guild = "@me"
	}
	return m.Content + " https://discord.com/channels/" + guild + "/" + m.Jump.Channel + "/" + m.Jump.Message
}

// allowed is whom a message may ping, always explicit: nobody but m.Pings (no roles, no
// @everyone, no reply ping), whoever else it mentions.
func allowed(m bot.Message) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: m.Pings}
}

// components are rows of controls as Discord's action rows; nil for none.
func components(rows []bot.Row) []discordgo.MessageComponent {
	if rows == nil {
		return nil
	}
	out := make([]discordgo.MessageComponent, 0, len(rows))
	for _, row := range rows {
		var comps []discordgo.MessageComponent
		if len(row) > 0 {
			comps = make([]discordgo.MessageComponent, 0, len(row))
		}
		for _, c := range row {
			if c.Type == bot.Menu {
				menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: customID(c.Action),
					Placeholder: c.Placeholder}
				for _, o := range c.Options {
					menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: o.Label, Value: o.Value,
						Description: o.Description})
				}
				comps = append(comps, menu)
				continue
			}
			comps = append(comps, discordgo.Button{Label: c.Label, Style: styles[c.Style], CustomID: customID(c.Action),
				Disabled: c.Disabled})
		}
		out = append(out, discordgo.ActionsRow{Components: comps})
	}
	return out
}

var styles = map[bot.Style]discordgo.ButtonStyle{bot.Primary: discordgo.PrimaryButton,
	bot.Secondary: discordgo.SecondaryButton, bot.Success: discordgo.SuccessButton, bot.Danger: discordgo.DangerButton}

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
			sub := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
				Name: s.Name, Description: s.Description, DescriptionLocalizations: localizations(s.Localized)}
			for _, o := range s.Options {
				sub.Options = append(sub.Options, option(o))
			}
			cmd.Options = append(cmd.Options, sub)
		}
		out = append(out, cmd)
	}
	return out
}

func option(o bot.OptionSpec) *discordgo.ApplicationCommandOption {
	t := map[bot.OptionType]discordgo.ApplicationCommandOptionType{bot.StringOption: discordgo.ApplicationCommandOptionString,
		bot.UserOption: discordgo.ApplicationCommandOptionUser, bot.BoolOption: discordgo.ApplicationCommandOptionBoolean}[o.Type]
	out := &discordgo.ApplicationCommandOption{Type: t, Name: o.Name, Description: o.Description,
		DescriptionLocalizations: localizations(o.Localized), Required: o.Required,
		Autocomplete: o.Autocomplete, MaxLength: o.MaxLength}
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
