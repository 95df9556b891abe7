package wire

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/say"
)

// sameJSON fails unless AppendResponse writes r as JSON that reads as encoding/json's writing of
// the discordgo response the adapter built before this package (viaDiscordgoResponse).
func sameJSON(t *testing.T, r bot.Reply) {
	t.Helper()
	want, err := json.Marshal(viaDiscordgoResponse(r))
	if err != nil {
		t.Fatal(err)
	}
	got := AppendResponse(nil, r)
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, got)
	}
	json.Unmarshal(want, &w)
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("written\n%s\nencoding/json\n%s", got, want)
	}
}

var rows = []bot.Row{
	{{Type: bot.Button, Label: "a", Style: bot.Primary, Action: bot.Action{Kind: "ouri", Game: 7, Ply: 3, Route: "sow", Arg: "a"}},
		{Type: bot.Button, Label: "Resign", Style: bot.Danger, Disabled: true, Action: bot.Action{Kind: "ouri", Game: 7, Route: "resign"}}},
	{{Type: bot.Menu, Placeholder: "Table <ne> & \"seat\"", Action: bot.Action{Kind: "oolong", Game: 1, Route: "pick"},
		Options: []bot.Option{{Label: "ne.n", Value: "ne.n", Description: "serve\u2028here"}, {Label: "", Value: "skip"}}}},
	{},
}

func TestResponsesAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	for _, c := range []struct {
		name  string
		reply bot.Reply
	}{
		{"pong", bot.Reply{Type: bot.Pong}},
		{"a public board", bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Join("\n", say.Strong("Ouri"),
			say.Block("", []string{" f e d"}), say.Mention("1").Add(say.Plain(" to move"))), Rows: rows}}},
		{"a private refusal", bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Plain("Not your turn — wait."), Private: true}}},
		{"a board updated in place", bot.Reply{Type: bot.Update, Message: bot.Message{Content: say.Plain("x\ty\r\x01\x7f"), Rows: rows, Pings: []string{"1", "2"}}}},
		{"buttons removed", bot.Reply{Type: bot.Update, Message: bot.Message{Content: say.Plain("over")}}},
		{"autocomplete", bot.Reply{Type: bot.Choices, Choices: []string{"a", "b c", "é"}}},
		{"no choices", bot.Reply{Type: bot.Choices}},
		{"deferred in public", bot.Reply{Type: bot.Deferred}},
		{"deferred in private", bot.Reply{Type: bot.Deferred, Message: bot.Message{Private: true}}},
		{"the Activity launched", bot.Reply{Type: bot.Launch}},
		{"invalid UTF-8", bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Plain("bad \xff\xfe byte")}}},
		{"a custom id to escape", bot.Reply{Type: bot.Post, Message: bot.Message{Rows: []bot.Row{{{Label: "x",
			Action: bot.Action{Kind: "ordo", Game: 1, Route: "play", Arg: "<\"é\">"}}}}}}},
	} {
		t.Run(c.name, func(t *testing.T) { sameJSON(t, c.reply) })
	}
}

// FuzzResponseJSON: whatever the texts, a reply is written as encoding/json writes it.
func FuzzResponseJSON(f *testing.F) {
	f.Add("content", "label", "id", "user", uint8(1), true, false)
	f.Add("<@1> & \"x\"\n```", "é\u2028", "\xff", "", uint8(4), false, true)
	f.Fuzz(func(t *testing.T, content, label, arg, user string, style uint8, disabled, private bool) {
		rows := []bot.Row{{{Type: bot.Button, Label: label, Style: bot.Style(style % 5), Disabled: disabled,
			Action: bot.Action{Kind: "ordo", Game: 1, Route: "play", Arg: arg}}},
			{{Type: bot.Menu, Placeholder: label, Action: bot.Action{Kind: "ordo", Game: 1, Route: "play", Arg: arg},
				Options: []bot.Option{{Label: label, Value: arg, Description: content}}}}}
		for _, r := range []bot.Reply{
			{Type: bot.Post, Message: bot.Message{Content: say.Plain(content), Rows: rows, Private: private, Pings: []string{user}}},
			{Type: bot.Update, Message: bot.Message{Content: say.Plain(content), Rows: rows}},
			{Type: bot.Choices, Choices: []string{content, label}},
		} {
			sameJSON(t, r)
		}
	})
}

