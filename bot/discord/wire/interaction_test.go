package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
)

type recordedRequest struct {
	name string
	body []byte
}

// recordedRequests are the interactions of the endpoint's recording (../testdata/recorded.json),
// as Discord sends them.
func recordedRequests(t testing.TB) []recordedRequest {
	src, err := os.ReadFile("../testdata/recorded.json")
	if err != nil {
		t.Fatal(err)
	}
	var steps []struct {
		Name    string          `json:"name"`
		Request json.RawMessage `json:"request"`
		Raw     *string         `json:"raw"`
	}
	if err := json.Unmarshal(src, &steps); err != nil {
		t.Fatal(err)
	}
	var out []recordedRequest
	for _, s := range steps {
		var body []byte
		if s.Request != nil {
			var b bytes.Buffer
			if err := json.Compact(&b, s.Request); err != nil {
				t.Fatal(err)
			}
			body = b.Bytes()
		}
		if s.Raw != nil {
			body = []byte(*s.Raw)
		}
		out = append(out, recordedRequest{s.Name, body})
	}
	return out
}

func addInteractionSeeds(f *testing.F) {
	for _, r := range recordedRequests(f) {
		f.Add(r.body)
	}
	f.Add([]byte(`{"type":3,"id":"1","data":{"custom_id":"/ouri/1/0/sow/a","component_type":2},"message":{"id":"m"}}`))
	f.Add([]byte(`{"type":4,"id":"2","data":{"name":"ordo","options":[{"name":"move","type":1,"options":[{"name":"play","type":3,"value":"a","focused":true}]}]}}`))
}

func TestDecodeReadsWhatTheBotUses(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       Interaction
	}{
		{"a ping", `{"id":"1","application_id":"9","type":1,"token":"t","version":1}`,
			Interaction{App: "9", Token: "t", Interaction: bot.Interaction{Type: bot.Ping, ID: "1"}}},
		{"a click names the message it is on and reads its custom id",
			`{"id":"2","type":3,"token":"t","guild_id":"g","channel_id":"c","app_permissions":"3072","locale":"pt-BR","guild_locale":"en-US",
			  "member":{"user":{"id":"u","username":"bob","global_name":"Bob"},"nick":"Bobby","permissions":"32","roles":["r"]},
			  "message":{"id":"m","content":"board","components":[]},"data":{"custom_id":"/ouri/4/2/sow/d","component_type":2}}`,
			Interaction{Token: "t", Interaction: bot.Interaction{Type: bot.Click, ID: "2", User: "u", UserName: "Bobby", Guild: "g",
				Channel: "c", Perms: 3072, MemberPerms: 32, Locale: "pt-BR", GuildLocale: "en-US",
				Click: bot.ClickData{Action: bot.Action{Kind: "ouri", Game: 4, Ply: 2, Route: "sow", Arg: "d"}, MessageID: "m"}}}},
		{"a pick in a menu keeps its values", `{"id":"3","type":3,"user":{"id":"u","username":"bob"},"data":{"custom_id":"/x","component_type":3,"values":["a","b"]}}`,
			Interaction{Interaction: bot.Interaction{Type: bot.Click, ID: "3", User: "u", UserName: "bob",
				Click: bot.ClickData{Values: []string{"a", "b"}}}}},
		{"a command's options are strings and booleans; the users it names are known by name",
			`{"id":"4","type":2,"user":{"id":"u","username":"al","global_name":"Al"},"data":{"name":"ouri","options":[{"name":"challenge","type":1,"options":[
			  {"name":"opponent","type":6,"value":"b"},{"name":"rated","type":5,"value":true},{"name":"n","type":4,"value":3}]}],
			  "resolved":{"users":{"b":{"id":"b","username":"beep","bot":true}}}}}`,
			Interaction{Interaction: bot.Interaction{Type: bot.Command, ID: "4", User: "u", UserName: "Al",
				Command: bot.CommandData{Name: "ouri", Sub: "challenge", Options: map[string]bot.Value{"opponent": {Str: "b"},
					"rated": {Bool: true, IsBool: true}, "n": {Str: "3"}}, Bots: map[string]bool{"b": true}, Names: map[string]string{"b": "beep"}}}}},
		{"autocomplete says which option is typed", `{"id":"5","type":4,"data":{"name":"ordo","options":[{"name":"move","type":1,"options":[{"name":"play","type":3,"value":"b","focused":true}]}]}}`,
			Interaction{Interaction: bot.Interaction{Type: bot.Autocomplete, ID: "5",
				Command: bot.CommandData{Name: "ordo", Sub: "move", Options: map[string]bot.Value{"play": {Str: "b"}}, Focused: "play", Bots: map[string]bool{}}}}},
		{"a context menu names its target", `{"id":"6","type":2,"data":{"name":"Challenge to a game","type":2,"target_id":"t"}}`,
			Interaction{Interaction: bot.Interaction{Type: bot.Command, ID: "6",
				Command: bot.CommandData{Name: "Challenge to a game", Target: "t", Options: map[string]bot.Value{}, Bots: map[string]bool{}}}}},
		{"a modal is not the bot's", `{"id":"7","type":5,"data":{"custom_id":"x"}}`, Interaction{Interaction: bot.Interaction{Type: Unknown, ID: "7"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Decode([]byte(c.body))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*got, c.want) {
				t.Fatalf("decoded\n%+v\nwant\n%+v", *got, c.want)
			}
		})
	}
}

