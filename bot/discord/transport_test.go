package discord

import (
	"context"
	"sync"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/say"
)

// A POST that failed with a 5xx or on the network may have created its message already: it is not
// sent again, while an edit (PATCH, idempotent) is retried.
func TestAPostIsNotRetriedBlindly(t *testing.T) {
	const post, patch = "/api/v10/channels/5/messages", "/api/v10/channels/5/messages/7"
	f := newFakeDiscord(t)
	f.on("POST", post, answer{Status: 502, Body: `{}`})
	f.on("PATCH", patch, answer{Status: 502, Body: `{}`}, answer{Status: 503})
	snd, _ := testSender(t, f, "tok")
	if _, err := snd.Send(context.Background(), "5", bot.Message{Content: say.Plain("board")}); err == nil {
		t.Error("a POST answered 502 succeeded")
	}
	if n := f.count("POST", post); n != 1 {
		t.Errorf("the POST was sent %d times, want once", n)
	}
	if err := snd.Edit(context.Background(), "5", "7", bot.Message{Content: say.Plain("board")}); err != nil {
		t.Errorf("an edit answered 502 then 503 then 200 failed: %v", err)
	}
	if n := f.count("PATCH", patch); n != 3 {
		t.Errorf("the PATCH was sent %d times, want 3", n)
	}
	// A 429 was not processed by Discord: a POST is retried after it.
	f.on("POST", post, answer{Status: 429, Body: `{"message":"slow","retry_after":0.01,"global":false}`})
	if _, err := snd.Send(context.Background(), "5", bot.Message{Content: say.Plain("board")}); err != nil {
		t.Errorf("a POST after a 429: %v", err)
	}
}

// A global 429 pauses every route for its retry_after, not just the one that met it.
func TestAGlobalRateLimitPausesEveryRoute(t *testing.T) {
	const first, second = "/api/v10/channels/5/messages", "/api/v10/channels/6/messages/9"
	const pause = 300 * time.Millisecond
	f := newFakeDiscord(t)
	f.on("POST", first, answer{Status: 429, Header: map[string]string{"X-RateLimit-Global": "true"},
		Body: `{"message":"You are being rate limited.","retry_after":0.3,"global":true}`})
	snd, _ := testSender(t, f, "tok")
	start := time.Now()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if _, err := snd.Send(context.Background(), "5", bot.Message{Content: say.Plain("a")}); err != nil {
			t.Errorf("the rate-limited POST: %v", err)
		}
	}()
	// Let the first request meet its 429, then use another route.
	for f.count("POST", first) == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	if err := snd.Edit(context.Background(), "6", "9", bot.Message{Content: say.Plain("b")}); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < pause-50*time.Millisecond {
		t.Errorf("the second route went through after %v, during the global pause of %v", waited, pause)
	}
	wg.Wait()
}