// What the bot posts and edits over REST reads as the message it means.
func TestMessageBodies(t *testing.T) {
	m := bot.Message{Content: say.Plain("turn"), Rows: rows[:1], Pings: []string{"7"}, Jump: &bot.Jump{Channel: "c", Message: "m"}}
	for _, c := range []struct {
		name       string
		m          bot.Message
		edit       bool
		content    string
		components int // -1: not said
		flags      int
	}{
		{"a post links the message it points to", m, false, "turn https://discord.com/channels/@me/c/m", 1, 0},
		{"a post without controls says none", bot.Message{Content: say.Plain("x")}, false, "x", -1, 0},
		{"an edit without controls clears them", bot.Message{Content: say.Plain("x")}, true, "x", 0, 0},
		{"a private follow-up", bot.Message{Content: say.Plain("psst"), Private: true}, false, "psst", -1, 64},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got struct {
				Content    *string           `json:"content"`
				Components []json.RawMessage `json:"components"`
				Allowed    struct {
					Parse []string `json:"parse"`
					Users []string `json:"users"`
				} `json:"allowed_mentions"`
				Flags int `json:"flags"`
			}
			body := AppendMessage(nil, c.m, c.edit)
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatalf("%s: %v", body, err)
			}
			n := len(got.Components)
			if got.Components == nil && !strings.Contains(string(body), `"components"`) {
				n = -1
			}
			if *got.Content != c.content || n != c.components || got.Flags != c.flags || got.Allowed.Parse == nil ||
				!reflect.DeepEqual(got.Allowed.Users, c.m.Pings) {
				t.Fatalf("%s", body)
			}
		})
	}
	var clear map[string]any
	if err := json.Unmarshal(ClearControls, &clear); err != nil || len(clear["components"].([]any)) != 0 {
		t.Fatalf("ClearControls %s: %v", ClearControls, err)
	}
}

// viaDiscordgoResponse is the discordgo response the adapter built from a reply before this
// package: the reference AppendResponse is held to.
func viaDiscordgoResponse(r bot.Reply) *discordgo.InteractionResponse {
	allowed := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: r.Message.Pings}
	styles := map[bot.Style]discordgo.ButtonStyle{bot.Primary: discordgo.PrimaryButton,
		bot.Secondary: discordgo.SecondaryButton, bot.Success: discordgo.SuccessButton, bot.Danger: discordgo.DangerButton}
	components := func(rows []bot.Row) []discordgo.MessageComponent {
		if rows == nil {
			return nil
		}
		out := make([]discordgo.MessageComponent, 0, len(rows))
		for _, row := range rows {
			var comps []discordgo.MessageComponent
			for _, c := range row {
				if c.Type == bot.Menu {
					menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: bot.CustomID(c.Action), Placeholder: c.Placeholder}
					for _, o := range c.Options {
						menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: o.Label, Value: o.Value, Description: o.Description})
					}
					comps = append(comps, menu)
					continue
				}
				style := styles[c.Style]
				if style == 0 {
					style = discordgo.PrimaryButton
				}
				comps = append(comps, discordgo.Button{Label: c.Label, Style: style, CustomID: bot.CustomID(c.Action), Disabled: c.Disabled})
			}
			out = append(out, discordgo.ActionsRow{Components: comps})
		}
		return out
	}
	switch r.Type {
	case bot.Pong:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}
	case bot.Launch:
		return &discordgo.InteractionResponse{Type: 12} // LAUNCH_ACTIVITY, which discordgo does not name
	case bot.Choices:
		choices := []*discordgo.ApplicationCommandOptionChoice{}
		for _, n := range r.Choices {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: n, Value: n})
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices}}
	case bot.Deferred:
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
		// An update says the message's attachments, none here (files: TestFilesAreListedAsAttachments).
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: markup(r.Message.Content), Components: comps, AllowedMentions: allowed,
				Attachments: &[]*discordgo.MessageAttachment{}}}
	}
	data := &discordgo.InteractionResponseData{Content: markup(r.Message.Content), Components: components(r.Message.Rows), AllowedMentions: allowed}
	if r.Message.Private {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
}
