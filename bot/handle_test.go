package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"tabuleiro/ai"
)

// A panic while handling an interaction is recovered inside the bot, logged with the interaction's
// ids, and answered privately: the adapters never see it.
func TestHandleRecoversAPanic(t *testing.T) {
	var logs bytes.Buffer
	// No store: the first read of a game panics.
	b := New(nil, nil, Config{Log: slog.New(slog.NewJSONHandler(&logs, nil)), AI: ai.New(ai.Config{EndgameSeeds: 8})})
	in := &Interaction{Type: Command, ID: "i1", User: "alice", Guild: "g1", Channel: "c1",
		Command: CommandData{Name: "ouri", Sub: "board", Options: map[string]Value{}}}
	r := b.Handle(context.Background(), in)
	if r.Type != Post || !r.Message.Private || !strings.Contains(r.Message.Content.String(), "went wrong") || r.After != nil {
		t.Fatalf("reply %+v", r)
	}
	var found bool
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if rec["msg"] != "panic while handling an interaction" {
			continue
		}
		found = true
		for _, k := range []string{"interaction", "guild", "channel", "user", "panic", "stack"} {
			if rec[k] == nil || rec[k] == "" {
				t.Errorf("the log lacks %s: %v", k, rec)
			}
		}
		if rec["interaction"] != "i1" || rec["guild"] != "g1" || rec["level"] != "ERROR" {
			t.Errorf("%v", rec)
		}
	}
	if !found {
		t.Fatalf("the panic was not logged: %s", logs.String())
	}
}
