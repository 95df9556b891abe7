package discord

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"tabuleiro/bot"
)

// /healthz answers 503 while the store cannot write, and 200 again once it can.
func TestHealthzFollowsTheStore(t *testing.T) {
	var broken atomic.Bool
	e := NewEndpoint(NewInteractions(handlerFunc(func(context.Context, *bot.Interaction) bot.Reply { return bot.Reply{} }), nil), nil,
		NewWork(context.Background(), quietLog()), EndpointOptions{Log: quietLog(), Health: func() error {
			if broken.Load() {
				return errors.New("store: the last commit failed: no space left on device")
			}
			return nil
		}})
	get := func() (int, string) {
		w := httptest.NewRecorder()
		e.ServeHTTP(w, httptest.NewRequest("GET", "/healthz", nil))
		return w.Code, w.Body.String()
	}
	if code, _ := get(); code != 200 {
		t.Fatalf("healthy store: %d", code)
	}
	broken.Store(true)
	if code, body := get(); code != 503 || !strings.Contains(body, "no space left") {
		t.Fatalf("failing store: %d %q", code, body)
	}
	broken.Store(false)
	if code, _ := get(); code != 200 {
		t.Fatalf("recovered store: %d", code)
	}
}
