package discord

import (
	"context"
	"errors"
	"strings"
	"testing"

	"tabuleiro/bot"
	"tabuleiro/say"
)

// The daily digest goes to a member's DM: opened, then written to; a member who takes no DMs from
// the bot is told apart, so that the digest is skipped quietly.
func TestSendDMOpensTheDMAndTellsAMemberWhoTakesNone(t *testing.T) {
	f := newFakeDiscord(t)
	snd, _ := testSender(t, f, "tok")
	ctx := context.Background()
	f.on("POST", "/api/v10/users/@me/channels", answer{Status: 200, Body: `{"id": "dm9", "type": 1}`})
	id, err := snd.SendDM(ctx, "55", bot.Message{Content: say.Plain("your move")})
	if err != nil || id == "" {
		t.Fatalf("SendDM = %q, %v", id, err)
	}
	if n := f.count("POST", "/api/v10/channels/dm9/messages"); n != 1 {
		t.Fatalf("%d posts in the DM", n)
	}
	calls := f.recorded()
	if calls[0].Body == "" || !strings.Contains(calls[0].Body, `"recipient_id":"55"`) {
		t.Fatalf("the DM was opened with %q", calls[0].Body)
	}
	f.on("POST", "/api/v10/users/@me/channels", answer{Status: 200, Body: `{"id": "dm10", "type": 1}`})
	f.on("POST", "/api/v10/channels/dm10/messages",
		answer{Status: 403, Body: `{"message": "Cannot send messages to this user", "code": 50007}`})
	if _, err := snd.SendDM(ctx, "56", bot.Message{Content: say.Plain("your move")}); !errors.Is(err, bot.ErrNoDM) {
		t.Fatalf("a member who takes no DMs: %v", err)
	}
}
