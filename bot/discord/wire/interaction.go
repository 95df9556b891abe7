package wire

import (
	"encoding/json"
	"fmt"

	"tabuleiro/bot"
)

// Interaction is an interaction as the bot reads it, with what the adapter needs to answer it
// later through its webhook.
type Interaction struct {
	bot.Interaction
	App   string // the application it was sent to
	Token string // the interaction's token: its webhook while it is good (15 minutes)
}

// Discord's interaction types.
const (
	typePing         = 1
	typeCommand      = 2
	typeComponent    = 3
	typeAutocomplete = 4
	typeModal        = 5
)

// Unknown is the bot.Type of an interaction the bot cannot read (a modal, a type from the
// future): the bot refuses it privately.
const Unknown = bot.Type(255)

// Decode reads an interaction as Discord sends it, to the endpoint or over the gateway. It reads
// only what the bot uses: lean leaves out the rest (a click's whole message, the member's roles,
// the guild, the channel but its type) before encoding/json decodes it. The error of a body that is not an
// interaction is encoding/json's.
func Decode(body []byte) (*Interaction, error) {
	var w interaction
	if lean, ok := leanJSON(body, interactionShape); !ok || json.Unmarshal(lean, &w) != nil {
		// Not a JSON object, or one encoding/json refuses: the whole body, for its exact error.
		w = interaction{}
		if err := json.Unmarshal(body, &w); err != nil {
			return nil, err
		}
	}
	in := &Interaction{App: w.AppID, Token: w.Token, Interaction: bot.Interaction{ID: w.ID, Guild: w.GuildID,
		Channel: w.ChannelID, Perms: uint64(w.AppPermissions), InThread: w.Channel.inThread(), Locale: w.Locale}}
	if w.GuildLocale != nil {
		in.GuildLocale = *w.GuildLocale
	}
	switch {
	case w.Member != nil && w.Member.User != nil:
		in.User = w.Member.User.ID
		in.UserName = w.Member.User.name(w.Member.Nick)
		in.MemberPerms = uint64(w.Member.Permissions)
	case w.User != nil:
		in.User = w.User.ID
		in.UserName = w.User.name("")
	}
	switch w.Type {
	case typePing:
		in.Type = bot.Ping
	case typeCommand, typeAutocomplete:
		var d command
		if err := unmarshalData(w.Data, &d); err != nil {
			return nil, err
		}
		in.Type = bot.Command
		if w.Type == typeAutocomplete {
			in.Type = bot.Autocomplete
		}
		in.Command = d.read()
	case typeComponent:
		var d component
		if err := unmarshalData(w.Data, &d); err != nil {
			return nil, err
		}
		in.Type = bot.Click
		a, _ := bot.ParseCustomID(d.CustomID)
		in.Click = bot.ClickData{Action: a, Values: d.Values}
		if w.Message != nil {
			in.Click.MessageID = w.Message.ID
		}
	case typeModal:
		if err := unmarshalData(w.Data, &component{}); err != nil {
			return nil, err
		}
		in.Type = Unknown
	default:
		in.Type = Unknown
	}
	return in, nil
}

// read is a command's data as the bot reads it: /name sub option:value…
func (d *command) read() bot.CommandData {
	c := bot.CommandData{Name: d.Name, Options: map[string]bot.Value{}, Bots: map[string]bool{}, Target: d.TargetID}
	if d.Resolved != nil {
		for id, u := range d.Resolved.Users {
			if u == nil {
				continue
			}
			if u.Bot {
				c.Bots[id] = true
			}
			if c.Names == nil {
				c.Names = map[string]string{}
			}
			c.Names[id] = u.name("")
		}
	}
	if len(d.Options) == 0 || d.Options[0] == nil {
		return c
	}
	sub := d.Options[0]
	if sub.Type == typeSubcommandGroup {
		c.Group = sub.Name
		if len(sub.Options) == 0 || sub.Options[0] == nil {
			return c
		}
		sub = sub.Options[0]
	}
	c.Sub = sub.Name
	for _, o := range sub.Options {
		if o == nil {
			continue
		}
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

// interaction is the envelope of every interaction, as Discord writes it.
type interaction struct {
	ID             string          `json:"id"`
	AppID          string          `json:"application_id"`
	Type           int             `json:"type"`
	Data           json.RawMessage `json:"data"`
	GuildID        string          `json:"guild_id"`
	ChannelID      string          `json:"channel_id"`
	Message        *message        `json:"message"`
	AppPermissions int64           `json:"app_permissions,string"`
	Member         *member         `json:"member"`
	User           *user           `json:"user"`
	Locale         string          `json:"locale"`
	GuildLocale    *string         `json:"guild_locale"`
	Token          string          `json:"token"`
	Version        int             `json:"version"`
	// Channel is read for its type alone: in a thread the bot posts by another permission.
	Channel *channel `json:"channel"`
}

type channel struct {
	Type int `json:"type"`
}

// typeSubcommandGroup is the option type of a subcommand group: its one option is the subcommand.
const typeSubcommandGroup = 2

// Discord's thread channel types: announcement, public and private threads.
const (
	typeAnnouncementThread = 10
	typePublicThread       = 11
	typePrivateThread      = 12
)

// inThread says whether an interaction's channel is a thread.
func (c *channel) inThread() bool {
	return c != nil && (c.Type == typeAnnouncementThread || c.Type == typePublicThread || c.Type == typePrivateThread)
}

// unmarshalData reads an interaction's data: absent or null leaves it empty.
func unmarshalData(raw json.RawMessage, v any) error {
	if len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, v)
}

// command is the data of a command or an autocomplete request.
type command struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Type     int       `json:"type"`
	TargetID string    `json:"target_id"`
	Options  []*option `json:"options"`
	Resolved *struct {
		Users map[string]*user `json:"users"`
	} `json:"resolved"`
}

// component is the data of a click on a button or a pick in a menu.
type component struct {
	CustomID      string   `json:"custom_id"`
	ComponentType int      `json:"component_type"`
	Values        []string `json:"values"`
}

type option struct {
	Name    string    `json:"name"`
	Type    int       `json:"type"`
	Options []*option `json:"options"`
	Value   any       `json:"value"`
	Focused bool      `json:"focused"`
}

type message struct {
	ID string `json:"id"`
}

type member struct {
	User        *user  `json:"user"`
	Nick        string `json:"nick"`
	Permissions int64  `json:"permissions,string"`
}

type user struct {
	ID         string `json:"id"`
	Username   string `json:"username"`
	GlobalName string `json:"global_name"`
	Bot        bool   `json:"bot"`
}

// name is how Discord shows a person: their nickname here, their global name, or their username.
func (u *user) name(nick string) string {
	switch {
	case nick != "":
		return nick
	case u.GlobalName != "":
		return u.GlobalName
	}
	return u.Username
}
