package discord

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// decodeInteraction reads an interaction as the endpoint receives it, keeping only what the bot
// reads of it. discordgo's own decoding reads the whole payload twice (the envelope, then the data
// by type) and builds every part of the message a button is on; this leaves out what no one uses
// (leanJSON) and decodes the rest, for the same *discordgo.Interaction in every field the adapter
// reads (differential fuzz tests hold it to discordgo's decoding and to decoding the whole body).
func decodeInteraction(body []byte) (*discordgo.Interaction, error) {
	var w wireInteraction
	if lean, ok := leanJSON(body, interactionShape); !ok || json.Unmarshal(lean, &w) != nil {
		// Not a JSON object, or one encoding/json refuses: the whole body, for its exact error.
		w = wireInteraction{}
		if err := json.Unmarshal(body, &w); err != nil {
			return nil, err
		}
	}
	in := &discordgo.Interaction{ID: w.ID, AppID: w.AppID, Type: w.Type, GuildID: w.GuildID, ChannelID: w.ChannelID,
		AppPermissions: w.AppPermissions, Locale: w.Locale, GuildLocale: w.GuildLocale, Token: w.Token, Version: w.Version}
	if w.Member != nil {
		in.Member = &discordgo.Member{Nick: w.Member.Nick, Permissions: w.Member.Permissions, User: w.Member.User.user()}
	}
	in.User = w.User.user()
	if w.Message != nil {
		in.Message = &discordgo.Message{ID: w.Message.ID}
	}
	switch w.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		var wd wireCommand
		if err := unmarshalData(w.Data, &wd); err != nil {
			return nil, err
		}
		d := discordgo.ApplicationCommandInteractionData{ID: wd.ID, Name: wd.Name, CommandType: wd.Type,
			TargetID: wd.TargetID, Options: options(wd.Options)}
		if wd.Resolved != nil {
			d.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{}
			if wd.Resolved.Users != nil {
				d.Resolved.Users = make(map[string]*discordgo.User, len(wd.Resolved.Users))
				for id, u := range wd.Resolved.Users {
					d.Resolved.Users[id] = u.user()
				}
			}
		}
		in.Data = d
	case discordgo.InteractionMessageComponent:
		var wd wireComponent
		if err := unmarshalData(w.Data, &wd); err != nil {
			return nil, err
		}
		in.Data = discordgo.MessageComponentInteractionData{CustomID: wd.CustomID, ComponentType: wd.ComponentType,
			Values: wd.Values}
	case discordgo.InteractionModalSubmit:
		var wd wireComponent
		if err := unmarshalData(w.Data, &wd); err != nil {
			return nil, err
		}
		in.Data = discordgo.ModalSubmitInteractionData{CustomID: wd.CustomID}
	}
	return in, nil
}

func options(ws []*wireOption) []*discordgo.ApplicationCommandInteractionDataOption {
	if ws == nil {
		return nil
	}
	out := make([]*discordgo.ApplicationCommandInteractionDataOption, len(ws))
	for i, o := range ws {
		if o == nil {
			continue
		}
		out[i] = &discordgo.ApplicationCommandInteractionDataOption{Name: o.Name, Type: o.Type, Value: o.Value,
			Focused: o.Focused, Options: options(o.Options)}
	}
	return out
}

type wireInteraction struct {
	ID             string                    `json:"id"`
	AppID          string                    `json:"application_id"`
	Type           discordgo.InteractionType `json:"type"`
	Data           json.RawMessage           `json:"data"`
	GuildID        string                    `json:"guild_id"`
	ChannelID      string                    `json:"channel_id"`
	Message        *wireMessage              `json:"message"`
	AppPermissions int64                     `json:"app_permissions,string"`
	Member         *wireMember               `json:"member"`
	User           *wireUser                 `json:"user"`
	Locale         discordgo.Locale          `json:"locale"`
	GuildLocale    *discordgo.Locale         `json:"guild_locale"`
	Token          string                    `json:"token"`
	Version        int                       `json:"version"`
}

// unmarshalData reads an interaction's data as discordgo does: absent or null leaves it empty.
func unmarshalData(raw json.RawMessage, v any) error {
	if len(raw) == 0 {
		return json.Unmarshal([]byte("null"), v)
	}
	return json.Unmarshal(raw, v)
}

// wireCommand is the data of a command or an autocomplete request.
type wireCommand struct {
	ID       string                           `json:"id"`
	Name     string                           `json:"name"`
	Type     discordgo.ApplicationCommandType `json:"type"`
	TargetID string                           `json:"target_id"`
	Options  []*wireOption                    `json:"options"`
	Resolved *struct {
		Users map[string]*wireUser `json:"users"`
	} `json:"resolved"`
}

// wireComponent is the data of a click on a button or a pick in a menu.
type wireComponent struct {
	CustomID      string                  `json:"custom_id"`
	ComponentType discordgo.ComponentType `json:"component_type"`
	Values        []string                `json:"values"`
}

type wireOption struct {
	Name    string                                 `json:"name"`
	Type    discordgo.ApplicationCommandOptionType `json:"type"`
	Options []*wireOption                          `json:"options"`
	Value   any                                    `json:"value"`
	Focused bool                                   `json:"focused"`
}

type wireMessage struct {
	ID string `json:"id"`
}

type wireMember struct {
	User        *wireUser `json:"user"`
	Nick        string    `json:"nick"`
	Permissions int64     `json:"permissions,string"`
}

type wireUser struct {
	ID         string `json:"id"`
	Username   string `json:"username"`
	GlobalName string `json:"global_name"`
	Bot        bool   `json:"bot"`
}

func (u *wireUser) user() *discordgo.User {
	if u == nil {
		return nil
	}
	return &discordgo.User{ID: u.ID, Username: u.Username, GlobalName: u.GlobalName, Bot: u.Bot}
}
