package discord

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/wire"
	"tabuleiro/say"
)

func TestEditOriginalPatchesTheWebhookAndForgetsItsBucket(t *testing.T) {
	f := newFakeDiscord(t)
	snd, _ := testSender(t, f, "tok")
	ctx := context.Background()
	in := &wire.Interaction{Token: "itok", Interaction: bot.Interaction{ID: "9"}} // no application: the Sender's
	if err := snd.EditOriginal(ctx, in, bot.Message{Content: say.Plain("moved")}); err != nil {
		t.Fatalf("EditOriginal: %v", err)
	}
	if err := snd.ClearOriginal(ctx, in); err != nil {
		t.Fatalf("ClearOriginal: %v", err)
	}
	got := f.recorded()
	if len(got) != 2 {
		t.Fatalf("calls = %+v, want 2", got)
	}
	for _, c := range got {
		if c.Method != "PATCH" || c.Path != "/api/v10/webhooks/424242/itok/messages/@original" || c.Auth != "Bot tok" {
			t.Errorf("call = %s %s (auth %q)", c.Method, c.Path, c.Auth)
		}
	}
	if !strings.Contains(got[0].Body, `"content":"moved"`) || !strings.Contains(got[0].Body, `"components":[]`) {
		t.Errorf("edit body = %s", got[0].Body)
	}
	if got[1].Body != `{"components":[],"allowed_mentions":{"parse":[]}}` {
		t.Errorf("clear body = %s", got[1].Body)
	}
}

func TestEditOriginalSaysWhatDiscordRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer answer
		code   int
		forbid bool
	}{
		{"expired token", answer{Status: 401, Body: `{"message":"Invalid Webhook Token","code":50027}`}, 50027, false},
		{"deleted message", answer{Status: 404, Body: `{"message":"Unknown Message","code":10008}`}, 10008, false},
		{"no access", answer{Status: 403, Body: `{"message":"Missing Access","code":50001}`}, 50001, true},
		{"not JSON", answer{Status: 400, Body: `<html>bad</html>`}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeDiscord(t)
			f.on("PATCH", "/api/v10/webhooks/424242/secret-token/messages/@original", tc.answer)
			snd, _ := testSender(t, f, "tok")
			err := snd.ClearOriginal(context.Background(), &wire.Interaction{App: "424242", Token: "secret-token", Interaction: bot.Interaction{ID: "1"}})
			var re *discordgo.RESTError
			if !errors.As(err, &re) || re.Response.StatusCode != tc.answer.Status {
				t.Fatalf("err = %v, want a RESTError with status %d", err, tc.answer.Status)
			}
			if Code(err) != tc.code {
				t.Errorf("Code = %d, want %d", Code(err), tc.code)
			}
			if errors.Is(err, bot.ErrForbidden) != tc.forbid {
				t.Errorf("forbidden = %v, want %v (%v)", !tc.forbid, tc.forbid, err)
			}
			if strings.Contains(err.Error(), "secret-token") {
				t.Errorf("the error shows the token: %v", err)
			}
		})
	}
}
