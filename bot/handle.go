package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// request is one interaction with what every handler needs to know about it.
type request struct {
	in      *discordgo.Interaction
	user    string // the caller's user id
	guild   string
	channel string
	kind    string // the game: the command name or the first part of a custom id
	log     *slog.Logger
}

// Handle answers one interaction: slash commands, buttons, select menus and autocomplete. It never
// runs the AI and never panics: a panic is logged and answered with a private error.
func (b *Bot) Handle(ctx context.Context, in *discordgo.Interaction) (r Reply) {
	req := &request{in: in, guild: in.GuildID, channel: in.ChannelID}
	switch {
	case in.Member != nil && in.Member.User != nil:
		req.user = in.Member.User.ID
	case in.User != nil:
		req.user = in.User.ID
	}
	req.log = b.log.With("interaction", in.ID, "guild", in.GuildID, "channel", in.ChannelID, "user", req.user)
	defer func() {
		if p := recover(); p != nil {
			req.log.Error("panic while handling an interaction", "panic", p, "stack", string(debug.Stack()))
			r = Reply{Response: private("Something went wrong on our side — please try again in a moment.")}
		}
	}()
	var err error
	switch in.Type {
	case discordgo.InteractionPing:
		return Reply{Response: &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}}
	case discordgo.InteractionApplicationCommand:
		r, err = b.command(ctx, req)
	case discordgo.InteractionApplicationCommandAutocomplete:
		return b.autocomplete(ctx, req)
	case discordgo.InteractionMessageComponent:
		r, err = b.component(ctx, req)
	default:
		err = refuse(CodeInvalid, "tabuleiro does not know what to do with that.")
	}
	if err != nil {
		msg, internal := publicError(err)
		if internal {
			req.log.Error("interaction failed", "err", err)
		} else {
			req.log.Info("interaction refused", "reason", msg)
		}
		return Reply{Response: private(msg)}
	}
	return r
}

// command routes a slash command to its subcommand's handler.
func (b *Bot) command(ctx context.Context, req *request) (Reply, error) {
	data := req.in.ApplicationCommandData()
	req.kind = data.Name
	if _, ok := titles[req.kind]; !ok {
		return Reply{}, refuse(CodeInvalid, "tabuleiro has no command /%s — try /oolong, /ouri or /ordo.", data.Name)
	}
	if err := req.inGuild(); err != nil {
		return Reply{}, err
	}
	if len(data.Options) == 0 {
		return Reply{}, refuse(CodeInvalid, "Add a subcommand, e.g. /%s vs-bot or /%s rules.", req.kind, req.kind)
	}
	sub := data.Options[0]
	opts := optionMap(sub.Options)
	req.log = req.log.With("command", req.kind+" "+sub.Name)
	switch sub.Name {
	case "challenge":
		return b.challenge(ctx, req, opts, data.Resolved)
	case "vs-bot":
		return b.vsBot(ctx, req, opts)
	case "move":
		return b.move(ctx, req, opts["play"].str())
	case "board":
		return b.board(ctx, req, opts["player"].str())
	case "history":
		return b.history(ctx, req, opts["player"].str())
	case "resign":
		return b.resign(ctx, req)
	case "draw", "end":
		if sub.Name != offerName(req.kind) {
			return Reply{}, refuse(CodeInvalid, "%s has no /%s — use /%s %s.", titles[req.kind], sub.Name, req.kind, offerName(req.kind))
		}
		return b.offer(ctx, req)
	case "rules":
		return Reply{Response: private(rulesSummary[req.kind])}, nil
	}
	return Reply{}, refuse(CodeInvalid, "/%s has no subcommand %q.", req.kind, sub.Name)
}

// inGuild refuses interactions outside a server channel: games live in channels.
func (req *request) inGuild() error {
	if req.guild == "" || req.channel == "" {
		return refuse(CodeNoContext, "tabuleiro plays in server channels, not in DMs — use the commands in a channel of a server.")
	}
	if req.user == "" {
		return refuse(CodeNoContext, "tabuleiro could not tell who you are — try again.")
	}
	return nil
}

// option is one option value as Discord sends it.
type option struct{ v any }

func (o option) str() string {
	switch v := o.v.(type) {
	case string:
		return v
	case nil:
		return ""
	}
	return fmt.Sprint(o.v)
}

func (o option) boolean() (value, set bool) {
	switch v := o.v.(type) {
	case bool:
		return v, true
	case string:
		return strings.EqualFold(v, "true"), true
	}
	return false, false
}

func optionMap(opts []*discordgo.ApplicationCommandInteractionDataOption) map[string]option {
	m := map[string]option{}
	for _, o := range opts {
		m[o.Name] = option{o.Value}
	}
	return m
}

// component routes a button or select menu by its custom id, a short path:
//
//	/{kind}/ch/{challenge}/accept|decline
//	/{kind}/{game}/{ply}/{action}[/{arg}]
func (b *Bot) component(ctx context.Context, req *request) (Reply, error) {
	data := req.in.MessageComponentData()
	parts := strings.Split(strings.TrimPrefix(data.CustomID, "/"), "/")
	if len(parts) < 3 {
		return Reply{}, refuse(CodeInvalid, "That button is not one of tabuleiro's.")
	}
	req.kind = parts[0]
	if _, ok := titles[req.kind]; !ok {
		return Reply{}, refuse(CodeInvalid, "That button is not one of tabuleiro's.")
	}
	if err := req.inGuild(); err != nil {
		return Reply{}, err
	}
	req.log = req.log.With("custom_id", data.CustomID)
	if parts[1] == "ch" {
		id, err := parseID(parts[2])
		if err != nil || len(parts) != 4 {
			return Reply{}, refuse(CodeInvalid, "That button is not one of tabuleiro's.")
		}
		return b.challengeButton(ctx, req, id, parts[3])
	}
	if len(parts) < 4 {
		return Reply{}, refuse(CodeInvalid, "That button is not one of tabuleiro's.")
	}
	id, err1 := parseID(parts[1])
	ply, err2 := parseID(parts[2])
	if err1 != nil || err2 != nil {
		return Reply{}, refuse(CodeInvalid, "That button is not one of tabuleiro's.")
	}
	return b.gameButton(ctx, req, id, int(ply), parts[3], strings.Join(parts[4:], "/"), data.Values)
}

// private is an ephemeral message: only the person who asked sees it.
func private(msg string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: clip(msg), Flags: discordgo.MessageFlagsEphemeral},
	}
}

// public is a new message in the channel.
func public(content string, components []discordgo.MessageComponent) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: content, Components: components},
	}
}

// update replaces the message whose component was used.
func update(content string, components []discordgo.MessageComponent) *discordgo.InteractionResponse {
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: content, Components: components},
	}
}

// clip keeps a message within Discord's 2000 characters.
func clip(s string) string {
	const max = 2000
	if len([]rune(s)) <= max {
		return s
	}
	return string([]rune(s)[:max-1]) + "…"
}