// FuzzDecode: Decode reads every body discordgo reads, to what the adapter read through discordgo
// before it had a codec of its own (viaDiscordgo), and never panics on the others.
func FuzzDecode(f *testing.F) {
	addInteractionSeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		got, err := Decode(body)
		var in discordgo.Interaction
		if json.Unmarshal(body, &in) != nil {
			return
		}
		if err != nil {
			t.Fatalf("discordgo reads %s; Decode does not: %v", body, err)
		}
		want, ok := viaDiscordgo(&in)
		if !ok {
			return // the reading through discordgo panicked (a null option); Decode did not
		}
		if got.App != in.AppID || got.Token != in.Token || !reflect.DeepEqual(got.Interaction, *want) {
			t.Fatalf("Decode reads\n%+v\ndiscordgo\n%+v", got.Interaction, *want)
		}
	})
}

// viaDiscordgo is how the adapter read a discordgo interaction before this package: the reference
// Decode is held to. ok is false where it panicked.
func viaDiscordgo(in *discordgo.Interaction) (out *bot.Interaction, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	out = &bot.Interaction{ID: in.ID, Guild: in.GuildID, Channel: in.ChannelID, Perms: uint64(in.AppPermissions)}
	name := func(nick string, u *discordgo.User) string {
		switch {
		case nick != "":
			return nick
		case u.GlobalName != "":
			return u.GlobalName
		}
		return u.Username
	}
	switch {
	case in.Member != nil && in.Member.User != nil:
		out.User, out.UserName, out.MemberPerms = in.Member.User.ID, name(in.Member.Nick, in.Member.User), uint64(in.Member.Permissions)
	case in.User != nil:
		out.User, out.UserName = in.User.ID, name("", in.User)
	}
	out.Locale = string(in.Locale)
	if in.GuildLocale != nil {
		out.GuildLocale = string(*in.GuildLocale)
	}
	switch in.Type {
	case discordgo.InteractionPing:
		out.Type = bot.Ping
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, _ := in.Data.(discordgo.ApplicationCommandInteractionData)
		out.Type = bot.Command
		if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
			out.Type = bot.Autocomplete
		}
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
				c.Names[id] = name("", u)
			}
		}
		if len(data.Options) > 0 {
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
		}
		out.Command = c
	case discordgo.InteractionMessageComponent:
		data, _ := in.Data.(discordgo.MessageComponentInteractionData)
		out.Type = bot.Click
		a, _ := bot.ParseCustomID(data.CustomID)
		out.Click = bot.ClickData{Action: a, Values: data.Values}
		if in.Message != nil {
			out.Click.MessageID = in.Message.ID
		}
	default:
		out.Type = Unknown
	}
	return out, true
}

// BenchmarkDecode: a click on a board and a /ouri move, as Discord sends them (the click carries
// the board's whole message), read into the bot's interaction.
func BenchmarkDecode(b *testing.B) {
	for i, body := range realisticInteractions(b) { // command, click
		b.Run([]string{"command", "click"}[i], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Decode(body); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
