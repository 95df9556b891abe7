package discord

import (
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/wire"
	"tabuleiro/say"
)

// The bot's behaviour is tested in package bot on bot.Interaction and bot.Reply; these check that
// the adapter (the codec, package wire, whose own tests hold it to discordgo's reading) carries over
// what those tests rely on, both ways.
func TestTheAdapterCarriesWhatTheBotReads(t *testing.T) {
	user := func(id string, isBot bool) *discordgo.User {
		return &discordgo.User{ID: id, Username: "u" + id, Bot: isBot}
	}
	cases := []struct {
		name string
		in   *discordgo.Interaction
		want func(*bot.Interaction) bool
	}{
		{"a member's permissions and the bot's are kept apart",
			&discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, GuildID: "g", ChannelID: "c", AppPermissions: 3072,
				Member: &discordgo.Member{User: user("a", false), Permissions: 32},
				Data:   discordgo.ApplicationCommandInteractionData{Name: "tabuleiro", Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "help"}}}},
			func(in *bot.Interaction) bool {
				return in.User == "a" && in.MemberPerms == 32 && in.Perms == 3072 && in.Command.Sub == "help"
			}},
		{"the caller's language and the server's",
			&discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, GuildID: "g", ChannelID: "c", Locale: discordgo.PortugueseBR,
				GuildLocale: func() *discordgo.Locale { l := discordgo.EnglishUS; return &l }(), Member: &discordgo.Member{User: user("a", false)},
				Data: discordgo.ApplicationCommandInteractionData{Name: "ordo", Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "rules"}}}},
			func(in *bot.Interaction) bool { return in.Locale == "pt-BR" && in.GuildLocale == "en-US" }},
		{"a DM's user, with no server",
			&discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ChannelID: "dm", User: user("a", false),
				Data: discordgo.ApplicationCommandInteractionData{Name: "ordo", Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "rules"}}}},
			func(in *bot.Interaction) bool { return in.User == "a" && in.Guild == "" && in.Channel == "dm" }},
		{"the member menu's target, a bot account among the resolved users",
			&discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, GuildID: "g", ChannelID: "c", Member: &discordgo.Member{User: user("a", false)},
				Data: discordgo.ApplicationCommandInteractionData{Name: bot.ChallengeMenu, TargetID: "somebot",
					Resolved: &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{"somebot": user("somebot", true)}}}},
			func(in *bot.Interaction) bool {
				return in.Command.Target == "somebot" && in.Command.Bots["somebot"] && in.Command.Names["somebot"] == "usomebot"
			}},
		{"options as strings and booleans, and the focused one",
			&discordgo.Interaction{Type: discordgo.InteractionApplicationCommandAutocomplete, GuildID: "g", ChannelID: "c", Member: &discordgo.Member{User: user("a", false)},
				Data: discordgo.ApplicationCommandInteractionData{Name: "ouri", Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "move",
					Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "play", Value: "d", Focused: true}, {Name: "misere", Value: true}}}}}},
			func(in *bot.Interaction) bool {
				return in.Type == bot.Autocomplete && in.Command.Focused == "play" && in.Command.Str("play") == "d" && in.Command.Options["misere"].Bool
			}},
		{"a click's action, values and message",
			&discordgo.Interaction{Type: discordgo.InteractionMessageComponent, GuildID: "g", ChannelID: "c", Member: &discordgo.Member{User: user("a", false)},
				Message: &discordgo.Message{ID: "m"}, Data: discordgo.MessageComponentInteractionData{CustomID: "/oolong/3/41/group/1", Values: []string{"x"}}},
			func(in *bot.Interaction) bool {
				return in.Click.MessageID == "m" && reflect.DeepEqual(in.Click.Values, []string{"x"}) &&
					in.Click.Action == bot.Action{Route: "group", Kind: "oolong", Game: 3, Ply: 41, Menu: 1}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := &toWire(t, c.in).Interaction; !c.want(got) {
				t.Fatalf("%+v", got)
			}
		})
	}
}

func TestTheAdapterShowsWhatTheBotReplies(t *testing.T) {
	t.Run("a message pings its Pings alone", func(t *testing.T) {
		r := readResponse(t, wire.AppendResponse(nil, bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Mention("a").Add(say.Plain(" challenges "), say.Mention("b")), Pings: []string{"b"}}}))
		if a := r.Data.AllowedMentions; a == nil || len(a.Parse) != 0 || !reflect.DeepEqual(a.Users, []string{"b"}) {
			t.Fatalf("allowed mentions %+v", a)
		}
	})
	t.Run("an update without controls removes the old ones", func(t *testing.T) {
		r := readResponse(t, wire.AppendResponse(nil, bot.Reply{Type: bot.Update, Message: bot.Message{Content: say.Plain("withdrew")}}))
		if r.Type != discordgo.InteractionResponseUpdateMessage || r.Data.Components == nil || len(r.Data.Components) != 0 {
			t.Fatalf("%+v", r.Data)
		}
	})
	t.Run("a private reply is ephemeral, deferred or not", func(t *testing.T) {
		for _, typ := range []bot.ReplyType{bot.Post, bot.Deferred} {
			if r := readResponse(t, wire.AppendResponse(nil, bot.Reply{Type: typ, Message: bot.Message{Private: true}})); r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
				t.Fatalf("type %d: %+v", typ, r)
			}
		}
	})
	t.Run("a jump links the message, in a server or a DM", func(t *testing.T) {
		for jump, want := range map[bot.Jump]string{
			{Guild: "g1", Channel: "c1", Message: "m1"}: "https://discord.com/channels/g1/c1/m1",
			{Channel: "dm", Message: "m2"}:              "https://discord.com/channels/@me/dm/m2",
		} {
			if got := content(bot.Message{Content: say.Plain("your turn"), Jump: &jump}); !strings.HasSuffix(got, " "+want) {
				t.Errorf("%q does not end with the link %s", got, want)
			}
		}
	})
}

// TestHandleNeverPanics hands the adapter what it cannot read: each is refused privately. (The bot's
// own refusals are tested in package bot.)
func TestHandleNeverPanics(t *testing.T) {
	e := newEnv(t)
	for _, in := range []*discordgo.Interaction{
		{ID: "x", Type: discordgo.InteractionMessageComponent, GuildID: "g", ChannelID: "c",
			Member: &discordgo.Member{User: &discordgo.User{ID: "u"}}, Data: discordgo.MessageComponentInteractionData{CustomID: "/ouri/1/2/sow"}},
		{ID: "y", Type: discordgo.InteractionMessageComponent, Data: discordgo.MessageComponentInteractionData{CustomID: "garbage"}},
		{ID: "z", Type: discordgo.InteractionModalSubmit},
		{ID: "w", Type: discordgo.InteractionApplicationCommand, GuildID: "g", ChannelID: "c",
			Member: &discordgo.Member{User: &discordgo.User{ID: "u"}}},
	} {
		r := e.handle(in)
		if r.Response == nil || !isPrivate(r.Response) {
			t.Errorf("%s: %+v", in.ID, r.Response)
		}
	}
}
