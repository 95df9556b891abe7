package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// serveGateway is one gateway connection on httptest: Hello, then it reads Identify and answers
// with then (READY and an interaction, or a close code).
func serveGateway(t *testing.T, then func(ws *websocket.Conn, identify map[string]any)) string {
	up := websocket.Upgrader{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer ws.Close()
		ws.WriteJSON(map[string]any{"op": opHello, "d": map[string]any{"heartbeat_interval": 45000}})
		var f struct {
			Op int            `json:"op"`
			D  map[string]any `json:"d"`
		}
		if ws.ReadJSON(&f) != nil || f.Op != opIdentify {
			return
		}
		then(ws, f.D)
		for {
			if _, _, err := ws.ReadMessage(); err != nil {
				return
			}
		}
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

func TestClientIdentifiesAndHandsOverInteractions(t *testing.T) {
	identified := make(chan map[string]any, 1)
	addr := serveGateway(t, func(ws *websocket.Conn, identify map[string]any) {
		identified <- identify
		ws.WriteJSON(map[string]any{"op": opDispatch, "s": 1, "t": "READY", "d": map[string]any{"session_id": "s", "resume_gateway_url": "ws://x"}})
		ws.WriteJSON(map[string]any{"op": opDispatch, "s": 2, "t": "GUILD_CREATE", "d": map[string]any{"id": "g"}})
		ws.WriteJSON(map[string]any{"op": opDispatch, "s": 3, "t": "INTERACTION_CREATE", "d": map[string]any{"id": "i1", "type": 2}})
	})
	got := make(chan json.RawMessage, 1)
	c := New("Bot tok", 1, 1, 2, func(d json.RawMessage) { got <- d }, nil)
	if err := c.Open(addr, 2); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	id := <-identified
	if id["token"] != "Bot tok" || id["intents"] != float64(1) || len(id["shard"].([]any)) != 2 || id["shard"].([]any)[0] != float64(1) {
		t.Errorf("Identify %v", id)
	}
	select {
	case d := <-got:
		if string(d) != `{"id":"i1","type":2}` {
			t.Errorf("handed over %s", d)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the interaction was not handed over")
	}
}

func TestClientOpenFailsOnAFatalCloseCode(t *testing.T) {
	addr := serveGateway(t, func(ws *websocket.Conn, _ map[string]any) {
		ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
	})
	c := New("Bot bad", 1, 0, 1, func(json.RawMessage) {}, nil)
	var waited []time.Duration
	c.Wait = func(_ context.Context, d time.Duration) error { waited = append(waited, d); return nil }
	err := c.Open(addr, 1)
	var closed *Closed
	if !errors.As(err, &closed) || closed.Code != 4004 || !strings.Contains(err.Error(), "DISCORD_TOKEN") {
		t.Fatalf("Open = %v, want a *Closed 4004 saying to fix DISCORD_TOKEN", err)
	}
	if len(waited) != 0 {
		t.Errorf("waited %v to reconnect after a fatal close", waited)
	}
}
