package discord

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
)

// sameJSON fails unless the endpoint's own writing of r reads back as encoding/json's does, and,
// with fast, unless it was written directly.
func sameJSON(t *testing.T, r *discordgo.InteractionResponse, fast bool) {
	t.Helper()
	want, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := appendResponse(nil, r)
	if !ok {
		if fast {
			t.Fatalf("not written directly: %s", want)
		}
		return
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, got)
	}
	json.Unmarshal(want, &w)
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("written\n%s\nencoding/json\n%s", got, want)
	}
}

func TestResponsesAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	rows := []bot.Row{
		{{Type: bot.Button, Label: "a", Style: bot.Primary, Action: bot.Action{Kind: "ouri", Game: 7, Ply: 3, Verb: "sow", Arg: "a"}},
			{Type: bot.Button, Label: "Resign", Style: bot.Danger, Disabled: true, Action: bot.Action{Kind: "ouri", Game: 7, Verb: "resign"}}},
		{{Type: bot.Menu, Placeholder: "Table <ne> & \"seat\"", Action: bot.Action{Kind: "oolong", Game: 1, Verb: "pick", Arg: "0"},
			Options: []bot.Option{{Label: "ne.n", Value: "ne.n", Description: "serve\u2028here"}, {Label: "", Value: "skip"}}}},
	}
	for _, c := range []struct {
		name  string
		reply bot.Reply
	}{
		{"pong", bot.Reply{Type: bot.Pong}},
		{"a public board", bot.Reply{Type: bot.Post, Message: bot.Message{Content: "**Ouri**\n```\n f e d\n```\n<@1> to move", Rows: rows}}},
		{"a private refusal", bot.Reply{Type: bot.Post, Message: bot.Message{Content: "Not your turn — wait.", Private: true}}},
		{"a board updated in place", bot.Reply{Type: bot.Update, Message: bot.Message{Content: "x\ty\r\x01\x7f", Rows: rows, Pings: []string{"1", "2"}}}},
		{"buttons removed", bot.Reply{Type: bot.Update, Message: bot.Message{Content: "over"}}},
		{"autocomplete", bot.Reply{Type: bot.Choices, Choices: []string{"a", "b c", "é"}}},
		{"no choices", bot.Reply{Type: bot.Choices}},
		{"invalid UTF-8", bot.Reply{Type: bot.Post, Message: bot.Message{Content: "bad \xff\xfe byte"}}},
	} {
		t.Run(c.name, func(t *testing.T) { sameJSON(t, response(c.reply), true) })
	}
	// What the bot never sends goes through encoding/json, and still reads the same.
	embed := &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{{Title: "t"}}}}
	if _, ok := appendResponse(nil, embed); ok {
		t.Fatal("an embed was written directly")
	}
	if b, _ := marshalResponse(embed); !strings.Contains(string(b), `"embeds":[{`) {
		t.Fatalf("the embed was lost: %s", b)
	}
}

// FuzzResponseJSON: whatever the texts, the endpoint writes a reply as encoding/json does.
func FuzzResponseJSON(f *testing.F) {
	f.Add("content", "label", "id", "user", uint8(1), true, false)
	f.Add("<@1> & \"x\"\n```", "é\u2028", "\xff", "", uint8(4), false, true)
	f.Fuzz(func(t *testing.T, content, label, arg, user string, style uint8, disabled, private bool) {
		rows := []bot.Row{{{Type: bot.Button, Label: label, Style: bot.Style(style % 5), Disabled: disabled,
			Action: bot.Action{Kind: "ordo", Game: 1, Verb: "play", Arg: arg}}},
			{{Type: bot.Menu, Placeholder: label, Action: bot.Action{Kind: "ordo", Game: 1, Verb: "pick", Arg: arg},
				Options: []bot.Option{{Label: label, Value: arg, Description: content}}}}}
		for _, r := range []bot.Reply{
			{Type: bot.Post, Message: bot.Message{Content: content, Rows: rows, Private: private, Pings: []string{user}}},
			{Type: bot.Update, Message: bot.Message{Content: content, Rows: rows}},
			{Type: bot.Choices, Choices: []string{content, label}},
		} {
			sameJSON(t, response(r), true)
		}
	})
}
