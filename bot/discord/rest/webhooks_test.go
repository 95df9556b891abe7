package rest

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func webhooksOn(t *testing.T, d *discord) *Webhooks {
	s, _ := discordgo.New("Bot tok")
	base, _ := url.Parse(d.srv.URL)
	s.Client = &http.Client{Transport: &Transport{Base: base, Retry: quick}}
	return NewWebhooks(s)
}

func TestWebhookEditsAreSentAndTheirBucketForgotten(t *testing.T) {
	d := newDiscord(t)
	w := webhooksOn(t, d)
	const key = "PATCH /api/v10/webhooks/9/itok/messages/@original"
	for range 2 {
		if err := w.Edit(context.Background(), "9", "itok", []byte(`{"content":"x"}`), "application/json"); err != nil {
			t.Fatal(err)
		}
	}
	if n := d.count(key); n != 2 {
		t.Errorf("%d edits sent, want 2", n)
	}
	if n := w.size(); n != 0 {
		t.Errorf("%d buckets kept after the edits, want 0", n)
	}
}

func TestWebhookEditSaysWhatDiscordRefused(t *testing.T) {
	d := newDiscord(t)
	d.on("PATCH /api/v10/webhooks/9/old/messages/@original", status(401, `{"message":"Invalid Webhook Token","code":50027}`))
	err := webhooksOn(t, d).Edit(context.Background(), "9", "old", []byte(`{}`), "application/json")
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response.StatusCode != 401 || re.Message == nil || re.Message.Code != 50027 {
		t.Fatalf("err = %v, want discordgo's RESTError with code 50027", err)
	}
}

func TestWebhookEditWaitsOutASpentBucket(t *testing.T) {
	d := newDiscord(t)
	const key = "PATCH /api/v10/webhooks/9/busy/messages/@original"
	d.on(key, func(w http.ResponseWriter) {
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset-After", "0.2")
		io.WriteString(w, `{}`)
	})
	w := webhooksOn(t, d)
	// Two edits queue on the bucket before either is sent: the first spends it, the second must
	// wait the 200ms Discord asks for.
	held := w.take("busy")
	done := make([]time.Time, 2)
	var wg sync.WaitGroup
	for i := range done {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := w.Edit(context.Background(), "9", "busy", []byte(`{}`), "application/json"); err != nil {
				t.Errorf("edit: %v", err)
			}
			done[i] = time.Now()
		}()
	}
	for w.users("busy") < 3 {
		time.Sleep(time.Millisecond)
	}
	w.give("busy", held)
	wg.Wait()
	if n := d.count(key); n != 2 {
		t.Fatalf("%d edits sent, want 2", n)
	}
	gap := done[1].Sub(done[0])
	if gap < 0 {
		gap = -gap
	}
	if gap < 150*time.Millisecond {
		t.Errorf("the edits were answered %v apart, want the 200ms Discord asked for", gap)
	}
	if n := w.size(); n != 0 {
		t.Errorf("%d buckets kept, want 0", n)
	}
}
