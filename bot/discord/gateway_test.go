package discord

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/wire"
	"tabuleiro/say"
)

func testGateway(t *testing.T, shard Shard, h Handler) (*Gateway, *fakeDiscord, *Work) {
	f := newFakeDiscord(t)
	base, _ := url.Parse(f.srv.URL)
	s := NewSession(Config{Token: "tok", APIBase: base, Shard: shard}, quickRetry, quietLog())
	work := NewWork(context.Background(), quietLog())
	return NewGateway(s, NewInteractions(h, nil), work, quietLog()), f, work
}

func TestGatewayAnswersThenRunsAfter(t *testing.T) {
	var after atomic.Int32
	h := handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		return bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Plain("board")},
			After: func(ctx context.Context, _ bot.Followup) { after.Add(1) },
		}
	})
	tests := []struct {
		name     string
		script   []answer
		wantPost int
	}{
		{"the answer goes to the interaction callback", nil, 1},
		{"After runs even when Discord says Unknown interaction",
			[]answer{{Status: 404, Body: `{"message":"Unknown interaction","code":10062}`}}, 1},
		// The callback is the one POST retried after a 5xx: Discord refuses a second answer
		// (40060), so a retry cannot answer twice. The After step runs all the same.
		{"a 5xx answer is retried, and After runs", []answer{{Status: 503}}, 2},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, f, work := testGateway(t, Shard{0, 1}, h)
			id := strconv.Itoa(500 + i)
			path := "/api/v10/interactions/" + id + "/gtok/callback"
			f.on("POST", path, tt.script...)
			before := after.Load()
			in := &wire.Interaction{Token: "gtok", Interaction: bot.Interaction{ID: id, Type: bot.Command, Guild: "1", Channel: "2"}}
			g.interaction(in)
			g.interaction(in) // delivered twice: answered once
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			work.Wait(ctx)
			if n := f.count("POST", path); n != tt.wantPost {
				t.Errorf("%d posts to %s, want %d", n, path, tt.wantPost)
			}
			if got := after.Load() - before; got != 1 {
				t.Errorf("After ran %d times", got)
			}
			calls := f.recorded()
			if len(calls) == 0 || !strings.Contains(calls[len(calls)-1].Body, `"content":"board"`) {
				t.Errorf("calls %+v", calls)
			}
		})
	}
}

func TestGatewayLeavesOtherShardsAlone(t *testing.T) {
	h := handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		t.Errorf("handled guild %s", in.Guild)
		return bot.Reply{}
	})
	g, f, _ := testGateway(t, Shard{1, 2}, h)
	if g.s.ShardID != 1 || g.s.ShardCount != 2 || g.s.Identify.Intents != discordgo.IntentsGuilds {
		t.Errorf("session shard %d/%d intents %d", g.s.ShardID, g.s.ShardCount, g.s.Identify.Intents)
	}
	g.interaction(&wire.Interaction{Interaction: bot.Interaction{ID: "1", Guild: strconv.FormatUint(2<<22, 10)}}) // shard 0
	g.interaction(&wire.Interaction{Interaction: bot.Interaction{ID: "2"}})                                       // a DM: shard 0
	if len(f.recorded()) != 0 {
		t.Errorf("calls %+v", f.recorded())
	}
}

func TestRegisterIsOneBulkOverwrite(t *testing.T) {
	for _, tt := range []struct{ guild, path string }{
		{"", "/api/v10/applications/424242/commands"},
		{"77", "/api/v10/applications/424242/guilds/77/commands"},
	} {
		g, f, _ := testGateway(t, Shard{0, 1}, nil)
		app, err := AppID(context.Background(), g.s, "")
		if err != nil || app != "424242" {
			t.Fatalf("AppID = %q, %v", app, err)
		}
		cmds := []*discordgo.ApplicationCommand{{Name: "ouri", Description: "Ouri"}, {Name: "ordo", Description: "Ordo"}}
		for _, activity := range []bool{false, true} {
			if err := Register(context.Background(), g.s, app, tt.guild, cmds, activity); err != nil {
				t.Fatal(err)
			}
			var sent []map[string]any
			calls := f.recorded()
			last := calls[len(calls)-1]
			if err := json.Unmarshal([]byte(last.Body), &sent); err != nil || last.Method != "PUT" || last.Path != tt.path {
				t.Fatalf("guild %q: the registration is %s %s %v", tt.guild, last.Method, last.Path, err)
			}
			want := 2
			if activity {
				want = 3 // and the Activity's Entry Point command, launched by Discord
				if e := sent[2]; e["type"] != 4.0 || e["handler"] != 2.0 || e["name"] != "launch" || e["description"] == "" {
					t.Errorf("the Entry Point command is %v", e)
				}
			}
			if len(sent) != want || sent[0]["name"] != "ouri" {
				t.Errorf("guild %q, activity %v: registered %v", tt.guild, activity, sent)
			}
		}
		if n := f.count("PUT", tt.path); n != 2 {
			t.Errorf("guild %q: %d PUTs to %s; calls %+v", tt.guild, n, tt.path, f.recorded())
		}
	}
}

func TestGatewayOpenFails(t *testing.T) {
	closed := httptest.NewServer(http.NotFoundHandler())
	dead := "ws://" + closed.Listener.Addr().String() + "/gateway"
	closed.Close()
	tests := []struct {
		name string
		bot  answer
		says string
	}{
		{"when Discord refuses GET /gateway/bot", answer{Status: 401, Body: `{"message":"401: Unauthorized","code":0}`}, "GET /gateway/bot"},
		{"when the gateway cannot be reached, without retrying", answer{Status: 200, Body: `{"url":"` + dead + `"}`}, "connecting to the Discord gateway"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, f, _ := testGateway(t, Shard{0, 1}, nil)
			f.on("GET", "/api/v10/gateway/bot", tt.bot)
			var w waits
			g.ws.Wait = w.pause
			err := g.Open()
			if err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Fatalf("Open = %v, want an error saying %q", err, tt.says)
			}
			if len(w.all()) != 0 {
				t.Errorf("waited %v to retry", w.all())
			}
			if err := g.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
	}
}
