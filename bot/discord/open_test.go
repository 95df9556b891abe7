package discord

import (
	"encoding/json"
	"strings"
	"sync"
	"tabuleiro/say"
	"testing"
)

// TestOpenChallengeRacedOverTheEndpoint posts an open challenge and has two people press its Accept
// at once through the signed endpoint: exactly one game, the other told privately it is taken, and
// the challenge message pings nobody.
func TestOpenChallengeRacedOverTheEndpoint(t *testing.T) {
	tb := newTable(t)
	const channel = "700"
	r, token := tb.send(command("11", channel, "ordo", "challenge", opt{"rated", 5, true}))
	if r.private() || !says(r.Data.Content, "challenge.open-rated", "Challenger", say.Mention("11")) {
		t.Fatalf("the open challenge: %+v", r)
	}
	var sent struct {
		Data struct {
			Allowed *struct {
				Parse []string `json:"parse"`
				Users []string `json:"users"`
				Roles []string `json:"roles"`
			} `json:"allowed_mentions"`
		} `json:"data"`
	}
	answer := tb.lastRound.Load()[1]
	if err := json.Unmarshal(answer, &sent); err != nil {
		t.Fatal(err)
	}
	if a := sent.Data.Allowed; a == nil || a.Parse == nil || len(a.Parse)+len(a.Users)+len(a.Roles) != 0 {
		t.Fatalf("the open challenge may ping someone: %s", answer)
	}
	accept := ""
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/accept") {
			accept = id
		}
	}
	if accept == "" {
		t.Fatalf("no Accept button in %v", r.customIDs())
	}
	accepters := []string{"22", "33"}
	replies := make([]httpReply, len(accepters))
	var wg sync.WaitGroup
	for i, who := range accepters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			replies[i], _, err = tb.post(click(who, channel, accept, "orig-"+token))
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	tb.settle()
	var boards, taken int
	for i, r := range replies {
		switch {
		case r.private() && says(r.Data.Content, "refusal.challenge-taken"):
			taken++
		case !r.private() && r.Type == 7:
			boards++
		default:
			t.Errorf("%s's Accept answered %+v", accepters[i], r)
		}
	}
	if boards != 1 || taken != 1 {
		t.Fatalf("%d boards and %d taken refusals, want one of each", boards, taken)
	}
	gs, err := tb.st.ChannelGames(channel)
	if err != nil || len(gs) != 1 || !gs[0].Rated {
		t.Fatalf("games in the channel: %+v %v, want one rated game", gs, err)
	}
}
