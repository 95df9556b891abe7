package discord

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/wire"
	"tabuleiro/say"
)

// The Sender's errors carry the webhook's path with its token hidden, and still read as Discord's
// errors underneath (Code, ErrForbidden).
func TestSenderErrorsHideTheToken(t *testing.T) {
	f := newFakeDiscord(t)
	base, _ := url.Parse(f.srv.URL)
	sender := NewSender(NewSession(Config{Token: "tok", APIBase: base, Shard: Shard{0, 1}}, quickRetry, quietLog()), "424242", quietLog())
	const token = "opaque-interaction-token-123"
	in := &wire.Interaction{App: "424242", Token: token, Interaction: bot.Interaction{ID: "5"}}
	f.on("POST", "/api/v10/webhooks/424242/"+token, answer{Status: 403, Body: `{"message": "Missing Access", "code": 50001}`})
	_, err := sender.FollowUp(context.Background(), in, bot.Message{Content: say.Plain("hi")})
	if err == nil || !errors.Is(err, bot.ErrForbidden) || Code(err) != 50001 {
		t.Fatalf("a 403: %v (code %d)", err, Code(err))
	}
	f.srv.Close()
	_, err = sender.FollowUp(context.Background(), in, bot.Message{Content: say.Plain("hi")})
	if err == nil {
		t.Fatal("no error without Discord")
	}
	if strings.Contains(err.Error(), token) || !strings.Contains(err.Error(), "/webhooks/424242/***") {
		t.Errorf("error text: %v", err)
	}
}
