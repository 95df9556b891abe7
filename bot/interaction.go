package bot

import (
	"context"
	"errors"
	"strings"

	"tabuleiro/say"
)

// Type is what kind of interaction a person made.
type Type uint8

const (
	Ping         Type = iota // a platform's liveness check
	Command                  // a slash command
	Autocomplete             // a command being typed: suggest values for the focused option
	Click                    // a button pressed or a menu value chosen
)

// Interaction is one thing a person did, as every adapter hands it over.
type Interaction struct {
	Type Type
	ID   string // unique per interaction: logs, and the seed of a new game
	User string // who did it
	// UserName is how the person is shown (their display name), when the platform says.
	UserName string
	Guild    string
	Channel  string
	Command  CommandData // for Command and Autocomplete
	Click    ClickData   // for Click
	// Perms are the bot's permissions where the interaction happened (Discord's app_permissions);
	// 0 when the platform did not say.
	Perms uint64
	// InThread says the interaction was made inside a thread, where the bot posts by another
	// permission (Send Messages in Threads) than in a channel (Send Messages).
	InThread bool
	// MemberPerms are the caller's permissions in the channel (a server's member).
	MemberPerms uint64
	// Locale is the caller's language; GuildLocale the server's.
	Locale, GuildLocale string
}

// Permissions the bot needs where it will post or edit by itself later (its moves after a restart,
// expiry notices), as Discord numbers them.
const (
	PermViewChannel           uint64 = 1 << 10
	PermSendMessages          uint64 = 1 << 11
	PermSendMessagesInThreads uint64 = 1 << 38
)

// CommandData is a slash command: /<Name> [<Group>] <Sub> with its options.
type CommandData struct {
	Name, Sub string
	Group     string // the subcommand group Sub belongs to, if any
	Options   map[string]Value
	// Focused names the option being typed, for Autocomplete.
	Focused string
	// Bots are the user ids among the options that are bot accounts.
	Bots map[string]bool
	// Target is the member a context-menu command was used on.
	Target string
	// Names are the display names of the people among the options.
	Names map[string]string
}

// Value is one option's value: a string (user ids included) or a boolean.
type Value struct {
	Str    string
	Bool   bool
	IsBool bool
}

// Str returns the option's string value, "" when it is not set.
func (c CommandData) Str(name string) string {
	v := c.Options[name]
	if v.IsBool {
		if v.Bool {
			return "true"
		}
		return "false"
	}
	return v.Str
}

// Lower is Str in lower case.
func (c CommandData) Lower(name string) string { return strings.ToLower(c.Str(name)) }

// ClickData is a control used on a message.
type ClickData struct {
	Action    Action
	Values    []string // a menu's chosen values
	MessageID string   // the message the control is on
}

// ReplyType is how a reply is shown.
type ReplyType uint8

const (
	Pong    ReplyType = iota // the answer to a Ping
	Post                     // a new message (Message.Private: only the person who asked sees it)
	Update                   // replaces the message whose control was used
	Choices                  // autocomplete suggestions
	// Deferred answers now that the answer comes later: After edits it in (within the
	// interaction's 15 minutes). Message, Private, is what a platform may show meanwhile.
	Deferred
	// Launch opens the application's Activity for the person who clicked (Discord's
	// LAUNCH_ACTIVITY): the live board inside Discord. Only where the application has Activities.
	Launch
)

// Reply is the answer to one interaction.
type Reply struct {
	Type    ReplyType
	Message Message
	Choices []string
	// Names, when set, are what each of Choices shows instead of its value ("" shows the value).
	Names []string
	// After, when set, runs once the reply has been delivered (never before): it records the new
	// board's message and makes the bot's move(s), through f while the interaction's token is
	// good. Adapters call it in background work they track.
	After func(ctx context.Context, f Followup)
	// Outcome is how the interaction went, for the operators' counts.
	Outcome Outcome
	// Refusal is the catalogue id of what the person was told when the bot said no (Refused or
	// Failed), for tests and counts that ask why without reading the words.
	Refusal string
}

// Outcome is how an interaction went: answered, refused (the person was told no: an illegal move,
// a stale button, a missing permission), or failed (something broke; the log says what).
type Outcome uint8

const (
	Answered Outcome = iota
	Refused
	Failed
)

// Followup is what the bot may still do through the interaction a reply answered, while its token
// is good (Discord: 15 minutes): learn the id of the message the reply created, edit or clear that
// message, and post follow-up messages. It needs no permission in the channel, so it works in DMs and where
// the bot user may not post.
type Followup interface {
	Original(ctx context.Context) (messageID string, err error)
	EditOriginal(ctx context.Context, m Message) error
	// ClearOriginal removes the controls of the message the reply created, keeping its text.
	ClearOriginal(ctx context.Context) error
	FollowUp(ctx context.Context, m Message) (messageID string, err error)
}

// ErrForbidden is wrapped by the error of a Sender or a Followup when the platform does not let the
// bot post or edit there (Discord's 403). The players are told; the call is not retried.
var ErrForbidden = errors.New("the bot may not post or edit in this channel")

// File is attached to a message: a text, or a picture (PNG, GIF), as its name's extension says.
type File struct {
	Name    string
	Content []byte
	// Lines are the text board a picture of a board draws, for a surface that shows no pictures
	// (the console).
	Lines []string
	// Description says in words what the file shows, in the message's language, for whoever
	// cannot see it (a picture's alt text): at most 1,024 characters, Discord's limit.
	Description string
}

// Message is what the bot posts: text, who it may ping, and rows of controls.
type Message struct {
	// Content is the text, in parts each adapter shows its own way (mentions, moments, emphasis,
	// boards in blocks).
	Content say.Rich
	Rows    []Row
	Private bool
	// Pings are the only people the message may notify (a challenge's opponent, the players of a
	// game lost on time); everyone else it mentions is named without a ping.
	Pings []string
	// Files are attached to the message. An edit, or a reply that updates a message, replaces
	// every file the message had with these (none: it keeps none).
	Files []File
	// Jump, when set, is a message this one points to (a turn ping's board); adapters link it.
	Jump *Jump
	// Once, when set, names a new message that is to be posted once (at most 25 characters): a
	// platform that can (Discord's enforce_nonce) does not post a second message of the same name
	// within minutes, so a send tried again after a crash cannot land twice.
	Once string
}

// Jump names a message to link to.
type Jump struct{ Guild, Channel, Message string }

// Row is one row of controls.
type Row []Control

// ControlType is a button or a menu.
type ControlType uint8

const (
	Button ControlType = iota
	Menu
)

// Style is a button's colour.
type Style uint8

const (
	Primary Style = iota
	Secondary
	Success
	Danger
)

// Control is a button or a menu.
type Control struct {
	Type        ControlType
	Label       string // a button's text
	Style       Style
	Disabled    bool
	Action      Action
	Placeholder string   // a menu's prompt
	Options     []Option // a menu's values
}

// Option is one value of a menu; Description, when set, says what choosing it does.
type Option struct{ Label, Value, Description string }

// Sender delivers what the bot says outside a reply: its own moves, expiry notices.
type Sender interface {
	Send(ctx context.Context, channel string, m Message) (messageID string, err error)
	// Edit replaces a message's text and controls.
	Edit(ctx context.Context, channel, messageID string, m Message) error
	// Clear removes a message's controls and leaves its text.
	Clear(ctx context.Context, channel, messageID string) error
	// Delete removes a message (a turn ping that no longer applies).
	Delete(ctx context.Context, channel, messageID string) error
}
